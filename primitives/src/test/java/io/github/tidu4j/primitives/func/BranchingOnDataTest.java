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
 * Branching on data with {@code greater}/{@code less} masks and {@code select}, in both shipped
 * sets: the value and the derivative are the chosen branch's, on every path a user takes (traced
 * on each tier and fusion set, eager, Taylor). The rule tables check the rules against finite
 * differences and by the dot-product test away from the switching points.
 */
class BranchingOnDataTest {
  private final ScalarAutodiff<ScalarOp> ad =
      ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);


  /** {@code x > 0 ? sin x : x²}. */
  private static ScalarValue piecewise(ScalarValue x) {
    return x.greater(0.0).select(x.sin(), x.mul(x));
  }

  @Test
  void theValueAndTheDerivativesAreTheChosenBranchs() {
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(BranchingOnDataTest::piecewise));
    assertEquals(Math.sin(0.5), f.apply(0.5), 0.0);
    assertEquals(0.25, f.apply(-0.5), 0.0);
    assertEquals(0.0, f.apply(0.0), 0.0); // not greater: the second branch
    assertEquals(Math.cos(0.5), ad.grad(f).apply(0.5), 0.0);
    assertEquals(-1.0, ad.grad(f).apply(-0.5), 0.0);
    assertArrayEquals(new double[] {Math.sin(0.5), Math.cos(0.5), -Math.sin(0.5), -Math.cos(0.5)},
        ad.derivatives(f, 3).applyAll(0.5), 1e-15);
    assertArrayEquals(new double[] {0.25, -1, 2, 0}, ad.derivatives(f, 3).applyAll(-0.5), 0.0);

    Tensor x = Tensor.vector(-2, -0.5, 0, 0.5, 3);
    TensorFunction g =
        TensorAutodiff.grad(v -> v.greater(0.0).select(v.sin(), v.mul(v)).sum());
    double[] expected = {-4, -1, 0, Math.cos(0.5), Math.cos(3)};
    for (FunctionCache<TensorOp, TensorType, Tensor> cache : EveryTier.caches()) {
      for (int call = 0; call < 3; call++) {
        assertArrayEquals(expected, cache.call(g.traceable(), List.of(x)).get(0).toDoubleArray(),
            0.0);
      }
    }
    assertArrayEquals(new double[] {4, 0.25, 0, Math.sin(0.5), Math.sin(3)},
        TensorAutodiff.function(v -> v.greater(0.0).select(v.sin(), v.mul(v))).apply(x)
            .toDoubleArray(), 0.0);
  }

  @Test
  void comparisonsAreMasksOfOneAndZeroAndFalseWhereUnordered() {
    ScalarFunction<ScalarOp> greater =
        ad.function(ScalarValue.binary((a, b) -> a.greater(b)));
    ScalarFunction<ScalarOp> less = ad.function(ScalarValue.binary((a, b) -> a.less(b)));
    assertEquals(1.0, greater.apply(2.0, 1.0), 0.0);
    assertEquals(0.0, greater.apply(1.0, 1.0), 0.0);
    assertEquals(0.0, greater.apply(Double.NaN, 1.0), 0.0);
    assertEquals(1.0, less.apply(1.0, 2.0), 0.0);
    assertEquals(0.0, less.apply(1.0, Double.NaN), 0.0);
    assertEquals(0.0, ad.grad(greater, 0).apply(2.0, 1.0), 0.0);
    // a NaN predicate is not positive: the second branch, and its derivative
    ScalarFunction<ScalarOp> select =
        ad.function(ScalarValue.binary((p, x) -> p.select(x.exp(), x.neg())));
    assertEquals(-2.0, select.apply(Double.NaN, 2.0), 0.0);
    assertEquals(-1.0, ad.grad(select, 1).apply(Double.NaN, 2.0), 0.0);
    assertEquals(0.0, ad.grad(select, 0).apply(Double.NaN, 2.0), 0.0);
  }

  /**
   * As in JAX, the branch not taken is differentiated too, so where its derivative is infinite
   * the chosen branch's derivative is NaN (0·∞); selecting the operand first (JAX's "double
   * where") keeps the branch not taken away from its singularity.
   */
  @Test
  void anInfiniteDerivativeOfTheBranchNotTakenGivesNaNUnlessItsOperandIsSelectedToo() {
    ScalarFunction<ScalarOp> naive =
        ad.function(ScalarValue.unary(x -> x.greater(0.0).select(x.sqrt(), x.neg())));
    assertEquals(-0.0, naive.apply(0.0), 0.0);
    assertTrue(Double.isNaN(ad.grad(naive).apply(0.0)));
    ScalarFunction<ScalarOp> safe =
        ad.function(
            ScalarValue.unary(
                x -> {
                  ScalarValue positive = x.greater(0.0);
                  ScalarValue safeX = positive.select(x, x.builder().constant(1.0));
                  return positive.select(safeX.sqrt(), x.neg());
                }));
    assertEquals(-1.0, ad.grad(safe).apply(0.0), 0.0);
    assertEquals(0.25, ad.grad(safe).apply(4.0), 0.0);
  }

  @Test
  void eagerBackwardTakesTheChosenBranch() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(Tensor.vector(-2, 3));
    x.greater(0.0).select(x.exp(), x.mul(x)).sum().backward();
    assertArrayEquals(new double[] {-4, Math.exp(3)}, x.grad().toDoubleArray(), 0.0);
    EagerRuntime<Double, EagerScalar> srt = EagerScalar.newRuntime();
    EagerScalar s = srt.variable(-1.5);
    s.less(s.sin()).select(s.mul(s), s).backward(); // −1.5 < sin(−1.5): x², so 2x
    assertEquals(-3.0, s.grad(), 0.0);
  }

  @Test
  void operandsOfAnotherShapeOrDtypeAreRefusedNamingThePrimitive() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 2);
    TensorValue y = b.input("y", DType.F64, 3);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> x.select(x, y));
    assertTrue(e.getMessage().contains("Select") && e.getMessage().contains("shapes differ"),
        e.getMessage());
    TensorValue z = b.input("z", DType.C128, 2);
    e = assertThrows(IllegalArgumentException.class, () -> z.greater(z));
    assertTrue(e.getMessage().contains("Greater") && e.getMessage().contains("f64"),
        e.getMessage());
  }
}
