package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.primitives.func.TensorAutodiff;
import io.github.tidu4j.primitives.func.TensorFunction;
import io.github.tidu4j.primitives.scalar.EagerScalar;
import io.github.tidu4j.primitives.scalar.Hyperbolic;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.testing.HighPrecision;
import java.math.BigDecimal;
import java.math.MathContext;
import org.junit.jupiter.api.Test;

/**
 * tanh's derivatives keep their relative accuracy where {@code tanh x} rounds to ±1: every order
 * is a product of {@code sech} and {@code tanh} factors, against {@code 1 − y²} read from the
 * rounded {@code y}, which is 0 from {@code |x| ≈ 19.1}. Checked on every path against a 60-digit
 * reference, from 0 to where {@code sech²x} underflows.
 */
class TanhDerivativesTest {
  private static final MathContext MC = HighPrecision.MC;
  private static final double[] POINTS = {
    0.1, -0.7, 1.5, 5.5, -8, 12, 14.25, -16, 18.5, 19.25, 20, -25, 40, 100, -300, 350
  };

  private final ScalarAutodiff<ScalarOp> ad =
      ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);

  /** The exact d1, d2, d3 of tanh at {@code x}: sech², −2 sech² tanh, 4 sech² tanh² − 2 sech⁴. */
  private static BigDecimal[] exact(double x) {
    BigDecimal s2 = HighPrecision.sech(x).pow(2, MC);
    BigDecimal t = HighPrecision.tanh(x);
    BigDecimal d2 = s2.multiply(t, MC).multiply(BigDecimal.valueOf(-2), MC);
    BigDecimal d3 =
        s2.multiply(t.pow(2, MC), MC)
            .multiply(BigDecimal.valueOf(4), MC)
            .subtract(s2.pow(2, MC).multiply(BigDecimal.valueOf(2), MC), MC);
    return new BigDecimal[] {s2, d2, d3};
  }

  /**
   * {@code actual} within {@code 1e-14} of {@code exact}, relative to {@code scale} (the sum of the
   * magnitudes of the terms of the exact value, which {@code d3} subtracts).
   */
  private static void assertClose(BigDecimal exact, BigDecimal scale, double actual, String what) {
    double error = new BigDecimal(actual).subtract(exact).abs().doubleValue();
    double bound = 1e-14 * scale.abs().doubleValue();
    assertTrue(error <= bound, what + ": " + actual + ", exact " + exact.doubleValue()
        + " (error " + error + ", bound " + bound + ")");
  }

  @Test
  void theHyperbolicExample() {
    double s = Hyperbolic.sech(20);   // 4.122307e-9, where 1 − tanh²(20) rounds to 0
    assertEquals(4.122307244877116e-9, s, 2 * Math.ulp(s)); // mpmath
    assertEquals(0.0, 1 - Math.tanh(20) * Math.tanh(20));
  }

  @Test
  void everyPathGivesTheDerivativesToFullRelativeAccuracy() {
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(ScalarValue::tanh));
    ScalarFunction<ScalarOp> d1 = ad.grad(f);
    ScalarFunction<ScalarOp> d2 = ad.grad(d1);
    ScalarFunction<ScalarOp> d3 = ad.grad(d2);
    ScalarFunction<ScalarOp> series = ad.derivatives(f, 3);
    TensorFunction tensorGrad = TensorAutodiff.grad(TensorAutodiff.function(x -> x.tanh().sum()));
    for (double x : POINTS) {
      BigDecimal[] e = exact(x);
      BigDecimal s2 = e[0];
      BigDecimal d3Scale = s2.multiply(BigDecimal.valueOf(6), MC); // 4 s²t² + 2 s⁴ ≤ 6 s²
      String at = " at x = " + x;
      assertClose(e[0], e[0], d1.apply(x), "grad" + at);
      assertClose(e[1], e[1], d2.apply(x), "grad∘grad" + at);
      assertClose(e[2], d3Scale, d3.apply(x), "grad∘grad∘grad" + at);
      double[] d = series.applyAll(x);
      assertClose(e[0], e[0], d[1], "derivatives, order 1" + at);
      assertClose(e[1], e[1], d[2], "derivatives, order 2" + at);
      assertClose(e[2], d3Scale, d[3], "derivatives, order 3" + at);
      EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime();
      EagerScalar v = rt.variable(x);
      v.tanh().backward();
      assertClose(e[0], e[0], v.grad(), "eager backward" + at);
      Tensor g = tensorGrad.apply(Tensor.vector(x, -x));
      assertClose(e[0], e[0], g.get(0), "TensorAutodiff grad" + at);
      assertClose(e[0], e[0], g.get(1), "TensorAutodiff grad" + " at x = " + -x);
    }
  }
}
