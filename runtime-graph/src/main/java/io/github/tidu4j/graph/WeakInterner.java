package io.github.tidu4j.graph;

import java.util.function.BiPredicate;

/**
 * A thread-safe hash-consing table that holds its canonical instances weakly: the global table of
 * input and operation keys (a transform's own keys go to its {@link KeyScope} instead, and most
 * operation keys to their first input's use slots, with a batch here but no entry: {@link
 * #adopt}).
 *
 * <p>Why purpose-built rather than {@code ConcurrentHashMap} or Guava's weak interner: keys are
 * compared by a structural predicate that is cheap only because the candidate's children are already
 * canonical (so it compares them with {@code ==}), the hash is precomputed on the key, and the
 * table holds no object per key: each entry is a {@code long} in an open-addressing array, the
 * key's hash and its place in one of the {@link KeyBatches} (the batch's number and the key's
 * index in it). Keys are held weakly a batch at a time: the registry keeps one weak reference per
 * batch of up to {@value KeyBatches#SIZE} keys, each key refers to its batch, so a batch is
 * collected once none of its keys can be reached (invariant I10 of {@code docs/identity-core.md}).
 * A batch holds neighbouring keys of one graph builder, which live and die together. A segment
 * grows past 7/8 full, so a key costs about 9 to 18 bytes of table and 5 of batch, where a {@code
 * WeakReference} per key costs 40 and its slot, and more work for the collector, which discovers
 * and clears every one of them.
 *
 * <p>Reclamation: entries of collected batches are skipped by lookups and dropped when their
 * segment fills up and is rebuilt (sized by its live entries, so it also shrinks), and, once the
 * collected batches are many and hold as many keys as half the live ones, by a sweep of every
 * segment that the next interning thread runs; a batch's number is reused only after such a sweep.
 * So a process that keeps building and dropping graphs keeps memory proportional to the keys its
 * live graphs reach, which includes, through the use slots and memos, some keys of dropped graphs
 * that consume live keys (I2 of {@code docs/identity-core.md}).
 *
 * <p>Concurrency: the table is split into {@value #SEGMENTS} lock-striped segments chosen by the high
 * bits of the hash, so threads interning unrelated keys rarely meet on a lock; each builder, and
 * each thread for keys made outside builders, fills batches of its own.
 *
 * @param <K> the canonical type
 */
final class WeakInterner<K extends CanonicalKey> {
  // 256 segments: besides spreading the locks, this keeps a segment's table of a few million keys
  // below G1's humongous threshold (half a region: 512 KB at the smallest region size, 65,536
  // entries), where a larger array would take whole regions of its own
  private static final int SEGMENTS = 256;
  private static final int SEGMENT_SHIFT = 32 - Integer.numberOfTrailingZeros(SEGMENTS);

  private final BiPredicate<K, K> sameStructure;
  private final KeyBatches batches;
  private final Segment<K>[] segments;
  private final Object sweeping = new Object();

  /** A table whose keys made outside graph builders are batched by thread, 64 at most a batch. */
  WeakInterner(BiPredicate<K, K> sameStructure) {
    this(sameStructure, KeyBatches.SIZE);
  }

  /**
   * A table whose keys made outside graph builders are batched by thread, {@code threadBatchSize}
   * at most a batch (1: each such key is reclaimed alone).
   */
  @SuppressWarnings("unchecked")
  WeakInterner(BiPredicate<K, K> sameStructure, int threadBatchSize) {
    this.sameStructure = sameStructure;
    this.batches = new KeyBatches(threadBatchSize);
    this.segments = new Segment[SEGMENTS];
    for (int i = 0; i < SEGMENTS; i++) {
      segments[i] = new Segment<>(batches);
    }
  }

  /**
   * Returns the canonical instance structurally equal to {@code candidate}, inserting {@code
   * candidate} if there is none. {@code hash} must be the candidate's structural hash, already mixed.
   */
  K intern(K candidate, int hash) {
    return intern(candidate, hash, null);
  }

  /**
   * As {@link #intern(CanonicalKey, int)}; a new key goes to the batch {@code filler} fills (the
   * calling thread's if null).
   */
  K intern(K candidate, int hash, KeyBatches.Filler filler) {
    K key = segments[hash >>> SEGMENT_SHIFT].intern(candidate, hash, sameStructure, filler);
    if (key == candidate) {
      sweepIfDue();
    }
    return key;
  }

  /**
   * Puts {@code candidate}, a new key that its caller holds elsewhere (a use slot of its first
   * input: I2 of {@code docs/identity-core.md}), in a batch {@code filler} fills, without a table
   * entry: its batch link still tells its graph builder that it made the key (I11), and the batch
   * is registered, collected and swept like any. In the checks mode the key is interned in the
   * table as well, so that every lookup the slots answer can be compared with the table's: then
   * the table's instance is returned if it has the structure already (the caller's invariant
   * broken), unless the checks are off on this thread.
   */
  K adopt(K candidate, int hash, KeyBatches.Filler filler) {
    if (Checks.ENABLED) {
      K key = segments[hash >>> SEGMENT_SHIFT].intern(candidate, hash, sameStructure, filler);
      if (key == candidate || Checks.active()) {
        return key;
      }
    }
    batches.add(candidate, filler);
    return candidate;
  }

  /** Sweeps the table if enough batches were collected since the last sweep (see below). */
  void sweepIfDue() {
    if (batches.sweepDue()) {
      sweep();
    }
  }

  /**
   * Drops the entries of every collected batch from every segment, one segment at a time, then
   * frees the batches' numbers. One thread sweeps at a time; another that finds a sweep due
   * meanwhile goes on (the flag is cleared when the sweep starts).
   */
  private void sweep() {
    synchronized (sweeping) {
      if (!batches.sweepDue()) {
        return;
      }
      int[] numbers = batches.sweepable();
      for (Segment<K> segment : segments) {
        segment.purge();
      }
      batches.free(numbers); // relies on I10: no segment names these batches any more
    }
  }

  /**
   * The number of live entries, after dropping the collected ones: the keys of batches that are
   * alive, so a key nobody reaches counts until the rest of its batch is collected. For tests and
   * monitoring.
   */
  int size() {
    int size = 0;
    for (Segment<K> segment : segments) {
      size += segment.purge();
    }
    return size;
  }

  /** Whether the table has an entry for {@code key} itself (not a key in a use slot). For tests. */
  boolean hasEntry(K key) {
    return segments[key.hashCode() >>> SEGMENT_SHIFT].hasEntry(key);
  }

  /** The checks mode's test hook: the interner's batch registry. */
  KeyBatches batches() {
    return batches;
  }

  private static final class Segment<K extends CanonicalKey> {
    private static final int MIN_CAPACITY = 16;
    private static final int FULL_SCAN_LIMIT = 64;

    private final KeyBatches batches;
    /** Each entry: the hash (0 probed as 1) in the high half, the key's place in the low; 0 is empty. */
    private long[] table = new long[MIN_CAPACITY];
    /** Entries in the table, live or collected. */
    private int count;

    Segment(KeyBatches batches) {
      this.batches = batches;
    }

    private static long entry(int hash, int place) {
      return (long) hash << 32 | (place & 0xffffffffL);
    }

    @SuppressWarnings("unchecked")
    synchronized K intern(
        K candidate, int hash, BiPredicate<K, K> sameStructure, KeyBatches.Filler filler) {
      long[] tab = table;
      int h = hash == 0 ? 1 : hash;
      int mask = tab.length - 1;
      int i = h & mask;
      for (long e = tab[i]; e != 0; e = tab[i = (i + 1) & mask]) {
        if ((int) (e >>> 32) == h) { // resolve the place only on a hash match
          Object[] batch = batches.batchAt((int) e);
          if (batch != null) {
            K existing = (K) batch[(int) e & (KeyBatches.SIZE - 1)];
            if (sameStructure.test(existing, candidate)) {
              if (Checks.ENABLED) {
                KeyChecks.checkBatch(existing, batch, (int) e);
              }
              return existing;
            }
          }
        }
      }
      // relies on I1: an entry is in the probe run its structural hash starts, so a miss there is
      // a miss in the table
      if (Checks.ENABLED && Checks.active() && (count <= FULL_SCAN_LIMIT || (hash & 0xffff) == 0)) {
        checkAbsent(candidate, sameStructure);
      }
      tab[i] = entry(h, batches.add(candidate, filler));
      // rebuilt past 7/8 full: an entry holds its hash, so a long probe run costs reads of adjacent
      // longs (eight to a cache line) and no key, and the table, 8 bytes a slot, is the largest
      // part of a key's cost in the table; a table half to 7/8 full holds 9 to 16 bytes per key
      if (++count > tab.length - (tab.length >>> 3)) {
        rebuild();
      }
      return candidate;
    }

    /**
     * The checks mode's full lookup of I1: no live entry of the segment has {@code candidate}'s
     * structure. A scan of the whole segment, so done for every miss only while the segment holds
     * at most {@link #FULL_SCAN_LIMIT} entries, and past that for one candidate hash in 65536.
     */
    @SuppressWarnings("unchecked")
    private void checkAbsent(K candidate, BiPredicate<K, K> sameStructure) {
      for (int i = 0; i < table.length; i++) {
        long e = table[i];
        K existing = e != 0 ? (K) batches.at((int) e) : null;
        if (existing != null && sameStructure.test(existing, candidate)) {
          throw Checks.broken(
              Checks.I1, "the key " + candidate, "none in its probe run (a new instance)",
              KeyChecks.identity(existing) + " in slot " + i);
        }
      }
    }

    synchronized boolean hasEntry(K key) {
      long[] tab = table;
      int h = key.hashCode() == 0 ? 1 : key.hashCode();
      int mask = tab.length - 1;
      int i = h & mask;
      for (long e = tab[i]; e != 0; e = tab[i = (i + 1) & mask]) {
        if ((int) (e >>> 32) == h && batches.at((int) e) == key) {
          return true;
        }
      }
      return false;
    }

    /** Drops collected entries (and shrinks the table if they were most); returns the live count. */
    synchronized int purge() {
      rebuild();
      return count;
    }

    /** Rebuilds the table without its collected entries, at a size fit for the live ones. */
    private void rebuild() {
      int live = 0;
      for (long e : table) {
        if (e != 0 && batches.isLive((int) e)) {
          live++;
        }
      }
      int capacity = MIN_CAPACITY;
      while (capacity >>> 1 < live) { // live at most half full: room to grow before the next rebuild
        capacity <<= 1;
      }
      rebuildTo(capacity);
    }

    private void rebuildTo(int capacity) {
      long[] old = table;
      long[] tab = new long[capacity];
      int mask = capacity - 1;
      int live = 0;
      for (long e : old) {
        if (e != 0 && batches.isLive((int) e)) {
          int i = (int) (e >>> 32) & mask;
          while (tab[i] != 0) {
            i = (i + 1) & mask;
          }
          tab[i] = e;
          live++;
        }
      }
      table = tab;
      count = live;
    }
  }
}
