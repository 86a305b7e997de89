package io.github.tidu4j.primitives.tensor;

import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertClose;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertRejects;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertTensor;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.c128;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.f64;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LayoutTest {

  private static final Tensor M = f64(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);

  // --- reshape --------------------------------------------------------------------------------

  @Test
  void reshapeKeepsRowMajorOrder() {
    assertTensor(f64(new double[] {1, 2, 3, 4, 5, 6}, 3, 2), Layout.reshape(M, 3, 2));
    assertTensor(Tensor.vector(1, 2, 3, 4, 5, 6), Layout.reshape(M, 6));
    assertTensor(f64(new double[] {1, 2, 3, 4, 5, 6}, 1, 2, 1, 3), Layout.reshape(M, 1, 2, 1, 3));
    assertSame(M, Layout.reshape(M, 2, 3));
  }

  @Test
  void reshapeBetweenScalarAndUnitShapes() {
    Tensor s = Tensor.scalar(4);
    Tensor u = Layout.reshape(s, 1, 1);
    assertTensor(f64(new double[] {4}, 1, 1), u);
    assertTensor(s, Layout.reshape(u));
    Tensor z = Tensor.complexScalar(1, 2);
    assertTensor(c128(new double[] {1, 2}, 1), Layout.reshape(z, 1));
  }

  @Test
  void reshapeRejectsSizeMismatchNamingBothShapes() {
    assertRejects(() -> Layout.reshape(M, 4, 2), "reshape", "[2, 3]", "[4, 2]", "6", "8");
  }

  // --- transpose ------------------------------------------------------------------------------

  @Test
  void transposeMatrix() {
    assertTensor(f64(new double[] {1, 4, 2, 5, 3, 6}, 3, 2), Layout.transpose(M, 1, 0));
    assertSame(M, Layout.transpose(M, 0, 1));
    Tensor s = Tensor.scalar(1);
    assertSame(s, Layout.transpose(s));
    assertTensor(
        f64(new double[] {1, 2, 3}, 3, 1),
        Layout.transpose(f64(new double[] {1, 2, 3}, 1, 3), 1, 0));
  }

  @Test
  void transposeComplexMatrix() {
    Tensor z = c128(new double[] {1, -1, 2, -2, 3, -3, 4, -4}, 2, 2);
    assertTensor(c128(new double[] {1, -1, 3, -3, 2, -2, 4, -4}, 2, 2), Layout.transpose(z, 1, 0));
  }

  @Test
  void transposeRank3HandComputed() {
    // t[i, j, k] = 100 i + 10 j + k, shape [2, 3, 4]; out = transpose(t, 2, 0, 1): out[k, i, j]
    Tensor t = indexTensor(2, 3, 4);
    Tensor out = Layout.transpose(t, 2, 0, 1);
    assertEquals(Shape.of(4, 2, 3), out.shape());
    for (int i = 0; i < 2; i++) {
      for (int j = 0; j < 3; j++) {
        for (int k = 0; k < 4; k++) {
          assertEquals(100 * i + 10 * j + k, out.get(k, i, j));
        }
      }
    }
  }

  @Test
  void transposeMatchesNaiveAndRoundTripsOnRandomShapes() {
    Random rng = new Random(9);
    for (int trial = 0; trial < 200; trial++) {
      int rank = rng.nextInt(6);
      int[] dims = new int[rank];
      for (int k = 0; k < rank; k++) {
        dims[k] = 1 + rng.nextInt(4);
      }
      int[] perm = randomPermutation(rank, rng);
      DType dtype = trial % 3 == 0 ? DType.C128 : DType.F64;
      Tensor x = Tensor.random(dtype, dims, rng);
      Tensor y = Layout.transpose(x, perm);
      assertTensor(naiveTranspose(x, perm), y);
      assertTensor(x, Layout.transpose(y, Layout.inversePermutation(perm)));
    }
  }

  @Test
  void transposeLargeMatricesExercisesTiling() {
    Random rng = new Random(4);
    for (int[] dims : new int[][] {{67, 45}, {3, 70, 33}, {40, 2, 50}}) {
      Tensor x = Tensor.random(DType.F64, dims, rng);
      int[] perm = dims.length == 2 ? new int[] {1, 0} : new int[] {0, 2, 1};
      assertTensor(naiveTranspose(x, perm), Layout.transpose(x, perm));
      Tensor z = Tensor.random(DType.C128, dims, rng);
      assertTensor(naiveTranspose(z, perm), Layout.transpose(z, perm));
    }
  }

  @Test
  void transposeOfEmptyTensor() {
    Tensor e = Tensor.zeros(DType.F64, 2, 0, 3);
    assertTensor(Tensor.zeros(DType.F64, 3, 2, 0), Layout.transpose(e, 2, 0, 1));
  }

  @Test
  void inversePermutation() {
    assertArrayEquals(new int[] {1, 2, 0}, Layout.inversePermutation(2, 0, 1));
    assertArrayEquals(new int[0], Layout.inversePermutation());
    assertRejects(() -> Layout.inversePermutation(0, 2), "inversePermutation", "[0, 2]");
  }

  @Test
  void transposeRejectsNonPermutationsNamingShape() {
    assertRejects(() -> Layout.transpose(M, 0), "transpose", "[0]", "rank 2", "[2, 3]");
    assertRejects(() -> Layout.transpose(M, 0, 0), "transpose", "[0, 0]", "permutation", "[2, 3]");
    assertRejects(() -> Layout.transpose(M, 1, 2), "transpose", "[1, 2]", "[2, 3]");
  }

  // --- broadcastInDim -------------------------------------------------------------------------

  @Test
  void broadcastVectorAlongRowsOrColumns() {
    Tensor v = Tensor.vector(1, 2, 3);
    assertTensor(
        f64(new double[] {1, 2, 3, 1, 2, 3}, 2, 3),
        Layout.broadcastInDim(v, new int[] {2, 3}, new int[] {1}));
    assertTensor(
        f64(new double[] {1, 1, 2, 2, 3, 3}, 3, 2),
        Layout.broadcastInDim(v, new int[] {3, 2}, new int[] {0}));
  }

  @Test
  void broadcastScalarAndUnitAxes() {
    assertTensor(
        Tensor.full(DType.F64, 7, 2, 3),
        Layout.broadcastInDim(Tensor.scalar(7), new int[] {2, 3}, new int[0]));
    assertTensor(
        Tensor.full(DType.F64, 7, 1),
        Layout.broadcastInDim(Tensor.scalar(7), new int[] {1}, new int[0]));
    // [1, 3] -> [4, 3]: the unit axis is expanded
    Tensor row = f64(new double[] {1, 2, 3}, 1, 3);
    Tensor out = Layout.broadcastInDim(row, new int[] {4, 3}, new int[] {0, 1});
    assertTensor(f64(new double[] {1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3}, 4, 3), out);
    // [3, 1] -> [2, 3, 4]
    Tensor col = f64(new double[] {1, 2, 3}, 3, 1);
    Tensor b = Layout.broadcastInDim(col, new int[] {2, 3, 4}, new int[] {1, 2});
    for (int i = 0; i < 2; i++) {
      for (int j = 0; j < 3; j++) {
        for (int k = 0; k < 4; k++) {
          assertEquals(j + 1, b.get(i, j, k));
        }
      }
    }
    // inserting unit axes only
    assertTensor(
        f64(new double[] {1, 2, 3}, 1, 3, 1),
        Layout.broadcastInDim(Tensor.vector(1, 2, 3), new int[] {1, 3, 1}, new int[] {1}));
    assertSame(M, Layout.broadcastInDim(M, new int[] {2, 3}, new int[] {0, 1}));
  }

  @Test
  void broadcastComplex() {
    Tensor z = c128(new double[] {1, 2, 3, 4}, 2);
    assertTensor(
        c128(new double[] {1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4}, 2, 3),
        Layout.broadcastInDim(z, new int[] {2, 3}, new int[] {0}));
    assertTensor(
        c128(new double[] {1, 2, 3, 4, 1, 2, 3, 4}, 2, 2),
        Layout.broadcastInDim(z, new int[] {2, 2}, new int[] {1}));
  }

  @Test
  void broadcastMatchesNaiveAndReduceSumUndoesIt() {
    Random rng = new Random(13);
    for (int trial = 0; trial < 200; trial++) {
      int outRank = rng.nextInt(5);
      int[] outDims = new int[outRank];
      for (int k = 0; k < outRank; k++) {
        outDims[k] = 1 + rng.nextInt(4);
      }
      // a random increasing subset of output axes, each kept or collapsed to 1
      int[] kept = new int[outRank];
      int r = 0;
      for (int k = 0; k < outRank; k++) {
        if (rng.nextBoolean()) {
          kept[r++] = k;
        }
      }
      int[] bd = Arrays.copyOf(kept, r);
      int[] inDims = new int[r];
      for (int i = 0; i < r; i++) {
        inDims[i] = rng.nextInt(3) == 0 ? 1 : outDims[bd[i]];
      }
      DType dtype = trial % 2 == 0 ? DType.F64 : DType.C128;
      Tensor x = Tensor.random(dtype, inDims, rng);
      Tensor y = Layout.broadcastInDim(x, outDims, bd);
      assertTensor(naiveBroadcast(x, outDims, bd), y);

      // summing over the new axes and the expanded unit axes gives count · x
      boolean fullSize = true;
      for (int i = 0; i < r; i++) {
        fullSize &= inDims[i] == outDims[bd[i]];
      }
      if (fullSize) {
        boolean[] isBd = new boolean[outRank];
        for (int a : bd) {
          isBd[a] = true;
        }
        int[] others = new int[outRank - r];
        int count = 1;
        for (int k = 0, j = 0; k < outRank; k++) {
          if (!isBd[k]) {
            others[j++] = k;
            count *= outDims[k];
          }
        }
        assertClose(Elementwise.scale(x, count), Reductions.reduceSum(y, others), 1e-13);
      }
    }
  }

  @Test
  void broadcastRejectsBadArgumentsNamingShapes() {
    Tensor v = Tensor.vector(1, 2, 3);
    assertRejects(
        () -> Layout.broadcastInDim(v, new int[] {2, 3}, new int[] {0, 1}),
        "broadcastInDim",
        "[0, 1]",
        "rank 1",
        "[3]",
        "[2, 3]");
    assertRejects(
        () -> Layout.broadcastInDim(v, new int[] {2, 3}, new int[] {0}),
        "broadcastInDim",
        "operand axis 0",
        "length 3",
        "[3]",
        "[2, 3]");
    assertRejects(
        () -> Layout.broadcastInDim(v, new int[] {2, 3}, new int[] {2}),
        "broadcastInDim",
        "[2]",
        "out of range",
        "[3]",
        "[2, 3]");
    assertRejects(
        () -> Layout.broadcastInDim(M, new int[] {3, 2, 3}, new int[] {2, 0}),
        "broadcastInDim",
        "[2, 0]",
        "increasing",
        "[2, 3]",
        "[3, 2, 3]");
  }

  // --- helpers --------------------------------------------------------------------------------

  static Tensor indexTensor(int... dims) {
    int n = Shape.of(dims).size();
    double[] d = new double[n];
    for (int e = 0; e < n; e++) {
      int rem = e;
      double v = 0;
      double place = 1;
      for (int k = dims.length - 1; k >= 0; k--) {
        v += (rem % dims[k]) * place;
        rem /= dims[k];
        place *= 10;
      }
      d[e] = v;
    }
    return Tensor.of(d, dims);
  }

  static int[] randomPermutation(int n, Random rng) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  /** out[i] = x[j] with j[perm[k]] = i[k], element by element from scratch. */
  static Tensor naiveTranspose(Tensor x, int[] perm) {
    int[] dims = x.shape().dims();
    int[] strides = x.shape().strides();
    int[] outDims = new int[perm.length];
    for (int k = 0; k < perm.length; k++) {
      outDims[k] = dims[perm[k]];
    }
    int w = x.dtype().width();
    double[] in = x.toDoubleArray();
    double[] out = new double[in.length];
    int n = x.size();
    for (int e = 0; e < n; e++) {
      int rem = e;
      int src = 0;
      for (int k = perm.length - 1; k >= 0; k--) {
        src += (rem % outDims[k]) * strides[perm[k]];
        rem /= outDims[k];
      }
      for (int c = 0; c < w; c++) {
        out[e * w + c] = in[src * w + c];
      }
    }
    return w == 2 ? Tensor.complex(out, outDims) : Tensor.of(out, outDims);
  }

  static Tensor naiveBroadcast(Tensor x, int[] outDims, int[] bd) {
    int[] inDims = x.shape().dims();
    int[] inStrides = x.shape().strides();
    int w = x.dtype().width();
    double[] in = x.toDoubleArray();
    int n = Shape.of(outDims).size();
    double[] out = new double[n * w];
    int[] idx = new int[outDims.length];
    for (int e = 0; e < n; e++) {
      int rem = e;
      for (int k = outDims.length - 1; k >= 0; k--) {
        idx[k] = rem % outDims[k];
        rem /= outDims[k];
      }
      int src = 0;
      for (int i = 0; i < bd.length; i++) {
        src += (inDims[i] == 1 ? 0 : idx[bd[i]]) * inStrides[i];
      }
      for (int c = 0; c < w; c++) {
        out[e * w + c] = in[src * w + c];
      }
    }
    return w == 2 ? Tensor.complex(out, outDims) : Tensor.of(out, outDims);
  }
}
