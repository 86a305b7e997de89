package io.github.tidu4j.graph.fusion;

import java.util.Arrays;

/**
 * Where a region's broadcasts read their operands and its axis sums add their elements, for a
 * region with one static iteration shape: for each element of the region (in row-major order over
 * {@code shape}), the operand element of each {@link Region#BROADCAST} member and the result
 * element of each {@link Region#AXIS_SUM} member, both row-major indices linear in the element's
 * multi-index. The loop walks the multi-index over {@code loopDims}, {@code shape} with its unit
 * axes dropped and neighbouring axes merged where every map moves alike over them (a bias over
 * the rows of an {@code [m, n]} matrix keeps two, a sum over the last two axes of {@code [a, b,
 * c]} two), so the common cases keep one or two counters.
 *
 * @param shape the region's iteration shape (its elementwise values' shape)
 * @param loopDims the lengths of the counters the loop keeps (at least one)
 * @param strides for each member, how far its map's index moves per step of each counter
 *     ({@code null} for members without a map)
 * @param shapes for each member with a map, the operand's shape (broadcast) or the result's
 *     shape (axis sum); {@code null} for the others
 */
record IndexMaps(int[] shape, int[] loopDims, int[][] strides, int[][] shapes) {

  /**
   * The maps of members whose strides over {@code shape} are {@code strides[m]} (null for members
   * without a map), with the axes merged as the record describes.
   */
  static IndexMaps of(int[] shape, int[][] strides, int[][] shapes) {
    int rank = shape.length;
    // drop unit axes
    boolean[] keep = new boolean[rank];
    int kept = 0;
    for (int d = 0; d < rank; d++) {
      keep[d] = shape[d] != 1;
      kept += keep[d] ? 1 : 0;
    }
    int[] dims = new int[Math.max(kept, 1)];
    Arrays.fill(dims, 1);
    int[][] s = new int[strides.length][];
    for (int m = 0; m < strides.length; m++) {
      if (strides[m] != null) {
        s[m] = new int[dims.length];
        for (int d = 0, j = 0; d < rank; d++) {
          if (keep[d]) {
            s[m][j++] = strides[m][d];
          }
        }
      }
    }
    for (int d = 0, j = 0; d < rank; d++) {
      if (keep[d]) {
        dims[j++] = shape[d];
      }
    }
    // merge axis j into j + 1 where every map moves over the pair as over one axis
    int count = dims.length;
    for (int j = count - 2; j >= 0; j--) {
      boolean merge = true;
      for (int[] sm : s) {
        merge &= sm == null || sm[j] == sm[j + 1] * dims[j + 1];
      }
      if (merge) {
        dims = remove(dims, j, dims[j] * dims[j + 1]);
        for (int m = 0; m < s.length; m++) {
          if (s[m] != null) {
            s[m] = remove(s[m], j, s[m][j + 1]);
          }
        }
      }
    }
    return new IndexMaps(shape.clone(), dims, s, shapes);
  }

  /** {@code a} with entries {@code j} and {@code j + 1} replaced by {@code merged}. */
  private static int[] remove(int[] a, int j, int merged) {
    int[] out = new int[a.length - 1];
    System.arraycopy(a, 0, out, 0, j);
    out[j] = merged;
    System.arraycopy(a, j + 2, out, j + 1, a.length - j - 2);
    return out;
  }

  /** The number of elements of {@code dims}. */
  static int size(int[] dims) {
    long size = 1;
    for (int d : dims) {
      size *= d;
    }
    if (size > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "shape " + Arrays.toString(dims) + " has more than 2^31 - 1 elements");
    }
    return (int) size;
  }

  /** The structure a loop depends on: the counters and each map's strides. */
  String key() {
    StringBuilder key = new StringBuilder("dims").append(Arrays.toString(loopDims));
    for (int m = 0; m < strides.length; m++) {
      if (strides[m] != null) {
        key.append(m).append(Arrays.toString(strides[m]));
      }
    }
    return key.toString();
  }
}
