package io.github.tidu4j.primitives.tensor;

import java.util.Arrays;

/**
 * The dimensions of a {@link Tensor}: an immutable value.
 *
 * <p>A shape of rank {@code r} has {@code r} non-negative dimensions; its size is their product (1
 * for the scalar shape {@code []}, 0 if any dimension is 0). Strides are those of the row-major (C)
 * layout every tensor uses: the last axis is contiguous.
 *
 * <pre>{@code
 * Shape s = Shape.of(2, 3);
 * s.rank();      // 2
 * s.size();      // 6
 * s.strides();   // [3, 1]
 * s.toString();  // "[2, 3]"
 * }</pre>
 */
public final class Shape {

  private static final int[] NO_DIMS = new int[0];

  /** The rank-0 shape {@code []} of a scalar. */
  public static final Shape SCALAR = new Shape(NO_DIMS);

  /** Never mutated and never handed out: callers of {@link #dims()} get a copy. */
  final int[] dims;

  private final int size;
  private final int hash;

  private Shape(int[] dims) {
    boolean empty = false;
    for (int d : dims) {
      if (d < 0) {
        throw new IllegalArgumentException(
            "Shape " + Arrays.toString(dims) + ": dimensions must be non-negative");
      }
      empty |= d == 0;
    }
    long size = empty ? 0 : 1; // an empty shape is empty wherever its 0 stands
    for (int d : dims) {
      size *= d;
      if (size > Integer.MAX_VALUE) {
        throw new IllegalArgumentException(
            "Shape " + Arrays.toString(dims) + ": size exceeds Integer.MAX_VALUE");
      }
    }
    this.dims = dims;
    this.size = (int) size;
    this.hash = Arrays.hashCode(dims);
  }

  /**
   * The shape with the given dimensions; {@code Shape.of()} is {@link #SCALAR}.
   *
   * @throws IllegalArgumentException if a dimension is negative or the size overflows an {@code
   *     int}
   */
  public static Shape of(int... dims) {
    if (dims.length == 0) {
      return SCALAR;
    }
    return new Shape(dims.clone());
  }

  /** The scalar shape {@code []}. */
  public static Shape scalar() {
    return SCALAR;
  }

  /** Wraps an array the caller will never modify again. */
  static Shape ofOwned(int[] dims) {
    return dims.length == 0 ? SCALAR : new Shape(dims);
  }

  /** {@link #ofOwned}, for the result of kernel {@code op}: a shape that cannot be names it. */
  static Shape ofResult(String op, int[] dims) {
    try {
      return ofOwned(dims);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(op + ": the result would have " + e.getMessage(), e);
    }
  }

  /** The number of axes. */
  public int rank() {
    return dims.length;
  }

  /** The number of elements: the product of the dimensions (1 for a scalar). */
  public int size() {
    return size;
  }

  /**
   * The length of one axis; a negative axis counts from the end, as in NumPy ({@code dim(-1)} is
   * the last axis's length).
   *
   * @throws IllegalArgumentException if {@code axis} is not in {@code [-rank, rank)}
   */
  public int dim(int axis) {
    return dims[checkedAxis(axis)];
  }

  /** A copy of the dimensions. */
  public int[] dims() {
    return dims.clone();
  }

  /**
   * The row-major stride of one axis, in elements: the product of the dimensions after it; a
   * negative axis counts from the end, as in NumPy.
   *
   * @throws IllegalArgumentException if {@code axis} is not in {@code [-rank, rank)}
   */
  public int stride(int axis) {
    int from = checkedAxis(axis);
    int s = 1;
    for (int i = dims.length - 1; i > from; i--) {
      s *= dims[i];
    }
    return s;
  }

  /**
   * The row-major strides, in elements: {@code strides()[i]} is the product of {@code dims[i+1..]}.
   */
  public int[] strides() {
    return rowMajorStrides(dims);
  }

  static int[] rowMajorStrides(int[] dims) {
    int[] strides = new int[dims.length];
    int s = 1;
    for (int i = dims.length - 1; i >= 0; i--) {
      strides[i] = s;
      s *= dims[i];
    }
    return strides;
  }

  /** {@code axis} counted from the start: {@code axis + rank} if negative. */
  private int checkedAxis(int axis) {
    int rank = dims.length;
    if (axis < -rank || axis >= rank) {
      throw new IllegalArgumentException("Shape " + this + ": " + axisOutOfRange(axis, rank));
    }
    return axis < 0 ? axis + rank : axis;
  }

  /**
   * {@code "axis -3 is out of range for rank 2 (axes are -2 … 1)"}: the axis as given and the
   * valid range, negative axes included. Every message about an axis out of range says it this
   * way, the type rules of the tensor primitives included.
   */
  public static String axisOutOfRange(int axis, int rank) {
    return "axis " + axis + " is out of range for rank " + rank + " ("
        + (rank == 0 ? "a rank-0 value has no axes" : "axes are " + -rank + " … " + (rank - 1))
        + ")";
  }

  @Override
  public boolean equals(Object o) {
    return o == this || (o instanceof Shape && Arrays.equals(dims, ((Shape) o).dims));
  }

  @Override
  public int hashCode() {
    return hash;
  }

  /** The dimensions in brackets: {@code [2, 3]}, or {@code []} for a scalar. */
  @Override
  public String toString() {
    return Arrays.toString(dims);
  }
}
