package io.github.tidu4j.bench.tensor;

import io.github.tidu4j.primitives.tensor.VectorMath;
import java.util.SplittableRandom;
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
 * The candidates for the transcendental functions of fused loops, over f64 blocks of n elements
 * into a preallocated array, in the same run:
 *
 * <ul>
 *   <li>{@code *Math}: a scalar loop of {@link Math} calls (what the unfused kernels run);
 *   <li>{@code *Vector}: {@link VectorMath}, whose vectorised kernels ({@code jdk.incubator.vector},
 *       SVML) the fork enables with {@code --add-modules jdk.incubator.vector};
 *   <li>{@code expPoly}: exp as a branch-free polynomial loop of the shape C2's SuperWord could
 *       vectorise (range reduction by the 1.5·2^52 shift, a degree-13 Taylor polynomial, the scale
 *       2^k built from the bits of the shifted value), and {@code expPolyNoScale}, the same loop
 *       without the bit reinterpretation (not exp: it multiplies by k instead of 2^k), showing what
 *       the double↔long reinterpretation costs the vectoriser.
 * </ul>
 *
 * Arguments: uniform in [−10, 10), for log in (0, 100). Scores are ns per call; divide by n for ns
 * per element.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
public class VectorMathBenchmark {

  private static final double SHIFT = 0x1.8p52;
  private static final double INV_LN2 = 1.4426950408889634;
  private static final double LN2_HI = 0x1.62e42fefa39efp-1;
  private static final double LN2_LO = 0x1.abc9e3b39803fp-56;

  /** Arguments and the output array. */
  @State(Scope.Benchmark)
  public static class Blocks {
    @Param({"1000", "1000000"})
    public int n;

    public double[] x;
    public double[] positive;
    public double[] y;

    @Setup(Level.Trial)
    public void setUp() {
      if (!VectorMath.isVectorised()) {
        throw new IllegalStateException(
            "VectorMath runs " + VectorMath.implementation()
                + ": the *Vector scores would not measure the vectorised kernels (run on x86_64"
                + " with --add-modules jdk.incubator.vector)");
      }
      SplittableRandom r = new SplittableRandom(42);
      x = new double[n];
      positive = new double[n];
      y = new double[n];
      for (int i = 0; i < n; i++) {
        x[i] = r.nextDouble(-10, 10);
        positive[i] = 100 - r.nextDouble(100);
      }
    }
  }

  @Benchmark
  public double[] expMath(Blocks b) {
    for (int i = 0; i < b.n; i++) {
      b.y[i] = Math.exp(b.x[i]);
    }
    return b.y;
  }

  @Benchmark
  public double[] expVector(Blocks b) {
    VectorMath.exp(b.x, 0, b.y, 0, b.n);
    return b.y;
  }

  @Benchmark
  public double[] expPoly(Blocks b) {
    double[] x = b.x;
    double[] y = b.y;
    for (int i = 0; i < b.n; i++) {
      double v = Math.max(Math.min(x[i], 708.0), -708.0);
      double t = v * INV_LN2 + SHIFT;
      double k = t - SHIFT;
      double scale = Double.longBitsToDouble((Double.doubleToRawLongBits(t) + 1023) << 52);
      y[i] = expReduced((v - k * LN2_HI) - k * LN2_LO) * scale;
    }
    return y;
  }

  @Benchmark
  public double[] expPolyNoScale(Blocks b) {
    double[] x = b.x;
    double[] y = b.y;
    for (int i = 0; i < b.n; i++) {
      double v = Math.max(Math.min(x[i], 708.0), -708.0);
      double k = (v * INV_LN2 + SHIFT) - SHIFT;
      y[i] = expReduced((v - k * LN2_HI) - k * LN2_LO) * k;
    }
    return y;
  }

  /** e^r for |r| ≤ ln2/2: the Taylor polynomial of degree 13 (truncation below 10^-17). */
  private static double expReduced(double r) {
    double p = 1.0 / 6227020800.0;
    p = p * r + 1.0 / 479001600.0;
    p = p * r + 1.0 / 39916800.0;
    p = p * r + 1.0 / 3628800.0;
    p = p * r + 1.0 / 362880.0;
    p = p * r + 1.0 / 40320.0;
    p = p * r + 1.0 / 5040.0;
    p = p * r + 1.0 / 720.0;
    p = p * r + 1.0 / 120.0;
    p = p * r + 1.0 / 24.0;
    p = p * r + 1.0 / 6.0;
    p = p * r + 0.5;
    p = p * r + 1.0;
    return p * r + 1.0;
  }

  @Benchmark
  public double[] logMath(Blocks b) {
    for (int i = 0; i < b.n; i++) {
      b.y[i] = Math.log(b.positive[i]);
    }
    return b.y;
  }

  @Benchmark
  public double[] logVector(Blocks b) {
    VectorMath.log(b.positive, 0, b.y, 0, b.n);
    return b.y;
  }

  @Benchmark
  public double[] sinMath(Blocks b) {
    for (int i = 0; i < b.n; i++) {
      b.y[i] = Math.sin(b.x[i]);
    }
    return b.y;
  }

  @Benchmark
  public double[] sinVector(Blocks b) {
    VectorMath.sin(b.x, 0, b.y, 0, b.n);
    return b.y;
  }

  @Benchmark
  public double[] cosMath(Blocks b) {
    for (int i = 0; i < b.n; i++) {
      b.y[i] = Math.cos(b.x[i]);
    }
    return b.y;
  }

  @Benchmark
  public double[] cosVector(Blocks b) {
    VectorMath.cos(b.x, 0, b.y, 0, b.n);
    return b.y;
  }

  @Benchmark
  public double[] tanhMath(Blocks b) {
    for (int i = 0; i < b.n; i++) {
      b.y[i] = Math.tanh(b.x[i]);
    }
    return b.y;
  }

  @Benchmark
  public double[] tanhVector(Blocks b) {
    VectorMath.tanh(b.x, 0, b.y, 0, b.n);
    return b.y;
  }
}
