package io.github.tidu4j.primitives.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.tidu4j.primitives.testing.HighPrecision;
import io.github.tidu4j.primitives.scalar.Hyperbolic;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleFunction;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link VectorMath} against its documented bounds: ulp errors against {@link HighPrecision} on
 * random and edge arguments, special values equal to {@link Math}'s, and the block contract
 * (offsets, in place, n = 0, 1 and sizes that are not a multiple of the vector width). The build
 * runs this class twice: without the incubator module ({@link Math} loops) and with it (the
 * vectorised kernels), the latter with {@code tidu4j.vectormath.expected} naming it and with
 * {@code -Xbatch}, so that the warm-up below leaves the kernels compiled by C2: interpreted, a
 * lanewise operation runs {@link Math} lane by lane, and only C2 calls the vector math library.
 */
class VectorMathTest {

  /** One function under test: the block kernel, {@link Math}'s, and the reference. */
  private record Function(
      String name,
      Block block,
      DoubleUnaryOperator math,
      DoubleFunction<BigDecimal> exact,
      double ulpBound) {}

  @FunctionalInterface
  private interface Block {
    void apply(double[] x, int xOff, double[] y, int yOff, int n);
  }

  private static final Function EXP =
      new Function("exp", VectorMath::exp, Math::exp, HighPrecision::exp, 1.0);
  private static final Function LOG =
      new Function("log", VectorMath::log, Math::log, HighPrecision::log, 1.0);
  private static final Function SIN =
      new Function("sin", VectorMath::sin, Math::sin, HighPrecision::sin, 1.0);
  private static final Function COS =
      new Function("cos", VectorMath::cos, Math::cos, HighPrecision::cos, 1.0);
  private static final Function TANH =
      new Function("tanh", VectorMath::tanh, Math::tanh, HighPrecision::tanh, 2.5);
  private static final Function SECH =
      new Function("sech", VectorMath::sech, Hyperbolic::sech, HighPrecision::sech, 3.0);
  private static final List<Function> ALL = List.of(EXP, LOG, SIN, COS, TANH, SECH);

  /** The largest x with a finite exp(x), and the smallest with a nonzero one. */
  private static final double EXP_OVERFLOW = 709.782712893384;
  private static final double EXP_UNDERFLOW = -745.1332191019411;

  private static final int RANDOM_ARGUMENTS = 2000;

  /** Calls of a block kernel after which C2 has compiled it (tiered: about 15,000; with margin). */
  private static final int WARM_UP_CALLS = 40_000;

  @Test
  void implementationIsTheOneTheBuildExpects() {
    String expected = System.getProperty("tidu4j.vectormath.expected");
    boolean moduleResolved = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    String arch = System.getProperty("os.arch");
    boolean x86 = arch.equals("amd64") || arch.equals("x86_64");
    assertEquals(moduleResolved && x86, VectorMath.isVectorised(), VectorMath.implementation());
    if (expected != null) {
      assertTrue(
          VectorMath.implementation().startsWith(expected),
          "expected " + expected + ", running " + VectorMath.implementation());
    }
    if (VectorMath.isVectorised()) {
      // Compiled, the kernels call the vector math library, whose results differ from Math's in
      // the last bit for some arguments: evidence that the ulp tests below measure it.
      SplittableRandom random = new SplittableRandom(7);
      double[] x = new double[4096];
      for (int i = 0; i < x.length; i++) {
        x[i] = random.nextDouble(-20, 20);
      }
      double[] y = new double[x.length];
      warmUp(EXP);
      EXP.block.apply(x, 0, y, 0, x.length);
      int differing = 0;
      for (int i = 0; i < x.length; i++) {
        differing += y[i] == Math.exp(x[i]) ? 0 : 1;
      }
      assertTrue(
          differing > 0, "no exp result differs from Math.exp: the vector library did not run");
    }
  }

  @Test
  void theImplementationPropertyIsCheckedNamingItsValue() {
    String previous = System.getProperty(VectorMath.IMPLEMENTATION_PROPERTY);
    try {
      System.setProperty(VectorMath.IMPLEMENTATION_PROPERTY, "bogus");
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, VectorMath::implementationProperty);
      assertEquals(
          "system property tidu4j.vectormath = 'bogus': expected 'auto' or 'math'", e.getMessage());
      System.setProperty(VectorMath.IMPLEMENTATION_PROPERTY, "math");
      assertEquals("math", VectorMath.implementationProperty());
    } finally {
      if (previous == null) {
        System.clearProperty(VectorMath.IMPLEMENTATION_PROPERTY);
      } else {
        System.setProperty(VectorMath.IMPLEMENTATION_PROPERTY, previous);
      }
    }
  }

  @Test
  void expIsWithinOneUlpOverItsFiniteRange() {
    SplittableRandom random = new SplittableRandom(1);
    List<Double> args = new ArrayList<>();
    for (int i = 0; i < RANDOM_ARGUMENTS; i++) {
      args.add(random.nextDouble(EXP_UNDERFLOW, EXP_OVERFLOW));
      args.add(signedLogUniform(random, -300, 1));
    }
    args.addAll(List.of(EXP_OVERFLOW, EXP_UNDERFLOW, -708.3964185322641, -708.3964185322642,
        -720.0, 700.0, 1.0, -1.0, 22.0, 0.5 * Math.log(2), -0.5 * Math.log(2),
        Double.MIN_VALUE, -Double.MIN_VALUE, 1e-300, -1e-300));
    assertWithinBound(EXP, args);
  }

  @Test
  void logIsWithinOneUlpOverAllPositiveDoublesIncludingSubnormals() {
    SplittableRandom random = new SplittableRandom(2);
    List<Double> args = new ArrayList<>();
    for (int i = 0; i < RANDOM_ARGUMENTS; i++) {
      args.add(Double.longBitsToDouble(random.nextLong(1, 0x7FF0000000000000L)));
      args.add(1 + random.nextDouble(-0.3, 0.4));
      args.add(1 + signedLogUniform(random, -15, -1));
    }
    args.addAll(List.of(Double.MIN_VALUE, Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL),
        Double.MAX_VALUE, Math.nextUp(1.0), Math.nextDown(1.0), Math.sqrt(0.5), Math.sqrt(2.0),
        Math.E, 2.0, 0.5, 1e-300, 1e300));
    assertWithinBound(LOG, args);
  }

  @Test
  void sinAndCosAreWithinOneUlpFromTinyToHugeArguments() {
    SplittableRandom random = new SplittableRandom(3);
    List<Double> args = new ArrayList<>();
    for (int i = 0; i < RANDOM_ARGUMENTS; i++) {
      args.add(random.nextDouble(-4, 4));
      args.add(signedLogUniform(random, -300, 300));
      args.add(Math.PI / 2 * random.nextInt(-1_000_000, 1_000_000));
    }
    // 6381956970095103·2^797 is the double nearest to a multiple of π/2 (hardest to reduce).
    args.addAll(List.of(Math.scalb(6381956970095103.0, 797), 1e22, Double.MAX_VALUE,
        -Double.MAX_VALUE, Double.MIN_VALUE, Double.MIN_NORMAL, Math.PI, Math.PI / 2,
        Math.PI / 4, 1e-300, 3.0e5, 1.0e6));
    assertWithinBound(SIN, args);
    assertWithinBound(COS, args);
  }

  @Test
  void tanhIsWithinTwoAndAHalfUlp() {
    SplittableRandom random = new SplittableRandom(4);
    List<Double> args = new ArrayList<>();
    for (int i = 0; i < RANDOM_ARGUMENTS; i++) {
      args.add(random.nextDouble(-25, 25));
      args.add(random.nextDouble(-1, 1));
      args.add(signedLogUniform(random, -300, 3));
    }
    args.addAll(List.of(0.55, -0.55, 22.0, 19.0, 40.0, 1e300, Double.MAX_VALUE,
        Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, 1e-300));
    assertWithinBound(TANH, args);
  }

  @Test
  void sechIsWithinAFewUlpsDownToItsSubnormals() {
    SplittableRandom random = new SplittableRandom(8);
    List<Double> args = new ArrayList<>();
    for (int i = 0; i < RANDOM_ARGUMENTS; i++) {
      args.add(random.nextDouble(-25, 25));
      args.add(random.nextDouble(-1, 1));
      args.add(random.nextDouble(-708, 708));
      args.add(signedLogUniform(random, -300, 2));
    }
    args.addAll(List.of(0.1, 0.55, -0.55, 19.0, 20.0, 40.0, 700.0, -708.0, Double.MIN_VALUE,
        Double.MIN_NORMAL, 1e-300, 1e-8));
    assertWithinBound(SECH, args);
  }

  @Test
  void specialValuesAreMathsInEveryLaneAndInTheTail() {
    double[] specials = {
      Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0,
      Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, -Double.MIN_NORMAL,
      Double.MAX_VALUE, -Double.MAX_VALUE, -1.0, 1.0,
      Math.nextUp(EXP_OVERFLOW), Math.nextDown(EXP_UNDERFLOW), 710.0, -746.0, 1e300, -1e300,
      Double.longBitsToDouble(0x7FF8000000000123L), Double.longBitsToDouble(0xFFF0000000000001L)
    };
    for (Function f : ALL) {
      warmUp(f);
      for (double s : specials) {
        double expected = f.math.applyAsDouble(s);
        if (Double.isFinite(expected) && expected != 0 && Math.abs(expected) != 1) {
          continue; // an ordinary value, covered by the ulp tests
        }
        double[] x = new double[37]; // whole vectors of every width up to 512 bits, then a tail
        Arrays.fill(x, s);
        double[] y = new double[x.length];
        f.block.apply(x, 0, y, 0, x.length);
        for (int i = 0; i < y.length; i++) {
          if (Double.doubleToLongBits(expected) != Double.doubleToLongBits(y[i])) {
            fail(f.name + "(" + s + ") = " + y[i] + " at element " + i + ", Math gives "
                + expected);
          }
        }
      }
    }
  }

  @Test
  void blocksReadAndWriteOnlyTheirElementsAtAnyOffsetAndSize() {
    SplittableRandom random = new SplittableRandom(5);
    double[] x = new double[300];
    for (int i = 0; i < x.length; i++) {
      x[i] = random.nextDouble(0.01, 8);
    }
    int[] sizes = {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 127, 200};
    for (Function f : ALL) {
      warmUp(f);
      for (int n : sizes) {
        for (int xOff : new int[] {0, 1, 5, 300 - n}) {
          int yOff = (xOff * 7 + 3) % (300 - n + 1);
          double[] y = new double[300];
          Arrays.fill(y, -7.5);
          f.block.apply(x, xOff, y, yOff, n);
          for (int i = 0; i < y.length; i++) {
            if (i < yOff || i >= yOff + n) {
              assertEquals(
                  -7.5, y[i], f.name + ": element " + i + " outside the block was written");
            } else {
              double expected = f.math.applyAsDouble(x[xOff + i - yOff]);
              assertTrue(
                  Math.abs(y[i] - expected) <= 3 * Math.ulp(expected),
                  f.name + "(" + x[xOff + i - yOff] + ") = " + y[i] + " at n = " + n + ", xOff = "
                      + xOff + ", Math gives " + expected);
            }
          }
        }
      }
    }
  }

  @Test
  void inPlaceGivesWhatSeparateArraysGive() {
    SplittableRandom random = new SplittableRandom(6);
    for (Function f : ALL) {
      warmUp(f);
      double[] x = new double[101];
      for (int i = 0; i < x.length; i++) {
        x[i] = random.nextDouble(0.01, 8);
      }
      double[] y = new double[x.length];
      f.block.apply(x, 3, y, 3, 95);
      double[] inPlace = x.clone();
      f.block.apply(inPlace, 3, inPlace, 3, 95);
      assertEquals(Arrays.toString(Arrays.copyOfRange(y, 3, 98)),
          Arrays.toString(Arrays.copyOfRange(inPlace, 3, 98)), f.name);
    }
  }

  @Test
  void blocksOutOfBoundsThrowNamingTheFunctionAndTheBlock() {
    double[] x = new double[10];
    double[] y = new double[8];
    IndexOutOfBoundsException e =
        assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.exp(x, 2, y, 0, 9));
    assertEquals("VectorMath.exp: block of n = 9 elements at x[2] (length 10) and y[0] (length 8)"
        + " is out of bounds", e.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.log(x, 0, y, 1, 8));
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.sin(x, -1, y, 0, 1));
    assertThrows(IndexOutOfBoundsException.class, () -> VectorMath.cos(x, 0, y, 0, -1));
    NullPointerException npe =
        assertThrows(NullPointerException.class, () -> VectorMath.tanh(null, 0, y, 0, 0));
    assertEquals("VectorMath.tanh: x is null", npe.getMessage());
    VectorMath.exp(x, 10, y, 8, 0); // an empty block at the end is in bounds
  }

  /**
   * Calls {@code f} on blocks of 64 ordinary arguments until C2 has compiled its kernel, so that
   * what follows tests the compiled kernel.
   */
  private static void warmUp(Function f) {
    double[] x = new double[64];
    for (int i = 0; i < x.length; i++) {
      x[i] = 0.5 + i / 32.0;
    }
    double[] y = new double[x.length];
    for (int i = 0; i < WARM_UP_CALLS; i++) {
      f.block.apply(x, 0, y, 0, y.length);
    }
  }

  /** ± 10^u with u uniform in [lo, hi). */
  private static double signedLogUniform(SplittableRandom random, int lo, int hi) {
    double magnitude = Math.pow(10, random.nextDouble(lo, hi));
    return random.nextBoolean() ? magnitude : -magnitude;
  }

  /**
   * Runs {@code f} over all of {@code args} as one block (so most go through whole vectors, the
   * last through the tail) and checks every result against the reference.
   */
  private static void assertWithinBound(Function f, List<Double> args) {
    double[] x = args.stream().mapToDouble(Double::doubleValue).toArray();
    double[] y = new double[x.length];
    warmUp(f);
    f.block.apply(x, 0, y, 0, x.length);
    double worst = 0;
    double worstAt = Double.NaN;
    for (int i = 0; i < x.length; i++) {
      double err = HighPrecision.ulpError(y[i], f.exact.apply(x[i]));
      if (!(err <= worst)) {
        worst = err;
        worstAt = x[i];
      }
    }
    assertTrue(
        worst <= f.ulpBound,
        f.name + " (" + VectorMath.implementation() + "): error " + worst + " ulp at x = "
            + worstAt + " exceeds the bound of " + f.ulpBound + " ulp");
  }
}
