package io.github.tidu4j.primitives;

import static io.github.tidu4j.primitives.TestEvaluators.key;
import static io.github.tidu4j.primitives.TestEvaluators.outputOperation;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.check.Mode;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code matmul}, NumPy's {@code a @ b} for vectors, matrices and stacks of matrices with equal
 * batch axes: one {@code DotGeneral} node, values worked out by hand (small integers, so exact),
 * derivatives to second order, and the operands it refuses.
 */
class MatmulTest {
  private final TensorBuilder b = TensorBuilder.create();

  /** {@code a.matmul(c)} for inputs holding {@code av} and {@code cv}, evaluated by every tier. */
  private static Tensor matmul(Tensor av, Tensor cv) {
    TensorBuilder b = TensorBuilder.create();
    TensorValue a = b.input("a", av.dtype(), av.shape().dims());
    TensorValue c = b.input("c", cv.dtype(), cv.shape().dims());
    TensorValue product = a.matmul(c);
    Graph<TensorOp> g = b.build(product);
    assertEquals(1, g.nodeCount(), "one DotGeneral node: " + g);
    assertEquals(1, TestEvaluators.count(g, "DotGeneral"));
    Tensor value =
        TestEvaluators.eval1(g, g.outputKeys().get(0), Map.of(a.inputKey(), av, c.inputKey(), cv));
    assertEquals(product.type(), TensorType.of(value));
    return value;
  }

  private static void checkDerivatives(Tensor av, Tensor cv, long seed) {
    TensorBuilder b = TensorBuilder.create();
    TensorValue a = b.input("a", av.dtype(), av.shape().dims());
    TensorValue c = b.input("c", cv.dtype(), cv.shape().dims());
    Graph<TensorOp> g = b.build(a.matmul(c));
    GradientChecker.<TensorOp, Void, Tensor>of(TensorDomain.INSTANCE)
        .withEvaluator(TestEvaluators.ALL_TIERS)
        .check(
            CheckedFunction.of(g),
            Map.of(a.inputKey(), av, c.inputKey(), cv),
            2,
            Mode.BOTH,
            null,
            new Random(seed));
  }

  private static Tensor random(DType dtype, long seed, int... dims) {
    return Tensor.random(dtype, dims, new Random(seed));
  }

  private void assertRefused(String expected, TensorValue a, TensorValue c) {
    assertEquals(
        expected, assertThrows(IllegalArgumentException.class, () -> a.matmul(c)).getMessage());
  }

  @Test
  void vectorTimesVectorIsRankZero() {
    assertEquals(Tensor.scalar(32), matmul(Tensor.vector(1, 2, 3), Tensor.vector(4, 5, 6)));
  }

  @Test
  void matrixTimesVectorIsAVector() {
    Tensor a = Tensor.matrix(new double[][] {{1, 2, 3}, {4, 5, 6}});
    assertEquals(Tensor.vector(-2, -2), matmul(a, Tensor.vector(1, 0, -1)));
  }

  @Test
  void vectorTimesMatrixIsAVector() {
    Tensor m = Tensor.matrix(new double[][] {{1, 2, 3}, {4, 5, 6}});
    assertEquals(Tensor.vector(9, 12, 15), matmul(Tensor.vector(1, 2), m));
  }

  @Test
  void matrixTimesMatrixIsAMatrix() {
    Tensor a = Tensor.matrix(new double[][] {{1, 2}, {3, 4}});
    Tensor m = Tensor.matrix(new double[][] {{5, 6}, {7, 8}});
    assertEquals(Tensor.matrix(new double[][] {{19, 22}, {43, 50}}), matmul(a, m));
    Tensor wide = Tensor.matrix(new double[][] {{1, 0, 2}, {0, 1, 3}});
    assertEquals(
        Tensor.matrix(new double[][] {{1, 2, 8}, {3, 4, 18}}), matmul(a, wide), "[2, 2]·[2, 3]");
  }

  @Test
  void stacksOfMatricesMultiplyPairwiseAlongTheirBatchAxes() {
    // a[0] = [[1, 2], [3, 4]], a[1] = [[0, 1], [1, 0]] (swaps rows)
    Tensor a = Tensor.of(new double[] {1, 2, 3, 4, 0, 1, 1, 0}, 2, 2, 2);
    // c[0] = [[1, 0, 1], [0, 1, 1]], c[1] = [[1, 2, 3], [4, 5, 6]]
    Tensor c = Tensor.of(new double[] {1, 0, 1, 0, 1, 1, 1, 2, 3, 4, 5, 6}, 2, 2, 3);
    assertEquals(
        Tensor.of(new double[] {1, 2, 3, 3, 4, 7, 4, 5, 6, 1, 2, 3}, 2, 2, 3), matmul(a, c));
  }

  @Test
  void twoBatchAxes() {
    // [2, 1, 1, 2]·[2, 1, 2, 1]: batch (0, 0) is [1, 2]·[3, 4], batch (1, 0) is [5, 6]·[7, 8]
    Tensor a = Tensor.of(new double[] {1, 2, 5, 6}, 2, 1, 1, 2);
    Tensor c = Tensor.of(new double[] {3, 4, 7, 8}, 2, 1, 2, 1);
    assertEquals(Tensor.of(new double[] {11, 83}, 2, 1, 1, 1), matmul(a, c));
  }

  @Test
  void theBatchedProductIsOneDotGeneralWithBatchAxes() {
    TensorValue a = b.input("a", DType.F64, 5, 2, 3);
    TensorValue c = b.input("c", DType.F64, 5, 3, 4);
    TensorValue product = a.matmul(c);
    assertEquals(TensorType.of(DType.F64, 5, 2, 4), product.type());
    assertEquals(
        key(a.dotGeneral(c, new int[] {2}, new int[] {1}, new int[] {0}, new int[] {0})),
        key(product));
    Graph<TensorOp> g = b.build(product);
    TensorPrimitives.DotGeneral op = (TensorPrimitives.DotGeneral) outputOperation(g, 0);
    assertArrayEquals(new int[] {0}, op.lhsBatch());
    assertArrayEquals(new int[] {0}, op.rhsBatch());
  }

  @Test
  void complexOperandsAreNotConjugated() {
    // [1 + i, 2]·[i, 1 − i] = (1 + i)i + 2(1 − i) = −1 + i + 2 − 2i = 1 − i
    Tensor a = Tensor.complex(new double[] {1, 1, 2, 0}, 2);
    Tensor c = Tensor.complex(new double[] {0, 1, 1, -1}, 2);
    assertEquals(Tensor.complexScalar(1, -1), matmul(a, c));
  }

  @Test
  void derivativesToSecondOrderForEveryRankCase() {
    checkDerivatives(random(DType.F64, 1, 3), random(DType.F64, 2, 3), 21);
    checkDerivatives(random(DType.F64, 3, 2, 3), random(DType.F64, 4, 3), 22);
    checkDerivatives(random(DType.F64, 5, 3), random(DType.F64, 6, 3, 2), 23);
    checkDerivatives(random(DType.F64, 7, 2, 3), random(DType.F64, 8, 3, 4), 24);
    checkDerivatives(random(DType.F64, 9, 2, 2, 3), random(DType.F64, 10, 2, 3, 2), 25);
    checkDerivatives(random(DType.C128, 11, 2, 2, 3), random(DType.C128, 12, 2, 3, 2), 26);
  }

  @Test
  void batchAxesThatDifferAreRefusedNamingBothShapes() {
    assertRefused(
        "matmul: batch axes [2] and [3] differ; matmul does not broadcast batch axes (operands"
            + " f64[2, 3, 4], f64[3, 4, 5])",
        b.input("a", DType.F64, 2, 3, 4),
        b.input("c", DType.F64, 3, 4, 5));
    assertRefused(
        "matmul: batch axes [2] and [] differ; matmul does not broadcast batch axes (operands"
            + " f64[2, 3, 4], f64[4, 5])",
        b.input("stack", DType.F64, 2, 3, 4),
        b.input("matrix", DType.F64, 4, 5));
    assertRefused(
        "matmul: batch axes [] and [2] differ; matmul does not broadcast batch axes (operands"
            + " f64[3], f64[2, 3, 4])",
        b.input("vector", DType.F64, 3),
        b.input("stack2", DType.F64, 2, 3, 4));
    assertRefused(
        "matmul: batch axes [1, 2] and [2] differ; matmul does not broadcast batch axes (operands"
            + " f64[1, 2, 3, 4], f64[2, 4, 5])",
        b.input("rank4", DType.F64, 1, 2, 3, 4),
        b.input("rank3", DType.F64, 2, 4, 5));
  }

  @Test
  void contractedAxesOfDifferentLengthsAreRefusedNamingBothShapes() {
    assertRefused(
        "matmul: contracted axes differ in length, 3 (axis 1 of a) and 4 (axis 0 of b) (operands"
            + " f64[2, 3], f64[4, 5])",
        b.input("a", DType.F64, 2, 3),
        b.input("c", DType.F64, 4, 5));
    assertRefused(
        "matmul: contracted axes differ in length, 3 (axis 0 of a) and 4 (axis 0 of b) (operands"
            + " f64[3], f64[4])",
        b.input("u", DType.F64, 3),
        b.input("v", DType.F64, 4));
    assertRefused(
        "matmul: contracted axes differ in length, 3 (axis 2 of a) and 2 (axis 1 of b) (operands"
            + " f64[5, 2, 3], f64[5, 2, 3])",
        b.input("p", DType.F64, 5, 2, 3),
        b.input("q", DType.F64, 5, 2, 3));
  }

  @Test
  void rankZeroOperandsAndMixedDtypesAreRefused() {
    assertRefused(
        "matmul: takes operands of rank 1 or more; use mul to scale by a rank-0 value (operands"
            + " f64[], f64[3])",
        b.input("s", DType.F64),
        b.input("v", DType.F64, 3));
    assertRefused(
        "DotGeneral: operand dtypes differ; there is no implicit promotion (operands a: f64[2, 3],"
            + " z: c128[3, 2])",
        b.input("a", DType.F64, 2, 3),
        b.input("z", DType.C128, 3, 2));
  }
}
