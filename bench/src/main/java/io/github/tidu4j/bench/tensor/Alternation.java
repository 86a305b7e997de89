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
    long until = System.nanoTime() + warmupNanos;
    while (System.nanoTime() < until) {
      a.run();
      b.run();
    }
    long[] ta = new long[pairs];
    long[] tb = new long[pairs];
    double[] ratio = new double[pairs];
    for (int r = 0; r < pairs; r++) {
      long t0 = System.nanoTime();
      a.run();
      long t1 = System.nanoTime();
      b.run();
      long t2 = System.nanoTime();
      ta[r] = t1 - t0;
      tb[r] = t2 - t1;
      ratio[r] = ta[r] / (double) tb[r];
    }
    Arrays.sort(ta);
    Arrays.sort(tb);
    Arrays.sort(ratio);
    return new Result(ta[pairs / 2], tb[pairs / 2], ratio[pairs / 2], pairs);
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
