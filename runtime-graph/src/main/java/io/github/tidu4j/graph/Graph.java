package io.github.tidu4j.graph;

import static io.github.tidu4j.graph.Chunks.MASK;
import static io.github.tidu4j.graph.Chunks.SHIFT;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * An immutable computation graph: inputs, nodes applying operations, outputs, and the parent
 * graphs it refers to.
 *
 * <p>Values are numbered {@code 0 .. valueCount()-1} in insertion order, which is a topological
 * order. Every value is either an input (named by an input key) or one output slot of a node.
 * Node operands are {@link ValueRef.Local local} values or {@link ValueRef.External external}
 * values of other graphs, named by {@link ValueKey}. Every value has a global {@link ValueKey}:
 * computed when its node is added, or, for a transform's pass (a builder on a scope {@linkplain
 * KeyScope#openConfined() confined} to its thread), the first time any key of the graph is asked
 * for, all at once. Reading a graph by node ({@link #operation}, {@link #role}, {@link #operandLocal},
 * {@link #nodeOutput}, {@link #firstDefinition}) never needs them, so the next transform of a pass
 * makes none; and it reads no key object: each node's operation and role are kept as its kind, a
 * byte per node indexing the graph's few distinct (operation, role) pairs.
 *
 * <p>Storage is a handful of flat {@code int} arrays and two tables of keys in chunks of 256 KB
 * (see {@link Chunks}; about 33 bytes per single-output node plus 4 per operand, besides the
 * shared keys), and a graph is safe to share between threads.
 *
 * <pre>{@code
 * GraphBuilder<Ops> b = Graph.builder();
 * ValueRef.Local x = b.input("x");
 * ValueRef.Local y = b.apply(Ops.SIN, b.apply(Ops.MUL, x, x));
 * Graph<Ops> g = b.output(y).build();
 * }</pre>
 *
 * @param <Op> the operation type
 */
public final class Graph<Op extends GraphOperation> {
  /** Operand encoding: {@code >= 0} a local value id, {@code < 0} {@code -(i + 1)} an external. */
  // The node, operand, external and value arrays may be longer than the graph (a builder hands
  // over its presized arrays rather than copying them): the counts below bound them. The key
  // tables (externals, valueKeys) are in chunks (see Chunks): element i is t[i >>> SHIFT][i & MASK].
  private final int nodeCount;
  private final int[] operandStart;
  private final int[] operands;
  private final ValueKey[][] externals;
  private final int externalCount;
  private final int[] nodeFirstValue;
  private final int[] producer;
  private final ValueKey[][] valueKeys;
  // the first chunks of externals and valueKeys, read directly: a graph of up to Chunks.SIZE
  // values reads its keys from one array, as from a flat table
  private final ValueKey[] firstExternals;
  private final ValueKey[] firstKeys;
  private final int valueCount;
  private final int[] inputValues;
  /** Each input's declared type (null: untyped), parallel to inputValues; null if none is typed. */
  private final ValueType[] inputTypes;
  private final int[] outputs;
  /** Each output's declared type (null: untyped), parallel to outputs; null if none is typed. */
  private final ValueType[] outputTypes;
  /**
   * Values of other graphs this graph reads at a declared type ({@link GraphBuilder#declareType}),
   * and those types, in parallel; null if none.
   */
  private final ValueKey[] externalTypeKeys;
  private final ValueType[] externalTypes;
  private final List<Graph<Op>> parents;
  /**
   * Bits of the nodes whose key an earlier node may have (see firstDefinition): whose key existed
   * before the node was added, and which did not claim it (I11).
   */
  private final long[] keyExisted;
  private final int linearizedNodeCount;
  private volatile KeyPositions index;
  // each value's first definition, made with index; or null
  private volatile int[] firstOf;
  // the operation and role of each node, as its kind
  private final NodeKinds kinds;
  private final Op setMember;
  // whether every value has its key; if not, the first reader of a key makes them all
  private volatile boolean keysMade;
  /** The checks mode's recomputed tables of this graph ({@code GraphChecks}); null until made. */
  volatile Object checkTables;

  Graph(
      int nodeCount,
      int[] operandStart,
      int[] operands,
      ValueKey[][] externals,
      int externalCount,
      int[] nodeFirstValue,
      int[] producer,
      ValueKey[][] valueKeys,
      int valueCount,
      int[] inputValues,
      ValueType[] inputTypes,
      int[] outputs,
      ValueType[] outputTypes,
      ValueKey[] externalTypeKeys,
      ValueType[] externalTypes,
      List<Graph<Op>> parents,
      long[] keyExisted,
      int linearizedNodeCount,
      NodeKinds kinds,
      Op setMember) {
    this.nodeCount = nodeCount;
    this.operandStart = operandStart;
    this.operands = operands;
    this.externals = externals;
    this.externalCount = externalCount;
    this.nodeFirstValue = nodeFirstValue;
    this.producer = producer;
    this.valueKeys = valueKeys;
    this.firstExternals = externals[0];
    this.firstKeys = valueKeys[0];
    this.valueCount = valueCount;
    this.inputValues = inputValues;
    this.inputTypes = inputTypes;
    this.outputs = outputs;
    this.outputTypes = outputTypes;
    this.externalTypeKeys = externalTypeKeys;
    this.externalTypes = externalTypes;
    this.parents = parents;
    this.keyExisted = keyExisted;
    this.linearizedNodeCount = linearizedNodeCount;
    this.kinds = kinds;
    this.setMember = setMember;
    this.keysMade = kinds.scope() == null; // its builder deferred no key
  }

  // every read of a value's key goes through here, or reads a key already there (see valueKey)
  private ValueKey[][] keys() {
    if (!keysMade) {
      makeKeys();
    }
    return valueKeys;
  }

  private synchronized void makeKeys() {
    if (!keysMade) {
      kinds.makeKeys(0, nodeCount, operandStart, operands, externals, nodeFirstValue, valueKeys);
      keysMade = true; // volatile: publishes the keys to every later reader
    }
  }

  /** A builder for a new graph. */
  public static <Op extends GraphOperation> GraphBuilder<Op> builder() {
    return new GraphBuilder<>(null, 16);
  }

  /**
   * A builder for a new graph whose new inputs are created in {@code scope}, so the keys built on
   * them are interned there (see {@link KeyScope}): what a transform uses for the graph of one
   * pass, whose tangent or cotangent inputs are new.
   */
  public static <Op extends GraphOperation> GraphBuilder<Op> builder(KeyScope scope) {
    return builder(scope, 16);
  }

  /**
   * As {@link #builder(KeyScope)}, with room for about {@code expectedNodes} operations, so a
   * transform that knows the size of its pass does not regrow the builder's arrays as it goes.
   */
  public static <Op extends GraphOperation> GraphBuilder<Op> builder(
      KeyScope scope, int expectedNodes) {
    return new GraphBuilder<>(java.util.Objects.requireNonNull(scope, "scope"), expectedNodes);
  }

  // ---- values ----

  /** The number of values (inputs and node outputs). */
  public int valueCount() {
    return valueCount;
  }

  /** The global key of local value {@code value}. */
  public ValueKey valueKey(int value) {
    if (value < 0 || value >= valueCount) {
      throw noValue(value);
    }
    return keyAt(value);
  }

  // the key of a value: read as it is if present (a key seen is final), else made with all others
  private ValueKey keyAt(int value) {
    ValueKey key = storedKey(value);
    return key != null ? key : keys()[value >>> SHIFT][value & MASK];
  }

  // the key stored at value, null if it is not made yet
  private ValueKey storedKey(int value) {
    return value < Chunks.SIZE ? firstKeys[value] : valueKeys[value >>> SHIFT][value & MASK];
  }

  // the external key in the given slot, read as storedKey reads a value's
  private ValueKey externalAt(int slot) {
    return slot < Chunks.SIZE ? firstExternals[slot] : externals[slot >>> SHIFT][slot & MASK];
  }

  /** The node producing {@code value}, or {@code -1} if it is an input. */
  public int producer(int value) {
    if (value < 0 || value >= valueCount) {
      throw noValue(value);
    }
    return producer[value];
  }

  /** The output slot of its producer that {@code value} is; {@code 0} for inputs. */
  public int outputSlot(int value) {
    int node = producer(value);
    return node < 0 ? 0 : value - nodeFirstValue[node];
  }

  /**
   * The local value with key {@code key}, or {@code -1} if this graph defines no such value (as an
   * input or a node output). The first definition wins when a graph defines a key twice.
   */
  public int localValue(ValueKey key) {
    KeyPositions idx = index;
    if (idx == null) {
      indexKeys();
      idx = index;
    }
    // relies on I1 (the index compares keys by identity) and I5 (the first value of a key wins)
    int value = idx.get(key);
    if (Checks.ENABLED) {
      GraphChecks.checkLocalValue(this, key, value);
    }
    return value;
  }

  /**
   * The first local value with the key of {@code value}: {@code value} itself unless the graph
   * defines that key more than once (as it may: a rule can emit {@code a·dx} twice). Cheap for a
   * node whose key was new when it was added, which is every node of a graph whose structure was
   * never built before, and for one that claimed its key as the first of its graph with it, which
   * is every other node that is not a repeat (I11 of {@code docs/identity-core.md}); otherwise the
   * key is looked up as by {@link #localValue}.
   */
  public int firstDefinition(int value) {
    if (value < 0 || value >= valueCount) {
      throw noValue(value);
    }
    int node = producer[value];
    // relies on I5: a node whose key was new when it was added, or which claimed it (I11), is the
    // first with that key; an input is too, since a graph declares each input key once
    int first = node < 0 || !keyExisted(node) ? value : firstDefinitions()[value];
    if (Checks.ENABLED) {
      GraphChecks.checkFirstDefinition(this, value, first);
    }
    return first;
  }

  // each value's first definition, from the key index (made with it if it is not made yet)
  private int[] firstDefinitions() {
    int[] firsts = firstOf;
    if (firsts == null) {
      firsts = indexKeys();
    }
    return firsts;
  }

  /**
   * Makes the key index and each value's first definition in one pass over the values in order:
   * the value a key is first put with wins (I5), and a later value of that key reads it back from
   * the same probe, so a graph whose nodes' keys all existed before (a graph built again) pays one
   * probe per value, not a second one per lookup. Returns the first definitions.
   */
  private int[] indexKeys() {
    int[] firsts = new int[valueCount];
    KeyPositions idx = new KeyPositions(keys(), valueCount, firsts);
    // racy but benign: every thread computes the same immutable content
    firstOf = firsts;
    index = idx;
    return firsts;
  }

  /**
   * The key of local value {@code value} if it has one yet, or null for the value of a node whose
   * key its builder deferred and nobody has asked for: never makes keys.
   */
  ValueKey knownKey(int value) {
    return storedKey(value);
  }

  /** The scope of the keys this graph's builder deferred, if they are not made yet; else null. */
  KeyScope pendingKeyScope() {
    return keysMade ? null : kinds.scope();
  }

  /** Whether an earlier node may have node {@code node}'s key: it existed and was not claimed. */
  boolean keyExisted(int node) {
    int word = node >>> 6;
    return word < keyExisted.length && (keyExisted[word] & (1L << node)) != 0;
  }

  // ---- inputs and outputs ----

  /** The number of inputs. */
  public int inputCount() {
    return inputValues.length;
  }

  /** The local value of input {@code i}, in declaration order. */
  public int inputValue(int i) {
    return inputValues[i];
  }

  /**
   * The declared type of input {@code i} ({@link GraphBuilder#input(Object, ValueType)}), or empty
   * if it was declared untyped.
   */
  public Optional<ValueType> inputType(int i) {
    return ValueType.at(inputTypes, i, inputValues.length);
  }

  /**
   * The declared type of output {@code i} ({@link GraphBuilder#output(ValueRef, ValueType)}), or
   * empty if it was added untyped.
   */
  public Optional<ValueType> outputType(int i) {
    return ValueType.at(outputTypes, i, outputs.length);
  }

  /** Whether some output has a declared type. */
  boolean hasOutputTypes() {
    return outputTypes != null;
  }

  /** Whether some input has a declared type. */
  boolean hasInputTypes() {
    return inputTypes != null;
  }

  /** The number of values of other graphs this graph reads at a declared type. */
  int externalTypeCount() {
    return externalTypeKeys == null ? 0 : externalTypeKeys.length;
  }

  /** The key of the {@code i}th value of another graph this graph reads at a declared type. */
  ValueKey externalTypeKey(int i) {
    return externalTypeKeys[i];
  }

  /** The type this graph reads value {@link #externalTypeKey externalTypeKey(i)} at. */
  ValueType externalType(int i) {
    return externalTypes[i];
  }

  /** The input keys, in declaration order. */
  public List<Object> inputKeys() {
    List<Object> keys = new ArrayList<>(inputValues.length);
    for (int value : inputValues) {
      // an input's key is never deferred
      keys.add(((ValueKey.Input) storedKey(value)).key());
    }
    return Collections.unmodifiableList(keys);
  }

  /** The number of outputs. */
  public int outputCount() {
    return outputs.length;
  }

  /** Output {@code i}, a local or external reference. */
  public ValueRef output(int i) {
    return toRef(outputs[i]);
  }

  /** The local value output {@code i} is, or {@code -1} if it is an external reference. */
  public int outputLocal(int i) {
    int encoded = outputs[i];
    return encoded >= 0 ? encoded : -1;
  }

  /** The key of output {@code i}. */
  public ValueKey outputKey(int i) {
    return keyOf(outputs[i]);
  }

  /** The outputs' keys, in order. */
  public List<ValueKey> outputKeys() {
    List<ValueKey> keys = new ArrayList<>(outputs.length);
    for (int encoded : outputs) {
      keys.add(keyOf(encoded));
    }
    return Collections.unmodifiableList(keys);
  }

  /** The graphs this graph refers to, so that {@code resolve(this)} alone can trace through them. */
  public List<Graph<Op>> parents() {
    return parents;
  }

  // ---- nodes ----

  /** The number of nodes; node ids {@code 0 .. nodeCount()-1} are in topological order. */
  public int nodeCount() {
    return nodeCount;
  }

  /**
   * The number of nodes in an {@link OperationRole.Linearized} role: what a transpose of this
   * graph visits, and so about how many operations it emits.
   */
  public int linearizedNodeCount() {
    return linearizedNodeCount;
  }

  /**
   * The operation its builder named the graph's set of operations by ({@link
   * GraphBuilder#declareSet}), or {@code null}: for a graph that holds no operation, what a
   * transform asks for the set's own primitives.
   */
  public Op setMember() {
    return setMember;
  }

  /** The operation node {@code node} applies. */
  public Op operation(int node) {
    // read from the node's kind, not its key: a key is an object of its own, at random in memory
    @SuppressWarnings("unchecked") // the builder takes only Ops
    Op op = (Op) kinds.operationOf(kind(node));
    return op;
  }

  /**
   * The kind of node {@code node}: its number in the graph's table of distinct (operation, role)
   * pairs, which {@link #kindOperation} and {@link #kindRole} read. A node whose key is made has
   * the operation and role its key names (I12).
   */
  int kind(int node) {
    if (node < 0 || node >= nodeCount) {
      throw noNode(node);
    }
    int kind = kinds.kind(node);
    if (Checks.ENABLED) {
      GraphChecks.checkKind(this, node, kind);
    }
    return kind;
  }

  /** The number of distinct kinds of this graph's nodes: kinds are {@code 0 .. kindCount()-1}. */
  int kindCount() {
    return kinds.kindCount();
  }

  /** The operation of kind {@code kind}. */
  Op kindOperation(int kind) {
    @SuppressWarnings("unchecked") // the builder takes only Ops
    Op op = (Op) kinds.operationOf(kind);
    return op;
  }

  /** The role of kind {@code kind}. */
  OperationRole kindRole(int kind) {
    return kinds.roleOf(kind);
  }

  /**
   * The kind of the node whose first value is {@code first} (which {@link LogicalOrder} keeps for
   * an order of one graph): found through the producer array, not the key at that value.
   */
  int kindAt(int first) {
    return kind(producer[first]);
  }

  /**
   * The key of the node whose first value is {@code first}, as {@link #kindAt} finds its kind:
   * the key of the node's output 0 is its operation key.
   */
  OperationKey operationKeyAt(int first) {
    return (OperationKey) keyAt(first);
  }

  /** The global key of node {@code node}. */
  public OperationKey operationKey(int node) {
    // the key of a node's output 0 is its operation key (ValueKey.Derived), so no array of its own
    if (node < 0 || node >= nodeCount) {
      throw noNode(node);
    }
    return (OperationKey) keyAt(nodeFirstValue[node]);
  }

  /** The role of node {@code node}. */
  public OperationRole role(int node) {
    return kinds.roleOf(kind(node)); // as operation: from the node's kind, not its key
  }

  /** The number of values node {@code node} gives. */
  public int nodeOutputCount(int node) {
    if (node < 0 || node >= nodeCount) {
      throw noNode(node);
    }
    int count = outputsOf(node);
    if (Checks.ENABLED) {
      GraphChecks.checkOutputCount(this, node, count);
    }
    return count;
  }

  // relies on I9: a node's outputs are the values from its first on that it produces, so they are
  // counted in the producer array (next to each other) without reading its key or operation
  private int outputsOf(int node) {
    return outputsFrom(node, nodeFirstValue[node]);
  }

  private int outputsFrom(int node, int first) {
    int end = first + 1;
    while (end < valueCount && producer[end] == node) {
      end++;
    }
    return end - first;
  }

  /**
   * The first value of node {@code node}, found from {@code value}, one of its outputs, in the
   * producer array next to it: for a walk that reaches a node through one of its values and has
   * just read that value's producer, so it reads no entry of the per-node first-value array, at
   * random in a large graph.
   */
  int firstValueFrom(int node, int value) {
    // relies on I9: the node's outputs are contiguous, so the value before its first is another's
    int first = value;
    while (first > 0 && producer[first - 1] == node) {
      first--;
    }
    if (Checks.ENABLED) {
      GraphChecks.checkFirstValue(this, node, first);
    }
    return first;
  }

  /**
   * {@link #nodeOutputCount} of node {@code node} whose first value {@code first} the caller has
   * found ({@link #firstValueFrom}): counted in the producer array from there.
   */
  int nodeOutputCountFrom(int node, int first) {
    int count = outputsFrom(node, first);
    if (Checks.ENABLED) {
      GraphChecks.checkOutputCount(this, node, count);
    }
    return count;
  }

  /** The number of operands of all nodes together. */
  int operandSlotCount() {
    return operandStart[nodeCount];
  }

  /** The number of operands of node {@code node}. */
  public int operandCount(int node) {
    if (node < 0 || node >= nodeCount) {
      throw noNode(node);
    }
    return operandStart[node + 1] - operandStart[node];
  }

  /** Operand {@code j} of node {@code node}. */
  public ValueRef operand(int node, int j) {
    return toRef(operands[operandIndex(node, j)]);
  }

  /** The key of operand {@code j} of node {@code node}, whether local or external. */
  public ValueKey operandKey(int node, int j) {
    return keyOf(operands[operandIndex(node, j)]);
  }

  /** The local value of operand {@code j} of node {@code node}, or {@code -1} if it is external. */
  public int operandLocal(int node, int j) {
    int encoded = operands[operandIndex(node, j)];
    return encoded >= 0 ? encoded : -1;
  }

  /** The local value of output slot {@code slot} of node {@code node}. */
  public int nodeOutput(int node, int slot) {
    if (node < 0 || node >= nodeCount) {
      throw noNode(node);
    }
    if (slot == 0 || (slot > 0 && slot < nodeOutputCount(node))) {
      return nodeFirstValue[node] + slot;
    }
    GraphOperation operation = operation(node);
    throw new GraphException(
        operation.name()
            + " (node "
            + node
            + ") has "
            + operation.outputArity()
            + " output slot(s); slot "
            + slot
            + " does not exist");
  }

  /**
   * The number of external keys the graph's operands and outputs refer to. Each is listed once,
   * unless the builders of several graphs referred to it at the same time (interleaved, or on
   * several threads), when it may be listed more than once; see {@link #external(int)}.
   */
  public int externalCount() {
    return externalCount;
  }

  /** External key {@code i}. */
  public ValueKey external(int i) {
    if (i < 0 || i >= externalCount) {
      throw new GraphException(
          "external " + i + " does not exist; the graph has " + externalCount + " externals");
    }
    return externalAt(i);
  }

  // ---- internals ----

  private int operandIndex(int node, int j) {
    if (node < 0 || node >= nodeCount) {
      throw noNode(node);
    }
    int start = operandStart[node];
    if (j < 0 || j >= operandStart[node + 1] - start) {
      throw new GraphException(
          operation(node).name() + " (node " + node + ") has no operand " + j);
    }
    return start + j;
  }

  // The accessors check their argument in line, with these only building the exception: in a
  // fresh JVM the transforms and materializeMerge read a graph's nodes in the interpreter, where a
  // call per check is a large share of an accessor's cost.

  private GraphException noNode(int node) {
    return new GraphException(
        "node " + node + " does not exist; the graph has " + nodeCount + " nodes");
  }

  private GraphException noValue(int value) {
    return new GraphException(
        "value %" + value + " does not exist; the graph has " + valueCount + " values");
  }

  private ValueRef toRef(int encoded) {
    if (encoded >= 0) {
      return new ValueRef.Local(encoded);
    }
    return new ValueRef.External(externalAt(-encoded - 1));
  }

  private ValueKey keyOf(int encoded) {
    if (encoded >= 0) {
      return keyAt(encoded);
    }
    return externalAt(-encoded - 1);
  }

  /** The raw encoded operand array; see the field comment. For the engine's own passes. */
  int encodedOperand(int node, int j) {
    return operands[operandStart[node] + j];
  }

  int encodedOutput(int i) {
    return outputs[i];
  }

  ValueKey decodeKey(int encoded) {
    return keyOf(encoded);
  }

  int firstValue(int node) {
    return nodeFirstValue[node];
  }

  /** Whether every value has its key (for the checks, which make none). */
  boolean allKeysMade() {
    return keysMade;
  }

  /** The key of {@code value} if it is made, else {@code null}: makes no key (for the checks). */
  ValueKey keyIfMade(int value) {
    return storedKey(value);
  }

  @Override
  public String toString() {
    // at most GraphPrinter.SUMMARY_LINES lines: a debugger or a log line calls this
    return GraphPrinter.summary(this);
  }
}
