package io.github.tidu4j.primitives.tensor;

import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertClose;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertRejects;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertTensor;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.c128;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.f64;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.tidu4j.graph.fusion.BlockedSum;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ReductionsTest {

  private static final Tensor M = f64(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);

  @Test
  void sumsMatrixOverEachAxisAndBoth() {
    assertTensor(Tensor.vector(5, 7, 9), Reductions.reduceSum(M, 0));
    assertTensor(Tensor.vector(6, 15), Reductions.reduceSum(M, 1));
    assertTensor(Tensor.scalar(21), Reductions.reduceSum(M, 0, 1));
  }

  @Test
  void noAxesIsIdentityAndScalarStaysScalar() {
    assertSame(M, Reductions.reduceSum(M));
    Tensor s = Tensor.scalar(3);
    assertSame(s, Reductions.reduceSum(s));
  }

  @Test
  void vectorToScalar() {
    assertTensor(Tensor.scalar(10), Reductions.reduceSum(Tensor.vector(1, 2, 3, 4), 0));
    assertTensor(Tensor.scalar(4), Reductions.reduceSum(Tensor.vector(4), 0));
  }

  @Test
  void aRealSumOverEveryAxisAddsInBlocksBeyondOneBlock() {
    // in index order, 1 + 2^-53 rounds back to 1 at every step; in blocks, the second block sums
    // to 2^14 · 2^-53 = 2^-39 exactly before it meets the 1
    int block = BlockedSum.BLOCK;
    double[] data = new double[2 * block];
    data[0] = 1.0;
    java.util.Arrays.fill(data, 1, data.length, 0x1p-53);
    assertTensor(Tensor.scalar(1.0 + 0x1p-39), Reductions.reduceSum(Tensor.of(data, 2 * block), 0));
    assertTensor(Tensor.scalar(1.0 + 0x1p-39),
        Reductions.reduceSum(Tensor.of(data, 2, block), 0, 1));
    // one block, and each row of a sum along an axis, add in index order
    assertTensor(Tensor.scalar(1.0), Reductions.reduceSum(Tensor.of(java.util.Arrays.copyOf(data, block), block), 0));
    assertTensor(Tensor.vector(1.0, 0x1p-39), Reductions.reduceSum(Tensor.of(data, 2, block), 1));
  }

  @Test
  void aComplexSumOverEveryAxisAddsEachPartInBlocksBeyondOneBlock() {
    // as for a real sum: the real parts 1, 2^-53, 2^-53, …; the imaginary parts their negatives
    int block = BlockedSum.BLOCK;
    double[] data = new double[2 * 2 * block];
    for (int i = 0; i < 2 * block; i++) {
      data[2 * i] = i == 0 ? 1.0 : 0x1p-53;
      data[2 * i + 1] = -data[2 * i];
    }
    assertTensor(Tensor.complexScalar(1.0 + 0x1p-39, -1.0 - 0x1p-39),
        Reductions.reduceSum(Tensor.complex(data, 2 * block), 0));
    assertTensor(Tensor.complexScalar(1.0 + 0x1p-39, -1.0 - 0x1p-39),
        Reductions.reduceSum(Tensor.complex(data, 2, block), 0, 1));
    // one block adds in index order, as before
    assertTensor(Tensor.complexScalar(1.0, -1.0),
        Reductions.reduceSum(Tensor.complex(java.util.Arrays.copyOf(data, 2 * block), block), 0));
  }

  @Test
  void rank3OverMultipleAxesHandComputed() {
    // t[i, j, k] = 100 i + 10 j + k, shape [2, 3, 2]
    double[] d = new double[12];
    for (int i = 0, p = 0; i < 2; i++) {
      for (int j = 0; j < 3; j++) {
        for (int k = 0; k < 2; k++) {
          d[p++] = 100 * i + 10 * j + k;
        }
      }
    }
    Tensor t = f64(d, 2, 3, 2);
    // over i and k: Σ = 2·(10 j)·2 + 100·2 + 1·2 = 40 j + 202
    assertTensor(Tensor.vector(202, 242, 282), Reductions.reduceSum(t, 0, 2));
    // over j: [i, k] → 300 i + 30 + 3 k
    assertTensor(f64(new double[] {30, 33, 330, 333}, 2, 2), Reductions.reduceSum(t, 1));
    // over j and k: 600 i + 60 + 3
    assertTensor(Tensor.vector(63, 663), Reductions.reduceSum(t, 1, 2));
    assertTensor(Tensor.scalar(726), Reductions.reduceSum(t, 0, 1, 2));
  }

  @Test
  void unitAxes() {
    Tensor t = f64(new double[] {1, 2, 3}, 1, 3, 1);
    assertTensor(f64(new double[] {1, 2, 3}, 3, 1), Reductions.reduceSum(t, 0));
    assertTensor(Tensor.vector(1, 2, 3), Reductions.reduceSum(t, 0, 2));
    assertTensor(Tensor.scalar(6), Reductions.reduceSum(t, 0, 1, 2));
    assertTensor(f64(new double[] {6}, 1, 1), Reductions.reduceSum(t, 1));
  }

  @Test
  void emptyAxesSumToZero() {
    Tensor e = Tensor.zeros(DType.F64, 0, 3);
    assertTensor(Tensor.zeros(DType.F64, 3), Reductions.reduceSum(e, 0));
    assertTensor(Tensor.zeros(DType.F64, 0), Reductions.reduceSum(e, 1));
    assertTensor(Tensor.zeros(DType.C128), Reductions.reduceSum(Tensor.zeros(DType.C128, 0), 0));
  }

  @Test
  void aRealSumOverTheAxesBeforeAKeptAxisOfTwoIsInRowMajorOrder() {
    // [K, 2] summed over axis 0: each column from +0.0 row by row, as for any sum over some
    // axes (not the blocked order of a complex full sum, whose element is also two doubles)
    int rows = 4 * BlockedSum.BLOCK + 3;
    for (int[] dims : new int[][] {{rows, 2}, {rows, 1, 2}}) {
      Tensor x = Tensor.random(DType.F64, dims, new Random(42));
      double[] d = x.toDoubleArray();
      double[] columns = new double[2];
      for (int i = 0; i < rows; i++) {
        columns[0] += d[2 * i];
        columns[1] += d[2 * i + 1];
      }
      int[] kept = dims.length == 2 ? new int[] {2} : new int[] {1, 2};
      assertTensor(f64(columns, kept), Reductions.reduceSum(x, 0));
    }
  }

  @Test
  void aSumWhoseResultCannotExistIsRefusedNamingIt() {
    // c128[0, 2^30]: empty, but its sum over axis 0 would be 2^31 doubles
    Tensor x = Tensor.zeros(DType.C128, 0, 1 << 30);
    assertRejects(() -> Reductions.reduceSum(x, 0), "reduceSum", "c128", "[1073741824]");
  }

  @Test
  void aResultShapeTooLargeForAnArrayIsNamedWithTheKernel() {
    // [0, 65536, 65536] is empty; its sum over axis 0 would have 2^32 elements
    Tensor x = Tensor.zeros(DType.F64, 0, 1 << 16, 1 << 16);
    assertRejects(
        () -> Reductions.reduceSum(x, 0),
        "reduceSum: the result would have Shape [65536, 65536]: size exceeds Integer.MAX_VALUE");
  }

  @Test
  void complexSums() {
    Tensor z = c128(new double[] {1, 2, 3, 4, 5, 6, 7, 8}, 2, 2);
    assertTensor(c128(new double[] {6, 8, 10, 12}, 2), Reductions.reduceSum(z, 0));
    assertTensor(c128(new double[] {4, 6, 12, 14}, 2), Reductions.reduceSum(z, 1));
    assertTensor(Tensor.complexScalar(16, 20), Reductions.reduceSum(z, 0, 1));
  }

  @Test
  void matchesNaiveReferenceOnRandomShapesAndAxisSets() {
    Random rng = new Random(42);
    for (int trial = 0; trial < 200; trial++) {
      int rank = rng.nextInt(5);
      int[] dims = new int[rank];
      for (int k = 0; k < rank; k++) {
        dims[k] = 1 + rng.nextInt(4);
      }
      List<Integer> axes = new ArrayList<>();
      for (int k = 0; k < rank; k++) {
        if (rng.nextBoolean()) {
          axes.add(k);
        }
      }
      int[] ax = axes.stream().mapToInt(Integer::intValue).toArray();
      DType dtype = trial % 2 == 0 ? DType.F64 : DType.C128;
      Tensor x = Tensor.random(dtype, dims, rng);
      assertClose(naiveSum(x, ax), Reductions.reduceSum(x, ax), 1e-14);
    }
  }

  @Test
  void isDeterministic() {
    Tensor x = Tensor.random(DType.F64, new int[] {17, 33, 9}, new Random(1));
    assertTensor(Reductions.reduceSum(x, 0, 2), Reductions.reduceSum(x, 0, 2));
  }

  @Test
  void rejectsBadAxesNamingOpAndShape() {
    assertRejects(
        () -> Reductions.reduceSum(M, 1, 0), "reduceSum", "[1, 0]", "increasing", "[2, 3]");
    assertRejects(() -> Reductions.reduceSum(M, 0, 0), "reduceSum", "[0, 0]", "[2, 3]");
    assertRejects(() -> Reductions.reduceSum(M, 2), "reduceSum", "[2]", "rank 2", "[2, 3]");
    assertRejects(() -> Reductions.reduceSum(M, -1), "reduceSum", "-1", "[2, 3]");
    assertRejects(() -> Reductions.reduceSum(Tensor.scalar(1), 0), "reduceSum", "rank 0", "[]");
  }

  /** Σ by visiting every input element and computing its output offset from scratch. */
  static Tensor naiveSum(Tensor x, int[] axes) {
    int[] dims = x.shape().dims();
    boolean[] red = new boolean[dims.length];
    for (int a : axes) {
      red[a] = true;
    }
    int[] outDims = new int[dims.length - axes.length];
    for (int k = 0, j = 0; k < dims.length; k++) {
      if (!red[k]) {
        outDims[j++] = dims[k];
      }
    }
    int w = x.dtype().width();
    double[] in = x.toDoubleArray();
    double[] out = new double[Shape.of(outDims).size() * w];
    int[] idx = new int[dims.length];
    for (int e = 0; e < x.size(); e++) {
      int rem = e;
      for (int k = dims.length - 1; k >= 0; k--) {
        idx[k] = rem % dims[k];
        rem /= dims[k];
      }
      int o = 0;
      for (int k = 0; k < dims.length; k++) {
        if (!red[k]) {
          o = o * dims[k] + idx[k];
        }
      }
      for (int c = 0; c < w; c++) {
        out[o * w + c] += in[e * w + c];
      }
    }
    return x.dtype().isComplex() ? Tensor.complex(out, outDims) : Tensor.of(out, outDims);
  }
}
