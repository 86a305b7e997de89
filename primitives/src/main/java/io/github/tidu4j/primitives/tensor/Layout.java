package io.github.tidu4j.primitives.tensor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Layout kernels: {@link #reshape}, {@link #transpose}, {@link #broadcastInDim}, {@link #slice},
 * {@link #pad} and {@link #concatenate}. They move elements without arithmetic, so they work on
 * f64 and c128 alike and are exact.
 *
 * <pre>{@code
 * Tensor a = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
 * Layout.transpose(a, 1, 0);                                  // [[1, 4], [2, 5], [3, 6]]
 * Layout.reshape(a, 3, 2);                                    // [[1, 2], [3, 4], [5, 6]]
 * Layout.broadcastInDim(Tensor.vector(1, 2), new int[] {2, 3}, new int[] {0});
 *                                                             // [[1, 1, 1], [2, 2, 2]]
 * Layout.slice(a, new int[] {0, 1}, new int[] {2, 3}, new int[] {1, 1}); // [[2, 3], [5, 6]]
 * Layout.pad(Tensor.vector(1, 2), new int[] {1}, new int[] {0}, new int[] {1}); // [0, 1, 0, 2]
 * Layout.concatenate(a, Tensor.of(new double[] {7, 8}, 2, 1), 1); // [[1, 2, 3, 7], [4, 5, 6, 8]]
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

  /**
   * XLA's {@code Slice}: per axis {@code k}, the elements at {@code start[k]}, {@code start[k] +
   * strides[k]}, … below {@code limit[k]}; the result's axis has {@code ⌈(limit[k] − start[k]) /
   * strides[k]⌉} elements. Returns {@code x} itself when that is every element.
   *
   * @throws IllegalArgumentException unless each list has one entry per axis, {@code 0 ≤ start ≤
   *     limit ≤} the axis's length, and each stride is at least 1
   */
  public static Tensor slice(Tensor x, int[] start, int[] limit, int[] strides) {
    int[] inDims = x.shape().dims;
    int[] dims = sliceDims("slice: ", inDims, start, limit, strides);
    if (Arrays.equals(dims, inDims)) {
      return x; // every stride 1 (or an axis of at most one element), from 0 to the end
    }
    int[] inStrides = Shape.rowMajorStrides(inDims);
    int offset = 0;
    int[] viewStrides = new int[dims.length];
    for (int k = 0; k < dims.length; k++) {
      offset += start[k] * inStrides[k];
      viewStrides[k] = strides[k] * inStrides[k];
    }
    double[] out = StridedCopy.gather(x.data, offset, dims, viewStrides, x.dtype().width());
    return Tensor.wrap(x.dtype(), Shape.ofOwned(dims), out);
  }

  /**
   * The dims of {@code slice(x, start, limit, strides)} for an operand of {@code dims}, checked; a
   * failure's message starts with {@code prefix}. A list of the wrong length is named together
   * with the first bound or stride out of range on the axes the lists do cover, so that one message
   * says all the user has to fix there.
   */
  public static int[] sliceDims(String prefix, int[] dims, int[] start, int[] limit, int[] strides) {
    int rank = dims.length;
    String lengths =
        wrongLengths(dims, new String[] {"start", "limit", "strides"}, start, limit, strides);
    String range = null;
    int[] out = new int[rank];
    for (int k = 0; k < rank && range == null; k++) {
      if (k < strides.length && strides[k] < 1) {
        range = "the stride of axis " + k + " is " + strides[k] + "; strides are at least 1";
      } else if (k < start.length
          && k < limit.length
          && (start[k] < 0 || start[k] > limit[k] || limit[k] > dims[k])) {
        range =
            "axis " + k + " of length " + dims[k] + " is sliced from " + start[k] + " to "
                + limit[k] + "; a slice needs 0 ≤ start ≤ limit ≤ length";
      } else if (lengths == null) {
        out[k] = (int) (((long) limit[k] - start[k] + strides[k] - 1) / strides[k]);
      }
    }
    throwIfAny(prefix, range, lengths);
    return out;
  }

  /**
   * {@code "strides [1] must have one entry per axis of the operand, 2 (shape [4, 3])"}: the lists
   * among {@code lists} (called {@code names}) whose length is not the rank of {@code dims}, or
   * {@code null} if there are none.
   */
  private static String wrongLengths(int[] dims, String[] names, int[]... lists) {
    List<String> wrong = new ArrayList<>();
    for (int i = 0; i < lists.length; i++) {
      if (lists[i].length != dims.length) {
        wrong.add(names[i] + " " + Arrays.toString(lists[i]));
      }
    }
    if (wrong.isEmpty()) {
      return null;
    }
    return listed(wrong) + (wrong.size() == 1 ? " must have" : " must each have")
        + " one entry per axis of the operand, " + dims.length + " (shape "
        + Arrays.toString(dims) + ")";
  }

  private static boolean negativeAt(int k, int[] counts) {
    return k < counts.length && counts[k] < 0;
  }

  /**
   * {@code "low 1, high -1 and interior 0"}: the counts the lists give axis {@code k}, leaving out
   * a list too short to have one.
   */
  private static String countsAt(int k, int[] low, int[] high, int[] interior) {
    String[] names = {"low", "high", "interior"};
    int[][] lists = {low, high, interior};
    List<String> counts = new ArrayList<>();
    for (int i = 0; i < lists.length; i++) {
      if (k < lists[i].length) {
        counts.add(names[i] + " " + lists[i][k]);
      }
    }
    return listed(counts);
  }

  /** {@code "a"}, {@code "a and b"}, {@code "a, b and c"}. */
  private static String listed(List<String> items) {
    int last = items.size() - 1;
    return last == 0
        ? items.get(0)
        : String.join(", ", items.subList(0, last)) + " and " + items.get(last);
  }

  /** Throws the problems found, the per-axis one first, each already a sentence; else nothing. */
  private static void throwIfAny(String prefix, String range, String lengths) {
    if (range != null || lengths != null) {
      throw new IllegalArgumentException(
          prefix
              + (range == null ? lengths : lengths == null ? range : range + "; and " + lengths));
    }
  }

  /**
   * XLA's {@code Pad} with zeros: per axis {@code k}, {@code low[k]} zeros, then the operand's
   * elements with {@code interior[k]} zeros between each two, then {@code high[k]} zeros. A
   * negative {@code low[k]} or {@code high[k]} crops that many elements from that end instead,
   * of the operand with its interior zeros (and, past it, of the other end's padding), as XLA's and
   * JAX's {@code lax.pad} do: {@code pad([1, 2, 3], low -1, high 1)} is {@code [2, 3, 0]}. The
   * transpose of {@link #slice}. Returns {@code x} itself when it pads nothing.
   *
   * <pre>{@code
   * Layout.pad(Tensor.vector(1, 2, 3), new int[] {-1}, new int[] {1}, new int[] {0}); // [2, 3, 0]
   * }</pre>
   *
   * @throws IllegalArgumentException unless each list has one entry per axis, every interior count
   *     is at least 0, no axis is cropped below no elements, and the result fits a Java array
   */
  public static Tensor pad(Tensor x, int[] low, int[] high, int[] interior) {
    int[] inDims = x.shape().dims;
    int[] dims = padDims("pad: ", inDims, low, high, interior);
    if (padsNothing(inDims, dims, low, high)) {
      return x;
    }
    int rank = dims.length;
    int[] grownLow = new int[rank];
    int[] grownHigh = new int[rank];
    boolean crops = false;
    for (int k = 0; k < rank; k++) {
      grownLow[k] = Math.max(low[k], 0);
      grownHigh[k] = Math.max(high[k], 0);
      crops |= low[k] < 0 || high[k] < 0;
    }
    if (!crops) {
      return padWithZeros(x, dims, low, interior);
    }
    // XLA's order: pad by the non-negative counts, then crop the negative ones off each end
    int[] grownDims = padDims("pad: ", inDims, grownLow, grownHigh, interior);
    Tensor grown = padWithZeros(x, grownDims, grownLow, interior);
    int[] start = new int[rank];
    int[] limit = new int[rank];
    int[] unit = new int[rank];
    for (int k = 0; k < rank; k++) {
      start[k] = grownLow[k] - low[k];
      limit[k] = grownDims[k] - (grownHigh[k] - high[k]);
      unit[k] = 1;
    }
    return slice(grown, start, limit, unit);
  }

  /**
   * Whether padding an operand of {@code inDims} to {@code dims} by {@code low} and {@code high}
   * leaves it as it is: no count at either end, and interior counts that put nothing between
   * elements (the dims are unchanged). Equal dims alone do not say so: {@code low -1, high 1}
   * shifts the elements.
   */
  public static boolean padsNothing(int[] inDims, int[] dims, int[] low, int[] high) {
    for (int k = 0; k < inDims.length; k++) {
      if (low[k] != 0 || high[k] != 0) {
        return false;
      }
    }
    return Arrays.equals(inDims, dims);
  }

  /** {@code x} padded to {@code dims} by non-negative {@code low} and {@code interior} counts. */
  private static Tensor padWithZeros(Tensor x, int[] dims, int[] low, int[] interior) {
    int[] inDims = x.shape().dims;
    Shape outShape = Shape.ofResult("pad", dims);
    int width = x.dtype().width();
    double[] out = new double[Tensor.dataLength("pad", x.dtype(), outShape)];
    if (x.size() > 0) {
      int[] outStrides = Shape.rowMajorStrides(dims);
      int rank = dims.length;
      int offset = 0;
      int[] step = new int[rank]; // output elements between two operand elements along axis k
      for (int k = 0; k < rank; k++) {
        offset += low[k] * outStrides[k];
        step[k] = (interior[k] + 1) * outStrides[k];
      }
      StridedCopy.scatter(x.data, inDims, out, offset, step, width);
    }
    return Tensor.wrap(x.dtype(), outShape, out);
  }

  /**
   * The dims of {@code pad(x, low, high, interior)} for an operand of {@code dims}, checked; a
   * failure's message starts with {@code prefix}. Low and high counts may be negative (they crop),
   * as long as no axis is left with fewer than no elements; interior counts are at least 0. A list
   * of the wrong length is named together with the first axis out of range on the axes the lists
   * do cover.
   */
  public static int[] padDims(String prefix, int[] dims, int[] low, int[] high, int[] interior) {
    int rank = dims.length;
    String lengths =
        wrongLengths(dims, new String[] {"low", "high", "interior"}, low, high, interior);
    String range = null;
    int[] out = new int[rank];
    for (int k = 0; k < rank && range == null; k++) {
      if (negativeAt(k, interior)) {
        range =
            "axis " + k + " is padded with " + countsAt(k, low, high, interior)
                + "; interior padding is at least 0";
      } else if (k < low.length && k < high.length && k < interior.length) {
        long length =
            (long) low[k] + high[k] + dims[k] + (long) Math.max(dims[k] - 1, 0) * interior[k];
        if (length > Integer.MAX_VALUE) {
          range = "axis " + k + " would have " + length + " elements, more than an int holds";
        } else if (length < 0) {
          range =
              "axis " + k + " of length " + dims[k] + " padded with "
                  + countsAt(k, low, high, interior) + " would have " + length
                  + " elements; negative low and high padding crop at most every element";
        }
        out[k] = (int) length;
      }
    }
    throwIfAny(prefix, range, lengths);
    return out;
  }

  /**
   * XLA's {@code Concatenate} of two operands along {@code axis}: {@code a}'s elements, then
   * {@code b}'s, along that axis; the other axes must agree.
   *
   * @throws IllegalArgumentException unless the dtypes and ranks agree, {@code axis} is an axis of
   *     them, the other axes have equal lengths, and the result fits a Java array
   */
  public static Tensor concatenate(Tensor a, Tensor b, int axis) {
    Checks.sameDtype("concatenate", a, b);
    int[] dims = concatenateDims("concatenate: ", a.shape().dims, b.shape().dims, axis);
    Shape outShape = Shape.ofResult("concatenate", dims);
    double[] out = new double[Tensor.dataLength("concatenate", a.dtype(), outShape)];
    int width = a.dtype().width();
    long inner = width;
    for (int k = axis + 1; k < dims.length; k++) {
      inner *= dims[k];
    }
    int blockA = (int) (a.shape().dims[axis] * inner);
    int blockB = (int) (b.shape().dims[axis] * inner);
    int outer = blockA + blockB == 0 ? 0 : out.length / (blockA + blockB);
    int o = 0;
    for (int i = 0; i < outer; i++) {
      System.arraycopy(a.data, i * blockA, out, o, blockA);
      o += blockA;
      System.arraycopy(b.data, i * blockB, out, o, blockB);
      o += blockB;
    }
    return Tensor.wrap(a.dtype(), outShape, out);
  }

  /**
   * The dims of {@code concatenate(a, b, axis)} for operands of dims {@code a} and {@code b},
   * checked; a failure's message starts with {@code prefix}.
   */
  public static int[] concatenateDims(String prefix, int[] a, int[] b, int axis) {
    if (a.length != b.length) {
      throw new IllegalArgumentException(
          prefix + "the operands' ranks differ, " + Arrays.toString(a) + " and " + Arrays.toString(b));
    }
    if (axis < 0 || axis >= a.length) {
      throw new IllegalArgumentException(
          prefix + "axis " + axis + " is not an axis of operands of rank " + a.length
              + (a.length == 0 ? " (a rank-0 value has no axis to concatenate along)" : ""));
    }
    int[] out = a.clone();
    for (int k = 0; k < a.length; k++) {
      if (k != axis && a[k] != b[k]) {
        throw new IllegalArgumentException(
            prefix + "axis " + k + " has length " + a[k] + " in " + Arrays.toString(a) + " but "
                + b[k] + " in " + Arrays.toString(b) + "; operands concatenated along axis "
                + axis + " agree on every other axis");
      }
    }
    long length = (long) a[axis] + b[axis];
    if (length > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          prefix + "axis " + axis + " would have " + length + " elements, more than an int holds");
    }
    out[axis] = (int) length;
    return out;
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
