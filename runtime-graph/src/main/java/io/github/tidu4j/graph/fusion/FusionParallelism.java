package io.github.tidu4j.graph.fusion;

import io.github.tidu4j.graph.CommonPool;
import io.github.tidu4j.graph.SystemProperties;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

/**
 * How a {@link FusedProgram} splits a large fused loop across threads: the executor that runs the
 * helper tasks, the most threads working on one region (the calling thread included), and the
 * threshold of work below which a region runs on the calling thread alone.
 *
 * <p><b>Work.</b> A region's work is its element count times its cost per element: 1 per cheap
 * member (an elementwise kernel such as {@code Add}, or a sum), {@value #COSTLY_WEIGHT} per costly
 * one (a transcendental kernel: the fusion set's {@code costly} operations); a region splits when
 * its work reaches the threshold and it has at least two blocks of {@value BlockedSum#BLOCK}
 * elements. The default threshold, {@value #DEFAULT_THRESHOLD} (2²⁰), is the least work from which
 * two threads beat one for every region bench {@code FusionSplitBenchmark} measures on an idle
 * two-core machine (a cheap add, eight cheap kernels and a sum, an exp and a sum: 1.35–1.56× at
 * about 2²⁰, a loss or no gain at half of it); the system property {@value #THRESHOLD_PROPERTY}
 * overrides it, and {@value #THREADS_PROPERTY} the thread count ({@code 1}:
 * every loop runs on the calling thread).
 *
 * <p><b>Same values whatever the split.</b> The loop runs in blocks of {@value BlockedSum#BLOCK}
 * elements, claimed by the threads in index order; a block writes only its own elements, and its
 * sums are partial sums added in block order ({@link BlockedSum}), so the results are the same
 * bits for every thread count, executor and threshold, and equal the unfused program's.
 *
 * <pre>{@code
 * FusionParallelism four = FusionParallelism.of(ForkJoinPool.commonPool(), 4, 1 << 18);
 * FusedProgram<TensorOp, Tensor> fused =
 *     TensorFusion.exactSet().withParallelism(four).fuse(program);
 * FusionParallelism.serial();    // every region on the calling thread
 * }</pre>
 */
public final class FusionParallelism {
  /** The system property giving the default thread count (an integer, at least 1). */
  public static final String THREADS_PROPERTY = "tidu4j.fusion.threads";

  /** The system property giving the default threshold (elements × cost, at least 0). */
  public static final String THRESHOLD_PROPERTY = "tidu4j.fusion.threshold";

  /** The cost per element of a costly member, in cheap members. */
  public static final int COSTLY_WEIGHT = 16;

  /** The default threshold of work (elements × cost per element) for a region to split. */
  public static final long DEFAULT_THRESHOLD = 1L << 20;

  private static final FusionParallelism SERIAL =
      new FusionParallelism(Runnable::run, 1, Long.MAX_VALUE);

  private final Executor executor;
  private final int threads;
  private final long threshold;

  private FusionParallelism(Executor executor, int threads, long threshold) {
    this.executor = executor;
    this.threads = threads;
    this.threshold = threshold;
  }

  /**
   * Splitting with {@code executor}: at most {@code threads} threads (the caller and {@code
   * threads − 1} tasks given to {@code executor}) on a region whose work reaches {@code
   * threshold}. The caller runs every block no task has taken, so a task that starts late delays
   * nothing; but one {@code executor} accepts and never runs keeps the loop's arrays reachable.
   *
   * @throws IllegalArgumentException if {@code threads} is less than 1 or {@code threshold} is
   *     negative
   */
  public static FusionParallelism of(Executor executor, int threads, long threshold) {
    Objects.requireNonNull(executor, "executor");
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1: " + threads);
    }
    if (threshold < 0) {
      throw new IllegalArgumentException("threshold must not be negative: " + threshold);
    }
    return new FusionParallelism(executor, threads, threshold);
  }

  /** No splitting: every region runs on the calling thread. */
  public static FusionParallelism serial() {
    return SERIAL;
  }

  /**
   * The default: {@link ForkJoinPool#commonPool()}, as many threads as processors and {@value
   * #DEFAULT_THRESHOLD}, unless the system properties {@value #THREADS_PROPERTY} and {@value
   * #THRESHOLD_PROPERTY} say otherwise (read on each call); {@link #serial()} if the common pool
   * starts no worker ({@link CommonPool#helpers()}).
   *
   * @throws IllegalArgumentException naming the property if one is set to a value out of range or
   *     not an integer
   */
  public static FusionParallelism defaults() {
    int threads = threadsProperty(Runtime.getRuntime().availableProcessors());
    long threshold = thresholdProperty();
    if (threads == 1) {
      return SERIAL; // the common pool is not even looked at
    }
    ForkJoinPool pool = CommonPool.helpers();
    return pool == null ? SERIAL : of(pool, threads, threshold);
  }

  /**
   * Checks the system properties {@link #defaults()} reads ({@value #THREADS_PROPERTY}, {@value
   * #THRESHOLD_PROPERTY}) and the vector loops' ({@value VectorLoops#PROPERTY}, {@value
   * VectorLoops#MAX_BYTES_PROPERTY}) without making anything: a runtime that promotes programs to fused loops
   * once they are hot calls it when it starts, so that a bad value fails there rather than as a
   * promotion failure later.
   *
   * @throws IllegalArgumentException naming the property if one is set to a value out of range or
   *     not an integer
   */
  public static void checkProperties() {
    threadsProperty(1);
    thresholdProperty();
    // the vector loops' two, read by VectorLoops when a loop is first generated (its constants
    // are compile-time ones: naming them here does not initialise it)
    vectorLoopMaxBytes();
    vectorLoopsAllowed();
  }

  /**
   * Whether the system property {@value VectorLoops#PROPERTY} lets loops use vectors: {@code auto}
   * (the default) yes, {@code off} no.
   *
   * @throws IllegalArgumentException naming the property if it is neither
   */
  static boolean vectorLoopsAllowed() {
    return SystemProperties.choice(VectorLoops.PROPERTY, "auto", "off").equals("auto");
  }

  /** {@value #THREADS_PROPERTY}: an int of at least 1, or {@code fallback} if it is not set. */
  private static int threadsProperty(int fallback) {
    return (int)
        SystemProperties.longValue(
            THREADS_PROPERTY, fallback, 1, Integer.MAX_VALUE, "a number of threads");
  }

  /** {@value #THRESHOLD_PROPERTY}: a long of at least 0, or {@value #DEFAULT_THRESHOLD}. */
  private static long thresholdProperty() {
    return SystemProperties.longValue(
        THRESHOLD_PROPERTY, DEFAULT_THRESHOLD, 0, Long.MAX_VALUE, "an integer");
  }

  /**
   * {@value VectorLoops#MAX_BYTES_PROPERTY}: a long of at least 0, or {@value
   * VectorLoops#DEFAULT_MAX_BYTES}.
   */
  static long vectorLoopMaxBytes() {
    return SystemProperties.longValue(
        VectorLoops.MAX_BYTES_PROPERTY, VectorLoops.DEFAULT_MAX_BYTES, 0, Long.MAX_VALUE,
        "an integer");
  }

  /** The executor running the helper tasks. */
  public Executor executor() {
    return executor;
  }

  /** The most threads working on one region, the calling thread included. */
  public int threads() {
    return threads;
  }

  /** The work (elements × cost per element) from which a region splits. */
  public long threshold() {
    return threshold;
  }

  /** How many threads a region of {@code n} elements and {@code cost} per element uses. */
  int threadsFor(int n, int cost) {
    if (threads == 1 || (long) n * cost < threshold) {
      return 1;
    }
    return Math.min(threads, BlockedSum.blocks(n));
  }

  /** Equal options: the same executor (by identity), thread count and threshold. */
  @Override
  public boolean equals(Object o) {
    return o instanceof FusionParallelism other
        && executor == other.executor
        && threads == other.threads
        && threshold == other.threshold;
  }

  @Override
  public int hashCode() {
    return (System.identityHashCode(executor) * 31 + threads) * 31 + Long.hashCode(threshold);
  }

  @Override
  public String toString() {
    return threads == 1
        ? "FusionParallelism[serial]"
        : "FusionParallelism[threads=" + threads + ", threshold=" + threshold + ", executor="
            + executor + "]";
  }
}
