package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;

/**
 * The NumPy conventions of the tensor API on the eager path: {@code matmul} for every rank case,
 * with the values and gradients the graph path gives (worked out by hand), {@code transpose()}
 * reversing the axes, negative axes, and the same refusals.
 */
class EagerNumpyConventionsTest {
  private final EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();

  @Test
  void matmulOfVectorsAndMatrices() {
    EagerTensor u = rt.variable(Tensor.vector(1, 2, 3));
    EagerTensor w = rt.variable(Tensor.vector(4, 5, 6));
    EagerTensor a = rt.variable(Tensor.matrix(new double[][] {{1, 2, 3}, {4, 5, 6}}));
    assertEquals(Tensor.scalar(32), u.matmul(w).value());
    assertEquals(Tensor.vector(-2, -2), a.matmul(rt.constant(Tensor.vector(1, 0, -1))).value());
    assertEquals(Tensor.vector(9, 12, 15), rt.constant(Tensor.vector(1, 2)).matmul(a).value());
    EagerTensor p = rt.variable(Tensor.matrix(new double[][] {{1, 2}, {3, 4}}));
    EagerTensor q = rt.variable(Tensor.matrix(new double[][] {{5, 6}, {7, 8}}));
    assertEquals(Tensor.matrix(new double[][] {{19, 22}, {43, 50}}), p.matmul(q).value());
  }

  @Test
  void matmulOfStacks() {
    EagerTensor a = rt.variable(Tensor.of(new double[] {1, 2, 3, 4, 0, 1, 1, 0}, 2, 2, 2));
    EagerTensor c = rt.variable(Tensor.of(new double[] {1, 0, 1, 0, 1, 1, 1, 2, 3, 4, 5, 6}, 2, 2, 3));
    assertEquals(
        Tensor.of(new double[] {1, 2, 3, 3, 4, 7, 4, 5, 6, 1, 2, 3}, 2, 2, 3), a.matmul(c).value());
  }

  @Test
  void matmulGradients() {
    EagerTensor p = rt.variable(Tensor.matrix(new double[][] {{1, 2}, {3, 4}}));
    EagerTensor q = rt.variable(Tensor.matrix(new double[][] {{5, 6}, {7, 8}}));
    p.matmul(q).sum().backward();
    // d Σ(pq) / dp = 1·qᵀ: each row is q's row sums; d/dq = pᵀ·1: each column is p's column sums
    assertEquals(Tensor.matrix(new double[][] {{11, 15}, {11, 15}}), p.grad());
    assertEquals(Tensor.matrix(new double[][] {{4, 4}, {6, 6}}), q.grad());
  }

  @Test
  void matmulRefusesAsTheGraphPathDoes() {
    EagerTensor a = rt.variable(Tensor.zeros(DType.F64, 2, 3, 4));
    EagerTensor c = rt.variable(Tensor.zeros(DType.F64, 3, 4, 5));
    assertEquals(
        "matmul: batch axes [2] and [3] do not broadcast (aligned from the right, each pair of"
            + " lengths must be equal or one of them 1) (operands f64[2, 3, 4], f64[3, 4, 5])",
        assertThrows(IllegalArgumentException.class, () -> a.matmul(c)).getMessage());
    EagerTensor u = rt.variable(Tensor.vector(1, 2, 3));
    EagerTensor v = rt.variable(Tensor.vector(1, 2));
    assertEquals(
        "matmul: contracted axes differ in length, 3 (axis 0 of a) and 2 (axis 0 of b) (operands"
            + " f64[3], f64[2])",
        assertThrows(IllegalArgumentException.class, () -> u.matmul(v)).getMessage());
  }

  @Test
  void transposeWithNoPermutationReversesTheAxes() {
    EagerTensor m = rt.variable(Tensor.matrix(new double[][] {{1, 2, 3}, {4, 5, 6}}));
    assertEquals(Tensor.matrix(new double[][] {{1, 4}, {2, 5}, {3, 6}}), m.transpose().value());
    EagerTensor v = rt.variable(Tensor.vector(1, 2));
    assertEquals(Tensor.vector(1, 2), v.transpose().value());
  }

  @Test
  void negativeAxes() {
    EagerTensor m = rt.variable(Tensor.matrix(new double[][] {{1, 2, 3}, {4, 5, 6}}));
    assertEquals(Tensor.vector(6, 15), m.reduceSum(-1).value());
    assertEquals(Tensor.vector(5, 7, 9), m.reduceSum(-2).value());
    assertEquals(
        Tensor.matrix(new double[][] {{1, 2, 3, 1, 2, 3}, {4, 5, 6, 4, 5, 6}}),
        m.concatenate(m, -1).value());
    assertEquals(
        "ReduceSum: axis -3 is out of range for rank 2 (axes are -2 … 1) (operand "
            + m.key() + ": f64[2, 3])",
        assertThrows(IllegalArgumentException.class, () -> m.reduceSum(-3)).getMessage());
  }
}
