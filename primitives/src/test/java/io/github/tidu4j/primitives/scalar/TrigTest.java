package io.github.tidu4j.primitives.scalar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.primitives.testing.BytecodeLength;
import io.github.tidu4j.primitives.testing.HighPrecision;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Trig} against its documented contract: within 1 ulp of a 60-digit reference on random and
 * adversarial arguments, {@link Trig#sinCos} bit for bit what {@link Trig#sin} and {@link Trig#cos}
 * give, special values as {@link Math}'s, and the reduction constants what they claim to be.
 */
class TrigTest {

  private static final double ULP_BOUND = 1.0;
  private static final int RANDOM_ARGUMENTS = 2000;

  @Test
  void sinAndCosAreWithinOneUlpOnRandomArguments() {
    SplittableRandom random = new SplittableRandom(11);
    List<Double> args = new ArrayList<>();
    for (int i = 0; i < RANDOM_ARGUMENTS; i++) {
      args.add(random.nextDouble(-4, 4));
      args.add(random.nextDouble(-Trig.MEDIUM, Trig.MEDIUM));
      args.add(signedLogUniform(random, -300, 7)); // beyond 1.5·2^20, StrictMath's (tested below)
    }
    assertWithinBound(args);
  }

  @Test
  void sinAndCosAreWithinOneUlpNearMultiplesOfHalfPi() {
    SplittableRandom random = new SplittableRandom(12);
    List<Double> args = new ArrayList<>();
    for (int i = 0; i < RANDOM_ARGUMENTS; i++) {
      long n = random.nextBoolean() ? random.nextLong(-64, 64) : random.nextLong(-1_000_000, 1_000_000);
      double x = nearestDouble(n);
      args.add(x);
      args.add(Math.nextUp(x));
      args.add(Math.nextDown(x));
    }
    args.addAll(closestToMultiplesOfHalfPi((int) (Trig.MEDIUM / Math.PI * 2) + 1, 64));
    // the double nearest to a multiple of π/2 of all (reduced by StrictMath)
    args.add(Math.scalb(6381956970095103.0, 797));
    assertWithinBound(args);
  }

  @Test
  void sinAndCosAreWithinOneUlpAroundTheBranchPoints() {
    List<Double> args = new ArrayList<>();
    double quarterPi = Math.PI / 4;
    double[] points = {quarterPi, 3 * quarterPi, Trig.MEDIUM, 1.0, 0.3, 0.5, 2.0};
    for (double p : points) {
      double x = p;
      double y = p;
      for (int i = 0; i < 40; i++) {
        args.add(x);
        args.add(-y);
        x = Math.nextUp(x);
        y = Math.nextDown(y);
      }
    }
    assertWithinBound(args);
  }

  @Test
  void tinyAndSubnormalArgumentsGiveXAndOne() {
    double[] tiny = {
      Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL),
      1e-300, -1e-300, 0x1p-27, -0x1p-28, 1e-20
    };
    for (double x : tiny) {
      assertBits(x, Trig.sin(x), "sin(" + x + ")");
      assertBits(1.0, Trig.cos(x), "cos(" + x + ")");
    }
    List<Double> args = new ArrayList<>();
    for (double x : tiny) {
      args.add(x);
    }
    assertWithinBound(args);
  }

  @Test
  void specialValuesAreMathsAndHugeArgumentsStrictMaths() {
    double[] specials = {
      0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
      Double.longBitsToDouble(0x7FF8000000000123L)
    };
    for (double x : specials) {
      assertBits(Math.sin(x), Trig.sin(x), "sin(" + x + ")");
      assertBits(Math.cos(x), Trig.cos(x), "cos(" + x + ")");
    }
    double[] huge = {Trig.MEDIUM, -Trig.MEDIUM, 1e7, 1e22, 1e300, Double.MAX_VALUE, -1e15};
    for (double x : huge) {
      assertBits(StrictMath.sin(x), Trig.sin(x), "sin(" + x + ")");
      assertBits(StrictMath.cos(x), Trig.cos(x), "cos(" + x + ")");
    }
  }

  @Test
  void sinCosGivesExactlyWhatSinAndCosGive() {
    SplittableRandom random = new SplittableRandom(13);
    List<Double> args = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      args.add(random.nextDouble(-10, 10));
      args.add(signedLogUniform(random, -310, 308));
      args.add(random.nextInt(-1_000_000, 1_000_000) * (Math.PI / 2));
      args.add(Double.longBitsToDouble(random.nextLong()));
    }
    args.addAll(List.of(0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Trig.MEDIUM, Math.nextDown(Trig.MEDIUM)));
    double[] out = {7, 7, 7, 7};
    for (double x : args) {
      Trig.sinCos(x, out, 1);
      if (Double.doubleToRawLongBits(out[1]) != Double.doubleToRawLongBits(Trig.sin(x))
          || Double.doubleToRawLongBits(out[2]) != Double.doubleToRawLongBits(Trig.cos(x))) {
        fail("sinCos(" + x + ") = (" + out[1] + ", " + out[2] + "), but sin and cos give ("
            + Trig.sin(x) + ", " + Trig.cos(x) + ")");
      }
    }
    assertEquals(7.0, out[0], "sinCos wrote before its index");
    assertEquals(7.0, out[3], "sinCos wrote after its two results");
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> Trig.sinCos(1.0, new double[2], 1));
  }

  /**
   * HotSpot's {@code FreqInlineSize} (its default on every platform it ships): a hot callee whose
   * bytecode is longer is called, not inlined.
   */
  private static final int FREQ_INLINE_SIZE = 325;

  @Test
  void theSharedMethodIsTooLargeForTheJitToInlineAndTheEntriesAreSmall() {
    int shared = BytecodeLength.of(Trig.class, "evaluate");
    assertTrue(
        shared > FREQ_INLINE_SIZE,
        "Trig.evaluate has " + shared + " bytes of bytecode; over " + FREQ_INLINE_SIZE
            + " HotSpot compiles it once and calls it instead of inlining it everywhere");
    for (String entry : List.of("sin", "cos", "sinCos")) {
      int bytes = BytecodeLength.of(Trig.class, entry);
      assertTrue(bytes <= 35, "Trig." + entry + " has " + bytes + " bytes; MaxInlineSize is 35");
    }
  }

  @Test
  void classExample() {
    double s = Trig.sin(0.5);
    double[] sc = new double[2];
    Trig.sinCos(0.5, sc, 0); // sc[0] == Trig.sin(0.5), sc[1] == Trig.cos(0.5)
    assertBits(s, sc[0], "sc[0]");
    assertBits(Trig.cos(0.5), sc[1], "sc[1]");
  }

  @Test
  void theScalarSetHandsItsJointKernelToTheBytecodeBackend() {
    KernelSet<ScalarOp> joint = KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode)
        .withJointKernels(ScalarKernels.JOINT);
    assertEquals(ScalarKernels.JOINT, joint.jointKernels());
    assertEquals(
        List.of(ScalarOp.SIN.opcode(), ScalarOp.COS.opcode()),
        joint.jointKernels().get(0).primitiveOpcodes());
    assertEquals(ScalarKernels.JOINT, ScalarKernels.kernelSet().jointKernels());
    double[] out = new double[2];
    Scalar.sinCos(-7.25, out, 0);
    assertBits(Trig.sin(-7.25), out[0], "Scalar.sinCos, sine");
    assertBits(Trig.cos(-7.25), out[1], "Scalar.sinCos, cosine");
  }

  @Test
  void halfPiPartsAreThirtyThreeBitTruncationsThenARounding() {
    MathContext wide = new MathContext(200, RoundingMode.HALF_EVEN);
    BigDecimal rest = HighPrecision.halfPi();
    double[] parts = {Trig.P1, Trig.P2, Trig.P3};
    for (int i = 0; i < parts.length; i++) {
      double truncated = truncate(rest.doubleValue(), rest, 33);
      assertBits(truncated, parts[i], "P" + (i + 1));
      rest = rest.subtract(new BigDecimal(parts[i]), wide);
    }
    assertBits(rest.doubleValue(), Trig.P4, "P4");
    BigDecimal left = rest.subtract(new BigDecimal(Trig.P4), wide).abs();
    assertTrue(left.compareTo(new BigDecimal(0x1p-152)) < 0, "π/2 − (P1+P2+P3+P4) = " + left);
  }

  /** The largest double of {@code bits} significant bits at most {@code exact} (positive). */
  private static double truncate(double near, BigDecimal exact, int bits) {
    int shift = bits - 1 - Math.getExponent(near);
    BigDecimal scaled = exact.multiply(new BigDecimal(2).pow(shift));
    double t = Math.scalb(scaled.setScale(0, RoundingMode.FLOOR).doubleValue(), -shift);
    if (Math.getExponent(t) != Math.getExponent(near)) {
      throw new AssertionError("truncation crossed a binade at " + near);
    }
    return t;
  }

  /** The double nearest to {@code n·π/2}. */
  private static double nearestDouble(long n) {
    return HighPrecision.halfPi().multiply(BigDecimal.valueOf(n)).doubleValue();
  }

  /**
   * Of the doubles nearest to {@code n·π/2} for every {@code n} in {@code [1, to)}, the {@code
   * count} whose reduced argument is smallest relative to their ulp (where reduction cancels most),
   * and their negations. The distances are ranked in double-double arithmetic ({@code n·π/2} to
   * about 106 bits, plenty to rank them); the ulp test then measures the chosen ones exactly.
   */
  private static List<Double> closestToMultiplesOfHalfPi(int to, int count) {
    double hi = Math.PI / 2;
    double lo = HighPrecision.halfPi().subtract(new BigDecimal(hi)).doubleValue();
    PriorityQueue<double[]> worst = new PriorityQueue<>((a, b) -> Double.compare(b[1], a[1]));
    for (int n = 1; n < to; n++) {
      double p = n * hi;
      double tail = Math.fma(n, hi, -p) + n * lo; // n·π/2 = p + tail
      double x = p + tail;
      double r = Math.abs((p - x) + tail) / Math.ulp(x);
      if (worst.size() < count || r < worst.peek()[1]) {
        worst.add(new double[] {x, r});
        if (worst.size() > count) {
          worst.poll();
        }
      }
    }
    List<Double> args = new ArrayList<>();
    for (double[] w : worst) {
      args.add(w[0]);
      args.add(-w[0]);
    }
    return args;
  }

  private static void assertWithinBound(List<Double> args) {
    double worst = 0;
    String worstAt = "none";
    for (double x : args) {
      double s = HighPrecision.ulpError(Trig.sin(x), HighPrecision.sin(x));
      double c = HighPrecision.ulpError(Trig.cos(x), HighPrecision.cos(x));
      if (!(s <= worst)) {
        worst = s;
        worstAt = "sin(" + x + ")";
      }
      if (!(c <= worst)) {
        worst = c;
        worstAt = "cos(" + x + ")";
      }
    }
    assertTrue(
        worst <= ULP_BOUND,
        "error " + worst + " ulp at " + worstAt + " exceeds the bound of " + ULP_BOUND + " ulp");
  }

  private static void assertBits(double expected, double actual, String what) {
    if (Double.doubleToLongBits(expected) != Double.doubleToLongBits(actual)) {
      fail(what + " = " + actual + ", expected " + expected);
    }
  }

  /** ± 10^u with u uniform in [lo, hi). */
  private static double signedLogUniform(SplittableRandom random, int lo, int hi) {
    double magnitude = Math.pow(10, random.nextDouble(lo, hi));
    return random.nextBoolean() ? magnitude : -magnitude;
  }
}
