package io.github.tidu4j.primitives.tensor;

import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertRejects;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertTensor;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.c128;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.f64;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ContractionTest {

  private static final int[] NONE = {};

  private static Tensor dot(Tensor a, Tensor b, int[] lc, int[] rc, int[] lb, int[] rb) {
    return Contraction.dotGeneral(a, b, lc, rc, lb, rb);
  }

  @Test
  void matrixProductHandComputed() {
    Tensor a = Tensor.matrix(new double[][] {{1, 2}, {3, 4}});
    Tensor b = Tensor.matrix(new double[][] {{5, 6}, {7, 8}});
    Tensor expected = Tensor.matrix(new double[][] {{19, 22}, {43, 50}});
    assertTensor(expected, Contraction.matmul(a, b));
    assertTensor(expected, dot(a, b, new int[] {1}, new int[] {0}, NONE, NONE));
    // aᵀ stored as [K, M]: contracting lhs axis 0
    assertTensor(
        expected, dot(Layout.transpose(a, 1, 0), b, new int[] {0}, new int[] {0}, NONE, NONE));
    // bᵀ stored as [N, K]: contracting rhs axis 1
    assertTensor(
        expected, dot(a, Layout.transpose(b, 1, 0), new int[] {1}, new int[] {1}, NONE, NONE));
  }

  @Test
  void rectangularMatrixProduct() {
    Tensor a = f64(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
    Tensor b = f64(new double[] {1, 0, 0, 1, 1, 1}, 3, 2);
    assertTensor(f64(new double[] {4, 5, 10, 11}, 2, 2), Contraction.matmul(a, b));
    assertTensor(f64(new double[] {1, 2, 3, 4, 5, 6, 5, 7, 9}, 3, 3), Contraction.matmul(b, a));
  }

  @Test
  void vectorDotMatVecAndOuterProduct() {
    Tensor u = Tensor.vector(1, 2, 3);
    Tensor v = Tensor.vector(4, 5, 6);
    assertTensor(Tensor.scalar(32), dot(u, v, new int[] {0}, new int[] {0}, NONE, NONE));
    assertTensor(
        f64(new double[] {4, 5, 6, 8, 10, 12, 12, 15, 18}, 3, 3),
        dot(u, v, NONE, NONE, NONE, NONE));
    Tensor m = f64(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
    assertTensor(Tensor.vector(14, 32), dot(m, u, new int[] {1}, new int[] {0}, NONE, NONE));
    assertTensor(
        Tensor.vector(9, 12, 15),
        dot(Tensor.vector(1, 2), m, new int[] {0}, new int[] {0}, NONE, NONE));
    // scalar times tensor: no axes at all
    assertTensor(Elementwise.scale(m, 2), dot(Tensor.scalar(2), m, NONE, NONE, NONE, NONE));
  }

  @Test
  void batchedMatrixProductHandComputed() {
    // batch 0: [[1, 2]]·[[1], [1]] = [[3]]; batch 1: [[3, 4]]·[[2], [0]] = [[6]]
    Tensor a = f64(new double[] {1, 2, 3, 4}, 2, 1, 2);
    Tensor b = f64(new double[] {1, 1, 2, 0}, 2, 2, 1);
    assertTensor(
        f64(new double[] {3, 6}, 2, 1, 1),
        dot(a, b, new int[] {2}, new int[] {1}, new int[] {0}, new int[] {0}));
    // batch only (elementwise product with a batch axis)
    assertTensor(
        Tensor.vector(1 * 5, 2 * 6),
        dot(Tensor.vector(1, 2), Tensor.vector(5, 6), NONE, NONE, new int[] {0}, new int[] {0}));
  }

  @Test
  void resultAxesAreBatchThenLhsFreeThenRhsFree() {
    Tensor a = Tensor.zeros(DType.F64, 2, 3, 4, 5); // batch 2 (axis 3), contract 3 (axis 1)
    Tensor b = Tensor.zeros(DType.F64, 7, 5, 3); // batch axis 1, contract axis 2
    Tensor r = dot(a, b, new int[] {1}, new int[] {2}, new int[] {3}, new int[] {1});
    assertEquals(Shape.of(5, 2, 4, 7), r.shape());
  }

  @Test
  void complexMatrixProductHandComputed() {
    // [[1+i, 2]]·[[i], [1−i]] = (1+i)i + 2(1−i) = −1+i + 2−2i = 1−i
    Tensor a = c128(new double[] {1, 1, 2, 0}, 1, 2);
    Tensor b = c128(new double[] {0, 1, 1, -1}, 2, 1);
    assertTensor(c128(new double[] {1, -1}, 1, 1), Contraction.matmul(a, b));
    // no conjugation: [i]·[i] = −1
    Tensor i = c128(new double[] {0, 1}, 1);
    assertTensor(Tensor.complexScalar(-1, 0), dot(i, i, new int[] {0}, new int[] {0}, NONE, NONE));
  }

  @Test
  void complexProductOfRealDataMatchesF64() {
    Random rng = new Random(21);
    Tensor a = Tensor.random(DType.F64, new int[] {5, 6}, rng);
    Tensor b = Tensor.random(DType.F64, new int[] {6, 3}, rng);
    Tensor za = Elementwise.complex(a, Tensor.zeros(DType.F64, 5, 6));
    Tensor zb = Elementwise.complex(b, Tensor.zeros(DType.F64, 6, 3));
    assertTensor(Contraction.matmul(a, b), Elementwise.real(Contraction.matmul(za, zb)));
  }

  @Test
  void zeroSizedAxes() {
    Tensor a = Tensor.zeros(DType.F64, 2, 0);
    Tensor b = Tensor.zeros(DType.F64, 0, 3);
    assertTensor(Tensor.zeros(DType.F64, 2, 3), Contraction.matmul(a, b)); // empty sum = 0
    assertTensor(
        Tensor.zeros(DType.F64, 0, 0), Contraction.matmul(Tensor.zeros(DType.F64, 0, 2), a));
    Tensor c = Tensor.ones(DType.C128, 2, 0);
    assertTensor(
        Tensor.zeros(DType.C128, 2, 2), dot(c, c, new int[] {1}, new int[] {1}, NONE, NONE));
  }

  @Test
  void aResultShapeTooLargeForAnArrayIsNamedWithTheKernel() {
    // [65536, 0] · [0, 65536]: an empty contraction whose result would have 2^32 elements
    Tensor a = Tensor.zeros(DType.F64, 1 << 16, 0);
    Tensor b = Tensor.zeros(DType.F64, 0, 1 << 16);
    assertRejects(
        () -> Contraction.matmul(a, b),
        "dotGeneral: the result would have Shape [65536, 65536]: size exceeds Integer.MAX_VALUE");
  }

  @Test
  void matchesNaiveReferenceOnRandomShapes() {
    Random rng = new Random(2024);
    for (int trial = 0; trial < 300; trial++) {
      int nb = rng.nextInt(3);
      int nc = rng.nextInt(3);
      int nlf = rng.nextInt(3);
      int nrf = rng.nextInt(3);
      int[] batchDims = randomDims(nb, rng);
      int[] contractDims = randomDims(nc, rng);
      // lhs axes: batch, contracting and free axes at random positions
      int lr = nb + nc + nlf;
      int rr = nb + nc + nrf;
      int[] lpos = LayoutTest.randomPermutation(lr, rng);
      int[] rpos = LayoutTest.randomPermutation(rr, rng);
      int[] ld = new int[lr];
      int[] rd = new int[rr];
      int[] lb = new int[nb];
      int[] rb = new int[nb];
      int[] lc = new int[nc];
      int[] rc = new int[nc];
      for (int i = 0; i < nb; i++) {
        lb[i] = lpos[i];
        rb[i] = rpos[i];
        ld[lb[i]] = batchDims[i];
        rd[rb[i]] = batchDims[i];
      }
      for (int i = 0; i < nc; i++) {
        lc[i] = lpos[nb + i];
        rc[i] = rpos[nb + i];
        ld[lc[i]] = contractDims[i];
        rd[rc[i]] = contractDims[i];
      }
      for (int i = nb + nc; i < lr; i++) {
        ld[lpos[i]] = 1 + rng.nextInt(4);
      }
      for (int i = nb + nc; i < rr; i++) {
        rd[rpos[i]] = 1 + rng.nextInt(4);
      }
      DType dtype = trial % 3 == 0 ? DType.C128 : DType.F64;
      Tensor a = Tensor.random(dtype, ld, rng);
      Tensor b = Tensor.random(dtype, rd, rng);
      // the kernel sums each output element over k in the same (row-major contracting) order as
      // the definition, so the bits agree exactly
      assertTensor(naiveDotGeneral(a, b, lc, rc, lb, rb), dot(a, b, lc, rc, lb, rb));
    }
  }

  @Test
  void largeMatricesMatchNaiveAcrossBlockBoundaries() {
    Random rng = new Random(8);
    // K and N straddle the 128 / 256 block sizes
    Tensor a = Tensor.random(DType.F64, new int[] {33, 300}, rng);
    Tensor b = Tensor.random(DType.F64, new int[] {300, 270}, rng);
    Tensor expected = naiveDotGeneral(a, b, new int[] {1}, new int[] {0}, NONE, NONE);
    Tensor actual = Contraction.matmul(a, b);
    assertTensor(expected, actual);
    // lhs stored transposed ([K, M]) and rhs stored transposed ([N, K]) give the same bits:
    // each output element sums over k in the same order
    Tensor at = Layout.transpose(a, 1, 0);
    Tensor bt = Layout.transpose(b, 1, 0);
    assertTensor(actual, dot(at, b, new int[] {0}, new int[] {0}, NONE, NONE));
    assertTensor(actual, dot(a, bt, new int[] {1}, new int[] {1}, NONE, NONE));
    Tensor za = Tensor.random(DType.C128, new int[] {9, 140}, rng);
    Tensor zb = Tensor.random(DType.C128, new int[] {140, 260}, rng);
    assertTensor(
        naiveDotGeneral(za, zb, new int[] {1}, new int[] {0}, NONE, NONE),
        Contraction.matmul(za, zb));
    // odd K exercises the unrolled loops' remainders
    Tensor c = Tensor.random(DType.F64, new int[] {3, 7}, rng);
    Tensor d = Tensor.random(DType.F64, new int[] {7, 5}, rng);
    assertTensor(
        naiveDotGeneral(c, d, new int[] {1}, new int[] {0}, NONE, NONE), Contraction.matmul(c, d));
  }

  @Test
  void isDeterministic() {
    Random rng = new Random(3);
    Tensor a = Tensor.random(DType.F64, new int[] {4, 20, 30}, rng);
    Tensor b = Tensor.random(DType.F64, new int[] {4, 30, 10}, rng);
    int[] c = {2};
    int[] d = {1};
    int[] bb = {0};
    assertTensor(dot(a, b, c, d, bb, bb), dot(a, b, c, d, bb, bb));
  }

  // --- validation -----------------------------------------------------------------------------

  @Test
  void rejectsMixedDtypesNamingBoth() {
    assertRejects(
        () -> Contraction.matmul(Tensor.zeros(DType.F64, 2, 2), Tensor.zeros(DType.C128, 2, 2)),
        "dotGeneral",
        "f64",
        "c128",
        "[2, 2]");
  }

  @Test
  void rejectsMismatchedContractingLengthsNamingShapes() {
    Tensor a = Tensor.zeros(DType.F64, 2, 3);
    Tensor b = Tensor.zeros(DType.F64, 4, 5);
    assertRejects(
        () -> Contraction.matmul(a, b),
        "dotGeneral",
        "contracting",
        "axis 1",
        "length 3",
        "axis 0",
        "length 4",
        "[2, 3]",
        "[4, 5]");
  }

  @Test
  void rejectsMismatchedBatchLengths() {
    Tensor a = Tensor.zeros(DType.F64, 2, 3, 4);
    Tensor b = Tensor.zeros(DType.F64, 5, 4, 6);
    assertRejects(
        () -> dot(a, b, new int[] {2}, new int[] {1}, new int[] {0}, new int[] {0}),
        "dotGeneral",
        "batch",
        "length 2",
        "length 5",
        "[2, 3, 4]",
        "[5, 4, 6]");
  }

  @Test
  void rejectsBadAxisLists() {
    Tensor a = Tensor.zeros(DType.F64, 2, 3);
    Tensor b = Tensor.zeros(DType.F64, 3, 2);
    assertRejects(
        () -> dot(a, b, new int[] {1}, NONE, NONE, NONE),
        "dotGeneral",
        "lhsContracting [1]",
        "rhsContracting []",
        "[2, 3]",
        "[3, 2]");
    assertRejects(
        () -> dot(a, b, NONE, NONE, new int[] {0}, NONE), "dotGeneral", "lhsBatch", "[2, 3]");
    assertRejects(
        () -> dot(a, b, new int[] {2}, new int[] {0}, NONE, NONE),
        "dotGeneral",
        "lhs contracting axis 2",
        "rank 2",
        "[2, 3]",
        "[3, 2]");
    assertRejects(
        () -> dot(a, b, new int[] {1}, new int[] {-1}, NONE, NONE),
        "dotGeneral",
        "rhs contracting axis -1",
        "[3, 2]");
    assertRejects(
        () -> dot(a, b, new int[] {0}, new int[] {1}, new int[] {0}, new int[] {1}),
        "dotGeneral",
        "lhs axis 0",
        "twice",
        "[2, 3]");
    assertRejects(
        () -> Contraction.matmul(Tensor.vector(1), Tensor.zeros(DType.F64, 1, 1)),
        "matmul",
        "rank-2",
        "[1]",
        "[1, 1]");
  }

  // --- reference ------------------------------------------------------------------------------

  private static int[] randomDims(int n, Random rng) {
    int[] d = new int[n];
    for (int i = 0; i < n; i++) {
      d[i] = 1 + rng.nextInt(4);
    }
    return d;
  }

  /** dotGeneral by definition: for every output index, sum over every contracting index. */
  static Tensor naiveDotGeneral(Tensor a, Tensor b, int[] lc, int[] rc, int[] lb, int[] rb) {
    int[] ld = a.shape().dims();
    int[] rd = b.shape().dims();
    int[] lfree = free(ld.length, lc, lb);
    int[] rfree = free(rd.length, rc, rb);
    int[] outDims = new int[lb.length + lfree.length + rfree.length];
    int r = 0;
    for (int x : lb) {
      outDims[r++] = ld[x];
    }
    for (int x : lfree) {
      outDims[r++] = ld[x];
    }
    for (int x : rfree) {
      outDims[r++] = rd[x];
    }
    int[] cDims = new int[lc.length];
    for (int i = 0; i < lc.length; i++) {
      cDims[i] = ld[lc[i]];
    }
    int n = Shape.of(outDims).size();
    int nc = Shape.of(cDims).size();
    boolean complex = a.dtype().isComplex();
    double[] out = new double[complex ? 2 * n : n];
    int[] oi = new int[outDims.length];
    int[] ci = new int[cDims.length];
    int[] li = new int[ld.length];
    int[] ri = new int[rd.length];
    for (int e = 0; e < n; e++) {
      unravel(e, outDims, oi);
      int p = 0;
      for (int i = 0; i < lb.length; i++, p++) {
        li[lb[i]] = oi[p];
        ri[rb[i]] = oi[p];
      }
      for (int x : lfree) {
        li[x] = oi[p++];
      }
      for (int x : rfree) {
        ri[x] = oi[p++];
      }
      double re = 0;
      double im = 0;
      for (int c = 0; c < nc; c++) {
        unravel(c, cDims, ci);
        for (int i = 0; i < lc.length; i++) {
          li[lc[i]] = ci[i];
          ri[rc[i]] = ci[i];
        }
        if (complex) {
          double ar = a.getRe(li);
          double ai = a.getIm(li);
          double br = b.getRe(ri);
          double bi = b.getIm(ri);
          re += ar * br - ai * bi;
          im += ar * bi + ai * br;
        } else {
          re += a.get(li) * b.get(ri);
        }
      }
      if (complex) {
        out[2 * e] = re;
        out[2 * e + 1] = im;
      } else {
        out[e] = re;
      }
    }
    return complex ? Tensor.complex(out, outDims) : Tensor.of(out, outDims);
  }

  private static int[] free(int rank, int[] c, int[] b) {
    boolean[] used = new boolean[rank];
    for (int x : c) {
      used[x] = true;
    }
    for (int x : b) {
      used[x] = true;
    }
    int[] f = new int[rank - c.length - b.length];
    for (int x = 0, j = 0; x < rank; x++) {
      if (!used[x]) {
        f[j++] = x;
      }
    }
    return f;
  }

  private static void unravel(int e, int[] dims, int[] idx) {
    for (int k = dims.length - 1; k >= 0; k--) {
      idx[k] = e % dims[k];
      e /= dims[k];
    }
  }
}
