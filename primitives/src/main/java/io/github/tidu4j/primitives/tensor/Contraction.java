package io.github.tidu4j.primitives.tensor;

import java.util.Arrays;

/**
 * Tensor contraction: {@link #dotGeneral}, with XLA's {@code DotGeneral} semantics, and the {@link
 * #matmul} shorthand.
 *
 * <pre>{@code
 * Tensor a = Tensor.matrix(new double[][] {{1, 2}, {3, 4}});
 * Tensor b = Tensor.matrix(new double[][] {{5, 6}, {7, 8}});
 * Contraction.matmul(a, b);   // [[19, 22], [43, 50]]
 * // batched matrix product of [b, m, k] and [b, k, n]:
 * // Contraction.dotGeneral(x, y, new int[] {2}, new int[] {1}, new int[] {0}, new int[] {0});
 * }</pre>
 *
 * <p><b>Implementation.</b> The operands are brought into the layouts {@code lhs: [B, M, K]} (or
 * {@code [B, K, M]}, used as is) and {@code rhs: [B, K, N]} — batch, free and contracting axes each
 * flattened into one — by a tiled transpose when they are not already so (no copy when they are).
 * The core is an {@code i-k-j} loop, blocked over {@code k} and {@code j} so that a block of {@code
 * rhs} stays in cache while it is reused by every row of {@code lhs}; its innermost loop {@code
 * c[i, j] += a[i, k] · b[k, j]} (four {@code k} at a time) runs over contiguous rows and is
 * vectorised by the JIT. Each output element accumulates its products one at a time in increasing
 * {@code k} order from {@code +0.0}, whatever the blocking and the operand layouts, so results are
 * deterministic and independent of how the operands are stored.
 */
public final class Contraction {

  /** Rows of {@code rhs} per block; with {@link #BLOCK_N} a 128 × 256 block is 256 KiB. */
  private static final int BLOCK_K = 128;

  /** Columns of {@code rhs} (and of the output) per block: a 2 KiB output row segment. */
  private static final int BLOCK_N = 256;

  private static final int[] NONE = new int[0];

  private Contraction() {}

  /** The matrix product of two rank-2 tensors: {@code dotGeneral(lhs, rhs, {1}, {0}, {}, {})}. */
  public static Tensor matmul(Tensor lhs, Tensor rhs) {
    if (lhs.rank() != 2 || rhs.rank() != 2) {
      throw new IllegalArgumentException(
          "matmul: expected rank-2 operands; lhs "
              + Checks.operand(lhs)
              + ", rhs "
              + Checks.operand(rhs));
    }
    return dotGeneral(lhs, rhs, new int[] {1}, new int[] {0}, NONE, NONE);
  }

  /**
   * The general dot product (XLA {@code DotGeneral}): sums {@code lhs · rhs} over each pair of
   * contracting axes {@code (lhsContracting[i], rhsContracting[i])}, and runs independently over
   * each pair of batch axes {@code (lhsBatch[i], rhsBatch[i])}. The result's axes are the batch
   * axes (in {@code lhsBatch} order), then the remaining ("free") axes of {@code lhs} in order,
   * then the free axes of {@code rhs} in order. No operand is conjugated.
   *
   * <p>Examples: matrix product {@code [m,k]·[k,n]}: contracting {@code {1}, {0}}; vector dot
   * product {@code [k]·[k]}: {@code {0}, {0}} (rank-0 result); outer product: no contracting axes;
   * batched {@code [b,m,k]·[b,k,n]}: contracting {@code {2}, {1}}, batch {@code {0}, {0}}.
   *
   * @throws IllegalArgumentException if the dtypes differ, an axis list pair has different lengths,
   *     an axis is out of range or listed twice for one operand, or paired axes have different
   *     lengths; the message names the operation and both shapes
   */
  public static Tensor dotGeneral(
      Tensor lhs,
      Tensor rhs,
      int[] lhsContracting,
      int[] rhsContracting,
      int[] lhsBatch,
      int[] rhsBatch) {
    Checks.sameDtype("dotGeneral", lhs, rhs);
    String shapes = "lhs " + Checks.operand(lhs) + ", rhs " + Checks.operand(rhs);
    if (lhsContracting.length != rhsContracting.length) {
      throw new IllegalArgumentException(
          "dotGeneral: lhsContracting "
              + Arrays.toString(lhsContracting)
              + " and rhsContracting "
              + Arrays.toString(rhsContracting)
              + " have different lengths; "
              + shapes);
    }
    if (lhsBatch.length != rhsBatch.length) {
      throw new IllegalArgumentException(
          "dotGeneral: lhsBatch "
              + Arrays.toString(lhsBatch)
              + " and rhsBatch "
              + Arrays.toString(rhsBatch)
              + " have different lengths; "
              + shapes);
    }
    int[] lhsFree = freeAxes("lhs", lhs.shape(), lhsContracting, lhsBatch, shapes);
    int[] rhsFree = freeAxes("rhs", rhs.shape(), rhsContracting, rhsBatch, shapes);
    int[] ld = lhs.shape().dims;
    int[] rd = rhs.shape().dims;
    checkPaired("batch", lhsBatch, rhsBatch, ld, rd, shapes);
    checkPaired("contracting", lhsContracting, rhsContracting, ld, rd, shapes);

    int nb = product(ld, lhsBatch);
    int m = product(ld, lhsFree);
    int k = product(ld, lhsContracting);
    int n = product(rd, rhsFree);

    int[] outDims = new int[lhsBatch.length + lhsFree.length + rhsFree.length];
    int r = 0;
    for (int a : lhsBatch) {
      outDims[r++] = ld[a];
    }
    for (int a : lhsFree) {
      outDims[r++] = ld[a];
    }
    for (int a : rhsFree) {
      outDims[r++] = rd[a];
    }
    Shape outShape = Shape.ofResult("dotGeneral", outDims);
    int w = lhs.dtype().width();
    double[] c = new double[Tensor.dataLength("dotGeneral", lhs.dtype(), outShape)];
    if (c.length == 0 || k == 0) {
      return Tensor.wrap(lhs.dtype(), outShape, c);
    }

    // lhs as [B, M, K] (row stride K, k stride 1) or, if already laid out so, [B, K, M].
    double[] a;
    int aRow;
    int aCol;
    if (isContiguous(ld, concat(lhsBatch, lhsFree, lhsContracting))) {
      a = lhs.data;
      aRow = k;
      aCol = 1;
    } else if (isContiguous(ld, concat(lhsBatch, lhsContracting, lhsFree))) {
      a = lhs.data;
      aRow = 1;
      aCol = m;
    } else {
      a = permuted(lhs, concat(lhsBatch, lhsFree, lhsContracting));
      aRow = k;
      aCol = 1;
    }
    int[] rhsOrder = concat(rhsBatch, rhsContracting, rhsFree);
    double[] b = isContiguous(rd, rhsOrder) ? rhs.data : permuted(rhs, rhsOrder);

    for (int bi = 0; bi < nb; bi++) {
      int aBase = bi * m * k;
      int bBase = bi * k * n;
      int cBase = bi * m * n;
      if (w == 1) {
        if (n == 1) {
          matVec(a, aBase, aRow, aCol, b, bBase, c, cBase, m, k);
        } else {
          matMul(a, aBase, aRow, aCol, b, bBase, c, cBase, m, k, n);
        }
      } else {
        complexMatMul(a, aBase, aRow, aCol, b, bBase, c, cBase, m, k, n);
      }
    }
    return Tensor.wrap(lhs.dtype(), outShape, c);
  }

  /** {@code c[i] = Σ_k a[i,k]·b[k]} (f64; the {@code n = 1} case, as dot products). */
  private static void matVec(
      double[] a,
      int aBase,
      int aRow,
      int aCol,
      double[] b,
      int bBase,
      double[] c,
      int cBase,
      int m,
      int k) {
    for (int i = 0; i < m; i++) {
      double acc = 0.0;
      int ai = aBase + i * aRow;
      for (int kk = 0; kk < k; kk++) {
        acc += a[ai + kk * aCol] * b[bBase + kk];
      }
      c[cBase + i] = acc;
    }
  }

  /**
   * {@code c[i,j] += Σ_k a[i,k]·b[k,j]} (f64), blocked i-k-j. Four {@code k} steps share one pass
   * over the output row: {@code c + a0·b0 + a1·b1 + a2·b2 + a3·b3} is evaluated left to right, so
   * the sum has exactly the bits of four separate {@code c += a·b} passes with a quarter of the
   * output loads and stores.
   */
  private static void matMul(
      double[] a,
      int aBase,
      int aRow,
      int aCol,
      double[] b,
      int bBase,
      double[] c,
      int cBase,
      int m,
      int k,
      int n) {
    for (int k0 = 0; k0 < k; k0 += BLOCK_K) {
      int k1 = Math.min(k, k0 + BLOCK_K);
      for (int j0 = 0; j0 < n; j0 += BLOCK_N) {
        int j1 = Math.min(n, j0 + BLOCK_N);
        for (int i = 0; i < m; i++) {
          int ci = cBase + i * n;
          int ai = aBase + i * aRow;
          int kk = k0;
          for (; kk + 3 < k1; kk += 4) {
            double a0 = a[ai + kk * aCol];
            double a1 = a[ai + (kk + 1) * aCol];
            double a2 = a[ai + (kk + 2) * aCol];
            double a3 = a[ai + (kk + 3) * aCol];
            int b0 = bBase + kk * n;
            int b1 = b0 + n;
            int b2 = b1 + n;
            int b3 = b2 + n;
            for (int j = j0; j < j1; j++) {
              c[ci + j] =
                  c[ci + j] + a0 * b[b0 + j] + a1 * b[b1 + j] + a2 * b[b2 + j] + a3 * b[b3 + j];
            }
          }
          for (; kk < k1; kk++) {
            double aik = a[ai + kk * aCol];
            int bk = bBase + kk * n;
            for (int j = j0; j < j1; j++) {
              c[ci + j] += aik * b[bk + j];
            }
          }
        }
      }
    }
  }

  /**
   * The c128 version of {@link #matMul}, two {@code k} steps per pass over the output row (same
   * bits as one at a time); strides and offsets count elements (pairs of doubles).
   */
  private static void complexMatMul(
      double[] a,
      int aBase,
      int aRow,
      int aCol,
      double[] b,
      int bBase,
      double[] c,
      int cBase,
      int m,
      int k,
      int n) {
    for (int k0 = 0; k0 < k; k0 += BLOCK_K) {
      int k1 = Math.min(k, k0 + BLOCK_K);
      for (int j0 = 0; j0 < n; j0 += BLOCK_N) {
        int j1 = Math.min(n, j0 + BLOCK_N);
        for (int i = 0; i < m; i++) {
          int ci = 2 * (cBase + i * n);
          int ai = 2 * (aBase + i * aRow);
          int kk = k0;
          for (; kk + 1 < k1; kk += 2) {
            double ar0 = a[ai + 2 * kk * aCol];
            double ai0 = a[ai + 2 * kk * aCol + 1];
            double ar1 = a[ai + 2 * (kk + 1) * aCol];
            double ai1 = a[ai + 2 * (kk + 1) * aCol + 1];
            int b0 = 2 * (bBase + kk * n);
            int b1 = b0 + 2 * n;
            for (int j = 2 * j0; j < 2 * j1; j += 2) {
              double br0 = b[b0 + j];
              double bi0 = b[b0 + j + 1];
              double br1 = b[b1 + j];
              double bi1 = b[b1 + j + 1];
              c[ci + j] = c[ci + j] + (ar0 * br0 - ai0 * bi0) + (ar1 * br1 - ai1 * bi1);
              c[ci + j + 1] = c[ci + j + 1] + (ar0 * bi0 + ai0 * br0) + (ar1 * bi1 + ai1 * br1);
            }
          }
          for (; kk < k1; kk++) {
            double ar = a[ai + 2 * kk * aCol];
            double aim = a[ai + 2 * kk * aCol + 1];
            int bk = 2 * (bBase + kk * n);
            for (int j = 2 * j0; j < 2 * j1; j += 2) {
              double br = b[bk + j];
              double bim = b[bk + j + 1];
              c[ci + j] += ar * br - aim * bim;
              c[ci + j + 1] += ar * bim + aim * br;
            }
          }
        }
      }
    }
  }

  /** The operand's data with its axes in {@code order}, row-major. */
  private static double[] permuted(Tensor x, int[] order) {
    int[] dims = x.shape().dims;
    int[] strides = Shape.rowMajorStrides(dims);
    int[] pd = new int[order.length];
    int[] ps = new int[order.length];
    for (int i = 0; i < order.length; i++) {
      pd[i] = dims[order[i]];
      ps[i] = strides[order[i]];
    }
    return StridedCopy.gather(x.data, 0, pd, ps, x.dtype().width());
  }

  /** Whether listing the axes in {@code order} gives the same row-major layout as the data's. */
  private static boolean isContiguous(int[] dims, int[] order) {
    int last = -1;
    for (int a : order) {
      if (dims[a] == 1) {
        continue; // unit axes can go anywhere
      }
      if (a < last) {
        return false;
      }
      last = a;
    }
    return true;
  }

  private static int[] freeAxes(
      String side, Shape shape, int[] contracting, int[] batch, String shapes) {
    int rank = shape.rank();
    boolean[] used = new boolean[rank];
    int[][] lists = {batch, contracting};
    String[] names = {"batch", "contracting"};
    for (int l = 0; l < 2; l++) {
      for (int a : lists[l]) {
        if (a < 0 || a >= rank) {
          throw new IllegalArgumentException(
              "dotGeneral: "
                  + side
                  + " "
                  + names[l]
                  + " axis "
                  + a
                  + " out of range for rank "
                  + rank
                  + "; "
                  + shapes);
        }
        if (used[a]) {
          throw new IllegalArgumentException(
              "dotGeneral: "
                  + side
                  + " axis "
                  + a
                  + " is listed twice as a batch or contracting axis; "
                  + shapes);
        }
        used[a] = true;
      }
    }
    int[] free = new int[rank - contracting.length - batch.length];
    for (int a = 0, f = 0; a < rank; a++) {
      if (!used[a]) {
        free[f++] = a;
      }
    }
    return free;
  }

  private static void checkPaired(
      String kind, int[] lhsAxes, int[] rhsAxes, int[] ld, int[] rd, String shapes) {
    for (int i = 0; i < lhsAxes.length; i++) {
      int la = lhsAxes[i];
      int ra = rhsAxes[i];
      if (ld[la] != rd[ra]) {
        throw new IllegalArgumentException(
            "dotGeneral: lhs "
                + kind
                + " axis "
                + la
                + " (length "
                + ld[la]
                + ") does not match rhs "
                + kind
                + " axis "
                + ra
                + " (length "
                + rd[ra]
                + "); "
                + shapes);
      }
    }
  }

  private static int product(int[] dims, int[] axes) {
    int p = 1;
    for (int a : axes) {
      p *= dims[a];
    }
    return p;
  }

  private static int[] concat(int[] x, int[] y, int[] z) {
    int[] r = new int[x.length + y.length + z.length];
    System.arraycopy(x, 0, r, 0, x.length);
    System.arraycopy(y, 0, r, x.length, y.length);
    System.arraycopy(z, 0, r, x.length + y.length, z.length);
    return r;
  }
}
