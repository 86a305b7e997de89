package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.primitives.func.Fn2;
import io.github.tidu4j.primitives.func.TensorAutodiff;
import io.github.tidu4j.primitives.scalar.EagerScalar;
import io.github.tidu4j.primitives.scalar.ScalarBuilder;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Derivatives at special points, where a rule's factors overflow or a zero meets an infinity: every
 * path (nested {@code grad}, {@code derivatives}, the eager tape's backward and Taylor mode,
 * {@code TensorAutodiff}) gives the value the closed form gives in double precision, and the
 * paths agree.
 */
class SpecialPointDerivativesTest {
  private final ScalarAutodiff<ScalarOp> ad =
      ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);

  private ScalarFunction<ScalarOp> quotient() {
    return ad.function(
        2,
        (g, x) -> {
          ScalarBuilder b = ScalarBuilder.on(g);
          return List.of(b.value(x.get(0)).div(b.value(x.get(1))).ref());
        });
  }

  @Test
  void theQuotientsDerivativeInItsDenominatorIsFiniteForASubnormalDenominator() {
    // d(a/b)/db = −(a/b)/b; 1/b overflows for |b| < 2^-1024, (a/b)/b does not
    ScalarFunction<ScalarOp> q = quotient();
    double[][] points = {{1e-320, 1e-310}, {0.0, 1e-310}, {0.0, 5e-324}, {3.0, -2e-309}};
    for (double[] p : points) {
      double a = p[0];
      double b = p[1];
      double expected = -(a / b) / b;
      String at = "at a = " + a + ", b = " + b;
      assertEquals(expected, ad.grad(q, 1).apply(a, b), 0.0, "grad " + at);
      assertEquals(expected, ad.derivatives(q, 1, 1).applyAll(a, b)[1], 0.0, "derivatives " + at);
      EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime();
      EagerScalar ea = rt.variable(a);
      EagerScalar eb = rt.variable(b);
      ea.div(eb).backward();
      assertEquals(expected, eb.grad(), 0.0, "eager backward " + at);
      Tensor g =
          TensorAutodiff.grad(TensorAutodiff.function((Fn2) (u, v) -> u.div(v).sum()), 1)
              .apply(Tensor.vector(a), Tensor.vector(b));
      assertEquals(expected, g.get(0), 0.0, "TensorAutodiff.grad " + at);
    }
    assertTrue(Double.isFinite(-(1e-320 / 1e-310) / 1e-310) && Double.isInfinite(1 / 1e-310));
  }

  @Test
  void theQuotientsSecondDerivativeInItsDenominatorIsZeroForAZeroNumerator() {
    // d²(a/b)/db² = 2a/b³ = 0 at a = 0, though (1/b)² overflows at b = 1e-300
    ScalarFunction<ScalarOp> q = quotient();
    assertEquals(0.0, ad.grad(ad.grad(q, 1), 1).apply(0.0, 1e-300), 0.0);
    assertEquals(0.0, ad.derivatives(q, 2, 1).applyAll(0.0, 1e-300)[2], 0.0);
  }

  /** A unary function written twice: on eager values and on traced ones. */
  private record Unary(
      String name, double x, UnaryOperator<EagerScalar> eager, UnaryOperator<ScalarValue> traced) {}

  @Test
  void eagerTaylorCoefficientsPastOverflowAreTheFunctionalOnesNotNaN() {
    // the eager tape's higher coefficients of an input are symbolic zeros, as the functional
    // Taylor mode's are: no ∞·0 where a rule's factor overflows
    List<Unary> cases =
        List.of(
            new Unary("exp at 710", 710.0, EagerScalar::exp, ScalarValue::exp),
            new Unary("1/x at 0", 0.0, EagerScalar::recip, ScalarValue::recip),
            new Unary("log at 0", 0.0, EagerScalar::log, ScalarValue::log),
            new Unary("√x at 0", 0.0, EagerScalar::sqrt, ScalarValue::sqrt),
            new Unary("2·x then exp at 400", 400.0, x -> x.scale(2).exp(), x -> x.scale(2).exp()));
    for (Unary c : cases) {
      ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(c.traced()));
      double[] expected = ad.taylor(f, 3).applyAll(c.x(), 1.0);
      EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime();
      EagerScalar x = rt.variable(c.x());
      List<Double> actual = rt.taylor(List.of(c.eager().apply(x)), List.of(x), List.of(1.0), 3).get(0);
      for (int k = 0; k <= 3; k++) {
        assertEquals(expected[k], actual.get(k), 0.0, c.name() + ", coefficient " + k);
        assertFalse(Double.isNaN(expected[k]), c.name() + ": the functional coefficient " + k);
      }
    }
  }

  @Test
  void eagerTensorTaylorCoefficientsPastOverflowAreTheFunctionalOnes() {
    Tensor x0 = Tensor.vector(710.0, 0.5);
    Tensor v = Tensor.ones(DType.F64, 2);
    List<Tensor> expected =
        TensorAutodiff.taylor(TensorAutodiff.function(x -> x.exp()), 3).applyAll(x0, v);
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(x0);
    List<Tensor> actual = rt.taylor(List.of(x.exp()), List.of(x), List.of(v), 3).get(0);
    for (int k = 0; k <= 3; k++) {
      assertEquals(Double.POSITIVE_INFINITY, actual.get(k).get(0), 0.0, "coefficient " + k);
      assertEquals(expected.get(k).get(0), actual.get(k).get(0), 0.0, "coefficient " + k);
      assertEquals(expected.get(k).get(1), actual.get(k).get(1), 0.0, "coefficient " + k);
    }
  }
}
