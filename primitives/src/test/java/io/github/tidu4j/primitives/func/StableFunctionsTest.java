package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.TensorAutodiff.checkGrads;
import static io.github.tidu4j.primitives.func.TensorAutodiff.derivatives;
import static io.github.tidu4j.primitives.func.TensorAutodiff.function;
import static io.github.tidu4j.primitives.func.TensorAutodiff.grad;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Reductions;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code reduceMax} and the overflow-safe functions written with it ({@code logsumexp}, {@code
 * softmax}, {@code logSoftmax}, {@code softplus}, {@code sigmoid}): values where the plain
 * formulas overflow, against hand arithmetic elsewhere, and derivatives by {@code checkGrads}.
 */
class StableFunctionsTest {

  @Test
  void reduceMaxKernelAgreesWithALoopOverEveryAxisChoice() {
    Reductions.reduceMax(Tensor.of(new double[] {1, 5, 3, 4, 2, 6}, 2, 3), 1);   // [5, 6]
    assertEquals(
        Tensor.vector(5, 6),
        Reductions.reduceMax(Tensor.of(new double[] {1, 5, 3, 4, 2, 6}, 2, 3), 1));
    Random r = new Random(3);
    int[] dims = {3, 1, 4, 2};
    Tensor x = Tensor.random(DType.F64, dims, r);
    for (int mask = 1; mask < 16; mask++) {
      int chosen = mask;
      int[] axes =
          java.util.stream.IntStream.range(0, 4).filter(k -> ((1 << k) & chosen) != 0).toArray();
      Tensor max = Reductions.reduceMax(x, axes);
      // every element is at most its slice's maximum, and each maximum is one of its elements
      int[] index = new int[4];
      double[] found = new double[max.size()];
      java.util.Arrays.fill(found, Double.NaN);
      for (int i = 0; i < x.size(); i++) {
        int o = 0;
        for (int k = 0; k < 4; k++) {
          if (((1 << k) & mask) == 0) {
            o = o * dims[k] + index[k];
          }
        }
        double v = x.get(index);
        double m = max.toDoubleArray()[o];
        assertTrue(v <= m, "axes " + java.util.Arrays.toString(axes));
        if (v == m) {
          found[o] = v;
        }
        for (int k = 3; k >= 0 && ++index[k] == dims[k]; k--) {
          index[k] = 0;
        }
      }
      assertArrayEquals(max.toDoubleArray(), found, "axes " + java.util.Arrays.toString(axes));
    }
    assertEquals(
        Tensor.scalar(Double.NEGATIVE_INFINITY),
        Reductions.reduceMax(Tensor.zeros(DType.F64, 0), 0));
    assertTrue(Double.isNaN(Reductions.reduceMax(Tensor.vector(1, Double.NaN, 3), 0).get()));
    assertThrows(
        IllegalArgumentException.class,
        () -> Reductions.reduceMax(Tensor.complex(new double[] {1, 2}, 1), 0));
  }

  @Test
  void reduceMaxSharesItsDerivativeEquallyAmongATie() {
    assertEquals(
        Tensor.vector(0, 0.5, 0.5), grad(x -> x.reduceMax()).apply(Tensor.vector(1, 3, 3)));
    assertEquals(Tensor.vector(0, 0, 1), grad(x -> x.reduceMax()).apply(Tensor.vector(1, 2, 3)));
    // per row: the first row's maximum is tied, the second's is not
    Tensor rows = Tensor.of(new double[] {2, 7, 7, 1, 9, 4}, 2, 3);
    assertEquals(
        Tensor.of(new double[] {0, 0.5, 0.5, 0, 1, 0}, 2, 3),
        grad(x -> x.reduceMax(1).sum()).apply(rows));
    assertEquals(Tensor.scalar(9), function(x -> x.reduceMax()).apply(rows));
    checkGrads(
        function(x -> x.reduceMax(0).sin().sum()),
        2,
        Tensor.random(DType.F64, new int[] {3, 4}, new Random(5)));
  }

  @Test
  void logsumexpDoesNotOverflowAndIsThePlainFormulaElsewhere() {
    TensorFunction all = function(x -> x.logsumexp());
    // JAX's logsumexp([1000, 1000]) = 1000 + log 2, where log Σ exp overflows to ∞
    assertEquals(1000 + Math.log(2), all.apply(Tensor.vector(1000, 1000)).get(), 1e-12);
    assertEquals(
        Tensor.vector(0.5, 0.5), grad(x -> x.logsumexp()).apply(Tensor.vector(1000, 1000)));
    Tensor minusInfinities = Tensor.vector(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY);
    assertEquals(Double.NEGATIVE_INFINITY, all.apply(minusInfinities).get());
    double[] xs = {0.3, -1.2, 2.5, 0.7, 0.1, -0.4};
    Tensor rows = function(x -> x.logsumexp(1)).apply(Tensor.of(xs, 2, 3));
    for (int i = 0; i < 2; i++) {
      double plain =
          Math.log(Math.exp(xs[3 * i]) + Math.exp(xs[3 * i + 1]) + Math.exp(xs[3 * i + 2]));
      assertEquals(plain, rows.get(i), 1e-15 * Math.abs(plain));
    }
    TensorBuilder b = TensorBuilder.create();
    TensorValue scores = b.input("scores", DType.F64, 4, 10);
    TensorValue lse = scores.logsumexp(1);   // f64[4]: log Σ_j exp(scores[i, j])
    assertEquals("f64[4]", lse.type().toString());
    assertTrue(scores.logsumexp(new int[0]) != null);
    checkGrads(function(x -> x.logsumexp(1).sum()), 2, Tensor.of(xs, 2, 3));
  }

  @Test
  void softmaxRowsSumToOneAtAnyScaleAndLogSoftmaxKeepsWhatSoftmaxUnderflows() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue scores = b.input("scores", DType.F64, 4, 10);
    TensorValue p = scores.softmax(1);   // each row of p sums to 1
    assertEquals("f64[4, 10]", p.type().toString());
    Tensor big = Tensor.of(new double[] {1000, 1001, 999, -5, 0, 5}, 2, 3);
    Tensor soft = function(x -> x.softmax(1)).apply(big);
    for (int i = 0; i < 2; i++) {
      assertEquals(1.0, soft.get(i, 0) + soft.get(i, 1) + soft.get(i, 2), 1e-15);
    }
    double z = 1 + Math.exp(1) + Math.exp(-1);
    assertEquals(Math.exp(1) / z, soft.get(0, 1), 1e-15);
    Tensor logSoft = function(x -> x.logSoftmax(0)).apply(Tensor.vector(0, -1000));
    assertEquals(0.0, logSoft.get(0), 0.0);
    assertEquals(-1000.0, logSoft.get(1), 1e-12);
    Random r = new Random(9);
    Tensor x = Tensor.random(DType.F64, new int[] {2, 3}, r);
    Tensor w = Tensor.random(DType.F64, new int[] {2, 3}, r);
    checkGrads(function(y -> y.softmax(1).mul(w).sum()), 2, x);
    checkGrads(function(y -> y.logSoftmax(0).mul(w).sum()), 2, x);
  }

  @Test
  void softplusAndSigmoidAreFiniteWithFiniteDerivativesEverywhere() {
    Tensor far = Tensor.vector(-1000, -30, 0, 30, 1000);
    Tensor softplus = function(x -> x.softplus()).apply(far);
    double tail = Math.log1p(Math.exp(-30));
    assertEquals(Tensor.vector(0, tail, Math.log(2), 30 + tail, 1000), softplus);
    Tensor sigmoid = function(x -> x.sigmoid()).apply(far);
    double[] expected = new double[5];
    for (int i = 0; i < 5; i++) {
      expected[i] = 1 / (1 + Math.exp(-far.get(i)));
    }
    for (int i = 0; i < 5; i++) {
      assertEquals(expected[i], sigmoid.get(i), 1e-14 * expected[i], "at " + far.get(i));
    }
    // the derivatives: σ(x) for softplus, σ(x)·σ(−x) for sigmoid; no NaN at ±1000
    Tensor dSoftplus = grad(x -> x.softplus().sum()).apply(far);
    Tensor dSigmoid = grad(x -> x.sigmoid().sum()).apply(far);
    for (int i = 0; i < 5; i++) {
      double s = expected[i];
      assertEquals(s, dSoftplus.get(i), 1e-14 * s, "softplus' at " + far.get(i));
      double ds = s * (1 / (1 + Math.exp(far.get(i))));
      assertEquals(ds, dSigmoid.get(i), 1e-13 * ds + 1e-300, "sigmoid' at " + far.get(i));
    }
    Tensor x = Tensor.vector(-2.5, -0.3, 0.0, 0.4, 1.7);
    checkGrads(function(y -> y.softplus().sum()), 3, x);
    checkGrads(function(y -> y.sigmoid().sum()), 3, x);
  }

  /**
   * At 0, where a formula through max and |x| has kinks whose conventions cancel in the first
   * derivative only, every derivative is the smooth function's: softplus' derivatives are the
   * sigmoid's, σ(1 − σ), σ(1 − σ)(1 − 2σ), …
   */
  @Test
  void softplusAndSigmoidHaveTheirDerivativesOfEveryOrderAtZero() {
    for (double at : new double[] {0.0, -0.0, 0.7, -1.3}) {
      double s = 1 / (1 + Math.exp(-at));
      double d1 = s * (1 - s);
      double d2 = d1 * (1 - 2 * s);
      double d3 = d1 * (1 - 6 * s + 6 * s * s);
      List<Tensor> softplus = derivatives(function(y -> y.softplus()), 4).applyAll(Tensor.scalar(at));
      List<Tensor> sigmoid = derivatives(function(y -> y.sigmoid()), 3).applyAll(Tensor.scalar(at));
      double[] expectedSoftplus = {Math.log1p(Math.exp(at)), s, d1, d2, d3};
      double[] expectedSigmoid = {s, d1, d2, d3};
      for (int k = 0; k <= 4; k++) {
        assertEquals(expectedSoftplus[k], softplus.get(k).get(), 1e-15, "softplus^(" + k + ") at " + at);
      }
      for (int k = 0; k <= 3; k++) {
        assertEquals(expectedSigmoid[k], sigmoid.get(k).get(), 1e-15, "sigmoid^(" + k + ") at " + at);
      }
    }
    // the Hessian-vector product of Σ softplus at 0 is σ'(0) = ¼, not the 0 a kink would give
    assertEquals(
        Tensor.vector(0.25, 0.25),
        TensorAutodiff.hessianVectorProduct(
            y -> y.softplus().sum(), Tensor.vector(0, 0), Tensor.vector(1, 1)));
  }

  @Test
  void aNanMaximumHasANanDerivativeAsInJax() {
    Tensor g = grad(x -> x.reduceMax()).apply(Tensor.vector(1, Double.NaN, 2));
    for (double d : g.toDoubleArray()) {
      assertTrue(Double.isNaN(d), g.toString());
    }
  }

  @Test
  void theCompositesNameThemselvesInTheirErrors() {
    Tensor complex = Tensor.complex(new double[] {1, 2, 3, 4}, 2);
    for (String name : List.of("softplus", "sigmoid", "logsumexp", "softmax", "logSoftmax")) {
      TensorFunction f =
          function(
              x ->
                  switch (name) {
                    case "softplus" -> x.softplus();
                    case "sigmoid" -> x.sigmoid();
                    case "logsumexp" -> x.logsumexp(0);
                    case "softmax" -> x.softmax(0);
                    default -> x.logSoftmax(0);
                  });
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> f.apply(complex));
      assertTrue(
          e.getMessage().startsWith(name + ": takes an f64 operand (operand x: c128[2])"),
          e.getMessage());
    }
    IllegalArgumentException axis =
        assertThrows(
            IllegalArgumentException.class,
            () -> function(x -> x.softmax(5)).apply(Tensor.of(new double[6], 2, 3)));
    assertTrue(axis.getMessage().startsWith("softmax: axis 5 is out of range"), axis.getMessage());
  }
}
