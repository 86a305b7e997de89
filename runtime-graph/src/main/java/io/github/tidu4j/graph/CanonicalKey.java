package io.github.tidu4j.graph;

/**
 * What every canonical {@link ValueKey} carries, whether an {@link ValueKey.Input} or a {@link
 * ValueKey.Derived}: its precomputed hash, the {@link KeyScope} it belongs to, and the two memos
 * the runtime keeps on a key. Held in one superclass so that code reading a key's scope or memos
 * (a hot path of every transform) reads a field, not a switch over the two kinds of key.
 *
 * <p>Every value key is one, so {@link #of(ValueKey)} always succeeds.
 */
abstract class CanonicalKey {
  private final int hash;
  // A KeyScope: where keys built on this one are interned. Otherwise keys built on it go to the
  // global table, and this is null, or the batch of a WeakInterner that holds this key (I10): the
  // only strong reference to the batch, whose weak reference tells the table the key may be alive.
  // One field for both, so that a key is no larger for being weakly held; an input key has a field
  // of its own for its batch, since a scoped input key is in the global table too.
  private Object home;
  // global key: the last global key made with it as first operand (OperationKey#of; I2; an
  // operation key keeps the one before in OperationKey.nextUse);
  // scoped key: the newest key of its scope anchored on it, head of its use list (KeyScope; I3)
  OperationKey lastUse;
  // A position hint, checked by its reader against its own table: where the graph builder that last
  // referred to it externally put it (GraphBuilder), or the site a multi-graph walk gave it
  // (LogicalOrder). Either may overwrite the other's; a reader that finds another number in it
  // lists the key again (a builder) or looks the key up (a walk).
  int externalHint;

  CanonicalKey(int hash, KeyScope scope) {
    this.hash = hash;
    this.home = scope;
  }

  /** {@code key}'s fields; every value key is a canonical key. */
  static CanonicalKey of(ValueKey key) {
    return (CanonicalKey) key;
  }

  /** The scope keys built on this one are interned in; null: the global table. */
  final KeyScope scope() {
    return home instanceof KeyScope s ? s : null;
  }

  /** The batch of the {@link WeakInterner} holding this key; null if none holds it. */
  Object[] batch() {
    return home instanceof Object[] b ? b : null;
  }

  /**
   * Links this key, which a {@link WeakInterner} is inserting, to its batch (I10): the key keeps
   * the batch alive, and so its table entry, as long as it lives. Called once, before the key is
   * published.
   */
  void joinBatch(Object[] batch) {
    home = batch;
  }

  /** Identity: a canonical key is the only one of its structure. */
  @Override
  public final boolean equals(Object o) {
    return this == o;
  }

  /** The structural hash, computed once. */
  @Override
  public final int hashCode() {
    return hash;
  }
}
