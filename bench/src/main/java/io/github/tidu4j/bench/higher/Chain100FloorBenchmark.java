package io.github.tidu4j.bench.higher;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor of any Chain100(order) evaluator, written by hand, with {@code x} and the step kinds
 * ({@link HigherOrderBenchmark#chainKinds()}) read from state so nothing folds. Run beside {@link
 * HigherOrderBenchmark}, whose {@code hipparchus} score is the Hipparchus {@code
 * DerivativeStructure} on the same workload.
 *
 * <ul>
 *   <li>{@code primal}: the chain without any derivative. No implementation goes below it: every
 *       derivative needs the sine and cosine of each chained value, and they come one after the
 *       other. It does not depend on the order, so its state has no {@code order} parameter.
 *   <li>{@code taylor}: truncated Taylor propagation of order k, the fastest derivative algorithm
 *       for one variable: the coefficients of v(x + t) up to t^k, k! times the last one at the end.
 *       One loop over the coefficients, for any order.
 *   <li>{@code taylor3Unrolled}: the same at order 3 only, in locals; no {@code order} parameter
 *       (its score is the order-3 row). Bit-identical to {@code taylor} at order 3.
 * </ul>
 *
 * <p>Scores are ns per evaluation. The trial setups check the values against Hipparchus.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class Chain100FloorBenchmark {
  /** Agreement asked of every hand-written value with Hipparchus, relative. */
  static final double TOLERANCE = 1e-12;

  /** The chain, no order: for {@code primal} and {@code taylor3Unrolled}. */
  @State(Scope.Benchmark)
  public static class Chain {
    public double x;
    public int[] kinds;

    /**
     * Checks {@code primal} against Hipparchus's value and {@code taylor3Unrolled} against
     * Hipparchus's order-3 derivative, and the latter bit for bit against {@code taylor}.
     */
    @Setup(Level.Trial)
    public void setUp() {
      x = HigherOrderBenchmark.CHAIN_X;
      kinds = HigherOrderBenchmark.chainKinds();
      check("primal", 0, primal(x, kinds));
      double unrolled = taylor3Unrolled(x, kinds);
      check("taylor3Unrolled", 3, unrolled);
      double generic = taylor(x, kinds, 3, scratch(3));
      if (Double.doubleToLongBits(unrolled) != Double.doubleToLongBits(generic)) {
        throw new IllegalStateException(
            "taylor3Unrolled " + unrolled + " differs from taylor " + generic + " at order 3");
      }
    }
  }

  /** The chain at an order, with the scratch of {@code taylor}. */
  @State(Scope.Benchmark)
  public static class Taylor {
    @Param({"1", "2", "3", "4"})
    public int order;

    public double x;
    public int[] kinds;
    public double[] scratch;

    @Setup(Level.Trial)
    public void setUp() {
      x = HigherOrderBenchmark.CHAIN_X;
      kinds = HigherOrderBenchmark.chainKinds();
      scratch = scratch(order);
      check("taylor", order, taylor(x, kinds, order, scratch));
    }
  }

  /** Throws unless {@code value} is within {@link #TOLERANCE} of Hipparchus at {@code order}. */
  private static void check(String name, int order, double value) {
    double hipparchus = hipparchus(order);
    double rel = Math.abs(value - hipparchus) / Math.abs(hipparchus);
    System.out.printf(
        "%n[check] Chain100 %s order %d: %s, Hipparchus %s, relative difference %.3g%n",
        name, order, value, hipparchus, rel);
    if (!(rel <= TOLERANCE)) {
      throw new IllegalStateException(
          "Chain100 order " + order + ": " + name + " " + value + " and Hipparchus " + hipparchus
              + " disagree (relative " + rel + ")");
    }
  }

  /**
   * Hipparchus's order-{@code order} derivative of Chain100 at {@code CHAIN_X} (order 0: the
   * value), computed as {@link HigherOrderBenchmark#hipparchus} does.
   */
  static double hipparchus(int order) {
    HigherOrderBenchmark.Workload w = new HigherOrderBenchmark.Workload();
    w.workload = "Chain100";
    w.order = order;
    w.setUp();
    return w.hipparchusValue;
  }

  /** The chain's value at {@code x}: 0 Add(v, x), 1 Mul(v, x), 2 Sin(v), 3 Cos(v). */
  static double primal(double x, int[] kinds) {
    double v = x;
    for (int kind : kinds) {
      switch (kind) {
        case 0 -> v += x;
        case 1 -> v *= x;
        case 2 -> v = Math.sin(v);
        default -> v = Math.cos(v);
      }
    }
    return v;
  }

  /** Scratch for {@link #taylor} at {@code order}: three rows of {@code order + 1} coefficients. */
  static double[] scratch(int order) {
    return new double[3 * (order + 1)];
  }

  /**
   * The order-{@code order} derivative of the chain at {@code x} (order 0: the value), by truncated
   * Taylor propagation: the coefficients v_0..v_k of v(x + t), starting from x(x + t) = (x, 1, 0,
   * …).
   *
   * <ul>
   *   <li>Add: v_0 += x, v_1 += 1.
   *   <li>Mul by x: v_j ← v_j·x + v_{j-1}.
   *   <li>Sin and Cos: s_0 = sin v_0, c_0 = cos v_0 and for j ≥ 1: s_j = (1/j) Σ_{i=1..j}
   *       i·v_i·c_{j-i}, c_j = −(1/j) Σ_{i=1..j} i·v_i·s_{j-i}; v becomes s or c.
   * </ul>
   *
   * <p>{@code scratch} ({@link #scratch}) holds v, s and c as three rows; Sin and Cos swap the row
   * of v with the row of the result instead of copying. Returns k!·v_k.
   */
  static double taylor(double x, int[] kinds, int order, double[] scratch) {
    double[] t = scratch;
    int v = 0;
    int s = order + 1;
    int c = 2 * (order + 1);
    t[v] = x;
    for (int j = 1; j <= order; j++) {
      t[v + j] = j == 1 ? 1 : 0;
    }
    for (int kind : kinds) {
      switch (kind) {
        case 0 -> {
          t[v] += x;
          if (order >= 1) {
            t[v + 1] += 1;
          }
        }
        case 1 -> {
          for (int j = order; j >= 1; j--) {
            t[v + j] = t[v + j] * x + t[v + j - 1];
          }
          t[v] *= x;
        }
        default -> {
          double v0 = t[v];
          t[s] = Math.sin(v0);
          t[c] = Math.cos(v0);
          for (int j = 1; j <= order; j++) {
            double sj = t[v + 1] * t[c + j - 1];
            double cj = t[v + 1] * t[s + j - 1];
            for (int i = 2; i <= j; i++) {
              double iv = i * t[v + i];
              sj += iv * t[c + j - i];
              cj += iv * t[s + j - i];
            }
            t[s + j] = sj / j;
            t[c + j] = -cj / j;
          }
          int result = kind == 2 ? s : c;
          if (kind == 2) {
            s = v;
          } else {
            c = v;
          }
          v = result;
        }
      }
    }
    double d = t[v + order];
    for (int j = 2; j <= order; j++) {
      d *= j;
    }
    return d;
  }

  /**
   * {@link #taylor} at order 3, the coefficients in locals; the same operations in the same order,
   * so the same bits.
   */
  static double taylor3Unrolled(double x, int[] kinds) {
    double v0 = x;
    double v1 = 1;
    double v2 = 0;
    double v3 = 0;
    for (int kind : kinds) {
      switch (kind) {
        case 0 -> {
          v0 += x;
          v1 += 1;
        }
        case 1 -> {
          v3 = v3 * x + v2;
          v2 = v2 * x + v1;
          v1 = v1 * x + v0;
          v0 *= x;
        }
        default -> {
          double s0 = Math.sin(v0);
          double c0 = Math.cos(v0);
          double w2 = 2 * v2;
          double w3 = 3 * v3;
          double s1 = v1 * c0;
          double c1 = -(v1 * s0);
          double s2 = (v1 * c1 + w2 * c0) / 2;
          double c2 = -(v1 * s1 + w2 * s0) / 2;
          if (kind == 2) {
            v3 = (v1 * c2 + w2 * c1 + w3 * c0) / 3;
            v0 = s0;
            v1 = s1;
            v2 = s2;
          } else {
            v3 = -(v1 * s2 + w2 * s1 + w3 * s0) / 3;
            v0 = c0;
            v1 = c1;
            v2 = c2;
          }
        }
      }
    }
    return 6 * v3;
  }

  /** The chain without derivatives: the floor of every evaluator. */
  @Benchmark
  public double primal(Chain c) {
    return primal(c.x, c.kinds);
  }

  /** Truncated Taylor propagation at the state's order, into the preallocated scratch. */
  @Benchmark
  public double taylor(Taylor t) {
    return taylor(t.x, t.kinds, t.order, t.scratch);
  }

  /** Truncated Taylor propagation at order 3 only, in locals. */
  @Benchmark
  public double taylor3Unrolled(Chain c) {
    return taylor3Unrolled(c.x, c.kinds);
  }
}
