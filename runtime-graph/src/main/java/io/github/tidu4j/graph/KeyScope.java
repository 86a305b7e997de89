package io.github.tidu4j.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where the keys built on the fresh inputs of one pass are hash-consed: the keys of a transform's
 * new graph, instead of the process-wide weak table.
 *
 * <p>Why: a transform such as {@code linearize} creates thousands of keys that no earlier graph can
 * hold, because each depends on a tangent input that did not exist before the pass. Interning them
 * in the global table would mean probing a large, cache-cold table (and allocating a weak
 * reference) for every one of them. A scope has no weak references: its keys hold the scope, so
 * the scope lives as long as any of its keys.
 *
 * <p>Identity is unchanged: an operation key belongs to the scope of its <em>newest</em> input (the
 * scope with the largest id among its inputs' scopes), or to the global table if none of its inputs
 * is scoped. That choice depends only on the (canonical) inputs, so every construction of one
 * structure looks in the same scope and finds the same canonical instance. An input key is scoped
 * if it is first created through a builder of a scope ({@link Graph#builder(KeyScope)}); an input
 * key that existed already keeps the table it had.
 *
 * <p>Within a scope, a key is found from its <em>anchor</em>, its first input of that scope: each
 * scoped value key heads a short list of the keys anchored on it ({@link #USES_PER_ANCHOR} at
 * most), and only the keys anchored on a value whose list is full go to the scope's hash table.
 * The anchor is a value the caller has just read, and the keys on its list were made shortly after
 * it, so a lookup touches memory that is already in cache, where a probe of a hash table of
 * millions of keys (a big pass's) misses the cache and the TLB at random. A key is reachable from
 * its anchor (or, past a full list, from its scope's table), so it lives as long as its anchor, its
 * users or its scope does, never longer.
 *
 * <pre>{@code
 * KeyScope pass = KeyScope.open();
 * GraphBuilder<Ops> b = Graph.builder(pass);
 * ValueRef.Local dx = b.input(tangentKey);       // scoped: keys built on it are interned in pass
 * }</pre>
 *
 * <p>Thread-safe. A scope {@linkplain #openConfined() opened confined} to a thread interns without
 * locking while its pass runs, since no other thread can reach its keys before the pass hands over
 * its graph; interning in it from another thread meanwhile is an error, not a race.
 */
public final class KeyScope {
  private static final AtomicLong IDS = new AtomicLong();

  /** The most keys a value's use list holds; keys anchored on a value past these go to the table. */
  static final int USES_PER_ANCHOR = 8;

  private final long id;
  // the thread that alone may intern in this scope, until a graph built in it is built; null: any
  // thread, under the scope's lock. Volatile: the release publishes what the owner interned.
  private volatile Thread owner;
  // The table of the keys anchored on values with full use lists, made on the first such key. Keys
  // are held in chunks below G1's humongous threshold (half a region: 512 KB at the smallest region
  // size), so a big table is allocated young, not as one old humongous array into which every
  // insert would store a young reference through G1's slow write barrier.
  private static final int CHUNK_BITS = 15;
  private static final int CHUNK = 1 << CHUNK_BITS;
  private OperationKey[][] keys;
  /** The probing hash of each slot; 0 marks an empty slot (a real hash of 0 is probed as 1). */
  private int[] hashes;
  private int tableCount;
  private int count;

  private KeyScope(long id) {
    this.id = id;
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
    return new KeyScope(IDS.incrementAndGet());
  }

  /**
   * A new scope, as {@link #open()}, confined to the calling thread until a graph built in it is
   * built ({@link GraphBuilder#build()}) or it is {@linkplain #release() released}: until then keys
   * are interned in it without locking, and interning in it from another thread throws. What a
   * transform uses for its pass, whose new keys no other thread can reach before the pass returns
   * its graph, so that a lock taken and released for each of its keys would buy nothing. A builder
   * made on it by that thread defers its keys (see {@link GraphBuilder}).
   */
  public static KeyScope openConfined() {
    KeyScope scope = open();
    scope.owner = Thread.currentThread();
    return scope;
  }

  /**
   * Ends the confinement of a scope opened by {@link #openConfined()}, so any thread may intern in
   * it (under its lock) from now on. Called by the confining thread; does nothing for a scope that
   * is not confined.
   *
   * @throws IllegalStateException if the scope is confined to another thread
   */
  public void release() {
    Thread confinedTo = owner;
    if (confinedTo != null) {
      checkOwner(confinedTo);
      owner = null;
    }
  }

  /** Whether only {@code thread} may intern in this scope for now. */
  boolean isConfinedTo(Thread thread) {
    return owner == thread;
  }

  private void checkOwner(Thread confinedTo) {
    if (confinedTo != Thread.currentThread()) {
      throw new IllegalStateException(
          this
              + " is confined to thread "
              + ThreadNames.of(confinedTo)
              + " until a graph built in it is built; thread "
              + ThreadNames.of(Thread.currentThread())
              + " may not make keys in it yet");
    }
  }

  /** The number of keys interned in this scope. For tests and monitoring. */
  public synchronized int size() {
    return count;
  }

  /**
   * The scope's number: unique, and larger for a scope opened later. A differentiation pass opens
   * one scope and numbers itself with it, so this is also the pass id of the graph built in it.
   */
  public long id() {
    return id;
  }

  /** The newer of two scopes; {@code null} is the global table, older than every scope. */
  static KeyScope newer(KeyScope a, KeyScope b) {
    if (a == null) {
      return b;
    }
    return b == null || a.id >= b.id ? a : b;
  }

  /**
   * The canonical key structurally equal to {@code candidate}, inserting it if absent. {@code
   * anchor} is the candidate's first input of this scope.
   */
  OperationKey intern(OperationKey candidate, ValueKey anchor) {
    Thread confinedTo = owner;
    if (confinedTo != null) {
      checkOwner(confinedTo);
      return checked(internUnlocked(candidate, anchor), candidate, anchor);
    }
    synchronized (this) {
      return checked(internUnlocked(candidate, anchor), candidate, anchor);
    }
  }

  private OperationKey checked(OperationKey key, OperationKey candidate, ValueKey anchor) {
    if (Checks.ENABLED) {
      KeyChecks.checkScoped(this, key, candidate, anchor);
    }
    return key;
  }

  /**
   * The checks mode's full lookup (KeyChecks): every key of this scope with {@code key}'s
   * structure, searched on the whole use list of {@code anchor} and on the table's probe chain of
   * its hash, whether or not the list is full, in the order found. Holds {@code key} if it is
   * reachable as a lookup must reach it.
   */
  List<OperationKey> instancesOf(OperationKey key, ValueKey anchor) {
    List<OperationKey> found = new ArrayList<>(1);
    for (OperationKey k = CanonicalKey.of(anchor).lastUse; k != null; k = k.nextUse()) {
      if (OperationKey.sameStructure(k, key)) {
        found.add(k);
      }
    }
    if (hashes != null) {
      int h = key.hashCode() == 0 ? 1 : key.hashCode();
      int mask = hashes.length - 1;
      for (int i = h & mask; hashes[i] != 0; i = (i + 1) & mask) {
        OperationKey k = keys[i >>> CHUNK_BITS][i & (CHUNK - 1)];
        if (hashes[i] == h && OperationKey.sameStructure(k, key)) {
          found.add(k);
        }
      }
    }
    return found;
  }

  private OperationKey internUnlocked(OperationKey candidate, ValueKey anchor) {
    int hash = candidate.hashCode();
    // relies on I3: a key is on its anchor's list, or in the table only if that list is full, so a
    // miss on a list that is not full is a miss in the scope
    CanonicalKey anchorKey = CanonicalKey.of(anchor);
    OperationKey head = anchorKey.lastUse;
    int length = 0;
    for (OperationKey k = head; k != null; k = k.nextUse()) {
      if (k.hashCode() == hash && OperationKey.sameStructure(k, candidate)) {
        return k;
      }
      length++;
    }
    if (length == USES_PER_ANCHOR) {
      return internInTable(candidate, hash); // a full list: the rest are in the table
    }
    candidate.setNextUse(head);
    anchorKey.lastUse = candidate;
    count++;
    return candidate;
  }

  private OperationKey internInTable(OperationKey candidate, int hash) {
    if (hashes == null) {
      keys = newKeys(64);
      hashes = new int[64];
    }
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
    count++;
    if (++tableCount > hashes.length >>> 1) {
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
