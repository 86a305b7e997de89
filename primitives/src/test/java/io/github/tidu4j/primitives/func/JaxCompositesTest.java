package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.TensorAutodiff.checkGrads;
import static io.github.tidu4j.primitives.func.TensorAutodiff.function;
import static io.github.tidu4j.primitives.func.TensorAutodiff.grad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The composites a JAX user reaches for in a model: {@code mean} and {@code reduceMin} over axes,
 * {@code logSigmoid}, {@code logaddexp}, and {@code Tensor.oneHot} for integer labels; values
 * against loops and hand arithmetic (at the extremes where the plain formulas overflow), and
 * derivatives by {@code checkGrads} to second order.
 */
class JaxCompositesTest {
  private static final double[] XS = {0.3, -1.2, 2.5, 0.7, 0.1, -0.4};
  private static final Tensor X = Tensor.of(XS, 2, 3);

  @Test
  void meanOverAxesDividesEachSumByItsCount() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue scores = b.input("scores", DType.F64, 4, 10);
    TensorValue rowMeans = scores.mean(1);   // f64[4]: the mean of each row
    assertEquals("f64[4]", rowMeans.type().toString());
    assertSame(scores, scores.mean(new int[0]));
    Tensor rows = function(x -> x.mean(1)).apply(X);
    Tensor columns = function(x -> x.mean(-2)).apply(X);
    for (int i = 0; i < 2; i++) {
      assertEquals((XS[3 * i] + XS[3 * i + 1] + XS[3 * i + 2]) / 3, rows.get(i), 1e-16);
    }
    for (int j = 0; j < 3; j++) {
      assertEquals((XS[j] + XS[3 + j]) / 2, columns.get(j), 1e-16);
    }
    assertEquals(
        function(x -> x.mean()).apply(X), function(x -> x.mean(0, 1)).apply(X));
    // axes in any order, as JAX takes them, for every reduction written on reduceSum's axes
    assertEquals(function(x -> x.mean(0, 1)).apply(X), function(x -> x.mean(-1, 0)).apply(X));
    assertEquals(
        function(x -> x.reduceMin(0, 1)).apply(X), function(x -> x.reduceMin(1, 0)).apply(X));
    assertEquals(
        function(x -> x.logsumexp(0, 1)).apply(X), function(x -> x.logsumexp(1, 0)).apply(X));
    // an empty axis: 0/0, as JAX's mean
    assertTrue(Double.isNaN(function(x -> x.mean(0)).apply(Tensor.zeros(DType.F64, 0, 2)).get(1)));
    // complex values average as complex
    Tensor z = Tensor.complex(new double[] {1, 2, 3, -4}, 2);
    Tensor zm = function(x -> x.mean(0)).apply(z);
    assertEquals(2.0, zm.getRe(), 0);
    assertEquals(-1.0, zm.getIm(), 0);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> function(x -> x.mean(2)).apply(X));
    assertTrue(e.getMessage().startsWith("mean: "), e.getMessage());
    checkGrads(function(x -> x.mean(1).mul(x.mean(1)).sum()), 2, X);
  }

  @Test
  void reduceMinIsTheMinimumAndSharesItsDerivativeAmongATie() {
    assertEquals(Tensor.vector(-1.2, -0.4), function(x -> x.reduceMin(1)).apply(X));
    assertEquals(Tensor.scalar(-1.2), function(x -> x.reduceMin()).apply(X));
    assertEquals(
        Tensor.scalar(Double.POSITIVE_INFINITY),
        function(x -> x.reduceMin()).apply(Tensor.zeros(DType.F64, 0)));
    assertEquals(Tensor.vector(0.5, 0.5, 0), grad(x -> x.reduceMin()).apply(Tensor.vector(1, 1, 3)));
    checkGrads(function(x -> x.reduceMin(0).sin().sum()), 2, X);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> function(x -> x.reduceMin()).apply(Tensor.complex(new double[] {1, 2}, 1)));
    assertTrue(e.getMessage().startsWith("reduceMin: "), e.getMessage());
  }

  @Test
  void logSigmoidIsFiniteWhereTheSigmoidUnderflows() {
    Tensor at = Tensor.vector(-800, -1, 0, 2, 800);
    Tensor y = function(x -> x.logSigmoid()).apply(at);
    assertEquals(-800.0, y.get(0), 0);
    assertEquals(-Math.log1p(Math.exp(1)), y.get(1), 1e-15);
    assertEquals(-Math.log(2), y.get(2), 1e-16);
    assertEquals(-Math.log1p(Math.exp(-2)), y.get(3), 1e-16);
    assertEquals(0.0, y.get(4), 0);
    // d/dx log σ(x) = σ(−x): 1 far below 0, 0 far above, ½ at 0
    Tensor g = grad(x -> x.logSigmoid().sum()).apply(at);
    assertEquals(1.0, g.get(0), 0);
    assertEquals(0.5, g.get(2), 0);
    assertEquals(0.0, g.get(4), 0);
    checkGrads(function(x -> x.logSigmoid().sum()), 2, Tensor.vector(-3, -0.5, 0.25, 4));
  }

  @Test
  void logaddexpDoesNotOverflowAndItsDerivativeIsTheSoftmaxWeights() {
    TensorFunction f = function((Fn2) (a, b) -> a.logaddexp(b));
    Tensor a = Tensor.vector(1000, 0.5, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, -3);
    Tensor b = Tensor.vector(1000, -1, Double.NEGATIVE_INFINITY, 1, -3);
    Tensor y = f.applyAll(a, b).get(0);
    assertEquals(1000 + Math.log(2), y.get(0), 1e-13);
    assertEquals(Math.log(Math.exp(0.5) + Math.exp(-1)), y.get(1), 1e-15);
    assertEquals(Double.NEGATIVE_INFINITY, y.get(2), 0);
    assertEquals(Double.POSITIVE_INFINITY, y.get(3), 0);
    assertEquals(-3 + Math.log(2), y.get(4), 1e-15);
    TensorFunction g = TensorAutodiff.grad(function((Fn2) (u, v) -> u.logaddexp(v).sum()), 0, 1);
    List<Tensor> both =
        g.applyAll(Tensor.vector(1000, 0.5), Tensor.vector(1000, -1));
    double w = Math.exp(0.5) / (Math.exp(0.5) + Math.exp(-1));
    assertEquals(0, Tensor.vector(0.5, w).maxAbsDiff(both.get(0)), 1e-15);
    assertEquals(0, Tensor.vector(0.5, 1 - w).maxAbsDiff(both.get(1)), 1e-15);
    checkGrads(
        function((Fn2) (u, v) -> u.logaddexp(v).sum()), 2, Tensor.vector(-2, 0.3, 5),
        Tensor.vector(1, 0.2, -4));
    // at ties too, to second order (the smooth formula's Hessian, not a kink's zero)
    checkGrads(
        function((Fn2) (u, v) -> u.logaddexp(v).sum()), 2, Tensor.vector(0.3, -2),
        Tensor.vector(0.3, -2));
    // infinite operands, as log-space code has them: finite derivatives, ½ each where equal
    double inf = Double.POSITIVE_INFINITY;
    Tensor ai = Tensor.vector(-inf, inf, inf, inf, 2, -inf);
    Tensor bi = Tensor.vector(-inf, inf, -inf, 1, -inf, 3);
    assertEquals(Tensor.vector(-inf, inf, inf, inf, 2, 3), f.applyAll(ai, bi).get(0));
    List<Tensor> gi = g.applyAll(ai, bi);
    assertEquals(Tensor.vector(0.5, 0.5, 1, 1, 1, 0), gi.get(0));
    assertEquals(Tensor.vector(0.5, 0.5, 0, 0, 0, 1), gi.get(1));
    // second derivatives stay finite there too
    Tensor second =
        TensorAutodiff.hvp(function(v -> v.logaddexp(v.mul(0.5)).sum()))
            .apply(Tensor.vector(-inf, 0), Tensor.vector(1, 1));
    assertTrue(
        Double.isFinite(second.get(0)) && Double.isFinite(second.get(1)), second.toString());
    // NaN propagates, to the derivatives too
    Tensor nan = f.applyAll(Tensor.vector(Double.NaN, 1), Tensor.vector(1, Double.NaN)).get(0);
    assertTrue(Double.isNaN(nan.get(0)) && Double.isNaN(nan.get(1)), nan.toString());
    List<Tensor> nanGrad = g.applyAll(Tensor.vector(Double.NaN, 1), Tensor.vector(1, Double.NaN));
    for (Tensor each : nanGrad) {
      assertTrue(Double.isNaN(each.get(0)) && Double.isNaN(each.get(1)), each.toString());
    }
    // near 0 the result keeps its digits: log1p(e^−d), not log(1 + e^−d)
    Tensor small =
        f.applyAll(Tensor.vector(0, 0, -700, 0), Tensor.vector(-20, -37, 0, -100)).get(0);
    double[] exact = {
      Math.log1p(Math.exp(-20)), Math.log1p(Math.exp(-37)), Math.log1p(Math.exp(-700)),
      Math.log1p(Math.exp(-100))
    };
    for (int i = 0; i < exact.length; i++) {
      assertEquals(exact[i], small.get(i), Math.ulp(exact[i]) * 2, "at " + i);
    }
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> f.applyAll(Tensor.vector(1, 2), Tensor.vector(1, 2, 3)));
    assertTrue(e.getMessage().startsWith("logaddexp: "), e.getMessage());
  }

  @Test
  void powIsMathPowAndItsDerivativesArePowersToo() {
    Tensor at = Tensor.vector(-2, -0.5, 0, 0.5, 3);
    for (double p : new double[] {3, -2, 2.5, 0.5, 0, 1}) {
      Tensor y = function(x -> x.pow(p)).apply(at);
      Tensor g = grad(x -> x.pow(p).sum()).apply(at);
      for (int i = 0; i < at.size(); i++) {
        double x = at.get(i);
        assertEquals(Math.pow(x, p), y.get(i), 0, "pow " + p + " at " + x);
        double expected = p == 0 ? 0 : p == 1 ? 1 : p * Math.pow(x, p - 1);
        assertEquals(expected, g.get(i), 0, "d pow " + p + " at " + x);
      }
    }
    // an integer exponent of negative values, to third order: x⁴, 4x³, 12x², 24x
    List<Tensor> d =
        TensorAutodiff.derivatives(function(x -> x.pow(4)), 3).applyAll(Tensor.vector(-1.5, 2));
    double[][] expected = {{5.0625, 16}, {-13.5, 32}, {27, 48}, {-36, 48}};
    for (int k = 0; k <= 3; k++) {
      for (int i = 0; i < 2; i++) {
        assertEquals(expected[k][i], d.get(k).get(i), 1e-12 * Math.abs(expected[k][i]), "order " + k);
      }
    }
    checkGrads(function(x -> x.pow(3).mul(x.sin()).sum()), 2, Tensor.vector(-1.5, 0.3, 2));
    checkGrads(function(x -> x.pow(-0.75).sum()), 2, Tensor.vector(0.4, 1.5, 3));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> function(x -> x.pow(2)).apply(Tensor.complex(new double[] {1, 2}, 1)));
    assertTrue(e.getMessage().startsWith("Pow: "), e.getMessage());
  }

  @Test
  void oneHotLabelsMakeACrossEntropyWhoseGradientIsSoftmaxMinusTheLabels() {
    Tensor y = Tensor.oneHot(new int[] {2, 0}, 3);   // [[0, 0, 1], [1, 0, 0]]
    assertEquals(Tensor.matrix(new double[][] {{0, 0, 1}, {1, 0, 0}}), y);
    TensorFunction loss = function(z -> z.logSoftmax(1).mul(y).sum().neg());
    Tensor g = grad(loss).apply(X);
    for (int i = 0; i < 2; i++) {
      double norm = 0;
      for (int j = 0; j < 3; j++) {
        norm += Math.exp(XS[3 * i + j]);
      }
      for (int j = 0; j < 3; j++) {
        assertEquals(Math.exp(XS[3 * i + j]) / norm - y.get(i, j), g.get(i, j), 1e-15);
      }
    }
    assertEquals(
        "Tensor.oneHot: label 1 is 3, not a class in [0, 3)",
        assertThrows(IllegalArgumentException.class, () -> Tensor.oneHot(new int[] {0, 3}, 3))
            .getMessage());
    assertEquals(Tensor.zeros(DType.F64, 0, 4), Tensor.oneHot(new int[0], 4));
  }
}
