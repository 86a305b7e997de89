package io.github.tidu4j.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Builds an immutable {@link Graph}. Operands may only name values that already exist, so insertion
 * order is a topological order; arity is checked when a node is added, with the operation named.
 *
 * <pre>{@code
 * GraphBuilder<Ops> b = Graph.builder();
 * ValueRef.Local x = b.input("x");
 * List<ValueRef.Local> sc = b.applyMulti(Ops.SIN_COS, x); // a two-output operation
 * Graph<Ops> g = b.output(b.apply(Ops.ADD, sc.get(0), sc.get(1))).build();
 * }</pre>
 *
 * <p>A builder on a scope {@linkplain KeyScope#openConfined() confined} to the thread that makes it
 * (a transform's pass) makes no key for a node built on the scope's values: it finds a repeated
 * structure itself and returns the value that already has it, and the keys are made when one is
 * first asked for, of the builder or of its graph (see {@link Graph}). Either way every key is the
 * canonical instance of its structure.
 *
 * <p>A builder builds one graph, on the thread that made it: another thread adding to it (a parallel
 * stream inside a traced function, say) is refused at its first call, before it changes anything,
 * rather than corrupting the graph.
 *
 * @param <Op> the operation type
 */
public final class GraphBuilder<Op extends GraphOperation> {
  private final IntList operandStart;
  private final IntList operands;
  private final RefList<ValueKey> externals;
  private final IntList nodeFirstValue;
  private final IntList producer;
  private final RefList<ValueKey> valueKeys;
  private final IntList inputValues = new IntList(8);
  /** Each input's declared type (null: untyped), in declaration order; null while none is. */
  private List<ValueType> inputTypes;
  /** Each output's declared type (null: untyped), in order; null while none is. */
  private List<ValueType> outputTypes;
  /** Values of other graphs read at a declared type (declareType), and those types; null if none. */
  private List<ValueKey> externalTypeKeys;
  private List<ValueType> externalTypes;
  private final KeyIndex inputsByKey = new KeyIndex(8);
  private final IntList outputs = new IntList(4);
  // what the references this builder hands out remember it by (ValueRef.Local#isOf): an object of
  // its own rather than the builder, so that a kept reference does not keep the builder alive
  final Object identity = new Object();
  // the thread that made the builder, the only one that may add to it: arrays grown by two
  // threads at once lose or mix nodes, which made wrong graphs as well as crashes
  private final Thread owner = Thread.currentThread();
  // in the order added, each once (graphs are equal only to themselves): a transform adds every
  // graph of its view, so a view of many graphs adds many
  private final Set<Graph<Op>> parents = new LinkedHashSet<>();
  private final KeyScope scope;
  // the operands of the next node, staged by stageLocal/stageExternal: their keys, and each one's
  // local id or -1 for an external
  private ValueKey[] stagedKeys = new ValueKey[4];
  private int[] stagedLocals = new int[4];
  private int staged;
  // nodes whose key an earlier node of this graph may have (Graph#firstDefinition): a node whose
  // key its addition created is certainly the first with that key, and so is one that claimed its
  // key (I11), unless a claim is found overwritten when the graph is built
  private final BitSet keyExisted = new BitSet();
  // nodes whose key existed before they were added, and which claimed it as the first node of
  // this graph with it (I11); checked when the graph is built
  private final BitSet claimed = new BitSet();
  // whether nodes claim their keys (I11): not in a builder that defers its keys (a transform's
  // pass), whose nodes with keys are the primal operations its rules emit (the cos(x) of sin's
  // JVP), asked for their first definitions by no transform of the pass (a transpose asks only
  // linear nodes), so a claim, and its check when the graph is built, would be two more reads of
  // a key each, spent for nothing
  private final boolean claims;
  private final boolean[] created = new boolean[1];
  // the batch this builder's new global keys are held in, so one graph's keys live and die together
  private final KeyBatches.Filler batchFiller = new KeyBatches.Filler();
  private int linearizedNodes;
  // the sizes of valueKeys and nodeFirstValue, kept in fields: every node reads them several
  // times, and in a fresh JVM a transform runs in the interpreter, where each call counts
  private int valueCount;
  private int nodeCount;
  private boolean built;
  // an operation of the set this graph's operations come from, declared by the builder's maker
  private Op setMember;
  // the nodes on this builder's own confined scope, whose keys wait until one is asked for; null
  // once that has happened, or if the scope is not confined to the thread that made the builder
  private DeferredKeys deferred;
  // every node's kind, its (operation, role): what the graph reads a node's operation and role
  // from, rather than from its key
  private final KindNumbering kinds;

  GraphBuilder(KeyScope scope, int expectedNodes) {
    this.scope = scope;
    int nodes = Math.max(16, expectedNodes);
    operandStart = new IntList(nodes + 1);
    operands = new IntList(2 * nodes);
    externals = new RefList<>(new ValueKey[0], nodes / 2);
    nodeFirstValue = new IntList(nodes);
    producer = new IntList(nodes);
    valueKeys = new RefList<>(new ValueKey[0], nodes);
    kinds = new KindNumbering(nodes);
    operandStart.add(0);
    if (scope != null && scope.isConfinedTo(Thread.currentThread())) {
      deferred =
          new DeferredKeys(scope, operandStart, operands, valueKeys, externals, kinds, nodes);
    }
    claims = deferred == null;
  }

  /**
   * Declares an input named {@code inputKey}.
   *
   * @throws GraphException if this graph already declares that input key
   */
  public ValueRef.Local input(Object inputKey) {
    return declareInput(inputKey, null);
  }

  /**
   * Declares an input named {@code inputKey} of type {@code type}: every program compiled from
   * this graph refuses a value bound to it that is not of that type, naming the input.
   *
   * @throws GraphException if this graph already declares that input key
   */
  public ValueRef.Local input(Object inputKey, ValueType type) {
    return declareInput(inputKey, Objects.requireNonNull(type, "type"));
  }

  private ValueRef.Local declareInput(Object inputKey, ValueType type) {
    checkOpen();
    ValueKey.Input key = ValueKey.Input.intern(inputKey, scope);
    if (inputsByKey.get(key) != KeyIndex.ABSENT) {
      throw new GraphException("input " + ValueDescription.text(inputKey) + " is declared twice");
    }
    int value = valueCount++;
    inputsByKey.putIfAbsent(key, value);
    valueKeys.add(key);
    producer.add(-1);
    if (type != null) {
      inputTypes = withType(inputTypes, inputValues.size(), type);
    }
    inputValues.add(value);
    return new OwnedLocal(value, identity);
  }

  /**
   * A reference to local value {@code id} of this builder, which other builders refuse (as they do
   * the references {@link #input} and {@link #apply} return): for code that adds values by id
   * ({@link #addStaged}) and hands references to them to others, such as a transform handing a
   * rule its tangents, so that one kept for another graph is refused there.
   *
   * @throws GraphException if this builder has no value {@code id}
   */
  public ValueRef.Local local(int id) {
    if (id < 0 || id >= valueCount) {
      throw new GraphException("%" + id + " is no value of this graph (it has " + valueCount + ")");
    }
    return new OwnedLocal(id, identity);
  }

  /** Applies a single-output {@code operation} in the primary role; returns its output. */
  public ValueRef.Local apply(Op operation, ValueRef... inputs) {
    return apply(operation, OperationRole.primary(), inputs);
  }

  /**
   * Applies a single-output {@code operation} in {@code role}; returns its output.
   *
   * @throws GraphException if the operation has more than one output, takes another number of
   *     inputs, or an operand names a value that does not exist
   */
  public ValueRef.Local apply(Op operation, OperationRole role, ValueRef... inputs) {
    if (operation.outputArity() != 1) {
      throw new GraphException(
          operation.name()
              + " has "
              + operation.outputArity()
              + " outputs; use applyMulti to get all of them");
    }
    return new OwnedLocal(add(operation, role, inputs), identity);
  }

  /** Applies {@code operation} in the primary role; returns its outputs in slot order. */
  public List<ValueRef.Local> applyMulti(Op operation, ValueRef... inputs) {
    return applyMulti(operation, OperationRole.primary(), inputs);
  }

  /** Applies {@code operation} in {@code role}; returns its outputs in slot order. */
  public List<ValueRef.Local> applyMulti(Op operation, OperationRole role, ValueRef... inputs) {
    int first = add(operation, role, inputs);
    ValueRef.Local[] refs = new ValueRef.Local[operation.outputArity()];
    for (int slot = 0; slot < refs.length; slot++) {
      refs[slot] = new OwnedLocal(first + slot, identity);
    }
    return List.of(refs);
  }

  /**
   * Adds a node and returns the local id of its first output (the others follow contiguously).
   * {@link #apply} and {@link #applyMulti} are built on it.
   */
  public int add(Op operation, OperationRole role, ValueRef... inputs) {
    checkOpen();
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(role, "role");
    int kind = kinds.shapedKind(operation, role, inputs.length);
    staged = 0;
    for (int j = 0; j < inputs.length; j++) {
      ValueRef ref = inputs[j];
      if (ref instanceof ValueRef.Local local) {
        if (!local.isOf(this)) {
          staged = 0;
          throw ofAnotherBuilder(operation.name() + " operand " + j, local);
        }
        stageLocal(local.id(), operation);
      } else if (ref == null) {
        staged = 0;
        throw new NullPointerException("operand " + j + " of " + operation.name() + " is null");
      } else {
        stageExternal(((ValueRef.External) ref).key());
      }
    }
    return addChecked(operation, role, kind, inputs.length);
  }

  /**
   * Stages local value {@code id} as the next operand of the node {@link #addStaged} adds: the
   * allocation-free form of {@link #add} for emitters that hold operands as ids and keys rather
   * than {@link ValueRef}s.
   *
   * @throws GraphException if the value does not exist; the staged operands are dropped
   */
  public GraphBuilder<Op> stageLocal(int id) {
    if (id < 0 || id >= valueCount) {
      throw missingOperand(id, null);
    }
    stage(valueKeys.get(id), id);
    return this;
  }

  /** Stages the value of another graph with key {@code key} as the next operand; see {@link #stageLocal}. */
  public GraphBuilder<Op> stageExternal(ValueKey key) {
    if (key == null) {
      int operand = staged;
      staged = 0;
      throw new NullPointerException("the key of staged external operand " + operand + " is null");
    }
    stage(key, -1);
    return this;
  }

  /**
   * Adds a node on the operands staged since the last node, in staging order, and returns the
   * local id of its first output, as {@link #add} does. The staged operands are consumed whether
   * or not the node is accepted; a rejected node leaves nothing behind.
   *
   * @throws GraphException if the operation takes another number of operands, naming it
   */
  public int addStaged(Op operation, OperationRole role) {
    int count = staged;
    staged = 0;
    // the checks of checkOpen and Objects.requireNonNull in line: a transform adds every node of
    // its graph here, in a fresh JVM in the interpreter, where each call counts
    if (built) {
      throw alreadyBuilt();
    }
    if (Thread.currentThread() != owner) {
      throw usedByAnotherThread();
    }
    if (operation == null) {
      throw new NullPointerException("operation");
    }
    if (role == null) {
      throw new NullPointerException("role");
    }
    int kind = kinds.shapedKind(operation, role, count);
    return addChecked(operation, role, kind, count);
  }

  // adds a node of this kind on the first count staged operands, whose shape the caller has
  // checked (once: shapedKind)
  private int addChecked(Op operation, OperationRole role, int kind, int count) {
    if (deferred != null && onOwnScope(count)) {
      return addDeferred(role, kind, count);
    }
    // the key is made (and every check passed) before any state changes
    // a builder that claims no keys is a transform's pass (it deferred keys from the start)
    OperationKey key = OperationKey.ofShaped(
        operation, kinds.operationHash(kind), stagedKeys, count, role, kinds.roleHash(kind),
        created, batchFiller, !claims);
    if (deferred != null) {
      deferred.addKeyed();
    }
    // what I5 rests on: a node whose key this call created is the first with it in the graph, and
    // so is one that claims its key (I11)
    if (!created[0] && !(claims && claimFirst(key))) {
      keyExisted.set(nodeCount);
    }
    return append(role, kind, key, count);
  }

  /**
   * Whether the node about to be added, whose key existed before, is the first node of this graph
   * with it, as {@link ViewSites} finds the first value of a key: not if this builder created the
   * key (for an earlier node: its batch is this builder's), nor if the key's hint names an earlier
   * value of this graph with that key; otherwise the node claims the key, its hint naming the
   * node's first value, and {@link #checkClaims} checks when the graph is built that no one has
   * overwritten it since (I11). So a graph built again from existing keys knows its first
   * definitions without an index of its keys.
   */
  private boolean claimFirst(OperationKey key) {
    if (KeyBatches.filledBy(key, batchFiller)) {
      return false;
    }
    int hint = key.externalHint;
    if (hint >= 0 && hint < valueCount && valueKeys.get(hint) == key) {
      return false;
    }
    key.externalHint = valueCount; // the first value of the node about to be added
    claimed.set(nodeCount);
    return true;
  }

  /**
   * Relies on I11: every claim's key still names its node's first value in its hint, so no key
   * was claimed twice (a second claim overwrites the first's hint) and each claimed node is the
   * first with its key. If one does not (a builder or view wrote the hint meanwhile, or this
   * builder referred to the key externally), a key may have been claimed twice, unnoticed: every
   * claimed node is then marked as one an earlier node may repeat, which {@link
   * Graph#firstDefinition} answers through the graph's key index.
   */
  private void checkClaims() {
    for (int node = claimed.nextSetBit(0); node >= 0; node = claimed.nextSetBit(node + 1)) {
      int first = nodeFirstValue.get(node);
      if (CanonicalKey.of(valueKeys.get(first)).externalHint != first) {
        keyExisted.or(claimed);
        return;
      }
    }
  }

  // appends a node of this kind on the staged operands, with its key or (null) a deferred one;
  // returns its first value
  private int append(OperationRole role, int kind, OperationKey key, int count) {
    for (int j = 0; j < count; j++) {
      int local = stagedLocals[j];
      operands.add(local >= 0 ? local : encodeExternal(stagedKeys[j]));
    }
    int node = nodeCount++;
    kinds.add(kind);
    if (role instanceof OperationRole.Linearized) {
      linearizedNodes++;
    }
    int first = valueCount;
    operandStart.add(operands.size());
    nodeFirstValue.add(first);
    int arity = kinds.outputArity(kind); // no call of the operation's, megamorphic
    for (int slot = 0; slot < arity; slot++) {
      // a deferred key is made by NodeKinds#makeKeys when one is asked for
      valueKeys.add(key != null ? key.output(slot) : null);
      producer.add(node);
    }
    valueCount += arity;
    return first;
  }

  // Whether the staged node's key belongs to this builder's own scope: some operand is in it and
  // none in a newer one (the scope I3 says the key is interned in). A newer scope's key cannot be deferred here, so then every deferred key
  // is made and the builder stops deferring.
  private boolean onOwnScope(int count) {
    boolean own = false;
    for (int j = 0; j < count; j++) {
      ValueKey key = stagedKeys[j];
      if (key == null) {
        own = true;
      } else {
        KeyScope s = CanonicalKey.of(key).scope();
        if (s == scope) {
          own = true;
        } else if (KeyScope.newer(scope, s) != scope) {
          stopDeferring(count);
          return false;
        }
      }
    }
    return own;
  }

  private int addDeferred(OperationRole role, int kind, int count) {
    // relies on I4: an earlier deferred node of this structure is found, so deferred nodes of a
    // graph never share a key
    int existing = deferred.find(kind, stagedKeys, stagedLocals, count);
    if (existing >= 0) {
      return nodeFirstValue.get(existing); // the same structure: the same value
    }
    deferred.addDeferred(nodeCount, kind, stagedKeys, stagedLocals, count);
    return append(role, kind, null, count);
  }

  // makes every deferred key so far, and those of the first stagedCount staged operands; later
  // nodes get theirs as they are added
  private void stopDeferring(int stagedCount) {
    if (deferred != null) {
      // a builder that deferred keys claims none (I11): a later node whose key was made here is
      // marked as one an earlier node may repeat
      kinds
          .snapshot()
          .makeKeys(
              0,
              nodeCount,
              operandStart.raw(),
              operands.raw(),
              externals.chunks(),
              nodeFirstValue.raw(),
              valueKeys.chunks());
      deferred = null;
      for (int j = 0; j < stagedCount; j++) {
        if (stagedKeys[j] == null) {
          stagedKeys[j] = valueKeys.get(stagedLocals[j]);
        }
      }
    }
  }

  private void stageLocal(int id, Op operation) {
    if (id < 0 || id >= valueCount) {
      throw missingOperand(id, operation);
    }
    stage(valueKeys.get(id), id);
  }

  // drops the staged operands and describes the one that names no value
  private GraphException missingOperand(int id, Op operation) {
    int operand = staged;
    staged = 0;
    return new GraphException(
        (operation == null ? "staged operand " : operation.name() + " operand ")
            + operand
            + " names value %"
            + id
            + ", which does not exist (the graph has "
            + valueCount
            + " values so far)");
  }

  private void stage(ValueKey key, int local) {
    if (Thread.currentThread() != owner) {
      staged = 0;
      throw usedByAnotherThread();
    }
    if (staged == stagedKeys.length) {
      stagedKeys = Arrays.copyOf(stagedKeys, staged * 2);
      stagedLocals = Arrays.copyOf(stagedLocals, staged * 2);
    }
    stagedKeys[staged] = key;
    stagedLocals[staged] = local;
    staged++;
  }

  /** Adds {@code ref} as the next output. */
  public GraphBuilder<Op> output(ValueRef ref) {
    checkOpen();
    if (ref instanceof ValueRef.Local local) {
      if (!local.isOf(this)) {
        throw ofAnotherBuilder("output " + outputs.size(), local);
      }
      if (local.id() < 0 || local.id() >= valueCount) {
        throw new GraphException(
            "output names value %"
                + local.id()
                + ", which does not exist (the graph has "
                + valueCount
                + " values)");
      }
      outputs.add(local.id());
    } else {
      outputs.add(encodeExternal(((ValueRef.External) Objects.requireNonNull(ref, "output")).key()));
    }
    return this;
  }

  /**
   * Adds {@code ref} as the next output, of type {@code type}: the type a transposed graph's
   * cotangent seed for it takes, and a JVP's tangent of it.
   *
   * @throws GraphException as {@link #output(ValueRef)} does
   */
  public GraphBuilder<Op> output(ValueRef ref, ValueType type) {
    Objects.requireNonNull(type, "type");
    output(ref);
    outputTypes = withType(outputTypes, outputs.size() - 1, type);
    return this;
  }

  /**
   * {@code types} (made on the first typed entry) with {@code type} at {@code index}, the entries
   * before it that were added untyped filled with {@code null}.
   */
  private static List<ValueType> withType(List<ValueType> types, int index, ValueType type) {
    List<ValueType> typed = types == null ? new ArrayList<>() : types;
    while (typed.size() < index) {
      typed.add(null);
    }
    typed.add(type);
    return typed;
  }

  /** {@code types} as {@code count} entries, null past the last typed one; null if none is. */
  private static ValueType[] typeArray(List<ValueType> types, int count) {
    return types == null ? null : Arrays.copyOf(types.toArray(new ValueType[0]), count);
  }

  /**
   * Declares that this graph takes {@code ref} to be of type {@code type}, as a typed set's fluent
   * builder does for {@code value(ref, type)}, whose type rules then compute on that type. A value
   * has one type, so a wrong one is refused: for an input of this graph, here, if it was declared
   * with another; for a value of another graph, here if a parent recorded so far declares another
   * type for it, and else when a view of this graph is resolved, against the graph that declares
   * it. A local value that is not an input has no declared type to check against.
   *
   * @throws GraphException naming the value and both types if {@code ref} is declared another type
   */
  public GraphBuilder<Op> declareType(ValueRef ref, ValueType type) {
    checkOpen();
    Objects.requireNonNull(type, "type");
    if (ref instanceof ValueRef.Local local) {
      if (!local.isOf(this)) {
        throw ofAnotherBuilder("value", local);
      }
      for (int i = 0; i < inputValues.size(); i++) {
        ValueType declared;
        if (inputValues.get(i) == local.id()
            && inputTypes != null
            && i < inputTypes.size()
            && (declared = inputTypes.get(i)) != null
            && !declared.equals(type)) {
          throw new GraphException(
              "input "
                  + ValueDescription.text(((ValueKey.Input) valueKeys.get(local.id())).key())
                  + " is declared "
                  + declared
                  + ", so it cannot be taken as "
                  + type
                  + "; a value has one type: take it at the type it was declared with");
        }
      }
      return this;
    }
    ValueKey key = ((ValueRef.External) Objects.requireNonNull(ref, "ref")).key();
    DeclaredTypes.checkRead(
        List.copyOf(parents), externalTypeKeys, externalTypes, key, type);
    if (externalTypeKeys == null) {
      externalTypeKeys = new ArrayList<>();
      externalTypes = new ArrayList<>();
    }
    externalTypeKeys.add(key);
    externalTypes.add(type);
    return this;
  }

  /** Adds each of {@code refs} as outputs, in order. */
  public GraphBuilder<Op> outputs(List<? extends ValueRef> refs) {
    for (ValueRef ref : refs) {
      output(ref);
    }
    return this;
  }

  /**
   * Names the set of operations this graph's come from by one of them, for a graph that may hold
   * none, such as that of a function returning its input twice: what a transform asks of any
   * operation of a graph (a primitive set's accumulator or zero primitive), it asks of this one
   * when the graph and the graphs it refers to have none ({@link Graph#setMember()}). The graph
   * gains no node. A set's generated builders declare it.
   *
   * @return this builder
   */
  public GraphBuilder<Op> declareSet(Op member) {
    checkOpen();
    this.setMember = Objects.requireNonNull(member, "member");
    return this;
  }

  /** Records {@code parent} as a graph this graph's external references may point into. */
  public GraphBuilder<Op> parent(Graph<Op> parent) {
    checkOpen();
    Objects.requireNonNull(parent, "parent");
    parents.add(parent);
    return this;
  }

  /**
   * The key of local value {@code id} of the graph being built. If this builder defers its keys,
   * this makes every key so far, and the nodes added after it get theirs as they are added.
   */
  public ValueKey valueKey(int id) {
    ValueKey key = valueKeys.get(id);
    if (key == null && id < valueCount) {
      stopDeferring(staged);
      key = valueKeys.get(id);
    }
    return key;
  }

  private static GraphException ofAnotherBuilder(String what, ValueRef.Local local) {
    return new GraphException(
        what
            + " is "
            + local
            + " of another builder: a local value is a number in the graph of the builder that"
            + " made it, so one kept from another builder (another function's trace, say) would"
            + " name another value here; build each graph's values from its own builder");
  }

  /** The number of values so far. */
  public int valueCount() {
    return valueCount;
  }

  /** The number of outputs declared so far. */
  public int outputCount() {
    return outputs.size();
  }

  /** Builds the graph; the builder cannot be used afterwards. */
  @SuppressWarnings("unchecked")
  public Graph<Op> build() {
    checkOpen();
    built = true;
    if (scope != null) {
      scope.release(); // a confined scope's pass is over: its keys may now be shared
    }
    checkClaims();
    // a presized builder's arrays, and its key tables' chunks, go to the graph as they are (see
    // Slack); their length may exceed the counts, which the graph keeps
    return new Graph<>(
        nodeCount,
        operandStart.share(),
        operands.share(),
        externals.share(),
        externals.size(),
        nodeFirstValue.share(),
        producer.share(),
        valueKeys.share(),
        valueCount,
        inputValues.toArray(),
        typeArray(inputTypes, inputValues.size()),
        outputs.toArray(),
        typeArray(outputTypes, outputs.size()),
        externalTypeKeys == null ? null : externalTypeKeys.toArray(new ValueKey[0]),
        externalTypes == null ? null : externalTypes.toArray(new ValueType[0]),
        Collections.unmodifiableList(Arrays.asList(parents.toArray(new Graph[0]))),
        keyExisted.toLongArray(),
        linearizedNodes,
        kinds.freeze(deferred != null ? scope : null),
        setMember);
  }

  /**
   * The operand code of external {@code key}: its slot in this graph's list of external keys,
   * added if absent. A key remembers the slot the last builder to refer to it gave it (its
   * external hint), checked against this builder's list, so a key already listed is found without
   * a lookup, and a key not listed is added without one. An index of the list by key would cost a
   * random probe of a table as large as the graph for each value a rule reads, the largest cost
   * left in a big transform. The hint is a plain {@code int}: a builder that reads another's
   * (two graphs built at once, interleaved or on two threads, referring to one key) sees a slot
   * that does not hold the key in its own list and lists the key again, so such a key may take
   * two slots; every slot still names the right key.
   */
  private int encodeExternal(ValueKey key) {
    // relies on I1: the hint's slot holds this key exactly when it holds this instance
    CanonicalKey canonical = CanonicalKey.of(key);
    int hint = canonical.externalHint;
    if (hint >= 0 && hint < externals.size() && externals.get(hint) == key) {
      return -hint - 1;
    }
    int index = externals.size();
    externals.add(key);
    canonical.externalHint = index;
    return -index - 1;
  }

  /** The scope this builder creates new inputs in; null for the global table. */
  KeyScope scope() {
    return scope;
  }

  private void checkOpen() {
    if (built) {
      throw alreadyBuilt();
    }
    if (Thread.currentThread() != owner) {
      throw usedByAnotherThread();
    }
  }

  private GraphException usedByAnotherThread() {
    return new GraphException(
        "this graph builder was made on thread " + ThreadNames.of(owner) + ", and thread "
            + ThreadNames.of(Thread.currentThread()) + " is using it: a builder builds on the thread"
            + " that made it (a traced function's graph is built on the thread that calls it, so a"
            + " parallel stream or another thread inside the function cannot add to it; build in"
            + " a plain loop)");
  }

  private static IllegalStateException alreadyBuilt() {
    return new IllegalStateException(
        "this builder has already built its graph, and takes no more inputs, operations or"
            + " outputs: a value of a graph already built (such as one kept from an earlier trace"
            + " of a function) cannot be built on; make new values from the graph being built (a"
            + " traced function's inputs), and pass data that changes as arguments");
  }
}
