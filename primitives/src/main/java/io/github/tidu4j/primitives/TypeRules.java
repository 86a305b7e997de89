package io.github.tidu4j.primitives;

import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Layout;
import io.github.tidu4j.primitives.tensor.Shape;
import io.github.tidu4j.primitives.tensor.Tensor;
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
          a.rank() == 0 || b.rank() == 0
              // the case a NumPy or JAX user meets first: x + 2 broadcasts there
              ? "operand shapes differ; there is no implicit broadcasting, even of a rank-0"
                  + " operand (broadcast it with broadcastTo, or pass the number itself where the"
                  + " method takes one, as x.mul(2.0) does)"
              : "operand shapes differ; there is no implicit broadcasting (broadcast with"
                  + " broadcastTo)");
    }
    return a;
  }

  /**
   * The constant {@code c} in {@code x}'s graph, for the elementwise binary {@code op} of the two,
   * added only once their types agree: a refused {@code x.sub(c)} leaves no unused constant input
   * in the graph (the constant is an input, so it would change the program's inputs).
   *
   * @throws IllegalArgumentException naming {@code op}, {@code x} and the constant's type if the
   *     dtypes or shapes differ, as {@code op}'s own type rule words it
   */
  static TensorValue constantLike(String op, TensorValue x, Tensor c) {
    TensorType type = x.builder().typesOf(op, x)[0];
    TensorType constant = TensorType.of(c);
    try {
      same(type, constant);
    } catch (IllegalArgumentException problem) {
      throw new IllegalArgumentException(
          op + ": " + problem.getMessage() + " (operands " + x.builder().describe(x)
              + ", a constant: " + constant + ")",
          problem);
    }
    return x.builder().constant(c);
  }

  /** {@code x} if its dtype is {@code dtype}. */
  static TensorType expect(TensorType x, DType dtype) {
    if (x.dtype() != dtype) {
      // "an f64", "a c128": the article goes by the sound of the name
      throw new IllegalArgumentException(
          "takes " + (dtype == DType.F64 ? "an " : "a ") + dtype + " operand");
    }
    return x;
  }

  /**
   * {@code axis} of a rank-{@code rank} value as a non-negative axis: NumPy's negative axes count
   * from the end, so {@code -1} is {@code rank - 1}. An axis out of range ({@code axis < -rank} or
   * {@code axis >= rank}) is returned as given, for the type rule to reject by what the user wrote.
   */
  static int axis(int rank, int axis) {
    return axis < 0 && axis >= -rank ? axis + rank : axis;
  }

  /**
   * {@code axes} of a rank-{@code rank} value, each through {@link #axis(int, int)}, if every one is
   * in range and no two name one axis; otherwise {@code axes} as given, so that the type rule, which
   * sees only what this returns, rejects them naming the user's spelling ({@code [1, -1]} rather
   * than {@code [1, 1]}).
   */
  static int[] axes(int rank, int[] axes) {
    int[] normalized = new int[axes.length];
    boolean[] seen = new boolean[rank];
    for (int i = 0; i < axes.length; i++) {
      int axis = axis(rank, axes[i]);
      if (axis < 0 || axis >= rank || seen[axis]) {
        return axes;
      }
      seen[axis] = true;
      normalized[i] = axis;
    }
    return normalized;
  }

  /**
   * The type of the sum of {@code x} over {@code axes}: in range, each listed once, and (once
   * negative axes are counted from the end) strictly increasing, which the normalizing {@code
   * ReduceSum.axes} makes them.
   */
  static TensorType reduceSum(TensorType x, int[] axes) {
    int rank = x.rank();
    int[] normalized = checkedAxes(rank, axes);
    for (int i = 1; i < normalized.length; i++) {
      if (normalized[i] < normalized[i - 1]) {
        throw new IllegalArgumentException(
            "axes " + Arrays.toString(axes) + " must be listed in increasing order");
      }
    }
    int[] dims = x.dims();
    return new TensorType(
        x.dtype(), Shape.of(ShapeMath.take(dims, ShapeMath.remaining(dims.length, normalized))));
  }

  /**
   * {@code axes}, axes of a rank-{@code rank} value, counted from the start, after checking that
   * each is in range and listed once; a failure's message names the axes as given.
   */
  private static int[] checkedAxes(int rank, int[] axes) {
    int[] normalized = new int[axes.length];
    int[] givenAs = new int[rank];
    boolean[] seen = new boolean[rank];
    for (int i = 0; i < axes.length; i++) {
      int axis = axis(rank, axes[i]);
      if (axis < 0 || axis >= rank) {
        throw new IllegalArgumentException(Shape.axisOutOfRange(axes[i], rank));
      }
      if (seen[axis]) {
        throw new IllegalArgumentException(
            "axis " + axis + " is listed twice in " + Arrays.toString(axes)
                + spellings(givenAs[axis], axes[i]));
      }
      seen[axis] = true;
      givenAs[axis] = axes[i];
      normalized[i] = axis;
    }
    return normalized;
  }

  /** {@code " (as 1 and -1)"} when one axis is given in two spellings, else nothing. */
  private static String spellings(int first, int second) {
    return first == second ? "" : " (as " + first + " and " + second + ")";
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
    // normalized unless one is refused below; each is read counted from the end if negative
    int previous = -1;
    for (int i = 0; i < dims.length; i++) {
      int d = axis(shape.length, broadcastDimensions[i]);
      if (d < 0 || d >= shape.length) {
        throw new IllegalArgumentException(
            broadcastDimensionOutOfRange(broadcastDimensions[i], shape.length));
      }
      if (d <= previous) {
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
      previous = d;
    }
    return new TensorType(x.dtype(), target);
  }

  /**
   * {@code "broadcast dimension 3 is out of range for the result rank 3 (dimensions are -3 …
   * 2)"}: as written, since the normalizing {@code BroadcastInDim.broadcastDimensions} keeps a
   * list with one out of range as given.
   */
  private static String broadcastDimensionOutOfRange(int d, int rank) {
    String prefix = "broadcast dimension " + d + " is out of range for the result rank " + rank;
    if (rank == 0) {
      return prefix + " (a rank-0 result has no dimensions)";
    }
    return prefix + " (dimensions are " + -rank + " … " + (rank - 1) + ")";
  }

  /**
   * The type of {@code x} with its axes permuted by {@code perm}: each axis once, negative ones
   * counted from the end (the normalizing {@code Transpose.perm} makes them non-negative).
   */
  static TensorType transpose(TensorType x, int[] perm) {
    int rank = x.rank();
    String notAPermutation =
        "perm " + Arrays.toString(perm) + " is not a permutation of the " + rank + " axes";
    if (perm.length != rank) {
      throw new IllegalArgumentException(notAPermutation);
    }
    int[] normalized;
    try {
      normalized = checkedAxes(rank, perm);
    } catch (IllegalArgumentException problem) {
      throw new IllegalArgumentException(notAPermutation + ": " + problem.getMessage(), problem);
    }
    return new TensorType(x.dtype(), Shape.of(ShapeMath.take(x.dims(), normalized)));
  }

  /** The type of {@code x} reshaped to {@code shape}, with as many elements. */
  static TensorType reshape(TensorType x, int[] shape) {
    long size = x.shape().size();
    long inferred = Arrays.stream(shape).filter(length -> length == -1).count();
    if (inferred > 1) {
      throw new IllegalArgumentException(
          "dimensions " + Arrays.toString(shape) + " infer more than one length: at most one may"
              + " be -1");
    }
    if (inferred == 1 && Arrays.stream(shape).allMatch(length -> length >= -1)) {
      // inferredShape left the -1: the other lengths do not divide the element count
      long known = knownProduct(shape);
      throw new IllegalArgumentException(
          "cannot reshape " + size + " elements to " + Arrays.toString(shape) + ": "
              + (known == 0
                  ? "the other lengths have no elements, so -1 stands for no length"
                  : size + " is not a multiple of " + known + ", the other lengths' product"));
    }
    Shape target = shapeOf(shape);
    if (target.size() != x.shape().size()) {
      throw new IllegalArgumentException(
          "cannot reshape " + x.shape().size() + " elements to " + target + " (" + target.size()
              + " elements)");
    }
    return new TensorType(x.dtype(), target);
  }

  /**
   * {@code shape} with its one {@code -1} made {@code size} divided by the other lengths' product,
   * as NumPy's inferred length; {@code shape} as given if it has no {@code -1}, more than one, another
   * negative length, or other lengths whose product is 0 or does not divide {@code size}.
   */
  static int[] inferredShape(long size, int[] shape) {
    int at = -1;
    for (int i = 0; i < shape.length; i++) {
      if (shape[i] < -1 || (shape[i] == -1 && at >= 0)) {
        return shape;
      }
      if (shape[i] == -1) {
        at = i;
      }
    }
    long known = knownProduct(shape);
    if (at < 0 || known == 0 || size % known != 0 || size / known > Integer.MAX_VALUE) {
      return shape;
    }
    int[] inferred = shape.clone();
    inferred[at] = (int) (size / known);
    return inferred;
  }

  /**
   * The product of {@code shape}'s non-negative lengths, the ones a {@code -1} is inferred beside;
   * {@link Long#MAX_VALUE} where it would overflow.
   */
  private static long knownProduct(int[] shape) {
    long known = 1;
    for (int length : shape) {
      if (length >= 0) {
        known = length != 0 && known > Long.MAX_VALUE / length ? Long.MAX_VALUE : known * length;
      }
    }
    return known;
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
    int rank = a.rank();
    int normalized = axis(rank, axis);
    // ranks that differ are Layout's to report; an axis out of range is reported as given
    if (rank == b.rank() && (normalized < 0 || normalized >= rank)) {
      throw new IllegalArgumentException(Shape.axisOutOfRange(axis, rank));
    }
    return new TensorType(
        a.dtype(), Shape.of(Layout.concatenateDims("", a.dims(), b.dims(), normalized)));
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
    int[][] l = checkAxes("lhs", lhs.rank(), axes, lhsContracting, lhsBatch);
    int[][] r = checkAxes("rhs", rhs.rank(), axes, rhsContracting, rhsBatch);
    int[] ld = lhs.dims();
    int[] rd = rhs.dims();
    checkPaired("contracting", ld, rd, l[0], r[0], axes);
    checkPaired("batch", ld, rd, l[1], r[1], axes);
    return new TensorType(
        lhs.dtype(), Shape.of(ShapeMath.dotGeneralShape(ld, rd, l[0], r[0], l[1], r[1])));
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

  /**
   * {@code lists}, axes of one operand of rank {@code rank}, counted from the start, after checking
   * that each is in range and that no axis is in two places; a failure names the axis as given.
   */
  private static int[][] checkAxes(String side, int rank, String axes, int[]... lists) {
    boolean[] seen = new boolean[rank];
    int[] givenAs = new int[rank];
    int[][] normalized = new int[lists.length][];
    for (int l = 0; l < lists.length; l++) {
      normalized[l] = new int[lists[l].length];
      for (int i = 0; i < lists[l].length; i++) {
        int given = lists[l][i];
        int axis = axis(rank, given);
        if (axis < 0 || axis >= rank) {
          throw new IllegalArgumentException(
              side + " " + Shape.axisOutOfRange(given, rank) + axes);
        }
        if (seen[axis]) {
          throw new IllegalArgumentException(
              side + " axis " + axis + " is used twice" + spellings(givenAs[axis], given) + axes);
        }
        seen[axis] = true;
        givenAs[axis] = given;
        normalized[l][i] = axis;
      }
    }
    return normalized;
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
