package io.github.tidu4j.graph;

/**
 * What every canonical {@link ValueKey} carries, whether an {@link ValueKey.Input} or a {@link
 * ValueKey.Derived}: its precomputed hash, the {@link KeyScope} it belongs to, the memos the
 * runtime keeps on a key, and the batch of the global table that holds it. Held in one superclass
 * so that code reading a key's scope or memos (a hot path of every transform) reads a field, not a
 * switch over the two kinds of key.
 *
 * <p>Every value key is one, so {@link #of(ValueKey)} always succeeds.
 */
abstract class CanonicalKey {
  private final int hash;
  // the key's height: 0 for an input key, one more than its highest input for an operation key.
  // Part of its structure, so of its hash (Hashing.keyHash): a 32-bit hash of the immediate fields
  // alone is a function of the inputs' hashes, and a recurrence (y ← y + h·sin y) iterating it
  // enters a cycle within about 2^16 steps, after which every new key met every earlier key of its
  // hash in the table (quadratic builds past 10^5 steps; a step reading one value twice, v + v,
  // lost 5 bits a step and cycled within about 2^14)
  private final int depth;
  private final KeyScope scope; // where keys built on this one are interned; null: the global table
  // global operation key: the first of its two use slots, OperationKey#nextUse the second (I2);
  // other global key: the last global key its own builder or thread made with it as first operand
  // (a memo; I2); scoped key: the newest key of its scope anchored on it, head of its use list
  // (KeyScope; I3)
  OperationKey lastUse;
  // A position hint, checked by its reader against its own table: where the graph builder that last
  // referred to it externally put it (GraphBuilder), the first value of the node of a builder that
  // last claimed it as its graph's first with it (GraphBuilder, I11), or the site a multi-graph
  // walk gave it (LogicalOrder). Each may overwrite the others'; a reader that finds another number
  // in it lists the key again (a builder's externals), lets the graph look it up (a builder's
  // claims, checked when the graph is built) or looks the key up (a walk).
  int externalHint;
  // the WeakInterner batch that holds this key (I10): the key keeps it alive, and so its table
  // entry; null for a key no global table holds (a key of a scope, an output past slot 0)
  private Object[] batch;

  CanonicalKey(int hash, int depth, KeyScope scope) {
    this.hash = hash;
    this.depth = depth;
    this.scope = scope;
  }

  /** The key's height: 0 for an input key, one more than its highest input's for an operation. */
  final int depth() {
    return depth;
  }

  /** {@code key}'s fields; every value key is a canonical key. */
  static CanonicalKey of(ValueKey key) {
    return (CanonicalKey) key;
  }

  /** The scope keys built on this one are interned in; null: the global table. */
  final KeyScope scope() {
    return scope;
  }

  /** The batch of the {@link WeakInterner} holding this key (I10); null if none holds it. */
  final Object[] batch() {
    return batch;
  }

  /**
   * Links this key, which a {@link WeakInterner} is inserting, to its batch (I10): the key keeps
   * the batch alive, and so its table entry, as long as it lives. Called once, before the key is
   * published.
   */
  final void joinBatch(Object[] batch) {
    this.batch = batch;
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
