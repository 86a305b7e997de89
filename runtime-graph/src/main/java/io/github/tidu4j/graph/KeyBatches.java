package io.github.tidu4j.graph;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Arrays;

/**
 * The batches a {@link WeakInterner} holds its keys in, and the one weak reference per batch that
 * tells the table which of its keys may still be reached.
 *
 * <p>A batch is an array of up to {@value #SIZE} keys interned one after another by one graph
 * builder (or, for keys made outside builders, by one thread: see {@link Filler}), and last the
 * filler itself. Each key refers to its batch ({@link CanonicalKey#joinBatch}) and the batch to its
 * keys; nothing else refers to a batch but this registry's {@link WeakReference}, which its filler
 * shares. So a batch is collected exactly when none of its keys can be reached, and then none of
 * them can: the table drops their entries together, and until then an entry naming a batch and an
 * index resolves to a live key (invariant I10 of {@code docs/identity-core.md}). What that costs:
 * one reference per key in its batch, where the table itself stores ints; what it gives up: a key
 * that nobody reaches is reclaimed only with the last key of its batch.
 *
 * <p>A key's place is {@code number << SHIFT | index}: the batch's number in this registry and the
 * key's index in it. A number is reused only after every entry naming it has been dropped ({@link
 * #sweepable} then {@link #free}).
 */
final class KeyBatches {
  /** The most keys a batch holds: the keys one unreachable key may wait for before it is reclaimed. */
  static final int SIZE = 64;

  static final int SHIFT = Integer.numberOfTrailingZeros(SIZE);
  private static final int INDEX_MASK = SIZE - 1;
  // a sweep of the whole table is worth it only past this many collected batches (and when they
  // hold as many entries as half the live batches): a small table is swept by its own rebuilds
  private static final int MIN_SWEEP = 64;

  private static final class Ref extends WeakReference<Object[]> {
    final int number;

    Ref(Object[] batch, int number, ReferenceQueue<Object[]> queue) {
      super(batch, queue);
      this.number = number;
    }
  }

  /**
   * Where a run of interned keys is batched: a graph builder's own (so a batch holds the keys of
   * one graph, which live and die together), or, for keys made elsewhere, the calling thread's.
   * The batches it fills grow from {@value #FIRST} keys to {@value #SIZE}, so a small graph's keys
   * take a small batch. Used by one thread at a time, and with one registry.
   */
  static final class Filler {
    private static final int FIRST = 4;

    private final int maxSize;
    // the batch being filled, held weakly like every batch: its keys alone keep it alive, so a
    // builder or thread that stops interning keeps none of them; null or cleared: make a new one
    private Ref batch;
    private int fill;
    private int nextSize;

    /** A filler of batches growing from 4 keys to {@value KeyBatches#SIZE}. */
    Filler() {
      this(FIRST, SIZE);
    }

    private Filler(int firstSize, int maxSize) {
      this.nextSize = firstSize;
      this.maxSize = maxSize;
    }
  }

  private final ReferenceQueue<Object[]> collected = new ReferenceQueue<>();
  // written under this object's lock; read without it by a thread that holds the lock of a table
  // segment holding a place made after the write (so the write happened before that read)
  private volatile Ref[] refs = new Ref[64];
  private int nextNumber;
  private int[] free = new int[16];
  private int freeCount;
  // numbers of collected batches taken from the queue, whose entries may still be in the table
  private int[] pending = new int[16];
  private int pendingCount;
  private volatile boolean sweepDue;

  // each thread's filler, held weakly from the thread: a thread's map holds its values strongly,
  // and a Filler there would keep tidu4j's classes, and so a class loader holding a copy of
  // tidu4j, alive as long as the thread. The filler's batch (its last slot) holds it while keys
  // of that batch live; once none does, the next key starts a new filler and batch.
  private final ThreadLocal<WeakReference<Filler>> threadFiller = new ThreadLocal<>();
  private final int threadBatchSize;

  /**
   * A registry whose keys made outside builders are batched by thread, up to {@code
   * threadBatchSize} keys a batch: {@value #SIZE} for operation keys, 1 for input keys (all of
   * which are made outside builders' fillers), which are few and made by unrelated callers: a
   * long-lived input name beside a pass's tangent input would keep the pass's scope alive.
   */
  KeyBatches(int threadBatchSize) {
    if (threadBatchSize < 1 || threadBatchSize > SIZE) {
      throw new IllegalArgumentException("batch size " + threadBatchSize + " not in [1, " + SIZE + "]");
    }
    this.threadBatchSize = threadBatchSize;
  }

  /**
   * Puts {@code key} in the batch {@code filler} is filling (the calling thread's if null; a new
   * batch when it is full), links the key to it, and returns its place. Called by a table segment
   * holding its lock, before the place is stored in the segment.
   */
  int add(CanonicalKey key, Filler filler) {
    Filler f = filler != null ? filler : threadFiller();
    Ref ref = f.batch;
    Object[] batch = ref != null ? ref.get() : null;
    if (batch == null || f.fill == batch.length - 1) {
      batch = new Object[f.nextSize + 1];
      batch[f.nextSize] = f; // the last slot names the filler: see sameFiller
      ref = register(batch);
      f.batch = ref;
      f.fill = 0;
      f.nextSize = Math.min(f.nextSize << 1, f.maxSize);
    }
    int index = f.fill++;
    batch[index] = key;
    key.joinBatch(batch);
    return ref.number << SHIFT | index;
  }

  /** The calling thread's filler, made if it has none or its last was collected. */
  private Filler threadFiller() {
    WeakReference<Filler> ref = threadFiller.get();
    Filler f = ref != null ? ref.get() : null;
    if (f == null) {
      f = threadBatchSize == SIZE ? new Filler() : new Filler(threadBatchSize, threadBatchSize);
      threadFiller.set(new WeakReference<>(f));
    }
    return f;
  }

  /**
   * Whether {@code key} is held in a batch {@code filler} filled: a key its graph builder created
   * (I11 reads it so; the batch's last slot names its filler).
   */
  static boolean filledBy(CanonicalKey key, Filler filler) {
    Object[] batch = key.batch();
    return batch != null && batch[batch.length - 1] == filler;
  }

  /**
   * Whether {@code a} and {@code b} are held in batches of one filler: made by one graph builder
   * (or, outside builders, one thread) in one registry. A key that is not an operation key (an
   * input key) remembers in its last-use memo only keys of its own filler (I2): a memo to a key of
   * another batch keeps that whole batch alive, and an input key may live as long as the program,
   * so a memo across fillers would keep some later graph's batches alive with it.
   */
  static boolean sameFiller(CanonicalKey a, CanonicalKey b) {
    Object[] batchA = a.batch();
    Object[] batchB = b.batch();
    return batchA == batchB
        || (batchA != null
            && batchB != null
            && batchA[batchA.length - 1] == batchB[batchB.length - 1]);
  }

  /** The key at {@code place}, or null if its batch was collected. */
  CanonicalKey at(int place) {
    Ref ref = refs[place >>> SHIFT];
    Object[] batch = ref != null ? ref.get() : null;
    return batch != null ? (CanonicalKey) batch[place & INDEX_MASK] : null;
  }

  /** The batch at {@code place}, or null if it was collected. */
  Object[] batchAt(int place) {
    Ref ref = refs[place >>> SHIFT];
    return ref != null ? ref.get() : null;
  }

  /** Whether the batch of {@code place} is alive, so the entry holding it is kept. */
  boolean isLive(int place) {
    Ref ref = refs[place >>> SHIFT];
    return ref != null && !ref.refersTo(null);
  }

  /** Whether enough batches were collected since the last sweep to sweep the whole table now. */
  boolean sweepDue() {
    return sweepDue;
  }

  private synchronized Ref register(Object[] batch) {
    drainCollected();
    int number = freeCount > 0 ? free[--freeCount] : nextNumber++;
    Ref[] r = refs;
    if (number == r.length) {
      if (number == 1 << (Integer.SIZE - SHIFT - 1)) {
        throw new IllegalStateException(
            "the key table holds " + number + " batches of keys, the most it can number");
      }
      r = Arrays.copyOf(r, r.length << 1);
    }
    Ref ref = new Ref(batch, number, collected);
    r[number] = ref;
    refs = r;
    return ref;
  }

  // Moves the numbers of batches the collector has cleared to the pending list; asks for a sweep
  // once they are many and as many as half the live ones.
  private void drainCollected() {
    for (Ref ref; (ref = (Ref) collected.poll()) != null; ) {
      if (pendingCount == pending.length) {
        pending = Arrays.copyOf(pending, pendingCount << 1);
      }
      pending[pendingCount++] = ref.number;
    }
    int live = nextNumber - freeCount - pendingCount;
    sweepDue = pendingCount >= MIN_SWEEP && pendingCount * 2 >= live;
  }

  /**
   * Takes the numbers of the batches collected so far, for a sweep that will drop every entry
   * naming one of them and then {@linkplain #free free} them.
   */
  synchronized int[] sweepable() {
    drainCollected();
    int[] numbers = Arrays.copyOf(pending, pendingCount);
    pendingCount = 0;
    sweepDue = false;
    return numbers;
  }

  /**
   * Makes {@code numbers} available again. Relies on I10: the caller has dropped every table
   * entry naming one of them since their batches were collected, so none will be read again.
   */
  synchronized void free(int[] numbers) {
    if (freeCount + numbers.length > free.length) {
      free = Arrays.copyOf(free, Math.max(free.length << 1, freeCount + numbers.length));
    }
    Ref[] r = refs;
    for (int number : numbers) {
      r[number] = null;
      free[freeCount++] = number;
    }
  }

  /** The number of batches registered and not freed. For tests and monitoring. */
  synchronized int batchCount() {
    return nextNumber - freeCount;
  }
}
