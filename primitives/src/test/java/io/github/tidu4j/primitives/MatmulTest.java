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
import io.github.tidu4j.primitives.func.Fn2;
import io.github.tidu4j.primitives.func.TensorAutodiff;
import io.github.tidu4j.primitives.func.TensorFunction;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code matmul}, NumPy's {@code a @ b} for vectors, matrices and stacks of matrices: one {@code
 * DotGeneral} node where the batch axes are equal, values worked out by hand (small integers, so
 * exact); batch axes that broadcast, against a reference by loops; derivatives to second order,
 * and the operands it refuses.
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
  void batchAxesThatDoNotBroadcastAreRefusedNamingBothShapes() {
    assertRefused(
        "matmul: batch axes [2] and [3] do not broadcast (aligned from the right, each pair of"
            + " lengths must be equal or one of them 1) (operands f64[2, 3, 4], f64[3, 4, 5])",
        b.input("a", DType.F64, 2, 3, 4),
        b.input("c", DType.F64, 3, 4, 5));
    assertRefused(
        "matmul: batch axes [2, 3] and [2] do not broadcast (aligned from the right, each pair of"
            + " lengths must be equal or one of them 1) (operands f64[2, 3, 3, 4], f64[2, 4, 5])",
        b.input("rank4", DType.F64, 2, 3, 3, 4),
        b.input("rank3", DType.F64, 2, 4, 5));
  }

  /** {@code a @ c} through the functional API, every operand and the result f64. */
  private static Tensor broadcastMatmul(Tensor a, Tensor c) {
    return TensorAutodiff.function((Fn2) TensorValue::matmul)
        .apply(a, c);
  }

  /** Small integers, so that every product and sum is exact. */
  private static Tensor integers(int seed, int... dims) {
    int size = 1;
    for (int d : dims) {
      size *= d;
    }
    double[] data = new double[size];
    for (int i = 0; i < size; i++) {
      data[i] = (i * 7 + seed) % 5 - 2;
    }
    return Tensor.of(data, dims);
  }

  /**
   * NumPy's matmul of stacks of rank 2 or more, by loops: the matrix of {@code a} and of {@code c}
   * at each index of {@code batch}, an axis of length 1 of either read at index 0.
   */
  private static double[] reference(Tensor a, Tensor c, int... batch) {
    int[] da = a.shape().dims();
    int[] dc = c.shape().dims();
    int m = da[da.length - 2];
    int k = da[da.length - 1];
    int n = dc[dc.length - 1];
    int count = 1;
    for (int d : batch) {
      count *= d;
    }
    double[] x = a.toDoubleArray();
    double[] y = c.toDoubleArray();
    double[] out = new double[count * m * n];
    for (int t = 0; t < count; t++) {
      int[] index = new int[batch.length];
      for (int i = batch.length - 1, r = t; i >= 0; r /= batch[i], i--) {
        index[i] = r % batch[i];
      }
      int offA = matrixIndex(index, da) * m * k;
      int offC = matrixIndex(index, dc) * k * n;
      for (int i = 0; i < m; i++) {
        for (int j = 0; j < n; j++) {
          for (int l = 0; l < k; l++) {
            out[t * m * n + i * n + j] += x[offA + i * k + l] * y[offC + l * n + j];
          }
        }
      }
    }
    return out;
  }

  /** The number of the matrix of an operand of {@code dims} at the broadcast batch {@code index}. */
  private static int matrixIndex(int[] index, int[] dims) {
    int axes = dims.length - 2;
    int number = 0;
    for (int i = 0; i < axes; i++) {
      int at = index[index.length - axes + i];
      number = number * dims[i] + (dims[i] == 1 ? 0 : at);
    }
    return number;
  }

  @Test
  void stacksBroadcastAsNumPysDo() {
    // a stack times a vector, a vector times a stack: the vector as a column or a row
    Tensor s = integers(1, 2, 3, 4);
    Tensor v = integers(2, 4);
    Tensor sv = broadcastMatmul(s, v);
    assertArrayEquals(new int[] {2, 3}, sv.shape().dims());
    assertArrayEquals(reference(s, Tensor.of(v.toDoubleArray(), 4, 1), 2), sv.toDoubleArray());
    Tensor t = integers(3, 2, 4, 5);
    Tensor vt = broadcastMatmul(v, t);
    assertArrayEquals(new int[] {2, 5}, vt.shape().dims());
    assertArrayEquals(reference(Tensor.of(v.toDoubleArray(), 1, 4), t, 2), vt.toDoubleArray());
    // a matrix times a stack, a stack times a matrix
    Tensor m = integers(4, 3, 4);
    Tensor mt = broadcastMatmul(m, t);
    assertArrayEquals(new int[] {2, 3, 5}, mt.shape().dims());
    assertArrayEquals(reference(m, t, 2), mt.toDoubleArray());
    Tensor w = integers(5, 4, 5);
    Tensor sw = broadcastMatmul(s, w);
    assertArrayEquals(new int[] {2, 3, 5}, sw.shape().dims());
    assertArrayEquals(reference(s, w, 2), sw.toDoubleArray());
    // batch axes of length 1 and of different ranks
    Tensor p = integers(6, 2, 1, 3, 4);
    Tensor q = integers(7, 5, 4, 2);
    Tensor pq = broadcastMatmul(p, q);
    assertArrayEquals(new int[] {2, 5, 3, 2}, pq.shape().dims());
    assertArrayEquals(reference(p, q, 2, 5), pq.toDoubleArray());
    Tensor one = integers(8, 1, 3, 4);
    Tensor ot = broadcastMatmul(one, t);
    assertArrayEquals(new int[] {2, 3, 5}, ot.shape().dims());
    assertArrayEquals(reference(one, t, 2), ot.toDoubleArray());
  }

  @Test
  void derivativesOfBroadcastProductsToSecondOrder() {
    TensorFunction f = TensorAutodiff.function((Fn2) TensorValue::matmul);
    TensorAutodiff.checkGrads(f, 2, random(DType.F64, 31, 3, 4), random(DType.F64, 32, 2, 4, 5));
    TensorAutodiff.checkGrads(f, 2, random(DType.F64, 33, 2, 1, 3, 4), random(DType.F64, 34, 5, 4, 2));
    TensorAutodiff.checkGrads(f, 2, random(DType.C128, 35, 4), random(DType.C128, 36, 2, 4, 3));
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
    // named by matmul, not by the DotGeneral it makes
    assertRefused(
        "matmul: the operands' dtypes differ, f64 and c128 (toComplex() makes an f64 operand c128)"
            + " (operands f64[2, 3], c128[3, 2])",
        b.input("a", DType.F64, 2, 3),
        b.input("z", DType.C128, 3, 2));
  }
}
