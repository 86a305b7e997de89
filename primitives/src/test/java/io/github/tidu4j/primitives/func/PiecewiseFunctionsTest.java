package io.github.tidu4j.primitives.func;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorDomain;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.scalar.EagerScalar;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.function.BinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * abs, sign, max, min, the step that weighs them, and the composites relu and clamp, in both
 * shipped sets: JAX's derivatives at the kinks (|x|′(0) = 0; a tie of max or min gives each operand
 * half), on every path a user takes (traced, fused, eager, Taylor). Away from the kinks the rule
 * tables check them against finite differences and by the dot-product test.
 */
class PiecewiseFunctionsTest {
  private final ScalarAutodiff<ScalarOp> ad =
      ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);

  private ScalarFunction<ScalarOp> binary(BinaryOperator<ScalarValue> body) {
    return ad.function(ScalarValue.binary(body));
  }

  /** An L1 penalty at a weight of 0 has gradient 0 there, not the NaN of sqrt(x·x). */
  @Test
  void anL1PenaltysGradientIsTheSignAndZeroAtZero() {
    Tensor w = Tensor.vector(-1.5, -0.0, 0.0, 2.0);
    double[] expected = {-1, 0, 0, 1};
    TensorFunction l1 = TensorAutodiff.grad(x -> x.abs().sum());
    for (String fusion : List.of("false", "exact", "true")) {
      FunctionCache<TensorOp, TensorType, Tensor> cache =
          new FunctionCache<>(
              TensorDomain.INSTANCE,
              TensorAutodiff.runners(fusion, b -> b.threshold(1).synchronous()),
              4);
      Tensor g = cache.call(l1.traceable(), List.of(w)).get(0);
      assertArrayEquals(expected, g.toDoubleArray(), 0.0, "fusion=" + fusion);
    }
    FunctionCache<TensorOp, TensorType, Tensor> interpreted =
        new FunctionCache<>(
            TensorDomain.INSTANCE, ProgramRunner.<TensorOp, Tensor>interpreter(), 4);
    assertArrayEquals(expected,
        interpreted.call(l1.traceable(), List.of(w)).get(0).toDoubleArray(), 0.0);
    assertEquals(0.0, ad.grad(ad.function(ScalarValue.unary(x -> x.abs()))).apply(0.0), 0.0);
    assertEquals(-1.0, ad.grad(ad.function(ScalarValue.unary(x -> x.abs()))).apply(-3.0), 0.0);
  }

  @Test
  void reluMaxAndMinGiveTheLargerOrSmallerTangentAndHalfOfEachAtATie() {
    Tensor x = Tensor.vector(-2, 0, 3);
    assertArrayEquals(new double[] {0, 0, 3}, TensorAutodiff.function(v -> v.relu()).apply(x)
        .toDoubleArray(), 0.0);
    assertArrayEquals(new double[] {0, 0.5, 1},
        TensorAutodiff.grad(v -> v.relu().sum()).apply(x).toDoubleArray(), 0.0);
    Tensor a = Tensor.vector(1, 2, 3);
    Tensor b = Tensor.vector(3, 2, 1);
    TensorFunction max = TensorAutodiff.function((Fn2) (u, v) -> u.max(v).sum());
    TensorFunction min = TensorAutodiff.function((Fn2) (u, v) -> u.min(v).sum());
    assertArrayEquals(new double[] {0, 0.5, 1},
        TensorAutodiff.grad(max, 0).apply(a, b).toDoubleArray(), 0.0);
    assertArrayEquals(new double[] {1, 0.5, 0},
        TensorAutodiff.grad(max, 1).apply(a, b).toDoubleArray(), 0.0);
    assertArrayEquals(new double[] {1, 0.5, 0},
        TensorAutodiff.grad(min, 0).apply(a, b).toDoubleArray(), 0.0);
    ScalarFunction<ScalarOp> smax = binary((u, v) -> u.max(v));
    assertEquals(0.5, ad.grad(smax, 0).apply(2.0, 2.0), 0.0);
    assertEquals(1.0, ad.grad(smax, 0).apply(2.5, 2.0), 0.0);
    assertEquals(0.0, ad.grad(smax, 1).apply(2.5, 2.0), 0.0);
    ScalarFunction<ScalarOp> relu = ad.function(ScalarValue.unary(v -> v.relu()));
    assertEquals(0.5, ad.grad(relu).apply(0.0), 0.0);
    assertEquals(0.0, ad.grad(relu).apply(-1e-300), 0.0);
    assertEquals(1.0, ad.grad(relu).apply(1e-300), 0.0);
  }

  @Test
  void clampPassesTheTangentInsideItsRangeOnly() {
    Tensor x = Tensor.vector(-3, -0.5, 0.25, 4);
    TensorFunction clamp = TensorAutodiff.function(v -> v.clamp(-1, 1));
    assertArrayEquals(new double[] {-1, -0.5, 0.25, 1}, clamp.apply(x).toDoubleArray(), 0.0);
    assertArrayEquals(new double[] {0, 1, 1, 0},
        TensorAutodiff.grad(v -> v.clamp(-1, 1).sum()).apply(x).toDoubleArray(), 0.0);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class,
            () -> TensorAutodiff.function(v -> v.clamp(1, -1)).apply(x));
    assertTrue(e.getMessage().contains("clamp: lo 1.0 is not at most hi -1.0"), e.getMessage());
  }

  @Test
  void signAndStepArePiecewiseConstantAndPropagateNaN() {
    ScalarFunction<ScalarOp> sign = ad.function(ScalarValue.unary(v -> v.sign()));
    assertEquals(-1.0, sign.apply(-2.0), 0.0);
    assertEquals(Double.valueOf(-0.0), Double.valueOf(sign.apply(-0.0)));
    assertEquals(0.0, ad.grad(sign).apply(-2.0), 0.0);
    ScalarFunction<ScalarOp> step = binary((u, v) -> u.step(v));
    assertEquals(1.0, step.apply(Double.POSITIVE_INFINITY, 1.0), 0.0);
    assertEquals(0.5, step.apply(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY), 0.0);
    assertTrue(Double.isNaN(step.apply(Double.NaN, 1.0)));
    ScalarFunction<ScalarOp> max = binary((u, v) -> u.max(v));
    assertTrue(Double.isNaN(max.apply(Double.NaN, 1.0)));
    // max of equal infinities: the tie's half, where a − b would have been NaN
    assertEquals(0.5, ad.grad(max, 0).apply(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY),
        0.0);
  }

  @Test
  void eagerBackwardAndTaylorModeAgreeWithTheTracedDerivatives() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(Tensor.vector(-2, 0, 3));
    x.relu().add(x.abs()).sum().backward();
    assertArrayEquals(new double[] {-1, 0.5, 2}, x.grad().toDoubleArray(), 0.0);
    EagerRuntime<Double, EagerScalar> srt = EagerScalar.newRuntime();
    EagerScalar s = srt.variable(-0.3);
    s.abs().mul(s).backward(); // −x², so −2x
    assertEquals(0.6, s.grad(), 1e-16);
    // |x|·x at x = −0.3 is −x²: derivatives −0.09, 0.6, −2, 0, 0
    double[] d =
        ad.derivatives(ad.function(ScalarValue.unary(v -> v.abs().mul(v))), 4).applyAll(-0.3);
    assertArrayEquals(new double[] {-0.09, 0.6, -2, 0, 0}, d, 1e-16);
  }

  @Test
  void complexOperandsAreRefusedNamingThePrimitive() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue z = b.input("z", DType.C128, 2);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, z::sign);
    assertTrue(e.getMessage().contains("Sign") && e.getMessage().contains("f64"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> z.max(z));
    assertTrue(e.getMessage().contains("Max") && e.getMessage().contains("f64"), e.getMessage());
  }
}
