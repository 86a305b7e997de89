package io.github.tidu4j.primitives;

import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Arrays;

/**
 * Axis-list and shape arithmetic shared by the rules of {@link TensorPrimitives} and by {@link
 * TensorBuilder}: plain {@code int[]} in, fresh {@code int[]} out. Nothing here validates user
 * input; callers pass lists already checked.
 */
final class ShapeMath {
  private ShapeMath() {}

  /** {@code [from, from + 1, …, to − 1]}. */
  static int[] range(int from, int to) {
    int[] r = new int[Math.max(0, to - from)];
    for (int i = 0; i < r.length; i++) {
      r[i] = from + i;
    }
    return r;
  }

  /** The axes {@code 0 … rank−1} listed in none of {@code excluded}, in increasing order. */
  static int[] remaining(int rank, int[]... excluded) {
    boolean[] out = new boolean[rank];
    for (int[] list : excluded) {
      for (int axis : list) {
        out[axis] = true;
      }
    }
    int[] r = new int[rank];
    int n = 0;
    for (int axis = 0; axis < rank; axis++) {
      if (!out[axis]) {
        r[n++] = axis;
      }
    }
    return Arrays.copyOf(r, n);
  }

  /** {@code values[positions[0]], values[positions[1]], …}. */
  static int[] take(int[] values, int[] positions) {
    int[] r = new int[positions.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = values[positions[i]];
    }
    return r;
  }

  /** The lists one after the other. */
  static int[] concat(int[]... parts) {
    int n = 0;
    for (int[] p : parts) {
      n += p.length;
    }
    int[] r = new int[n];
    int at = 0;
    for (int[] p : parts) {
      System.arraycopy(p, 0, r, at, p.length);
      at += p.length;
    }
    return r;
  }

  /** The positions that sort {@code values} ascending, ties in order (numpy's stable argsort). */
  static int[] argsort(int[] values) {
    Integer[] order = new Integer[values.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Integer.compare(values[a], values[b]));
    int[] r = new int[order.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = order[i];
    }
    return r;
  }

  /** The inverse of a permutation. */
  static int[] inverse(int[] perm) {
    int[] r = new int[perm.length];
    for (int i = 0; i < perm.length; i++) {
      r[perm[i]] = i;
    }
    return r;
  }

  /** Whether {@code perm} is {@code [0, 1, …]}. */
  static boolean isIdentity(int[] perm) {
    for (int i = 0; i < perm.length; i++) {
      if (perm[i] != i) {
        return false;
      }
    }
    return true;
  }

  /** The positions {@code i} with {@code values[i] == value}. */
  static int[] positionsOf(int[] values, int value) {
    int[] r = new int[values.length];
    int n = 0;
    for (int i = 0; i < values.length; i++) {
      if (values[i] == value) {
        r[n++] = i;
      }
    }
    return Arrays.copyOf(r, n);
  }

  /** {@code values} without the entries at {@code positions}. */
  static int[] deleteAt(int[] values, int[] positions) {
    boolean[] drop = new boolean[values.length];
    for (int p : positions) {
      drop[p] = true;
    }
    int[] r = new int[values.length];
    int n = 0;
    for (int i = 0; i < values.length; i++) {
      if (!drop[i]) {
        r[n++] = values[i];
      }
    }
    return Arrays.copyOf(r, n);
  }

  /**
   * The result shape of {@code DotGeneral}: batch dims (in {@code lhsBatch} order), then the free
   * dims of {@code lhs}, then those of {@code rhs}.
   */
  static int[] dotGeneralShape(
      int[] lhs, int[] rhs, int[] lhsContracting, int[] rhsContracting, int[] lhsBatch, int[] rhsBatch) {
    return concat(
        take(lhs, lhsBatch),
        take(lhs, remaining(lhs.length, lhsContracting, lhsBatch)),
        take(rhs, remaining(rhs.length, rhsContracting, rhsBatch)));
  }

  /**
   * The positions {@code count} elements {@code step} apart span along an axis, from the first to
   * the last inclusive: 0 for none. A slice's elements at stride {@code step}, or an operand padded
   * with {@code step − 1} zeros between its elements.
   */
  static int span(int count, int step) {
    return count == 0 ? 0 : (count - 1) * step + 1;
  }

  /** The product of {@code dims}. */
  static long size(int[] dims) {
    long n = 1;
    for (int d : dims) {
      n *= d;
    }
    return n;
  }

  /**
   * Checks, in a kernel, that {@code operand} has the shape the operation was built for; a
   * mismatch means the graph was assembled by hand with wrong attributes.
   */
  static void expectShape(String primitive, String operand, int[] expected, Tensor actual) {
    if (!Arrays.equals(expected, actual.shape().dims())) {
      throw new IllegalArgumentException(
          primitive
              + ": "
              + operand
              + " is "
              + actual.dtype()
              + actual.shape()
              + " but the operation was built for shape "
              + Arrays.toString(expected));
    }
  }

  /** Checks, in a kernel, that {@code operand} has the dtype the operation was built for. */
  static void expectDtype(String primitive, DType expected, Tensor actual) {
    if (actual.dtype() != expected) {
      throw new IllegalArgumentException(
          primitive
              + ": operand is "
              + actual.dtype()
              + actual.shape()
              + " but the operation was built for "
              + expected);
    }
  }
}
