package io.github.tidu4j.primitives.tensor;

import java.util.Arrays;

/**
 * Layout kernels: {@link #reshape}, {@link #transpose} and {@link #broadcastInDim}. They move
 * elements without arithmetic, so they work on f64 and c128 alike and are exact.
 *
 * <pre>{@code
 * Tensor a = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
 * Layout.transpose(a, 1, 0);                                  // [[1, 4], [2, 5], [3, 6]]
 * Layout.reshape(a, 3, 2);                                    // [[1, 2], [3, 4], [5, 6]]
 * Layout.broadcastInDim(Tensor.vector(1, 2), new int[] {2, 3}, new int[] {0});
 *                                                             // [[1, 1, 1], [2, 2, 2]]
 * }</pre>
 */
public final class Layout {

  private Layout() {}

  /**
   * The same elements, in the same row-major order, viewed with another shape of the same size.
   * Shares {@code x}'s data (no copy); returns {@code x} itself if the shape is unchanged.
   *
   * @throws IllegalArgumentException if the sizes differ
   */
  public static Tensor reshape(Tensor x, int... shape) {
    return reshape(x, Shape.of(shape));
  }

  /** See {@link #reshape(Tensor, int...)}. */
  public static Tensor reshape(Tensor x, Shape shape) {
    if (shape.size() != x.size()) {
      throw new IllegalArgumentException(
          "reshape: cannot reshape "
              + Checks.operand(x)
              + " (size "
              + x.size()
              + ") to "
              + shape
              + " (size "
              + shape.size()
              + ")");
    }
    if (shape.equals(x.shape())) {
      return x;
    }
    return Tensor.wrap(x.dtype(), shape, x.data);
  }

  /**
   * Permutes the axes: output axis {@code k} is operand axis {@code perm[k]}, so the output has
   * dims {@code x.dim(perm[k])} and {@code out[i0, …] = x[j]} with {@code j[perm[k]] = ik}. {@code
   * transpose(m, 1, 0)} is the matrix transpose. Returns {@code x} itself for the identity
   * permutation.
   *
   * @throws IllegalArgumentException if {@code perm} is not a permutation of {@code 0 … rank−1}
   */
  public static Tensor transpose(Tensor x, int... perm) {
    checkPermutation("transpose", perm, x);
    if (isIdentity(perm)) {
      return x;
    }
    int[] inDims = x.shape().dims;
    int[] inStrides = Shape.rowMajorStrides(inDims);
    int r = perm.length;
    int[] dims = new int[r];
    int[] strides = new int[r];
    for (int k = 0; k < r; k++) {
      dims[k] = inDims[perm[k]];
      strides[k] = inStrides[perm[k]];
    }
    double[] out = StridedCopy.gather(x.data, 0, dims, strides, x.dtype().width());
    return Tensor.wrap(x.dtype(), Shape.ofOwned(dims), out);
  }

  /**
   * The inverse of a permutation: {@code transpose(transpose(x, perm), inversePermutation(perm))}
   * is {@code x}.
   *
   * @throws IllegalArgumentException if {@code perm} is not a permutation
   */
  public static int[] inversePermutation(int... perm) {
    checkPermutation("inversePermutation", perm, null);
    int[] inv = new int[perm.length];
    for (int k = 0; k < perm.length; k++) {
      inv[perm[k]] = k;
    }
    return inv;
  }

  /**
   * Broadcasts {@code x} into {@code shape} with XLA's {@code BroadcastInDim} semantics: operand
   * axis {@code i} becomes output axis {@code broadcastDimensions[i]}, and must have length 1
   * (repeated along that output axis) or the output axis's length; the other output axes repeat the
   * operand. {@code broadcastDimensions} must be strictly increasing (as in JAX), so this never
   * transposes. Returns {@code x} itself when nothing changes.
   *
   * <pre>{@code
   * // a row vector added to every row of a [4, 3] matrix:
   * Tensor rows = Layout.broadcastInDim(Tensor.vector(1, 2, 3), new int[] {4, 3}, new int[] {1});
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code broadcastDimensions} has the wrong length, is not
   *     strictly increasing within {@code [0, shape.length)}, or maps an axis to an incompatible
   *     length
   */
  public static Tensor broadcastInDim(Tensor x, int[] shape, int[] broadcastDimensions) {
    Shape outShape = Shape.of(shape);
    int[] inDims = x.shape().dims;
    if (broadcastDimensions.length != inDims.length) {
      throw new IllegalArgumentException(
          "broadcastInDim: broadcastDimensions "
              + Arrays.toString(broadcastDimensions)
              + " has length "
              + broadcastDimensions.length
              + ", expected the operand's rank "
              + inDims.length
              + " ("
              + Checks.context(x, outShape)
              + ")");
    }
    Checks.strictlyIncreasingAxes(
        "broadcastInDim", "broadcastDimensions", broadcastDimensions, outShape.rank(), x, outShape);
    int[] outDims = outShape.dims;
    int[] inStrides = Shape.rowMajorStrides(inDims);
    int[] strides = new int[outDims.length]; // 0: repeated along this output axis
    for (int i = 0; i < inDims.length; i++) {
      int j = broadcastDimensions[i];
      if (inDims[i] == outDims[j]) {
        strides[j] = inStrides[i];
      } else if (inDims[i] != 1) {
        throw new IllegalArgumentException(
            "broadcastInDim: operand axis "
                + i
                + " has length "
                + inDims[i]
                + ", which is neither 1 nor the length "
                + outDims[j]
                + " of output axis "
                + j
                + " ("
                + Checks.context(x, outShape)
                + ", broadcastDimensions "
                + Arrays.toString(broadcastDimensions)
                + ")");
      }
    }
    if (outShape.equals(x.shape())) {
      return x; // strictly increasing and same rank: the identity mapping
    }
    if (outShape.size() == x.size()) {
      // Only unit axes inserted: same elements in the same order.
      return Tensor.wrap(x.dtype(), outShape, x.data);
    }
    Tensor.dataLength("broadcastInDim", x.dtype(), outShape); // fails before allocating
    double[] out = StridedCopy.gather(x.data, 0, outDims, strides, x.dtype().width());
    return Tensor.wrap(x.dtype(), outShape, out);
  }

  private static boolean isIdentity(int[] perm) {
    for (int k = 0; k < perm.length; k++) {
      if (perm[k] != k) {
        return false;
      }
    }
    return true;
  }

  /**
   * @param x the operand, or {@code null} when there is none
   */
  static void checkPermutation(String op, int[] perm, Tensor x) {
    if (x != null && perm.length != x.shape().rank()) {
      throw new IllegalArgumentException(
          op
              + ": permutation "
              + Arrays.toString(perm)
              + " has length "
              + perm.length
              + ", expected the operand's rank "
              + x.shape().rank()
              + permutationContext(x));
    }
    boolean[] seen = new boolean[perm.length];
    for (int p : perm) {
      if (p < 0 || p >= perm.length || seen[p]) {
        throw new IllegalArgumentException(
            op
                + ": "
                + Arrays.toString(perm)
                + " is not a permutation of 0.."
                + (perm.length - 1)
                + permutationContext(x));
      }
      seen[p] = true;
    }
  }

  // built only when a message is, so a check that passes formats nothing
  private static String permutationContext(Tensor x) {
    return x == null ? "" : " (operand " + Checks.operand(x) + ")";
  }
}
