package io.github.tidu4j.primitives.func;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.TensorBuilder;
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
import org.junit.jupiter.api.Test;

/**
 * stop_gradient, log1p and expm1 in both shipped sets, on every path a user takes (traced on each
 * tier and fusion set, eager, Taylor). The rule tables check log1p and expm1 against finite
 * differences and by the dot-product test, and stop_gradient for zero derivatives of every order.
 */
class StopGradientAndNearZeroFunctionsTest {
  private final ScalarAutodiff<ScalarOp> ad =
      ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);


  @Test
  void aStoppedValueIsAConstantOfTheDerivativeButNotOfTheValue() {
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(x -> x.mul(x.stopGradient())));
    assertEquals(9.0, f.apply(3.0), 0.0);
    assertEquals(3.0, ad.grad(f).apply(3.0), 0.0); // not 2x = 6
    assertArrayEquals(new double[] {9, 3, 0, 0}, ad.derivatives(f, 3).applyAll(3.0), 0.0);
    assertEquals(0.0, ad.grad(ad.function(ScalarValue.unary(x -> x.stopGradient()))).apply(2.0));

    Tensor x = Tensor.vector(-1.5, 0.0, 2.0, 4.0);
    TensorFunction g = TensorAutodiff.grad(v -> v.mul(v.stopGradient()).sum());
    for (FunctionCache<TensorOp, TensorType, Tensor> cache : EveryTier.caches()) {
      // a call made hot enough to run on the generated tier, then once more there
      for (int call = 0; call < 3; call++) {
        assertEquals(x, cache.call(g.traceable(), List.of(x)).get(0));
      }
    }
    Tensor z = Tensor.complex(new double[] {1, 2, -0.5, 3}, 2);
    assertEquals(z, TensorAutodiff.function(v -> v.stopGradient()).apply(z));
    assertEquals(Tensor.zeros(DType.C128, 2),
        TensorAutodiff.jvp(v -> v.stopGradient().mul(v.stopGradient()), z, z).tangent());
  }

  @Test
  void eagerBackwardStopsAtAStoppedValue() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(Tensor.vector(-2, 0.5, 3));
    x.mul(x.stopGradient()).sum().backward();
    assertEquals(Tensor.vector(-2, 0.5, 3), x.grad());
    EagerRuntime<Double, EagerScalar> srt = EagerScalar.newRuntime();
    EagerScalar s = srt.variable(1.5);
    s.exp().stopGradient().mul(s).backward();
    assertEquals(Math.exp(1.5), s.grad(), 0.0);
  }

  @Test
  void log1pAndExpm1KeepTheDigitsNearZeroThatLogAndExpLose() {
    ScalarFunction<ScalarOp> log1p = ad.function(ScalarValue.unary(ScalarValue::log1p));
    ScalarFunction<ScalarOp> expm1 = ad.function(ScalarValue.unary(ScalarValue::expm1));
    assertEquals(1e-20, log1p.apply(1e-20), 0.0);
    assertEquals(1e-300, expm1.apply(1e-300), 0.0);
    assertEquals(1.0, ad.grad(log1p).apply(1e-20), 0.0);
    assertEquals(2.0, ad.grad(log1p).apply(-0.5), 0.0);
    assertEquals(Math.exp(0.7), ad.grad(expm1).apply(0.7), 0.0);
    // (log1p)'' = −1/(1 + x)², (expm1)'' = eˣ
    assertEquals(-4.0, ad.derivatives(log1p, 2).applyAll(-0.5)[2], 0.0);
    assertEquals(Math.exp(0.7), ad.derivatives(expm1, 3).applyAll(0.7)[3], 1e-15);

    Tensor x = Tensor.vector(1e-20, -0.5, 3.0);
    TensorFunction logGrad = TensorAutodiff.grad(v -> v.log1p().sum());
    TensorFunction expGrad = TensorAutodiff.grad(v -> v.expm1().sum());
    for (FunctionCache<TensorOp, TensorType, Tensor> cache : EveryTier.caches()) {
      for (int call = 0; call < 3; call++) {
        assertArrayEquals(new double[] {1, 2, 0.25},
            cache.call(logGrad.traceable(), List.of(x)).get(0).toDoubleArray(), 0.0);
        assertArrayEquals(new double[] {Math.exp(1e-20), Math.exp(-0.5), Math.exp(3.0)},
            cache.call(expGrad.traceable(), List.of(x)).get(0).toDoubleArray(), 0.0);
      }
    }
    assertArrayEquals(new double[] {1e-20, Math.log1p(-0.5), Math.log1p(3.0)},
        TensorAutodiff.function(v -> v.log1p()).apply(x).toDoubleArray(), 0.0);
  }

  @Test
  void complexOperandsAreRefusedNamingThePrimitive() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue z = b.input("z", DType.C128, 2);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, z::log1p);
    assertTrue(e.getMessage().contains("Log1p") && e.getMessage().contains("f64"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, z::expm1);
    assertTrue(e.getMessage().contains("Expm1") && e.getMessage().contains("f64"), e.getMessage());
  }
}
