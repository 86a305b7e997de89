package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;
import java.util.List;
import java.util.Map;

/** Gradients of small eager computations, known exactly. */
class EagerGradientTest {
  private final EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();

  @Test
  void theGradientOfTheSumOfSquaresIsTwiceTheInput() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
    EagerTensor loss = x.mul(x).sum();
    assertEquals(Tensor.scalar(14), loss.value());
    assertNull(x.grad(), "no gradient before backward");

    loss.backward();

    assertEquals(Tensor.vector(2, 4, 6), x.grad());
  }

  @Test
  void fanOutSumsTheContributionsOfEveryUse() {
    // y = x·x + sin x + x: three uses of x, one of them twice in one operation
    EagerTensor x = rt.variable(Tensor.vector(0.5, -1.0));
    EagerTensor y = x.mul(x).add(x.sin()).add(x).sum();
    y.backward();
    double[] xs = {0.5, -1.0};
    Tensor expected =
        Tensor.vector(2 * xs[0] + Math.cos(xs[0]) + 1, 2 * xs[1] + Math.cos(xs[1]) + 1);
    assertTrue(expected.allClose(x.grad(), 0, 1e-15), x.grad().toString());
  }

  @Test
  void aDiamondAddsBothPathsOnce() {
    // a = exp x feeds two branches that meet again: y = a·a + a / 2
    EagerTensor x = rt.variable(Tensor.scalar(0.3));
    EagerTensor two = rt.constant(Tensor.scalar(2));
    EagerTensor a = x.exp();
    EagerTensor left = a.mul(a);
    EagerTensor right = a.div(two);
    left.add(right).backward();
    double e = Math.exp(0.3);
    // d/dx (e^{2x} + e^x / 2) = 2e^{2x} + e^x / 2
    assertEquals(2 * e * e + e / 2, x.grad().scalarValue(), 1e-14);
  }

  @Test
  void aNonScalarOutputBackPropagatesItsSeed() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
    EagerTensor w = rt.variable(Tensor.vector(4, 5, 6));
    EagerTensor y = x.mul(w); // not a scalar
    y.backward(Tensor.vector(1, 10, 100));
    assertEquals(Tensor.vector(4, 50, 600), x.grad());
    assertEquals(Tensor.vector(1, 20, 300), w.grad());
  }

  @Test
  void aMultiOutputCallBackPropagatesFromBothOutputsAtOnce() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue v = b.input("v", DType.F64, 2);
    Graph<TensorOp> f = b.build(v.sin(), v.mul(v).sum());
    EagerTensor x = rt.variable(Tensor.vector(0.25, 1.5));

    List<EagerTensor> out = rt.call(f, List.of(x));
    assertEquals(2, out.size());
    assertTrue(out.get(0).requiresGrad() && out.get(1).requiresGrad());

    rt.backward(Map.of(out.get(0), Tensor.vector(3, 0), out.get(1), Tensor.scalar(2)), false);
    // 3·cos(x0) + 2·2·x0, 0 + 2·2·x1
    Tensor expected = Tensor.vector(3 * Math.cos(0.25) + 4 * 0.25, 4 * 1.5);
    assertTrue(expected.allClose(x.grad(), 0, 1e-15), x.grad().toString());
  }

  @Test
  void aCalledGraphsClosedOverTensorsAreBoundToTheirValues() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue v = b.input("v", DType.F64, 2);
    Graph<TensorOp> f = b.build(v.mul(Tensor.vector(2, 3)).sum());
    assertEquals(2, f.inputCount(), "v and the constant the builder made for [2, 3]");
    EagerTensor x = rt.variable(Tensor.vector(0.25, 1.5));

    EagerTensor y = rt.call(f, List.of(x)).get(0);
    assertEquals(Tensor.scalar(2 * 0.25 + 3 * 1.5), y.value());
    y.backward();
    assertEquals(Tensor.vector(2, 3), x.grad());

    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> rt.call(f, List.of(x, x, x)));
    assertTrue(
        e.getMessage().startsWith("the graph takes 2 inputs [v, const")
            && e.getMessage().endsWith(
                ", of which 1 are constants it holds (bound to their own values), but 3 eager"
                    + " inputs were given; give one per other input, [v]"),
        e.getMessage());
  }

  @Test
  void oneOutputOfAMultiOutputCallIsEnough() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue v = b.input("v", DType.F64, 2);
    Graph<TensorOp> f = b.build(v.sin(), v.mul(v).sum());
    EagerTensor x = rt.variable(Tensor.vector(0.25, 1.5));
    rt.call(f, List.of(x)).get(1).backward();
    assertEquals(Tensor.vector(0.5, 3), x.grad());
  }

  @Test
  void aRootMayAlsoLieOnTheWayFromAnotherRoot() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor y = x.mul(x);
    EagerTensor z = y.sum();
    // y is seeded directly and reached again from z: 2x·1 + 2x·1
    rt.backward(Map.of(y, Tensor.vector(1, 1), z, Tensor.scalar(1)), false);
    assertEquals(Tensor.vector(4, 8), x.grad());
  }

  @Test
  void rootsInDifferentSegmentsMeet() {
    EagerRuntime<Tensor, EagerTensor> cut = EagerTensor.newRuntime(1);
    EagerTensor x = cut.variable(Tensor.vector(1, 2));
    EagerTensor y = x.mul(x); // segment 1
    EagerTensor z = y.mul(y).sum(); // segments 2 and 3: Σ x⁴
    cut.backward(Map.of(y, Tensor.vector(1, 1), z, Tensor.scalar(1)), false);
    // 2x + 4x³
    assertEquals(Tensor.vector(2 + 4, 4 + 32), x.grad());
  }

  @Test
  void constantsRequireNoGradAndNeverGetOne() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor c = rt.constant(Tensor.vector(3, 4));
    assertFalse(c.requiresGrad());
    EagerTensor cc = c.mul(c);
    assertFalse(cc.requiresGrad(), "computed from constants only");
    assertTrue(cc.isLeaf(), "not recorded");

    x.mul(cc).sum().backward();

    assertEquals(Tensor.vector(9, 16), x.grad());
    assertNull(c.grad());
    assertNull(cc.grad());
  }

  @Test
  void variablesTheLossDoesNotDependOnStayWithoutGradient() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor unused = rt.variable(Tensor.vector(5, 6));
    EagerTensor other = unused.exp(); // recorded, but not part of the loss
    x.sum().backward();
    assertEquals(Tensor.vector(1, 1), x.grad());
    assertNull(unused.grad());
    assertNull(other.grad());
  }

  @Test
  void intermediatesHoldNoGradient() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor y = x.exp();
    assertTrue(y.requiresGrad());
    assertFalse(y.isLeaf());
    y.sum().backward();
    assertNull(y.grad(), "only leaves hold gradients");
  }

  @Test
  void gradientsAccumulateAcrossBackwardPassesUntilCleared() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
    x.mul(x).sum().backward();
    x.mul(x).sum().backward();
    assertEquals(Tensor.vector(4, 8, 12), x.grad());

    x.clearGrad();
    assertNull(x.grad());

    x.sum().backward();
    assertEquals(Tensor.vector(1, 1, 1), x.grad());
  }

  @Test
  void backwardFromAVariableItselfAddsTheSeed() {
    EagerTensor x = rt.variable(Tensor.scalar(7));
    x.backward();
    x.backward();
    assertEquals(Tensor.scalar(2), x.grad());
  }

  @Test
  void detachCutsTheTape() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor frozen = x.mul(x).detach();
    assertFalse(frozen.requiresGrad());
    assertEquals(Tensor.vector(1, 4), frozen.value());
    // y = x · stop_gradient(x²): dy/dx = x² only
    x.mul(frozen).sum().backward();
    assertEquals(Tensor.vector(1, 4), x.grad());
  }

  @Test
  void operationsThatChangeNothingReturnTheirOperand() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    assertSame(x, x.reshape(2));
    assertSame(x, x.reduceSum(new int[0]));
    assertEquals(Tensor.scalar(3), x.reduceSum().value(), "no argument sums every axis");
    assertSame(x, x.conj());
    assertSame(x, x.real(), "an f64 value is its own real part");
    assertSame(x, x.transpose(0));
    EagerTensor s = x.sum();
    assertSame(s, s.sum(), "the sum of a scalar is itself");
    s.sum().backward();
    assertEquals(Tensor.vector(1, 1), x.grad());
  }

  @Test
  void layoutOperationsHaveExactGradients() {
    EagerTensor m = rt.variable(Tensor.matrix(new double[][] {{1, 2, 3}, {4, 5, 6}}));
    EagerTensor v = rt.variable(Tensor.vector(1, 2));
    // Σ (mᵀ ⊙ broadcast(v))·[1..6 reshaped] : mostly linear, so exact
    EagerTensor t = m.transpose(1, 0); // f64[3, 2]
    EagerTensor vb = v.broadcastInDim(new int[] {3, 2}, 1);
    EagerTensor weights = rt.constant(Tensor.vector(1, 2, 3, 4, 5, 6)).reshape(3, 2);
    t.mul(vb).mul(weights).reduceSum(0).sum().backward();
    // d/dm[i][j] = v[i]·weights[j][i]; d/dv[k] = Σ_j m[k][j]·weights[j][k]
    assertEquals(Tensor.matrix(new double[][] {{1, 3, 5}, {4, 8, 12}}), m.grad());
    assertEquals(Tensor.vector(1 * 1 + 2 * 3 + 3 * 5, 4 * 2 + 5 * 4 + 6 * 6), v.grad());
  }

  @Test
  void aMatrixProductAndEinsumAgree() {
    Tensor a0 = Tensor.matrix(new double[][] {{1, 2}, {3, 4}});
    Tensor b0 = Tensor.matrix(new double[][] {{5, 6}, {7, 8}});
    EagerTensor a = rt.variable(a0);
    EagerTensor b = rt.variable(b0);
    a.dotGeneral(b, new int[] {1}, new int[] {0}).sum().backward();
    Tensor ga = a.grad();
    Tensor gb = b.grad();
    a.clearGrad();
    b.clearGrad();
    EagerTensor.einsum("ij,jk->ik", a, b).sum().backward();
    assertEquals(ga, a.grad());
    assertEquals(gb, b.grad());
    // d/da Σ ab = 1·bᵀ: row sums of b
    assertEquals(Tensor.matrix(new double[][] {{11, 15}, {11, 15}}), ga);
  }
}
