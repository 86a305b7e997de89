package io.github.tidu4j.graph;

import java.util.List;

/**
 * The checks of the key tables (invariants I1 to I3 and I10 of {@code docs/identity-core.md}), run only in
 * the {@linkplain Checks checks mode}: each recomputes what an interning fast path answered, from
 * the key's definition or a full lookup, and throws naming the invariant on a mismatch.
 */
final class KeyChecks {
  private KeyChecks() {}

  /**
   * I12: a key made for a node of a numbered kind ({@link OperationKey#ofShaped}) is of the shape
   * {@link OperationKey#checkShape} accepts, with the hash codes of its operation and role that
   * the kind keeps.
   */
  static void checkShaped(
      GraphOperation operation, int operationHash, int count, OperationRole role, int roleHash) {
    if (!Checks.active()) {
      return;
    }
    OperationKey.checkShape(operation, count, role);
    if (operationHash != operation.hashCode() || roleHash != role.hashCode()) {
      throw Checks.broken(
          Checks.I12, "the hash codes " + operation.name() + " in role " + role + " has as a kind",
          Integer.toHexString(operationHash) + " / " + Integer.toHexString(roleHash),
          Integer.toHexString(operation.hashCode()) + " / " + Integer.toHexString(role.hashCode()));
    }
  }

  /**
   * I1: {@code key}, returned for {@code operation} on the first {@code count} of {@code inputs}
   * in {@code role}, has that structure, the structural hash recomputed from it, and the scope of
   * its newest input.
   */
  static void checkDefinition(
      OperationKey key, GraphOperation operation, ValueKey[] inputs, int count, OperationRole role) {
    if (!Checks.active()) {
      return;
    }
    boolean same =
        key.operation().equals(operation) && key.role().equals(role) && key.inputCount() == count;
    int h = operation.hashCode();
    KeyScope scope = null;
    for (int i = 0; i < count; i++) {
      same = same && key.inputAt(i) == inputs[i];
      h = 31 * h + inputs[i].hashCode();
      scope = KeyScope.newer(scope, CanonicalKey.of(inputs[i]).scope());
    }
    int hash = Hashing.keyHash(31 * h + role.hashCode(), OperationKey.depthOf(inputs, count));
    if (!same) {
      throw Checks.broken(
          Checks.I1, "the key of " + operation.name() + " on " + count + " input(s)", key,
          "a key of " + operation.name() + " in role " + role);
    }
    if (key.hashCode() != hash) {
      throw Checks.broken(
          Checks.I1, "the hash of " + key, Integer.toHexString(key.hashCode()),
          Integer.toHexString(hash));
    }
    if (key.scope() != scope) {
      throw Checks.broken(
          Checks.I1, "the scope of " + key, scopeName(key.scope()), scopeName(scope));
    }
    for (int slot = 1; slot < key.outputCount(); slot++) {
      ValueKey.Derived output = key.outputAt(slot);
      if (output.operationKey() != key || output.slot() != slot) {
        throw Checks.broken(
            Checks.I1, "output " + slot + " of " + key, output, key + ":" + slot);
      }
    }
  }

  /** I1: {@code input}, interned for input key {@code key}, is that input with its hash. */
  static void checkInput(ValueKey.Input input, Object key, int hash) {
    if (Checks.active() && (!input.key().equals(key) || input.hashCode() != hash)) {
      throw Checks.broken(Checks.I1, "the input key " + key, input, "Input(" + key + ")");
    }
  }

  /**
   * I2: {@code memo}, the use slot or last-use memo of {@code first} that matched a lookup, is the
   * canonical key {@code full} that a lookup in the global table gives for the same structure,
   * and, unless {@code first} is an operation key, was made by {@code first}'s own builder (the
   * same filler).
   */
  static void checkLastUse(ValueKey first, OperationKey memo, OperationKey full) {
    if (memo != full) {
      throw Checks.broken(
          Checks.I2,
          (first instanceof OperationKey ? "the use slots of " : "the last-use memo of ") + first,
          identity(memo), identity(full));
    }
    if (!(first instanceof OperationKey) && !KeyBatches.sameFiller(CanonicalKey.of(first), memo)) {
      throw Checks.broken(
          Checks.I2, "the last-use memo of " + first + " (not an operation key)",
          identity(memo) + ", a key of another builder",
          "a key of " + first + "'s own builder (or none)");
    }
  }

  /**
   * I2: {@code candidate}, a key made on {@code x} while one of its use slots was free, is new in
   * the table too, which the checks mode keeps complete: {@code key}, what the table gave for it,
   * is the candidate itself.
   */
  static void checkUseSlots(OperationKey x, OperationKey candidate, OperationKey key) {
    if (key != candidate) {
      throw Checks.broken(
          Checks.I2, "the use slots of " + x,
          "no key of the structure of " + candidate + " (a slot was free)",
          identity(key) + " in the table");
    }
  }

  /**
   * I3: {@code key}, which {@code scope} interned for {@code candidate}, is the one instance of
   * its structure that a full lookup finds (the whole use list of its anchor and the table, where
   * the fast path stops at a list that is not full); and {@code anchor} is the candidate's first
   * input of the newest scope, as its inputs fix it. Called with the scope's lock held, or on its
   * confining thread. O(list length + probe chain).
   */
  static void checkScoped(KeyScope scope, OperationKey key, OperationKey candidate, ValueKey anchor) {
    if (!Checks.active()) {
      return;
    }
    ValueKey expectedAnchor = null;
    KeyScope newest = null;
    for (int i = 0; i < candidate.inputCount(); i++) {
      ValueKey input = candidate.inputAt(i);
      KeyScope s = CanonicalKey.of(input).scope();
      if (KeyScope.newer(newest, s) != newest) {
        newest = s;
        expectedAnchor = input;
      }
    }
    if (newest != scope || expectedAnchor != anchor) {
      throw Checks.broken(
          Checks.I3, "the anchor of " + candidate,
          anchor + " in " + scope, expectedAnchor + " in " + scopeName(newest));
    }
    List<OperationKey> instances = scope.instancesOf(key, anchor);
    if (instances.size() != 1 || instances.get(0) != key) {
      throw Checks.broken(
          Checks.I3, "the key of " + candidate + " in " + scope, identity(key),
          instances.size() + " instance(s) on its anchor's list and in the table: "
              + instances.stream().map(KeyChecks::identity).toList());
    }
  }

  /**
   * I10: {@code key}, found in a {@link WeakInterner} at {@code place} of batch {@code batch}, is
   * linked to that batch (so the batch, and the entry, live as long as the key does) and sits in
   * it at the place's index.
   */
  static void checkBatch(CanonicalKey key, Object[] batch, int place) {
    if (Checks.active()
        && (key.batch() != batch || batch[place & (KeyBatches.SIZE - 1)] != key)) {
      throw Checks.broken(
          Checks.I10, "the table entry of " + key,
          "batch " + (place >>> KeyBatches.SHIFT) + " index " + (place & (KeyBatches.SIZE - 1)),
          "a key linked to " + batchName(key.batch()));
    }
  }

  private static String batchName(Object[] batch) {
    return batch == null ? "no batch" : "batch@" + Integer.toHexString(System.identityHashCode(batch));
  }

  private static String scopeName(KeyScope scope) {
    return scope == null ? "the global table" : scope.toString();
  }

  /** A key with the instance it is, for messages about two instances of one structure. */
  static String identity(Object key) {
    return key + "@" + Integer.toHexString(System.identityHashCode(key));
  }
}
