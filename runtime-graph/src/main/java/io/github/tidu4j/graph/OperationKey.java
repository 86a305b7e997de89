package io.github.tidu4j.graph;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.BiPredicate;

/**
 * The identity of an operation application across graphs: the operation, the keys of its inputs
 * and its role. Hash-consed like {@link ValueKey}: one canonical instance per structure, so
 * equality is {@code ==} and the hash is precomputed; interning compares only the candidate's
 * immediate fields (its input keys are canonical already), never its ancestry.
 *
 * <p>Canonical keys are held weakly, a batch at a time: a key that no live graph, key or caller
 * can reach is reclaimed together with the other keys its graph builder made next to it (up to 64;
 * see {@link KeyBatches}), so building and dropping graphs does not grow the heap. One reach is
 * worth knowing: an operation key remembers two keys made in the global table with it as first
 * operand, the last a graph builder made and the last a transform's pass made (or the one a graph
 * builder made before), so that a rebuilt or again linearized graph finds them without a table
 * lookup, which keeps those keys and their batches alive as long as the operation key lives (an
 * input key remembers only one key, made by its own graph builder); and a value key of a
 * {@link KeyScope} heads the list of the scope's keys anchored on it, which live as long as it does.
 *
 * <pre>{@code
 * OperationKey add = OperationKey.of(Ops.ADD, List.of(x, y), OperationRole.primary());
 * ValueKey sum = add.output(0);
 * }</pre>
 */
public sealed class OperationKey extends ValueKey.Derived permits OperationKey.Roled {
  private static final WeakInterner<OperationKey> INTERNER =
      new WeakInterner<>(new SameStructure());

  // Most operations take one or two inputs, give one output and are primary: those are held in
  // fields, and the key is the key of its output 0 itself (see ValueKey.Derived), so a typical key
  // is one object of 56 bytes (hash, depth, scope, lastUse, the external hint and the batch in
  // CanonicalKey, four references here) rather than an operation key, a value key and an input
  // array. Another role, and wider operations, are subclasses, so the common key carries no field
  // for them: a primal graph's keys, and the keys its rules make on primal values, are primary,
  // and most of the other roles' keys are a pass's, deferred. The input count is derived, not
  // stored.
  private final GraphOperation operation;
  private final ValueKey in0;
  private final ValueKey in1;
  // a scoped key: the next key of the scope use list it is in (KeyScope; I3); a global key: the
  // global key made with it as first operand before lastUse (the second last-use memo; I2)
  private OperationKey nextUse;

  private OperationKey(
      GraphOperation operation, ValueKey[] inputs, int count, int hash, KeyScope scope) {
    super(hash, depthOf(inputs, count), scope);
    this.operation = operation;
    this.in0 = count > 0 ? inputs[0] : null;
    this.in1 = count > 1 ? inputs[1] : null;
  }

  /** The depth of a key of {@code count} {@code inputs}: one more than the highest input's. */
  static int depthOf(ValueKey[] inputs, int count) {
    int depth = 0;
    for (int i = 0; i < count; i++) {
      depth = Math.max(depth, CanonicalKey.of(inputs[i]).depth());
    }
    return depth + 1;
  }

  /**
   * A new (not yet canonical) key: a {@link Wide} one for more than two inputs or one output, a
   * {@link Roled} one for a role other than the primary one.
   */
  private static OperationKey create(
      GraphOperation operation,
      ValueKey[] inputs,
      int count,
      OperationRole role,
      int hash,
      KeyScope scope) {
    if (count > 2 || operation.outputArity() > 1) {
      return new Wide(operation, inputs, count, role, hash, scope);
    }
    return role == OperationRole.Primary.INSTANCE
        ? new OperationKey(operation, inputs, count, hash, scope)
        : new Roled(operation, inputs, count, role, hash, scope);
  }

  /** The key of an operation in a role other than the primary one, or of a {@link Wide} one. */
  static sealed class Roled extends OperationKey permits Wide {
    private final OperationRole role;

    private Roled(
        GraphOperation operation,
        ValueKey[] inputs,
        int count,
        OperationRole role,
        int hash,
        KeyScope scope) {
      super(operation, inputs, count, hash, scope);
      this.role = role;
    }
  }

  /** The key of an operation with more than two inputs or more than one output, in any role. */
  static final class Wide extends Roled {
    private final ValueKey[] inputs; // all of them; null for at most two
    private final ValueKey.Derived[] outputs; // all of them, [0] the key itself; null for one

    private Wide(
        GraphOperation operation,
        ValueKey[] inputs,
        int count,
        OperationRole role,
        int hash,
        KeyScope scope) {
      super(operation, inputs, count, role, hash, scope);
      this.inputs = count > 2 ? Arrays.copyOf(inputs, count) : null;
      int outputArity = operation.outputArity();
      if (outputArity > 1) {
        this.outputs = new ValueKey.Derived[outputArity];
        outputs[0] = this;
        for (int slot = 1; slot < outputArity; slot++) {
          outputs[slot] = new ValueKey.Derived.Output(this, slot);
        }
      } else {
        this.outputs = null;
      }
    }

    @Override
    public int inputCount() {
      return inputs != null ? inputs.length : super.inputCount();
    }

    @Override
    ValueKey inputAt(int operand) {
      return inputs != null ? inputs[operand] : super.inputAt(operand);
    }

    @Override
    ValueKey.Derived outputAt(int slot) {
      return outputs != null ? outputs[slot] : super.outputAt(slot);
    }

    @Override
    public int outputCount() {
      return outputs != null ? outputs.length : 1;
    }
  }

  /**
   * The canonical key of {@code operation} applied to {@code inputs} in {@code role}.
   *
   * @throws GraphException if the number of inputs is not the operation's input arity, or if the
   *     role's active mask does not cover exactly that many operands
   */
  public static OperationKey of(
      GraphOperation operation, List<? extends ValueKey> inputs, OperationRole role) {
    return of(operation, inputs.toArray(new ValueKey[0]), role);
  }

  /** As {@link #of(GraphOperation, List, OperationRole)}. */
  public static OperationKey of(
      GraphOperation operation, ValueKey[] inputs, OperationRole role) {
    return of(operation, inputs, inputs.length, role);
  }

  /**
   * The canonical key of {@code operation} applied to the first {@code count} keys of {@code
   * inputs}, which may be a reused scratch array: the key copies what it keeps (only inputs past
   * the second are held in an array).
   */
  static OperationKey of(
      GraphOperation operation, ValueKey[] inputs, int count, OperationRole role) {
    OperationKey key = canonical(operation, inputs, count, role);
    if (Checks.ENABLED) {
      KeyChecks.checkDefinition(key, operation, inputs, count, role);
    }
    return key;
  }

  /**
   * As {@link #of(GraphOperation, ValueKey[], int, OperationRole)}, for a graph builder whose node
   * is of a kind it has numbered ({@link KindNumbering}): the shape was checked when the kind was,
   * and {@code operationHash} and {@code roleHash} are the hash codes of {@code operation} and
   * {@code role}, which the kind keeps, so no megamorphic call is made per key. If {@code created}
   * is not null, sets {@code created[0]} to whether this call created the key, that is, whether no
   * key of this structure existed before it: the builder so knows that a node is the first one
   * with its key in its graph without looking the key up. A new key of the global table goes to
   * the batch {@code filler} fills (the builder's; the calling thread's if null), so that the keys
   * of one graph are reclaimed together (I10). {@code pass} tells whether the builder is a
   * transform's pass (one that defers its keys), whose keys of the global table are the primal
   * operations its rules emit: they have a last-use memo of their own (see {@link #global}).
   */
  static OperationKey ofShaped(
      GraphOperation operation,
      int operationHash,
      ValueKey[] inputs,
      int count,
      OperationRole role,
      int roleHash,
      boolean[] created,
      KeyBatches.Filler filler,
      boolean pass) {
    if (Checks.ENABLED) {
      KeyChecks.checkShaped(operation, operationHash, count, role, roleHash);
    }
    OperationKey key =
        lookup(operation, operationHash, inputs, count, role, roleHash, created, filler, pass);
    if (Checks.ENABLED) {
      KeyChecks.checkDefinition(key, operation, inputs, count, role);
    }
    return key;
  }

  // The checks of of(...) before the lookup, kept apart from the checks mode's so that the
  // lookup's bytecode stays within the JIT's inlining limit for hot methods (325 bytes) whether
  // or not the checks mode is on.
  private static OperationKey canonical(
      GraphOperation operation, ValueKey[] inputs, int count, OperationRole role) {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(role, "role");
    checkShape(operation, count, role);
    return lookup(
        operation, operation.hashCode(), inputs, count, role, role.hashCode(), null, null, false);
  }

  // The canonical key of a structure whose shape has been checked, given its operation's and
  // role's hash codes; created, filler and pass as ofShaped takes them.
  private static OperationKey lookup(
      GraphOperation operation,
      int operationHash,
      ValueKey[] inputs,
      int count,
      OperationRole role,
      int roleHash,
      boolean[] created,
      KeyBatches.Filler filler,
      boolean pass) {
    int h = operationHash;
    int depth = 0;
    KeyScope scope = null;
    ValueKey anchor = null; // the first input of the newest scope
    for (int i = 0; i < count; i++) {
      ValueKey input = inputs[i];
      h = 31 * h + Objects.requireNonNull(input, "input key").hashCode();
      CanonicalKey canonical = CanonicalKey.of(input);
      depth = Math.max(depth, canonical.depth());
      KeyScope inputScope = canonical.scope();
      if (KeyScope.newer(scope, inputScope) != scope) {
        scope = inputScope;
        anchor = input;
      }
    }
    h = 31 * h + roleHash;
    int hash = Hashing.keyHash(h, depth + 1); // depthOf(inputs, count), read with the hashes
    if (scope != null) {
      // relies on I1 and I3: every construction of this structure looks in this scope, from this
      // anchor, so it finds the one canonical instance
      OperationKey candidate = create(operation, inputs, count, role, hash, scope);
      return reported(scope.intern(candidate, anchor), candidate, created);
    }
    if (count == 0) {
      OperationKey candidate = create(operation, inputs, 0, role, hash, null);
      return reported(INTERNER.intern(candidate, hash, filler), candidate, created);
    }
    return global(operation, inputs, count, role, hash, created, filler, pass);
  }

  // The global table is large and cold: each lookup costs a few cache misses. So each key remembers
  // the last global keys made with it as first operand, strongly: a graph rebuilt or linearized
  // again from keys that are still alive finds sin(x), or the rule's cos(x), from x, which it has
  // just read. Two are remembered where the first operand is an operation key (in lastUse, and in
  // nextUse, which no scope's use list reads on a global key): a graph rebuilt and differentiated
  // again asks x for both sin(x), its primal consumer, and the rule's cos(x), and a single memo
  // would miss both every time. Each kind of caller has a memo of its own, which it reads first, and
  // a hit moves neither: lastUse holds the last key a graph builder made (its new key moves the one
  // before to nextUse), nextUse the last a transform's pass made (a rule's cos(x)). So a graph
  // rebuilt and differentiated again reads one memo key per lookup: a memo key is as old as the
  // graph, a cache miss when the graph is big, and the build and the pass would each read the
  // other's key first if a hit made its key the first memo. An operation key remembers keys of any
  // graph builder; any other key (an input key) only one of its own filler, in lastUse (I2): a memo
  // keeps its key's whole batch alive, and an input key may live as long as the program, so its memo
  // would keep some graph's batches, and through their memos others', alive with it. An operation
  // key lives only as long as a graph or a key built on it holds it, and its memos' keys have it as
  // first input: they go together.
  private static OperationKey global(
      GraphOperation operation,
      ValueKey[] inputs,
      int count,
      OperationRole role,
      int hash,
      boolean[] created,
      KeyBatches.Filler filler,
      boolean pass) {
    ValueKey first = inputs[0];
    CanonicalKey memos = CanonicalKey.of(first);
    OperationKey firstKey = first instanceof OperationKey k ? k : null;
    boolean passMemo = pass && firstKey != null; // the caller's own memo is nextUse
    OperationKey own = passMemo ? firstKey.nextUse : memos.lastUse;
    if (own != null && own.hashCode() == hash && own.appliesTo(operation, inputs, count, role)) {
      // relies on I2: the memo holds the canonical key of the global table, not a copy
      if (Checks.ENABLED) {
        checkLastUse(own, operation, inputs, count, role, hash);
      }
      return reported(own, null, created);
    }
    OperationKey other = firstKey == null ? null : passMemo ? memos.lastUse : firstKey.nextUse;
    if (other != null && other.hashCode() == hash && other.appliesTo(operation, inputs, count, role)) {
      // relies on I2, as above, for the other memo
      if (Checks.ENABLED) {
        checkLastUse(other, operation, inputs, count, role, hash);
      }
      return reported(other, null, created);
    }
    OperationKey candidate = create(operation, inputs, count, role, hash, null);
    OperationKey key = reported(INTERNER.intern(candidate, hash, filler), candidate, created);
    if (passMemo) {
      firstKey.nextUse = key;
    } else if (firstKey != null) {
      firstKey.nextUse = memos.lastUse;
      memos.lastUse = key;
    } else if (KeyBatches.sameFiller(memos, key)) { // I2: an input key's memo, own filler only
      memos.lastUse = key;
    }
    return key;
  }

  /** I2 in the checks mode: {@code memo} is what a lookup in the global table gives. */
  private static void checkLastUse(
      OperationKey memo,
      GraphOperation operation,
      ValueKey[] inputs,
      int count,
      OperationRole role,
      int hash) {
    if (Checks.active()) {
      OperationKey full = INTERNER.intern(create(operation, inputs, count, role, hash, null), hash);
      KeyChecks.checkLastUse(inputs[0], memo, full);
    }
  }

  private static OperationKey reported(
      OperationKey key, OperationKey candidate, boolean[] created) {
    if (created != null) {
      created[0] = key == candidate;
    }
    return key;
  }

  /** Whether this key is {@code op} applied to the first {@code count} of {@code keys} in {@code r}. */
  private boolean appliesTo(GraphOperation op, ValueKey[] keys, int count, OperationRole r) {
    if (inputCount() != count || in0 != keys[0] || (count > 1 && in1 != keys[1])) {
      return false;
    }
    for (int i = 2; i < count; i++) {
      if (inputAt(i) != keys[i]) {
        return false;
      }
    }
    OperationRole role = role();
    return (role == r || role.equals(r)) && operation.equals(op);
  }

  static void checkShape(GraphOperation operation, int inputCount, OperationRole role) {
    if (inputCount != operation.inputArity()) {
      throw new GraphException(
          operation.name()
              + " takes "
              + operation.inputArity()
              + " input(s) but was given "
              + inputCount);
    }
    if (operation.outputArity() < 1) {
      throw new GraphException(
          operation.name() + " declares " + operation.outputArity() + " outputs; at least one is needed");
    }
    if (role instanceof OperationRole.Linearized linear
        && linear.activeMask().size() != inputCount) {
      throw new GraphException(
          operation.name()
              + " takes "
              + inputCount
              + " input(s) but its linearized role's active mask covers "
              + linear.activeMask().size());
    }
  }

  static int internedCount() {
    return INTERNER.size();
  }

  /** The next key of the scope use list this key, a key of a scope, is in; see {@link KeyScope}. */
  OperationKey nextUse() {
    return nextUse;
  }

  void setNextUse(OperationKey next) {
    nextUse = next;
  }

  static boolean sameStructure(OperationKey a, OperationKey b) {
    int inputCount = a.inputCount();
    if (inputCount != b.inputCount()
        || a.in0 != b.in0 // canonical children: identity is equality
        || a.in1 != b.in1
        || (a.role() != b.role() && !a.role().equals(b.role()))) {
      return false;
    }
    for (int i = 2; i < inputCount; i++) {
      if (a.inputAt(i) != b.inputAt(i)) {
        return false;
      }
    }
    return a.operation.equals(b.operation);
  }

  /**
   * {@link #sameStructure} as the interner's predicate. A class rather than a method reference: the
   * first lambda a JVM links costs milliseconds of method-handle set-up, and this interner is on
   * the path of every first call.
   */
  private static final class SameStructure implements BiPredicate<OperationKey, OperationKey> {
    @Override
    public boolean test(OperationKey a, OperationKey b) {
      return sameStructure(a, b);
    }
  }

  /** The operation applied. */
  public final GraphOperation operation() {
    return operation;
  }

  /** The role of the application. */
  public final OperationRole role() {
    return this instanceof Roled r ? r.role : OperationRole.Primary.INSTANCE;
  }

  /** The number of inputs. */
  public int inputCount() {
    return in1 != null ? 2 : in0 != null ? 1 : 0;
  }

  /** The key of input {@code operand}. */
  public final ValueKey input(int operand) {
    int inputCount = inputCount();
    if (operand < 0 || operand >= inputCount) {
      throw new GraphException(
          operation.name() + " has " + inputCount + " input(s); input " + operand + " does not exist");
    }
    return inputAt(operand);
  }

  /** Input {@code operand}, in range. */
  ValueKey inputAt(int operand) {
    return operand == 0 ? in0 : in1;
  }

  /** The input keys, as an unmodifiable view. */
  public final List<ValueKey> inputs() {
    return new InputList(this);
  }

  /**
   * The key of output {@code slot}.
   *
   * @throws GraphException if the operation has no such output slot
   */
  public final ValueKey.Derived output(int slot) {
    if (slot == 0) {
      return this;
    }
    if (slot < 0 || slot >= outputCount()) {
      throw new GraphException(
          operation.name()
              + " has "
              + outputCount()
              + " output slot(s); slot "
              + slot
              + " does not exist");
    }
    return outputAt(slot);
  }

  /** Output {@code slot}, in range. */
  ValueKey.Derived outputAt(int slot) {
    return this;
  }

  /** The number of outputs. */
  public int outputCount() {
    return 1;
  }

  /** This key itself: an operation key is the key of its output 0. */
  @Override
  public final OperationKey operationKey() {
    return this;
  }

  /** 0: an operation key is the key of its output 0. */
  @Override
  public final int slot() {
    return 0;
  }

  /**
   * A shallow rendering, for example {@code Mul#1f3a9c02} or {@code Mul[linearized[fixed,
   * active]]#0bc4e1d7}; it never walks the ancestry.
   */
  @Override
  public final String toString() {
    OperationRole role = role();
    String roleText = role instanceof OperationRole.Linearized ? "[" + role + "]" : "";
    return operation.name() + roleText + "#" + String.format("%08x", hashCode());
  }

  private static final class InputList extends AbstractList<ValueKey> implements RandomAccess {
    private final OperationKey key;

    InputList(OperationKey key) {
      this.key = key;
    }

    @Override
    public ValueKey get(int index) {
      return key.input(index);
    }

    @Override
    public int size() {
      return key.inputCount();
    }
  }
}
