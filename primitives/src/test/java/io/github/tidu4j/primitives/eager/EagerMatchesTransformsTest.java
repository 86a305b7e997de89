package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Elementwise;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Eager gradients, op by op on the tape, equal the vector-Jacobian products of the same function
 * built as one graph and differentiated by {@code AD.linearize} and {@code AD.linearTranspose}.
 * Each function is written twice, once with {@link TensorValue}s and once with {@link
 * EagerTensor}s, operation for operation.
 */
class EagerMatchesTransformsTest {
  private static final double TOLERANCE = 1e-12;

  private final EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
  private final Random random = new Random(42);

  private Tensor normal(DType dtype, int... shape) {
    return Tensor.random(dtype, shape, random);
  }

  private Tensor positive(int... shape) {
    return Elementwise.exp(normal(DType.F64, shape));
  }

  private static void assertClose(Tensor expected, Tensor actual) {
    assertEquals(expected.dtype(), actual.dtype());
    assertEquals(expected.shape(), actual.shape());
    assertTrue(
        actual.allClose(expected, TOLERANCE, TOLERANCE),
        "expected "
            + expected
            + " but was "
            + actual
            + " (max diff "
            + actual.maxAbsDiff(expected)
            + ")");
  }

  /** A one-layer perceptron's loss Σ tanh(x·Wᵀ + b)², with respect to W and b. */
  @Test
  void perceptronLoss() {
    Tensor w0 = normal(DType.F64, 3, 2);
    Tensor x0 = normal(DType.F64, 4, 2);
    Tensor b0 = normal(DType.F64, 3);

    TensorBuilder g = TensorBuilder.create();
    TensorValue w = g.input("W", DType.F64, 3, 2);
    TensorValue x = g.input("x", DType.F64, 4, 2);
    TensorValue b = g.input("b", DType.F64, 3);
    TensorValue h =
        x.dotGeneral(w, new int[] {1}, new int[] {1})
            .add(b.broadcastInDim(new int[] {4, 3}, 1))
            .tanh();
    Graph<TensorOp> f = g.build(h.mul(h).sum());
    List<Tensor> expected =
        ReferenceVjp.vjp(f, Map.of(w, w0, x, x0, b, b0), List.of(w, b), List.of(Tensor.scalar(1)));

    EagerTensor we = rt.variable(w0);
    EagerTensor xe = rt.constant(x0);
    EagerTensor be = rt.variable(b0);
    EagerTensor he =
        xe.dotGeneral(we, new int[] {1}, new int[] {1})
            .add(be.broadcastInDim(new int[] {4, 3}, 1))
            .tanh();
    he.mul(he).sum().backward();

    assertClose(expected.get(0), we.grad());
    assertClose(expected.get(1), be.grad());
  }

  /** Σ √(log Σⱼ exp xᵢⱼ − (Σⱼ xᵢⱼ) / n): reductions, exp, log, division, sqrt. */
  @Test
  void logSumExpMinusMean() {
    Tensor x0 = normal(DType.F64, 2, 3);
    Tensor n0 = Tensor.vector(3, 3);

    TensorBuilder g = TensorBuilder.create();
    TensorValue x = g.input("x", DType.F64, 2, 3);
    TensorValue n = g.input("n", DType.F64, 2);
    TensorValue lse = x.exp().reduceSum(1).log();
    Graph<TensorOp> f = g.build(lse.sub(x.reduceSum(1).div(n)).sqrt().sum());
    List<Tensor> expected =
        ReferenceVjp.vjp(f, Map.of(x, x0, n, n0), List.of(x, n), List.of(Tensor.scalar(1)));

    EagerTensor xe = rt.variable(x0);
    EagerTensor ne = rt.variable(n0);
    EagerTensor lsee = xe.exp().reduceSum(1).log();
    lsee.sub(xe.reduceSum(1).div(ne)).sqrt().sum().backward();

    assertClose(expected.get(0), xe.grad());
    assertClose(expected.get(1), ne.grad());
  }

  /** A non-scalar output, Σₖ (exp A · log B)ᵢₖ, back-propagated with a seed. */
  @Test
  void nonScalarMatrixProductWithASeed() {
    Tensor a0 = normal(DType.F64, 2, 3);
    Tensor b0 = positive(3, 4);
    Tensor seed = Tensor.vector(0.7, -1.3);

    TensorBuilder g = TensorBuilder.create();
    TensorValue a = g.input("A", DType.F64, 2, 3);
    TensorValue b = g.input("B", DType.F64, 3, 4);
    Graph<TensorOp> f =
        g.build(a.exp().dotGeneral(b.log(), new int[] {1}, new int[] {0}).reduceSum(1));
    List<Tensor> expected = ReferenceVjp.vjp(f, Map.of(a, a0, b, b0), List.of(a, b), List.of(seed));

    EagerTensor ae = rt.variable(a0);
    EagerTensor be = rt.variable(b0);
    EagerTensor y = ae.exp().dotGeneral(be.log(), new int[] {1}, new int[] {0}).reduceSum(1);
    y.backward(seed);

    assertClose(expected.get(0), ae.grad());
    assertClose(expected.get(1), be.grad());
  }

  /** A batched product, transposed, reshaped and squashed: batch axes and layout transposes. */
  @Test
  void batchedProductThroughLayoutOperations() {
    Tensor a0 = normal(DType.F64, 2, 3, 4);
    Tensor b0 = normal(DType.F64, 2, 4, 5);

    TensorBuilder g = TensorBuilder.create();
    TensorValue a = g.input("A", DType.F64, 2, 3, 4);
    TensorValue b = g.input("B", DType.F64, 2, 4, 5);
    TensorValue c =
        a.dotGeneral(b, new int[] {2}, new int[] {1}, new int[] {0}, new int[] {0}); // [2, 3, 5]
    TensorValue flat = c.transpose(2, 0, 1).reshape(10, 3);
    Graph<TensorOp> f = g.build(flat.tanh().mul(flat).sum());
    List<Tensor> expected =
        ReferenceVjp.vjp(f, Map.of(a, a0, b, b0), List.of(a, b), List.of(Tensor.scalar(1)));

    EagerTensor ae = rt.variable(a0);
    EagerTensor be = rt.variable(b0);
    EagerTensor ce = ae.dotGeneral(be, new int[] {2}, new int[] {1}, new int[] {0}, new int[] {0});
    EagerTensor flate = ce.transpose(2, 0, 1).reshape(10, 3);
    flate.tanh().mul(flate).sum().backward();

    assertClose(expected.get(0), ae.grad());
    assertClose(expected.get(1), be.grad());
  }

  /** Σ Re(conj(c)·sin(z·w) / exp(z)) over c128, with respect to z and w. */
  @Test
  void complexRealLoss() {
    Tensor z0 = normal(DType.C128, 3);
    Tensor w0 = normal(DType.C128, 3);
    Tensor c0 = normal(DType.C128, 3);

    TensorBuilder g = TensorBuilder.create();
    TensorValue z = g.input("z", DType.C128, 3);
    TensorValue w = g.input("w", DType.C128, 3);
    TensorValue c = g.input("c", DType.C128, 3);
    Graph<TensorOp> f = g.build(c.conj().mul(z.mul(w).sin().div(z.exp())).real().sum());
    List<Tensor> expected =
        ReferenceVjp.vjp(f, Map.of(z, z0, w, w0, c, c0), List.of(z, w), List.of(Tensor.scalar(1)));

    EagerTensor ze = rt.variable(z0);
    EagerTensor we = rt.variable(w0);
    EagerTensor ce = rt.constant(c0);
    ce.conj().mul(ze.mul(we).sin().div(ze.exp())).real().sum().backward();

    assertClose(expected.get(0), ze.grad());
    assertClose(expected.get(1), we.grad());
  }

  /** A c128 non-scalar output, log(z·w) + √z, with a c128 seed. */
  @Test
  void complexNonScalarWithAComplexSeed() {
    Tensor z0 = normal(DType.C128, 2, 2);
    Tensor w0 = normal(DType.C128, 2, 2);
    Tensor seed = normal(DType.C128, 2, 2);

    TensorBuilder g = TensorBuilder.create();
    TensorValue z = g.input("z", DType.C128, 2, 2);
    TensorValue w = g.input("w", DType.C128, 2, 2);
    Graph<TensorOp> f = g.build(z.mul(w).log().add(z.sqrt()).transpose(1, 0));
    List<Tensor> expected = ReferenceVjp.vjp(f, Map.of(z, z0, w, w0), List.of(z, w), List.of(seed));

    EagerTensor ze = rt.variable(z0);
    EagerTensor we = rt.variable(w0);
    ze.mul(we).log().add(ze.sqrt()).transpose(1, 0).backward(seed);

    assertClose(expected.get(0), ze.grad());
    assertClose(expected.get(1), we.grad());
  }

  /** The convention, concretely: for L = Σ |z|² = Re Σ conj(z)·z the gradient is 2z. */
  @Test
  void theGradientOfTheSquaredModulusIsTwiceZ() {
    Tensor z0 = Tensor.complex(new double[] {3, 4, -1, 0.5}, 2);
    EagerTensor z = rt.variable(z0);
    z.conj().mul(z).real().sum().backward();
    assertEquals(Tensor.complex(new double[] {6, 8, -2, 1}, 2), z.grad());
  }

  /** A fused graph recorded with {@code call} gives the gradients of the same ops one by one. */
  @Test
  void aFusedCallMatchesTheOpByOpTape() {
    Tensor x0 = normal(DType.F64, 3);

    TensorBuilder g = TensorBuilder.create();
    TensorValue x = g.input("x", DType.F64, 3);
    Graph<TensorOp> f = g.build(x.sin().mul(x.exp()).sum());
    List<Tensor> expected =
        ReferenceVjp.vjp(f, Map.of(x, x0), List.of(x), List.of(Tensor.scalar(1)));

    EagerTensor fused = rt.variable(x0);
    rt.call(f, List.of(fused)).get(0).backward();
    EagerTensor stepwise = rt.variable(x0);
    stepwise.sin().mul(stepwise.exp()).sum().backward();

    assertClose(expected.get(0), fused.grad());
    assertClose(expected.get(0), stepwise.grad());
  }
}
