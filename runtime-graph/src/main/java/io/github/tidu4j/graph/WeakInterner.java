package io.github.tidu4j.graph;

import java.lang.ref.WeakReference;
import java.util.function.BiPredicate;

/**
 * A thread-safe hash-consing table that holds its canonical instances weakly: the global table of
 * input and operation keys (a transform's own keys go to its {@link KeyScope} instead).
 *
 * <p>Why purpose-built rather than {@code ConcurrentHashMap} or Guava's weak interner: keys are
 * compared by a structural predicate that is cheap only because the candidate's children are already
 * canonical (so it compares them with {@code ==}), the hash is precomputed on the key, and an entry
 * costs one {@link WeakReference} subclass (about 32 bytes) and a table slot, with no wrapper
 * allocated per lookup.
 *
 * <p>Reclamation without a reference queue: entries whose keys were collected are dropped when a
 * segment fills up and is rebuilt (sized by its live entries, so it also shrinks). Queued references would cost every key an enqueue by the
 * reference-handler thread and a dequeue under the segment lock; without a queue the collector only
 * clears the referent. A segment's table therefore holds at most about twice its live entries, and
 * a process that keeps building and dropping graphs keeps memory proportional to its live keys.
 *
 * <p>Concurrency: the table is split into {@value #SEGMENTS} lock-striped segments chosen by the high
 * bits of the hash, so threads interning unrelated keys rarely meet on a lock.
 *
 * @param <K> the canonical type
 */
final class WeakInterner<K> {
  private static final int SEGMENTS = 64;
  private static final int SEGMENT_SHIFT = 32 - Integer.numberOfTrailingZeros(SEGMENTS);

  private final BiPredicate<K, K> sameStructure;
  private final Segment<K>[] segments;

  @SuppressWarnings("unchecked")
  WeakInterner(BiPredicate<K, K> sameStructure) {
    this.sameStructure = sameStructure;
    this.segments = new Segment[SEGMENTS];
    for (int i = 0; i < SEGMENTS; i++) {
      segments[i] = new Segment<>();
    }
  }

  /**
   * Returns the canonical instance structurally equal to {@code candidate}, inserting {@code
   * candidate} if there is none. {@code hash} must be the candidate's structural hash, already mixed.
   */
  K intern(K candidate, int hash) {
    return segments[hash >>> SEGMENT_SHIFT].intern(candidate, hash, sameStructure);
  }

  /** The number of live entries, after dropping the collected ones. For tests and monitoring. */
  int size() {
    int size = 0;
    for (Segment<K> segment : segments) {
      size += segment.purge();
    }
    return size;
  }

  private static final class Entry<K> extends WeakReference<K> {
    final int hash;
    Entry<K> next;

    Entry(K key, int hash, Entry<K> next) {
      super(key);
      this.hash = hash;
      this.next = next;
    }
  }

  private static final class Segment<K> {
    private static final int MIN_CAPACITY = 16;
    private static final int FULL_SCAN_LIMIT = 64;

    private Entry<K>[] table = newTable(MIN_CAPACITY);
    /** Entries in the table, live or cleared. */
    private int count;

    @SuppressWarnings("unchecked")
    private static <K> Entry<K>[] newTable(int length) {
      return new Entry[length];
    }

    synchronized K intern(K candidate, int hash, BiPredicate<K, K> sameStructure) {
      Entry<K>[] tab = table;
      int index = hash & (tab.length - 1);
      for (Entry<K> e = tab[index]; e != null; e = e.next) {
        if (e.hash == hash) { // read the referent only on a hash match: get() has a GC barrier
          K existing = e.get();
          if (existing != null && sameStructure.test(existing, candidate)) {
            return existing;
          }
        }
      }
      // relies on I1: an entry is in the chain its structural hash picks, so a miss there is a
      // miss in the table
      if (Checks.ENABLED && Checks.active() && (count <= FULL_SCAN_LIMIT || (hash & 0xffff) == 0)) {
        checkAbsent(candidate, sameStructure);
      }
      tab[index] = new Entry<>(candidate, hash, tab[index]);
      if (++count > (tab.length >>> 1) + (tab.length >>> 2)) {
        rebuild();
      }
      return candidate;
    }

    /**
     * The checks mode's full lookup of I1: no live entry of any chain has {@code candidate}'s
     * structure. A scan of the whole segment, so done for every miss only while the segment holds
     * at most {@link #FULL_SCAN_LIMIT} entries, and past that for one candidate hash in 65536.
     */
    private void checkAbsent(K candidate, BiPredicate<K, K> sameStructure) {
      for (Entry<K> head : table) {
        for (Entry<K> e = head; e != null; e = e.next) {
          K existing = e.get();
          if (existing != null && sameStructure.test(existing, candidate)) {
            throw Checks.broken(
                Checks.I1, "the key " + candidate, "none in its chain (a new instance)",
                KeyChecks.identity(existing) + " in chain " + (e.hash & (table.length - 1)));
          }
        }
      }
    }

    /** Drops collected entries; returns the live count. */
    synchronized int purge() {
      rebuildTo(table.length);
      return count;
    }

    /** Rebuilds the table without its collected entries, at a size fit for the live ones. */
    private void rebuild() {
      int live = 0;
      for (Entry<K> head : table) {
        for (Entry<K> e = head; e != null; e = e.next) {
          if (e.get() != null) {
            live++;
          }
        }
      }
      int capacity = MIN_CAPACITY;
      while (capacity * 3 / 8 < live) { // live at most 37.5% full: room to grow before the next rebuild
        capacity <<= 1;
      }
      rebuildTo(capacity);
    }

    private void rebuildTo(int capacity) {
      Entry<K>[] old = table;
      Entry<K>[] tab = newTable(capacity);
      int live = 0;
      for (Entry<K> head : old) {
        for (Entry<K> e = head; e != null; ) {
          Entry<K> next = e.next;
          if (e.get() != null) {
            int index = e.hash & (capacity - 1);
            e.next = tab[index];
            tab[index] = e;
            live++;
          }
          e = next;
        }
      }
      table = tab;
      count = live;
    }
  }
}
