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

  @Test
  void unaryPartsEqualTheKernelsBitForBit() {
    check("exp", ComplexMath::exp, ComplexElements::expRe, ComplexElements::expIm);
    check("log", ComplexMath::log, ComplexElements::logRe, ComplexElements::logIm);
    check("sqrt", ComplexMath::sqrt, ComplexElements::sqrtRe, ComplexElements::sqrtIm);
    check("sin", ComplexMath::sin, ComplexElements::sinRe, ComplexElements::sinIm);
    check("cos", ComplexMath::cos, ComplexElements::cosRe, ComplexElements::cosIm);
    check("tanh", ComplexMath::tanh, ComplexElements::tanhRe, ComplexElements::tanhIm);
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
