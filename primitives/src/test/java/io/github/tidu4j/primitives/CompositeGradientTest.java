package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.check.Mode;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Compositions of many primitives, checked to third order: the rules compose (fan-out
 * accumulation, broadcasts inside products, linear ops between analytic ones).
 */
class CompositeGradientTest {

  private static void check(Graph<TensorOp> g, Map<Object, Tensor> point, int order, long seed) {
    GradientChecker.<TensorOp, Void, Tensor>of(TensorDomain.INSTANCE)
        .withEvaluator(TestEvaluators.ALL_TIERS)
        .check(CheckedFunction.of(g), point, order, Mode.BOTH, null, new Random(seed));
  }

  /** A one-layer perceptron's loss: Σ tanh(W·x + b)². */
  @Test
  void perceptronLoss() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue w = b.input("W", DType.F64, 3, 2);
    TensorValue x = b.input("x", DType.F64, 4, 2);
    TensorValue bias = b.input("b", DType.F64, 3);
    TensorValue pre = b.einsum("oi,ni->no", w, x).add(bias.broadcastInDim(new int[] {4, 3}, 1));
    TensorValue h = pre.tanh();
    Graph<TensorOp> g = b.build(h.mul(h).sum());
    Random r = new Random(7);
    Map<Object, Tensor> point = new HashMap<>();
    point.put(w.inputKey(), Tensor.random(DType.F64, new int[] {3, 2}, r));
    point.put(x.inputKey(), Tensor.random(DType.F64, new int[] {4, 2}, r));
    point.put(bias.inputKey(), Tensor.random(DType.F64, new int[] {3}, r));
    check(g, point, 3, 11);
  }

  /** Log-sum-exp along rows, minus the row mean, with a division: reductions and broadcasts. */
  @Test
  void logSumExpRows() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 2, 3);
    TensorValue n = b.input("n", DType.F64, 2);
    TensorValue lse = x.exp().reduceSum(1).log();
    TensorValue mean = x.reduceSum(1).div(n);
    Graph<TensorOp> g = b.build(lse.sub(mean).sqrt().sum());
    Map<Object, Tensor> point =
        Map.of(
            x.inputKey(), Tensor.of(new double[] {0.1, -0.4, 0.9, 1.2, 0.3, -0.8}, 2, 3),
            n.inputKey(), Tensor.vector(3, 3));
    check(g, point, 3, 12);
  }

  /** A complex composition: Σ Re(conj(c)·sin(z·w)/exp(z)) with a matrix product and a reshape. */
  @Test
  void complexComposition() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue z = b.input("z", DType.C128, 2, 3);
    TensorValue w = b.input("w", DType.C128, 3, 2);
    TensorValue c = b.input("c", DType.C128, 4);
    TensorValue zw = b.einsum("ij,jk->ik", z, w).reshape(4);
    TensorValue t = zw.sin().div(zw.exp()).mul(c.conj());
    Graph<TensorOp> g = b.build(t.real().sum(), t.reshape(2, 2).transpose(1, 0).tanh());
    Random r = new Random(8);
    Map<Object, Tensor> point = new HashMap<>();
    point.put(z.inputKey(), Tensor.random(DType.C128, new int[] {2, 3}, r));
    point.put(w.inputKey(), Tensor.random(DType.C128, new int[] {3, 2}, r));
    point.put(c.inputKey(), Tensor.random(DType.C128, new int[] {4}, r));
    check(g, point, 3, 13);
  }

  /**
   * The NumPy-named composites a port from JAX reaches for: {@code mean}, {@code square}, {@code
   * sub} and {@code div} by a number, {@code matmul} by a constant, {@code reduceSum()} over every
   * axis and {@code real()} of an f64 value; their values against hand arithmetic, their
   * derivatives to third order.
   */
  @Test
  void numpyNamedComposites() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 2, 3);
    Tensor m = Tensor.of(new double[] {0.5, -1, 2, 0.25, 1.5, -0.75}, 3, 2);
    TensorValue y = x.sub(0.5).div(4.0).square().matmul(m).real();
    Graph<TensorOp> g = b.build(y.mean(), y.reduceSum());
    double[] xs = {0.1, -0.4, 0.9, 1.2, 0.3, -0.8};
    Map<Object, Tensor> point = new HashMap<>(b.constants());
    point.put(x.inputKey(), Tensor.of(xs, 2, 3));
    double total = 0;
    for (int i = 0; i < 2; i++) {
      for (int k = 0; k < 2; k++) {
        for (int j = 0; j < 3; j++) {
          double q = (xs[3 * i + j] - 0.5) / 4.0;
          total += q * q * m.get(j, k);
        }
      }
    }
    Tensor[] values = new TensorEvaluator(Graphs.compile(Graphs.materialize(g))).evaluate(point);
    assertEquals(total / 4, values[0].get(), 1e-15);
    assertEquals(total, values[1].get(), 1e-15);
    check(g, point, 3, 14);
  }

  /** One input used many times: fan-out cotangents accumulate with Add. */
  @Test
  void fanOut() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.C128, 3);
    TensorValue y = x.mul(x).add(x.sin()).mul(x.cos()).add(x.recip());
    Graph<TensorOp> g = b.build(y);
    check(g, Map.of(x.inputKey(), Tensor.complex(new double[] {0.7, 0.2, -0.9, 0.4, 1.1, -0.3}, 3)),
        3, 14);
  }
}
