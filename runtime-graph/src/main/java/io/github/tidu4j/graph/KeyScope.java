package io.github.tidu4j.graph;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Where the keys built on the fresh inputs of one pass are hash-consed: the keys of a transform's
 * new graph, instead of the process-wide weak table.
 *
 * <p>Why: a transform such as {@code linearize} creates thousands of keys that no earlier graph can
 * hold, because each depends on a tangent input that did not exist before the pass. Interning them
 * in the global table meant probing a large, cache-cold table (and allocating a weak reference)
 * for every one of them. A scope is a small open-addressing table, hot in cache while its pass
 * runs, with no weak references: its keys hold the scope and the scope holds its keys, so the
 * whole scope is reclaimed at once when none of its keys is reachable any more.
 *
 * <p>Identity is unchanged: an operation key belongs to the scope of its <em>newest</em> input (the
 * scope with the largest id among its inputs' scopes), or to the global table if none of its inputs
 * is scoped. That choice depends only on the (canonical) inputs, so every construction of one
 * structure looks in the same table and finds the same canonical instance. An input key is scoped
 * if it is first created through a builder of a scope ({@link Graph#builder(KeyScope)}); an input
 * key that existed already keeps the table it had.
 *
 * <pre>{@code
 * KeyScope pass = KeyScope.open();
 * GraphBuilder<Ops> b = Graph.builder(pass);
 * ValueRef.Local dx = b.input(tangentKey);       // scoped: keys built on it go to pass's table
 * }</pre>
 *
 * <p>Thread-safe. Memory: a scope lives as long as any of its keys, and keeps every key created in
 * it until then (about one table slot and one hash per key).
 */
public final class KeyScope {
  private static final AtomicLong IDS = new AtomicLong();

  private final long id;
  // Keys are held in chunks below G1's humongous threshold (half a region: 512 KB at the smallest
  // region size), so a big pass's table is allocated young, not as one old humongous array into
  // which every insert would store a young reference through G1's slow write barrier.
  private static final int CHUNK_BITS = 15;
  private static final int CHUNK = 1 << CHUNK_BITS;
  private OperationKey[][] keys;
  /** The probing hash of each slot; 0 marks an empty slot (a real hash of 0 is probed as 1). */
  private int[] hashes;
  private int count;

  private KeyScope(long id, int capacity) {
    this.id = id;
    this.keys = newKeys(capacity);
    this.hashes = new int[capacity];
  }

  private static OperationKey[][] newKeys(int capacity) {
    int chunk = Math.min(capacity, CHUNK);
    OperationKey[][] chunks = new OperationKey[(capacity + chunk - 1) / chunk][];
    for (int c = 0; c < chunks.length; c++) {
      chunks[c] = new OperationKey[chunk];
    }
    return chunks;
  }

  /** A new scope, newer than every scope opened before it. */
  public static KeyScope open() {
    return open(16);
  }

  /**
   * A new scope sized for about {@code expectedKeys} keys, so a pass that knows its size does not
   * rehash its table as it grows.
   */
  public static KeyScope open(int expectedKeys) {
    int capacity = 64;
    while (capacity >>> 1 < expectedKeys && capacity < 1 << 30) {
      capacity <<= 1;
    }
    return new KeyScope(IDS.incrementAndGet(), capacity);
  }

  /** The number of keys interned in this scope. For tests and monitoring. */
  public synchronized int size() {
    return count;
  }

  long id() {
    return id;
  }

  /** The newer of two scopes; {@code null} is the global table, older than every scope. */
  static KeyScope newer(KeyScope a, KeyScope b) {
    if (a == null) {
      return b;
    }
    return b == null || a.id >= b.id ? a : b;
  }

  /** The canonical key structurally equal to {@code candidate}, inserting it if absent. */
  synchronized OperationKey intern(OperationKey candidate, int hash) {
    int h = hash == 0 ? 1 : hash;
    int mask = hashes.length - 1;
    int i = h & mask;
    for (int probe = hashes[i]; probe != 0; probe = hashes[i]) {
      if (probe == h) {
        OperationKey existing = keys[i >>> CHUNK_BITS][i & (CHUNK - 1)];
        if (OperationKey.sameStructure(existing, candidate)) {
          return existing;
        }
      }
      i = (i + 1) & mask;
    }
    keys[i >>> CHUNK_BITS][i & (CHUNK - 1)] = candidate;
    hashes[i] = h;
    if (++count > hashes.length >>> 1) {
      grow();
    }
    return candidate;
  }

  private void grow() {
    OperationKey[][] oldKeys = keys;
    int[] oldHashes = hashes;
    keys = newKeys(oldHashes.length << 1);
    hashes = new int[oldHashes.length << 1];
    int mask = hashes.length - 1;
    for (int j = 0; j < oldHashes.length; j++) {
      int h = oldHashes[j];
      if (h != 0) {
        int i = h & mask;
        while (hashes[i] != 0) {
          i = (i + 1) & mask;
        }
        hashes[i] = h;
        keys[i >>> CHUNK_BITS][i & (CHUNK - 1)] = oldKeys[j >>> CHUNK_BITS][j & (CHUNK - 1)];
      }
    }
  }

  @Override
  public String toString() {
    return "KeyScope#" + id;
  }
}
