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
 * worth knowing: an operation key holds the first two keys made in the global table with it as
 * first operand, in its use slots, so that a graph built on it finds them, or knows them new,
 * without a table lookup, which keeps those keys and their batches alive as long as the operation
 * key lives (an input key remembers only the last key made on it by its own graph builder); and a
 * value key of a {@link KeyScope} heads the list of the scope's keys anchored on it, which live as
 * long as it does.
 *
 * <pre>{@code
 * OperationKey add = OperationKey.of(Ops.ADD, List.of(x, y), OperationRole.primary());
 * ValueKey sum = add.output(0);
 * }</pre>
 */
public sealed class OperationKey extends ValueKey.Derived permits OperationKey.Roled {
  private static final WeakInterner<OperationKey> INTERNER =
      new WeakInterner<>(new SameStructure());
  // the locks under which a global key's use slots are filled (I2), striped by the key's hash:
  // taken before a table segment's lock, never after
  private static final Object[] USE_LOCKS = new Object[256];

  static {
    for (int i = 0; i < USE_LOCKS.length; i++) {
      USE_LOCKS[i] = new Object();
    }
  }

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
  // a scoped key: the next key of the scope use list it is in (KeyScope; I3); a global key: its
  // second use slot, lastUse being the first (I2)
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
   * operations its rules emit: they fill and read the use slots from the second (see {@link
   * #global}).
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

  // The global table is large and cold: a lookup costs a cache miss or two, and a new key's probe
  // run is a read far beyond the caches. So a global operation key x holds, in lastUse and nextUse
  // (which no scope's use list reads on a global key), the first two global keys made with it as
  // first operand: its use slots, filled once and never overwritten (I2). Every other key on x
  // goes to the table, so a key on x that is in neither slot while one is free does not exist, and
  // is made without probing the table: a graph built for the first time makes most of its keys
  // that way, reading only x, which it has just read. A graph builder's key fills lastUse first and
  // a transform's pass's nextUse first, and each reads its own first: a graph rebuilt and
  // differentiated again asks x for sin(x), its primal consumer, and for the rule's cos(x), and a
  // slot key is as old as the graph, a cache miss when the graph is big. What the slots cost: x
  // keeps its first two consumers alive, and their batches (I10), as long as it lives.
  //
  // Any other first operand (an input key, an output past slot 0) keeps one memo, overwritten by
  // each new key of its own filler (I2): an input key may live as long as the program, and slots
  // filled once would keep the first graphs built on it, and their batches, alive with it.
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
    if (first instanceof OperationKey x) {
      return used(x, operation, inputs, count, role, hash, created, filler, pass);
    }
    CanonicalKey memos = CanonicalKey.of(first);
    OperationKey memo = memos.lastUse;
    if (is(memo, hash, operation, inputs, count, role)) {
      // relies on I2: the memo holds the canonical key of the global table, not a copy
      if (Checks.ENABLED) {
        checkLastUse(memo, operation, inputs, count, role, hash);
      }
      return reported(memo, null, created);
    }
    OperationKey candidate = create(operation, inputs, count, role, hash, null);
    OperationKey key = reported(INTERNER.intern(candidate, hash, filler), candidate, created);
    if (KeyBatches.sameFiller(memos, key)) { // I2: an input key's memo, own filler only
      memos.lastUse = key;
    }
    return key;
  }

  // The key of a structure whose first input is the global operation key x: x's use slots, then,
  // only if both are taken, the table.
  private static OperationKey used(
      OperationKey x,
      GraphOperation operation,
      ValueKey[] inputs,
      int count,
      OperationRole role,
      int hash,
      boolean[] created,
      KeyBatches.Filler filler,
      boolean pass) {
    OperationKey own = pass ? x.nextUse : x.lastUse;
    if (is(own, hash, operation, inputs, count, role)) {
      // relies on I2: a slot holds the canonical key, not a copy
      if (Checks.ENABLED) {
        checkLastUse(own, operation, inputs, count, role, hash);
      }
      return reported(own, null, created);
    }
    OperationKey other = pass ? x.lastUse : x.nextUse;
    if (is(other, hash, operation, inputs, count, role)) {
      if (Checks.ENABLED) { // relies on I2, as above, for the other slot
        checkLastUse(other, operation, inputs, count, role, hash);
      }
      return reported(other, null, created);
    }
    if (own == null || other == null) {
      OperationKey key = slotted(x, operation, inputs, count, role, hash, created, filler, pass);
      if (key != null) {
        INTERNER.sweepIfDue();
        return key;
      }
    }
    // relies on I2: both slots are taken, and stay so, so a key on x not in them is in the table
    OperationKey candidate = create(operation, inputs, count, role, hash, null);
    return reported(INTERNER.intern(candidate, hash, filler), candidate, created);
  }

  // Under x's lock, as used() without it: the key in a slot (one another thread filled meanwhile),
  // or a new key in a free slot; null if both slots are taken. Relies on I2: while a slot is free,
  // no key on x is in the table, so the structure is new.
  private static OperationKey slotted(
      OperationKey x,
      GraphOperation operation,
      ValueKey[] inputs,
      int count,
      OperationRole role,
      int hash,
      boolean[] created,
      KeyBatches.Filler filler,
      boolean pass) {
    // made before the lock: it asks the operation its output arity, code the lock should not wait on
    OperationKey candidate = create(operation, inputs, count, role, hash, null);
    synchronized (USE_LOCKS[x.hashCode() & (USE_LOCKS.length - 1)]) {
      OperationKey own = pass ? x.nextUse : x.lastUse;
      OperationKey other = pass ? x.lastUse : x.nextUse;
      if (is(own, hash, operation, inputs, count, role)) {
        return reported(own, null, created);
      }
      if (is(other, hash, operation, inputs, count, role)) {
        return reported(other, null, created);
      }
      if (own != null && other != null) {
        return null;
      }
      OperationKey key = INTERNER.adopt(candidate, hash, filler);
      if (Checks.ENABLED) {
        KeyChecks.checkUseSlots(x, candidate, key);
      }
      if ((own == null) != pass) {
        x.lastUse = key;
      } else {
        x.nextUse = key;
      }
      return reported(key, candidate, created);
    }
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

  /** Whether {@code key} is not null and is {@code op} on {@code keys} in {@code r}, of {@code hash}. */
  private static boolean is(
      OperationKey key, int hash, GraphOperation op, ValueKey[] keys, int count, OperationRole r) {
    return key != null && key.hashCode() == hash && key.appliesTo(op, keys, count, r);
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

  /** Whether the global table has an entry for {@code key} (a key in a use slot has none). */
  static boolean hasTableEntry(OperationKey key) {
    return INTERNER.hasEntry(key);
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
