package io.github.tidu4j.primitives.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ComplexElements} computes, part by part, exactly the bits {@link ComplexMath} writes for
 * both parts at once: on random points, on the axes, at signed zeros, past the saturation and
 * scaling thresholds, and at infinities and NaN.
 */
class ComplexElementsTest {

  private interface Both {
    void into(double a, double b, double[] out, int o);
  }

  private interface Part {
    double of(double a, double b);
  }

  private static List<double[]> points() {
    List<double[]> points = new ArrayList<>();
    double[] special = {0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 22.0, -30.0, 0x1p1021, -0x1p1022,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, Double.MIN_VALUE};
    for (double a : special) {
      for (double b : special) {
        points.add(new double[] {a, b});
      }
    }
    SplittableRandom r = new SplittableRandom(11);
    for (int i = 0; i < 2000; i++) {
      points.add(new double[] {r.nextDouble(-40, 40), r.nextDouble(-40, 40)});
    }
    return points;
  }

  private static void check(String name, Both both, Part re, Part im) {
    double[] out = new double[2];
    for (double[] p : points()) {
      both.into(p[0], p[1], out, 0);
      String at = name + "(" + p[0] + ", " + p[1] + ")";
      // Double.equals: the same bits, any NaN equal to any NaN
      assertEquals(Double.valueOf(out[0]), Double.valueOf(re.of(p[0], p[1])), at + " re");
      assertEquals(Double.valueOf(out[1]), Double.valueOf(im.of(p[0], p[1])), at + " im");
    }
  }

  /**
   * Within {@code ulps} units in the last place of {@code expected} (mpmath at 40 digits, on the
   * doubles the arguments are).
   */
  private static void assertNear(double expected, double actual, int ulps, String what) {
    double tolerance = ulps * Math.ulp(expected);
    assertEquals(expected, actual, tolerance, what);
  }

  @Test
  void expIsFiniteWhereOnlyItsModulusFactorOverflows() {
    // e^709.9 overflows, e^709.9·cos 0.5 does not
    double[][] cases = {
      {709.9, 0.5, 1.7739471950198739e308, 9.691117694907653e307},
      {709.9, 1, 1.092168192007999e308, 1.7009511788556363e308},
      {709.9, 750, -1.3482407719169803e308, 1.506091993679372e308},
    };
    double[] out = new double[2];
    for (double[] c : cases) {
      String at = "exp(" + c[0] + " + " + c[1] + "i)";
      assertNear(c[2], ComplexElements.expRe(c[0], c[1]), 4, at + " re");
      assertNear(c[3], ComplexElements.expIm(c[0], c[1]), 4, at + " im");
      ComplexMath.exp(c[0], c[1], out, 0);
      assertEquals(c[2], out[0], 4 * Math.ulp(c[2]), at);
    }
    // where the true value overflows, it still does
    assertEquals(Double.POSITIVE_INFINITY, ComplexElements.expRe(709.9, 0.001));
    assertEquals(Double.POSITIVE_INFINITY, ComplexElements.expRe(1500, 0.5));
    assertEquals(Double.NEGATIVE_INFINITY, ComplexElements.expRe(Double.POSITIVE_INFINITY, 3));
  }

  @Test
  void logKeepsItsRealPartNearTheUnitCircle() {
    // ln|1 + 1e-10i| = ½·ln(1 + 1e-20) = 5e-21, which log(hypot) rounds to 0
    assertNear(5.0e-21, ComplexElements.logRe(1, 1e-10), 2, "log(1 + 1e-10i)");
    assertNear(5.0e-21, ComplexElements.logRe(1e-10, 1), 2, "log(1e-10 + i)");
    assertNear(5.0e-21, ComplexElements.logRe(-1, -1e-10), 2, "log(-1 - 1e-10i)");
    assertNear(7.999999858009588e-8, ComplexElements.logRe(0.6, -0.8000001), 2, "log(0.6 - 0.8000001i)");
    assertEquals(0.0, ComplexElements.logRe(1, 0));
    assertEquals(0.0, ComplexElements.logRe(0, -1));
  }

  @Test
  void unaryPartsEqualTheKernelsBitForBit() {
    check("exp", ComplexMath::exp, ComplexElements::expRe, ComplexElements::expIm);
    check("log", ComplexMath::log, ComplexElements::logRe, ComplexElements::logIm);
    check("sqrt", ComplexMath::sqrt, ComplexElements::sqrtRe, ComplexElements::sqrtIm);
    check("sin", ComplexMath::sin, ComplexElements::sinRe, ComplexElements::sinIm);
    check("cos", ComplexMath::cos, ComplexElements::cosRe, ComplexElements::cosIm);
    check("tanh", ComplexMath::tanh, ComplexElements::tanhRe, ComplexElements::tanhIm);
    check("sech", ComplexMath::sech, ComplexElements::sechRe, ComplexElements::sechIm);
  }

  @Test
  void divisionPartsEqualSmithsKernelBitForBit() {
    List<double[]> points = points();
    double[] out = new double[2];
    for (int i = 0; i + 1 < points.size(); i++) {
      double[] p = points.get(i);
      double[] q = points.get(points.size() - 1 - i);
      ComplexMath.div(p[0], p[1], q[0], q[1], out, 0);
      assertEquals(
          Double.valueOf(out[0]), Double.valueOf(ComplexElements.divRe(p[0], p[1], q[0], q[1])));
      assertEquals(
          Double.valueOf(out[1]), Double.valueOf(ComplexElements.divIm(p[0], p[1], q[0], q[1])));
    }
  }
}
