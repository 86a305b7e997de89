package io.github.tidu4j.bench.tensor;

import io.github.tidu4j.primitives.tensor.VectorMath;
import java.util.ArrayList;
import java.util.List;

/**
 * The fused programs against their hand-written limits ({@link HandLoops}), side by side on a
 * loaded machine: every variant timed in turn, round after round, in one JVM ({@link
 * Alternation#rounds}), on one thread, so that the ratios compare calls that saw the same load.
 * Three tables:
 *
 * <ol>
 *   <li>for each function and n: fused / hand-written, forward and gradient, for {@code fuse}
 *       ({@link VectorMath}-block loops) and {@code fuseExact} ({@link Math} per element), and
 *       gradient / forward;
 *   <li>sumExp's gradient floor at the largest n: a fresh {@code double[n]} alone (allocation and
 *       the JVM's zeroing), the hand-written block gradient into a fresh array and into one
 *       allocated once, the fused gradient, and the forwards;
 *   <li>cheap8's forward against the bandwidth references {@link ElementwiseBenchmark#copy} (16 B
 *       per element) and {@link ElementwiseBenchmark#read3} (24 B: what cheap8 must read);
 *   <li>cheap8's gradient floor at the smallest n: the fused forward and gradient (vector loops),
 *       a fresh {@code double[n]} alone, and the vector loop written by hand ({@link
 *       Cheap8VectorLoops}): forward, and gradient into a fresh array and into one allocated
 *       once. Needs {@code jdk.incubator.vector}; the other tables do not;
 *   <li>table 3 again with the caches evicted before every call (a read of a 128 MB array,
 *       untimed), variants in rotating order: at sizes near the L3 cache, each warm call finds a
 *       varying share of its arrays cached by the previous one, and the copy reference with them.
 * </ol>
 *
 * <pre>
 * java -Xms4g -Xmx4g -XX:+AlwaysPreTouch --add-modules jdk.incubator.vector \
 *     -cp bench/target/benchmarks.jar io.github.tidu4j.bench.tensor.HandLimitsSideBySide \
 *     [rounds] [n,n,…] [tables, e.g. 13]
 * </pre>
 */
public final class HandLimitsSideBySide {
  private HandLimitsSideBySide() {}

  private static final long WARMUP_NANOS = 2_000_000_000L;

  // the fresh arrays of table 4 go here, so that the JIT cannot drop their allocation
  private static volatile Object held;

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 41;
    String[] sizes = (args.length > 1 ? args[1] : "1000,1000000").split(",");
    String tables = args.length > 2 ? args[2] : "123";
    System.out.printf("rounds %d, load %s, VectorMath %s%n", rounds, Alternation.load(),
        VectorMath.implementation());
    ElementwiseBenchmark b = new ElementwiseBenchmark();
    if (tables.contains("1")) {
      fusedAgainstHand(b, rounds, sizes);
    }
    if (tables.contains("2")) {
      gradientFloor(b, rounds, Integer.parseInt(sizes[sizes.length - 1]));
    }
    if (tables.contains("3")) {
      bandwidth(b, rounds, sizes, null);
    }
    if (tables.contains("5")) {
      bandwidth(b, rounds, sizes, Alternation.cacheEvictor());
    }
    if (tables.contains("4")) {
      cheap8GradientFloor(b, rounds, Integer.parseInt(sizes[0]));
    }
  }

  private static void cheap8GradientFloor(ElementwiseBenchmark b, int rounds, int n) {
    ElementwiseBenchmark.Vectors v = ElementwiseBenchmark.Vectors.of(n);
    ElementwiseBenchmark.Programs p = ElementwiseBenchmark.Programs.of("cheap8", v, 2, 256);
    double[] dx = new double[n];
    double[] sink = new double[1];
    int batch = batch(n);
    Alternation.Rounds r =
        Alternation.rounds(WARMUP_NANOS, rounds,
            () -> Alternation.repeat(batch, () -> b.forwardFused(p)),
            () -> Alternation.repeat(batch, () -> b.gradientFused(p)),
            () -> Alternation.repeat(batch, () -> held = b.allocate(v)),
            () -> Alternation.repeat(batch,
                () -> sink[0] += Cheap8VectorLoops.forward(v.x, v.a, v.b)),
            () -> Alternation.repeat(batch,
                () -> Cheap8VectorLoops.gradient(v.x, v.a, v.b, 1.0, sink)),
            () -> Alternation.repeat(batch,
                () -> sink[0] += Cheap8VectorLoops.gradientInto(v.x, v.a, v.b, 1.0, dx)));
    double per = (double) batch * n;
    System.out.printf(
        "%n4. cheap8 gradient floor at n = %d, ns per element (load %s)%n"
            + "   fused forward                        %6.3f%n"
            + "   fused gradient                       %6.3f   grad / fwd %4.2f%n"
            + "   new double[n] alone                  %6.3f%n"
            + "   hand vector forward                  %6.3f%n"
            + "   hand vector gradient, fresh dy/dx    %6.3f   / hand forward %4.2f,"
            + " / fused forward %4.2f%n"
            + "   hand vector gradient, dy/dx allocated once %6.3f   / hand forward %4.2f%n"
            + "   fused gradient / hand gradient fresh %4.2f%n",
        n, Alternation.load(), r.median(0) / per, r.median(1) / per, r.ratio(1, 0),
        r.median(2) / per, r.median(3) / per, r.median(4) / per, r.ratio(4, 3), r.ratio(4, 0),
        r.median(5) / per, r.ratio(5, 3), r.ratio(1, 4));
  }

  private static void fusedAgainstHand(ElementwiseBenchmark b, int rounds, String[] sizes) {
    List<String> rows = new ArrayList<>();
    for (String function : HandLoops.FUNCTIONS) {
      for (String size : sizes) {
        ElementwiseBenchmark.Vectors v = ElementwiseBenchmark.Vectors.of(Integer.parseInt(size));
        ElementwiseBenchmark.Programs p = ElementwiseBenchmark.Programs.of(function, v, 2, 256);
        int batch = batch(v.n);
        Alternation.Rounds r =
            Alternation.rounds(WARMUP_NANOS, rounds,
                () -> Alternation.repeat(batch, () -> b.forwardFused(p)),
                () -> Alternation.repeat(batch, () -> b.handForward(v, p)),
                () -> Alternation.repeat(batch, () -> b.gradientFused(p)),
                () -> Alternation.repeat(batch, () -> b.handGradient(v, p)),
                () -> Alternation.repeat(batch, () -> b.forwardFusedExact(p)),
                () -> Alternation.repeat(batch, () -> b.handForwardExact(v, p)),
                () -> Alternation.repeat(batch, () -> b.gradientFusedExact(p)),
                () -> Alternation.repeat(batch, () -> b.handGradientExact(v, p)));
        double per = (double) batch * v.n;
        rows.add(String.format(
            "%-7s %9d | fuse fwd %6.3f / %6.3f = %5.2fx  grad %6.3f / %6.3f = %5.2fx"
                + "  grad/fwd %4.2f (hand %4.2f) | exact fwd %6.3f / %6.3f = %5.2fx"
                + "  grad %6.3f / %6.3f = %5.2fx  grad/fwd %4.2f | load %s",
            function, v.n,
            r.median(0) / per, r.median(1) / per, r.ratio(0, 1),
            r.median(2) / per, r.median(3) / per, r.ratio(2, 3),
            r.ratio(2, 0), r.ratio(3, 1),
            r.median(4) / per, r.median(5) / per, r.ratio(4, 5),
            r.median(6) / per, r.median(7) / per, r.ratio(6, 7),
            r.ratio(6, 4), Alternation.load()));
        System.out.println(rows.get(rows.size() - 1));
      }
    }
    System.out.printf("%n1. fused / hand-written, ns per element (fused / hand = ratio), one"
        + " thread%n");
    rows.forEach(System.out::println);
  }

  private static void gradientFloor(ElementwiseBenchmark b, int rounds, int n) {
    ElementwiseBenchmark.Vectors v = ElementwiseBenchmark.Vectors.of(n);
    ElementwiseBenchmark.Programs p = ElementwiseBenchmark.Programs.of("sumExp", v, 2, 256);
    int batch = batch(n);
    Alternation.Rounds r =
        Alternation.rounds(WARMUP_NANOS, rounds,
            () -> Alternation.repeat(batch, () -> b.allocate(v)),
            () -> Alternation.repeat(batch, () -> b.handGradient(v, p)),
            () -> Alternation.repeat(batch, () -> b.handGradientInto(v, p)),
            () -> Alternation.repeat(batch, () -> b.gradientFused(p)),
            () -> Alternation.repeat(batch, () -> b.handForward(v, p)),
            () -> Alternation.repeat(batch, () -> b.forwardFused(p)));
    double ms = batch * 1e6;
    System.out.printf(
        "%n2. sumExp gradient floor at n = %d, ms per call (load %s)%n"
            + "   new double[n] alone            %7.3f%n"
            + "   hand gradient, fresh dy/dx      %7.3f%n"
            + "   hand gradient, dy/dx allocated once %7.3f%n"
            + "   fused gradient                  %7.3f   fused / hand fresh %5.3f,"
            + " fused / hand into %5.3f%n"
            + "   hand forward                    %7.3f%n"
            + "   fused forward                   %7.3f%n"
            + "   hand fresh / hand into %5.3f; (hand fresh − hand into) %7.3f ms against"
            + " new double[n] %7.3f ms%n",
        n, Alternation.load(), r.median(0) / ms, r.median(1) / ms, r.median(2) / ms,
        r.median(3) / ms, r.ratio(3, 1), r.ratio(3, 2), r.median(4) / ms, r.median(5) / ms,
        r.ratio(1, 2), (r.median(1) - r.median(2)) / ms, r.median(0) / ms);
  }

  /**
   * Table 3, or with {@code evict} table 5: each variant timed alone after {@code evict} runs
   * untimed, in rotating order, where table 3 times batches of calls in a fixed order.
   */
  private static void bandwidth(
      ElementwiseBenchmark b, int rounds, String[] sizes, Runnable evict) {
    System.out.printf(evict == null
        ? "%n3. cheap8 forward against copy and read3, one thread%n"
        : "%n5. cheap8 forward against copy and read3, caches evicted before each call, one"
            + " thread%n");
    for (String size : sizes) {
      ElementwiseBenchmark.Vectors cv = ElementwiseBenchmark.Vectors.of(Integer.parseInt(size));
      ElementwiseBenchmark.Programs cp = ElementwiseBenchmark.Programs.of("cheap8", cv, 2, 256);
      int cb = evict == null ? batch(cv.n) : 1;
      Runnable[] variants = {
        () -> Alternation.repeat(cb, () -> b.copy(cv)),
        () -> Alternation.repeat(cb, () -> b.read3(cv)),
        () -> Alternation.repeat(cb, () -> b.forwardFused(cp)),
        () -> Alternation.repeat(cb, () -> b.handForward(cv, cp))
      };
      Alternation.Rounds c = evict == null
          ? Alternation.rounds(WARMUP_NANOS, rounds, variants)
          : Alternation.roundsRotated(WARMUP_NANOS, rounds, evict, variants);
      double bytes = (double) cb * cv.n;
      double copy = 16 * bytes / c.median(0);
      System.out.printf(
          "   n = %9d: GB/s copy (16 B) %6.1f, read3 (24 B) %6.1f, cheap8 fused (24 B) %6.1f"
              + " = %3.0f%% of copy, cheap8 hand %6.1f = %3.0f%%; fused / hand %5.2fx (load %s)%n",
          cv.n, copy, 24 * bytes / c.median(1), 24 * bytes / c.median(2),
          100 * (24 * bytes / c.median(2)) / copy, 24 * bytes / c.median(3),
          100 * (24 * bytes / c.median(3)) / copy, c.ratio(2, 3), Alternation.load());
    }
  }

  /** Calls per timed sample: enough for about 0.2 ms at small n. */
  private static int batch(int n) {
    return Math.max(1, 200_000 / n);
  }
}
