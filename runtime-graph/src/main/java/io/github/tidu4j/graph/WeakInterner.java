package io.github.tidu4j.graph;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiPredicate;

/**
 * A thread-safe hash-consing table that holds its canonical instances weakly.
 *
 * <p>Why purpose-built rather than {@code ConcurrentHashMap} or Guava's weak interner: keys are
 * compared by a structural predicate that is cheap only because the candidate's children are already
 * canonical (so it compares them with {@code ==}), the hash is precomputed on the key, and an entry
 * costs one {@link WeakReference} subclass (about 40 bytes) and a table slot, with no wrapper
 * allocated per lookup. Entries whose keys were collected are expunged from a {@link ReferenceQueue}
 * on every insert, so a long-running process that keeps building and dropping graphs keeps a table
 * proportional to its live keys.
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

  /** The number of live entries, after expunging the collected ones. For tests and monitoring. */
  int size() {
    int size = 0;
    for (Segment<K> segment : segments) {
      size += segment.size();
    }
    return size;
  }

  private static final class Entry<K> extends WeakReference<K> {
    final int hash;
    Entry<K> next;

    Entry(K key, int hash, ReferenceQueue<K> queue, Entry<K> next) {
      super(key, queue);
      this.hash = hash;
      this.next = next;
    }
  }

  private static final class Segment<K> extends ReentrantLock {
    private static final long serialVersionUID = 1L;

    private final transient ReferenceQueue<K> queue = new ReferenceQueue<>();
    private transient Entry<K>[] table = newTable(16);
    private int count;

    @SuppressWarnings("unchecked")
    private static <K> Entry<K>[] newTable(int length) {
      return new Entry[length];
    }

    K intern(K candidate, int hash, BiPredicate<K, K> sameStructure) {
      lock();
      try {
        expungeCollected();
        Entry<K>[] tab = table;
        int index = hash & (tab.length - 1);
        for (Entry<K> e = tab[index]; e != null; e = e.next) {
          if (e.hash == hash) {
            K existing = e.get();
            if (existing != null && sameStructure.test(existing, candidate)) {
              return existing;
            }
          }
        }
        tab[index] = new Entry<>(candidate, hash, queue, tab[index]);
        if (++count > (tab.length >>> 1) + (tab.length >>> 2)) {
          resize();
        }
        return candidate;
      } finally {
        unlock();
      }
    }

    int size() {
      lock();
      try {
        expungeCollected();
        return count;
      } finally {
        unlock();
      }
    }

    private void expungeCollected() {
      for (Object ref; (ref = queue.poll()) != null; ) {
        @SuppressWarnings("unchecked")
        Entry<K> stale = (Entry<K>) ref;
        int index = stale.hash & (table.length - 1);
        Entry<K> previous = null;
        for (Entry<K> e = table[index]; e != null; previous = e, e = e.next) {
          if (e == stale) {
            if (previous == null) {
              table[index] = e.next;
            } else {
              previous.next = e.next;
            }
            count--;
            break;
          }
        }
      }
    }

    private void resize() {
      Entry<K>[] old = table;
      Entry<K>[] tab = newTable(old.length << 1);
      int live = 0;
      for (Entry<K> head : old) {
        for (Entry<K> e = head; e != null; ) {
          Entry<K> next = e.next;
          if (e.get() != null) {
            int index = e.hash & (tab.length - 1);
            e.next = tab[index];
            tab[index] = e;
            live++;
          } else {
            e.next = null; // collected; its queue entry will find it absent and skip it
          }
          e = next;
        }
      }
      table = tab;
      count = live;
    }
  }
}
