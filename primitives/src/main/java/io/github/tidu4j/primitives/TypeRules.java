package io.github.tidu4j.primitives;

import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Layout;
import io.github.tidu4j.primitives.tensor.Shape;
import java.util.Arrays;

/**
 * The checks behind the type rules of {@link TensorPrimitives} (JAX's abstract evaluation): each
 * takes the operands' {@link TensorType}s and the attributes, returns the output's type, and throws
 * an {@link IllegalArgumentException} saying what is wrong. The generated {@link TensorBuilder}
 * calls the rules as it builds each node and names the primitive and the operands in front of the
 * message: {@code "Mul: operand shapes differ; … (operands Sin(x): f64[2], y: f64[3])"}. There is
 * no implicit broadcasting and no implicit dtype promotion.
 *
 * <pre>{@code
 * TensorType t = TypeRules.same(TensorType.of(DType.F64, 2), TensorType.of(DType.F64, 2));   // f64[2]
 * }</pre>
 */
final class TypeRules {
  private TypeRules() {}

  /** The common type of the operands of an elementwise binary primitive. */
  static TensorType same(TensorType a, TensorType b) {
    if (a.dtype() != b.dtype()) {
      throw new IllegalArgumentException(
          "operand dtypes differ; there is no implicit promotion (convert with toComplex)");
    }
    if (!a.shape().equals(b.shape())) {
      throw new IllegalArgumentException(
          "operand shapes differ; there is no implicit broadcasting (broadcast with"
              + " broadcastInDim)");
    }
    return a;
  }

  /** {@code x} if its dtype is {@code dtype}. */
  static TensorType expect(TensorType x, DType dtype) {
    if (x.dtype() != dtype) {
      throw new IllegalArgumentException("takes a " + dtype + " operand");
    }
    return x;
  }

  /** The type of the sum of {@code x} over {@code axes}: strictly increasing, in range. */
  static TensorType reduceSum(TensorType x, int[] axes) {
    int rank = x.rank();
    for (int i = 0; i < axes.length; i++) {
      int axis = axes[i];
      if (axis < 0 || axis >= rank) {
        throw new IllegalArgumentException("axis " + axis + " is out of range for rank " + rank);
      }
      if (i > 0 && axis <= axes[i - 1]) {
        throw new IllegalArgumentException(
            axis == axes[i - 1]
                ? "axis " + axis + " is listed twice in " + Arrays.toString(axes)
                : "axes " + Arrays.toString(axes) + " must be listed in increasing order");
      }
    }
    int[] dims = x.dims();
    return new TensorType(
        x.dtype(), Shape.of(ShapeMath.take(dims, ShapeMath.remaining(dims.length, axes))));
  }

  /** The type of {@code x} broadcast into {@code shape}, as XLA's {@code BroadcastInDim}. */
  static TensorType broadcastInDim(TensorType x, int[] shape, int[] broadcastDimensions) {
    Shape target = shapeOf(shape);
    int[] dims = x.dims();
    if (broadcastDimensions.length != dims.length) {
      throw new IllegalArgumentException(
          "broadcastDimensions " + Arrays.toString(broadcastDimensions)
              + " must have one entry per operand axis (" + dims.length + ") to broadcast to "
              + target);
    }
    for (int i = 0; i < dims.length; i++) {
      int d = broadcastDimensions[i];
      if (d < 0 || d >= shape.length) {
        throw new IllegalArgumentException(
            "broadcast dimension " + d + " is out of range for the result rank " + shape.length);
      }
      if (i > 0 && d <= broadcastDimensions[i - 1]) {
        throw new IllegalArgumentException(
            "broadcastDimensions " + Arrays.toString(broadcastDimensions)
                + " must be strictly increasing");
      }
      if (dims[i] != 1 && dims[i] != shape[d]) {
        throw new IllegalArgumentException(
            "operand axis " + i + " of length " + dims[i] + " can only map to a result axis of"
                + " length " + dims[i] + " (or have length 1), but axis " + d + " of " + target
                + " has length " + shape[d]);
      }
    }
    return new TensorType(x.dtype(), target);
  }

  /** The type of {@code x} with its axes permuted by {@code perm}. */
  static TensorType transpose(TensorType x, int[] perm) {
    int rank = x.rank();
    boolean[] seen = new boolean[rank];
    boolean valid = perm.length == rank;
    for (int i = 0; valid && i < perm.length; i++) {
      valid = perm[i] >= 0 && perm[i] < rank && !seen[perm[i]];
      if (valid) {
        seen[perm[i]] = true;
      }
    }
    if (!valid) {
      throw new IllegalArgumentException(
          "perm " + Arrays.toString(perm) + " is not a permutation of the " + rank + " axes");
    }
    return new TensorType(x.dtype(), Shape.of(ShapeMath.take(x.dims(), perm)));
  }

  /** The type of {@code x} reshaped to {@code shape}, with as many elements. */
  static TensorType reshape(TensorType x, int[] shape) {
    Shape target = shapeOf(shape);
    if (target.size() != x.shape().size()) {
      throw new IllegalArgumentException(
          "cannot reshape " + x.shape().size() + " elements to " + target + " (" + target.size()
              + " elements)");
    }
    return new TensorType(x.dtype(), target);
  }

  /** The type of {@code x} sliced as XLA's {@code Slice}: see {@link Layout#slice}. */
  static TensorType slice(TensorType x, int[] start, int[] limit, int[] strides) {
    return new TensorType(
        x.dtype(), Shape.of(Layout.sliceDims("", x.dims(), start, limit, strides)));
  }

  /** The type of {@code x} padded with zeros as XLA's {@code Pad}: see {@link Layout#pad}. */
  static TensorType pad(TensorType x, int[] low, int[] high, int[] interior) {
    return new TensorType(x.dtype(), Shape.of(Layout.padDims("", x.dims(), low, high, interior)));
  }

  /** The type of {@code a} and {@code b} concatenated along {@code axis}: see {@link Layout#concatenate}. */
  static TensorType concatenate(TensorType a, TensorType b, int axis) {
    if (a.dtype() != b.dtype()) {
      throw new IllegalArgumentException("operand dtypes differ; there is no implicit promotion");
    }
    return new TensorType(a.dtype(), Shape.of(Layout.concatenateDims("", a.dims(), b.dims(), axis)));
  }

  /** The type of XLA's {@code DotGeneral} of {@code lhs} and {@code rhs}. */
  static TensorType dotGeneral(
      TensorType lhs,
      TensorType rhs,
      int[] lhsContracting,
      int[] rhsContracting,
      int[] lhsBatch,
      int[] rhsBatch) {
    String axes =
        " (contracting " + Arrays.toString(lhsContracting) + "/" + Arrays.toString(rhsContracting)
            + ", batch " + Arrays.toString(lhsBatch) + "/" + Arrays.toString(rhsBatch) + ")";
    if (lhs.dtype() != rhs.dtype()) {
      throw new IllegalArgumentException("operand dtypes differ; there is no implicit promotion");
    }
    if (lhsContracting.length != rhsContracting.length || lhsBatch.length != rhsBatch.length) {
      throw new IllegalArgumentException("lhs and rhs axis lists differ in length" + axes);
    }
    checkAxes("lhs", lhs.rank(), axes, lhsContracting, lhsBatch);
    checkAxes("rhs", rhs.rank(), axes, rhsContracting, rhsBatch);
    int[] ld = lhs.dims();
    int[] rd = rhs.dims();
    checkPaired("contracting", ld, rd, lhsContracting, rhsContracting, axes);
    checkPaired("batch", ld, rd, lhsBatch, rhsBatch, axes);
    return new TensorType(
        lhs.dtype(),
        Shape.of(
            ShapeMath.dotGeneralShape(
                ld, rd, lhsContracting, rhsContracting, lhsBatch, rhsBatch)));
  }

  /** {@code dims} as a shape, if no dimension is negative. */
  static Shape shapeOf(int[] dims) {
    for (int d : dims) {
      if (d < 0) {
        throw new IllegalArgumentException(
            "dimensions " + Arrays.toString(dims) + " must be non-negative");
      }
    }
    return Shape.of(dims);
  }

  private static void checkAxes(String side, int rank, String axes, int[]... lists) {
    boolean[] seen = new boolean[rank];
    for (int[] list : lists) {
      for (int axis : list) {
        if (axis < 0 || axis >= rank) {
          throw new IllegalArgumentException(
              side + " axis " + axis + " is out of range for rank " + rank + axes);
        }
        if (seen[axis]) {
          throw new IllegalArgumentException(side + " axis " + axis + " is used twice" + axes);
        }
        seen[axis] = true;
      }
    }
  }

  private static void checkPaired(
      String kind, int[] ld, int[] rd, int[] lhsAxes, int[] rhsAxes, String axes) {
    for (int i = 0; i < lhsAxes.length; i++) {
      if (ld[lhsAxes[i]] != rd[rhsAxes[i]]) {
        throw new IllegalArgumentException(
            kind + " axes lhs " + lhsAxes[i] + " (length " + ld[lhsAxes[i]] + ") and rhs "
                + rhsAxes[i] + " (length " + rd[rhsAxes[i]] + ") differ in length" + axes);
      }
    }
  }
}
