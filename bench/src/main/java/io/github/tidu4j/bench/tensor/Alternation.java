package io.github.tidu4j.bench.tensor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Two variants timed call by call in turn, for a loaded machine: where JMH runs one variant after
 * the other and the load changes between them, alternating calls see the same load, and the median
 * of the per-pair ratios is what a side-by-side comparison needs.
 *
 * <pre>{@code
 * Alternation.Result r = Alternation.run(1_000_000_000L, 200, serial::run, split::run);
 * r.ratio();   // median of (time of a) / (time of b) over the pairs
 * }</pre>
 */
final class Alternation {
  private Alternation() {}

  /**
   * Medians of {@code a}'s and {@code b}'s times and of their ratio a / b, in ns.
   *
   * @param a median time of a call of the first variant
   * @param b median time of a call of the second
   * @param ratio median over the pairs of a / b
   * @param pairs the pairs timed
   */
  record Result(long a, long b, double ratio, int pairs) {}

  /**
   * Warms both up for {@code warmupNanos} (alternating), then times {@code pairs} pairs of calls,
   * each pair {@code a} then {@code b}.
   */
  static Result run(long warmupNanos, int pairs, Runnable a, Runnable b) {
    Rounds r = rounds(warmupNanos, pairs, a, b);
    return new Result(r.median(0), r.median(1), r.ratio(0, 1), pairs);
  }

  /**
   * Warms every variant up for {@code warmupNanos} (in turn), then times {@code rounds} rounds,
   * each calling every variant once, in the order given.
   *
   * <pre>{@code
   * Alternation.Rounds r = Alternation.rounds(1_000_000_000L, 40, fused::run, hand::run, alloc::run);
   * r.ratio(0, 1);   // median over the rounds of (time of fused) / (time of hand)
   * }</pre>
   */
  static Rounds rounds(long warmupNanos, int rounds, Runnable... variants) {
    return time(warmupNanos, rounds, () -> {}, false, variants);
  }

  /**
   * As {@link #rounds}, but round {@code r} starts at variant {@code r mod variants.length} (so
   * that no variant always runs right after the same one, whose traffic may have evicted its
   * arrays), and {@code before} runs untimed before every timed call (to evict the caches, say).
   */
  static Rounds roundsRotated(
      long warmupNanos, int rounds, Runnable before, Runnable... variants) {
    return time(warmupNanos, rounds, before, true, variants);
  }

  private static Rounds time(
      long warmupNanos, int rounds, Runnable before, boolean rotate, Runnable... variants) {
    long until = System.nanoTime() + warmupNanos;
    while (System.nanoTime() < until) {
      for (Runnable v : variants) {
        v.run();
      }
    }
    long[][] times = new long[rounds][variants.length];
    for (int r = 0; r < rounds; r++) {
      for (int j = 0; j < variants.length; j++) {
        int k = rotate ? (j + r) % variants.length : j;
        before.run();
        long t0 = System.nanoTime();
        variants[k].run();
        times[r][k] = System.nanoTime() - t0;
      }
    }
    return new Rounds(times);
  }

  /** The times of rounds of calls, {@code times[round][variant]} in ns, and their medians. */
  static final class Rounds {
    private final long[][] times;

    private Rounds(long[][] times) {
      this.times = times;
    }

    /** The median time of a call of {@code variant}. */
    long median(int variant) {
      long[] t = new long[times.length];
      for (int r = 0; r < t.length; r++) {
        t[r] = times[r][variant];
      }
      Arrays.sort(t);
      return t[t.length / 2];
    }

    /** The median over the rounds of (time of {@code i}) / (time of {@code j}) in that round. */
    double ratio(int i, int j) {
      double[] q = new double[times.length];
      for (int r = 0; r < q.length; r++) {
        q[r] = times[r][i] / (double) times[r][j];
      }
      Arrays.sort(q);
      return q[q.length / 2];
    }
  }

  /** Four times this machine kind's L3 cache: what {@link #cacheEvictor} reads. */
  static final int EVICT_BYTES = 128 << 20;

  // the evictor's sums go here, so that the JIT keeps its reads
  private static volatile double evicted;

  /**
   * A call that evicts the caches by reading one element per 64-byte line of a fresh array of
   * {@link #EVICT_BYTES}: run untimed before each timed call ({@link #roundsRotated}), it makes
   * every variant stream its arrays from memory.
   */
  static Runnable cacheEvictor() {
    double[] v = new double[EVICT_BYTES / Double.BYTES];
    Arrays.fill(v, 1.0);
    return () -> {
      double s = 0;
      for (int i = 0; i < v.length; i += 8) {
        s += v[i];
      }
      evicted = s;
    };
  }

  /** Calls {@code call} {@code times} times: one timed sample of several short calls. */
  static void repeat(int times, Runnable call) {
    for (int i = 0; i < times; i++) {
      call.run();
    }
  }

  /** The load average line of {@code /proc/loadavg}, or "unknown". */
  static String load() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).strip();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
