package io.github.tidu4j.primitives.tensor;

import java.util.Arrays;
import java.util.Objects;
import java.util.Random;

/**
 * A dense tensor of {@link DType#F64} or {@link DType#C128} elements; immutable from the user's
 * view. Scalars are rank-0 tensors.
 *
 * <p><b>Layout.</b> Elements are stored in one {@code double[]} in <em>row-major</em> (C) order,
 * the Java norm for nested arrays: the last axis varies fastest, so element {@code (i0, …, ir-1)}
 * sits at element offset {@code Σ ik·stride[k]} with {@code stride[k] = Π dims[k+1..]}. An {@code
 * f64} tensor of size {@code n} holds {@code n} doubles. A {@code c128} tensor holds {@code 2n}
 * doubles, each element's real part followed by its imaginary part ({@code re0, im0, re1, im1, …}),
 * the layout of C99 {@code double complex[]}, numpy's {@code complex128}, and BLAS {@code zgemm}.
 *
 * <p>Kernels ({@link Elementwise}, {@link Reductions}, {@link Layout}, {@link Contraction}) are
 * static functions that return new tensors; they never mutate their operands, and they may share an
 * operand's data array with the result when the values are the same (for example {@link
 * Layout#reshape}), which is safe because no tensor's data is ever written after construction.
 * There is no implicit promotion between dtypes and no implicit broadcasting.
 *
 * <pre>{@code
 * Tensor a = Tensor.matrix(new double[][] {{1, 2, 3}, {4, 5, 6}});
 * a.get(1, 2);     // 6.0
 * a.toString();    // "Tensor[f64 [2, 3]] [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]"
 * Tensor z = Tensor.complex(new double[] {1, 2, 3, -4}, 2);   // [1+2i, 3-4i]
 * z.getIm(1);      // -4.0
 * }</pre>
 *
 * <p>{@link #equals} is exact: same dtype, same shape, and bitwise-equal data (as {@link
 * Double#equals}: {@code NaN} equals {@code NaN}, {@code 0.0} does not equal {@code -0.0}). Use
 * {@link #allClose} for approximate comparison.
 */
public final class Tensor {

  /**
   * The most doubles a tensor's data may hold (a c128 element takes two): the largest array
   * HotSpot allocates, a few words below {@code Integer.MAX_VALUE}.
   */
  public static final int MAX_DATA_LENGTH = Integer.MAX_VALUE - 8;

  /**
   * Above this many elements, {@link #toString} elides the middle of long axes, and prints at most
   * about this many.
   */
  private static final int PRINT_THRESHOLD = 1000;

  /** How many leading and trailing entries of a long axis an elided {@link #toString} shows. */
  private static final int PRINT_EDGE = 3;

  private final DType dtype;
  private final Shape shape;

  /** Row-major element data, {@code shape.size() * dtype.width()} doubles; never written. */
  final double[] data;

  /** Lazily computed hash code; 0 until computed (racy single-check: recomputation is harmless). */
  private int hash;

  private Tensor(DType dtype, Shape shape, double[] data) {
    this.dtype = dtype;
    this.shape = shape;
    this.data = data;
  }

  /**
   * Wraps {@code data} without copying. For kernels in this package: the caller hands over
   * ownership and must never write {@code data} again.
   */
  static Tensor wrap(DType dtype, Shape shape, double[] data) {
    assert data.length == (long) shape.size() * dtype.width();
    return new Tensor(dtype, shape, data);
  }

  // ---------------------------------------------------------------------------------------------
  // Factories

  /** The rank-0 f64 tensor holding {@code value}. */
  public static Tensor scalar(double value) {
    return new Tensor(DType.F64, Shape.SCALAR, new double[] {value});
  }

  /** The rank-0 c128 tensor holding {@code re + im·i}. */
  public static Tensor complexScalar(double re, double im) {
    return new Tensor(DType.C128, Shape.SCALAR, new double[] {re, im});
  }

  /**
   * An f64 tensor of the given shape holding a copy of {@code data}, in row-major order.
   *
   * @throws IllegalArgumentException if {@code data.length} is not the shape's size
   */
  public static Tensor of(double[] data, int... shape) {
    return of(data, Shape.of(shape));
  }

  /** An f64 tensor of the given shape holding a copy of {@code data}, in row-major order. */
  public static Tensor of(double[] data, Shape shape) {
    Objects.requireNonNull(data, "data");
    checkLength("Tensor.of", data.length, DType.F64, shape);
    return new Tensor(DType.F64, shape, data.clone());
  }

  /** The rank-1 f64 tensor holding a copy of {@code values}. */
  public static Tensor vector(double... values) {
    return new Tensor(DType.F64, Shape.of(values.length), values.clone());
  }

  /**
   * The rank-2 f64 tensor whose rows are copies of {@code rows}; {@code new double[0][]} gives
   * shape {@code [0, 0]}.
   *
   * @throws IllegalArgumentException if the rows do not all have the same length
   */
  public static Tensor matrix(double[][] rows) {
    int m = rows.length;
    int n = m == 0 ? 0 : rows[0].length;
    Shape shape = Shape.of(m, n);
    double[] data = new double[shape.size()];
    for (int i = 0; i < m; i++) {
      if (rows[i].length != n) {
        throw new IllegalArgumentException(
            "Tensor.matrix: row " + i + " has length " + rows[i].length + ", expected " + n);
      }
      System.arraycopy(rows[i], 0, data, i * n, n);
    }
    return new Tensor(DType.F64, shape, data);
  }

  /**
   * The f64 matrix of shape {@code [labels.length, classes]} with a 1 in row {@code i} at column
   * {@code labels[i]} and 0 elsewhere, as JAX's {@code jax.nn.one_hot(labels, classes)}: integer
   * class labels as a constant a loss multiplies by (a cross-entropy {@code −Σ onehot · logSoftmax}
   * picks each row's log-probability of its label), there being no integer tensors.
   *
   * <pre>{@code
   * Tensor y = Tensor.oneHot(new int[] {2, 0}, 3);   // [[0, 0, 1], [1, 0, 0]]
   * }</pre>
   *
   * @throws IllegalArgumentException naming the label if one is not in {@code [0, classes)}, or if
   *     {@code classes} is negative
   */
  public static Tensor oneHot(int[] labels, int classes) {
    Objects.requireNonNull(labels, "labels");
    if (classes < 0) {
      throw new IllegalArgumentException("Tensor.oneHot: classes " + classes + " is negative");
    }
    Shape shape = Shape.of(labels.length, classes);
    double[] data = new double[shape.size()];
    for (int i = 0; i < labels.length; i++) {
      if (labels[i] < 0 || labels[i] >= classes) {
        throw new IllegalArgumentException(
            "Tensor.oneHot: label " + i + " is " + labels[i] + ", not a class in [0, " + classes
                + ")");
      }
      data[i * classes + labels[i]] = 1;
    }
    return new Tensor(DType.F64, shape, data);
  }

  /**
   * A c128 tensor of the given shape holding a copy of {@code interleaved}: {@code re, im} pairs,
   * one per element, in row-major order.
   *
   * @throws IllegalArgumentException if {@code interleaved.length} is not twice the shape's size
   */
  public static Tensor complex(double[] interleaved, int... shape) {
    return complex(interleaved, Shape.of(shape));
  }

  /** A c128 tensor of the given shape holding a copy of the interleaved {@code re, im} pairs. */
  public static Tensor complex(double[] interleaved, Shape shape) {
    Objects.requireNonNull(interleaved, "interleaved");
    checkLength("Tensor.complex", interleaved.length, DType.C128, shape);
    return new Tensor(DType.C128, shape, interleaved.clone());
  }

  /** A tensor of zeros. */
  public static Tensor zeros(DType dtype, int... shape) {
    return zeros(dtype, Shape.of(shape));
  }

  /** A tensor of zeros. */
  public static Tensor zeros(DType dtype, Shape shape) {
    return new Tensor(dtype, shape, new double[dataLength("Tensor.zeros", dtype, shape)]);
  }

  /** A tensor of ones (for c128: {@code 1 + 0i}). */
  public static Tensor ones(DType dtype, int... shape) {
    return full(dtype, 1.0, Shape.of(shape));
  }

  /** A tensor of ones (for c128: {@code 1 + 0i}). */
  public static Tensor ones(DType dtype, Shape shape) {
    return full(dtype, 1.0, shape);
  }

  /** A tensor whose every element is {@code value} (for c128: {@code value + 0i}). */
  public static Tensor full(DType dtype, double value, int... shape) {
    return full(dtype, value, Shape.of(shape));
  }

  /** A tensor whose every element is {@code value} (for c128: {@code value + 0i}). */
  public static Tensor full(DType dtype, double value, Shape shape) {
    double[] data = new double[dataLength("Tensor.full", dtype, shape)];
    if (dtype.isComplex()) {
      for (int i = 0; i < data.length; i += 2) {
        data[i] = value;
      }
    } else {
      Arrays.fill(data, value);
    }
    return new Tensor(dtype, shape, data);
  }

  /**
   * A tensor of independent values uniform in {@code [-1, 1)} drawn from {@code rng} (for c128, the
   * real and the imaginary part are each drawn so). The same seed gives the same tensor.
   */
  public static Tensor random(DType dtype, int[] shape, Random rng) {
    return random(dtype, Shape.of(shape), rng);
  }

  /**
   * A tensor of independent values uniform in {@code [-1, 1)}; see {@link #random(DType, int[],
   * Random)}.
   */
  public static Tensor random(DType dtype, Shape shape, Random rng) {
    double[] data = new double[dataLength("Tensor.random", dtype, shape)];
    for (int i = 0; i < data.length; i++) {
      data[i] = 2.0 * rng.nextDouble() - 1.0;
    }
    return new Tensor(dtype, shape, data);
  }

  private static void checkLength(String op, int length, DType dtype, Shape shape) {
    long expected = (long) shape.size() * dtype.width();
    if (length != expected) {
      throw new IllegalArgumentException(
          op
              + ": data length "
              + length
              + " does not match shape "
              + shape
              + " ("
              + (dtype.isComplex() ? "2 × size " + shape.size() + " for c128" : "size " + expected)
              + ")");
    }
  }

  static int dataLength(String op, DType dtype, Shape shape) {
    long n = (long) shape.size() * dtype.width();
    if (n > MAX_DATA_LENGTH) {
      throw new IllegalArgumentException(
          op + ": a " + dtype + " tensor of shape " + shape + " does not fit in a Java array");
    }
    return (int) n;
  }

  // ---------------------------------------------------------------------------------------------
  // Accessors

  /** The element type. */
  public DType dtype() {
    return dtype;
  }

  /** The shape. */
  public Shape shape() {
    return shape;
  }

  /** The number of axes; 0 for a scalar. */
  public int rank() {
    return shape.rank();
  }

  /** The number of elements (not doubles: a c128 tensor stores twice as many doubles). */
  public int size() {
    return shape.size();
  }

  /**
   * The length of one axis; a negative axis counts from the end, as in NumPy ({@code dim(-1)} is
   * the last axis's length).
   *
   * @throws IllegalArgumentException if {@code axis} is not in {@code [-rank, rank)}, naming the
   *     axis as given and the valid range
   */
  public int dim(int axis) {
    return shape.dim(axis);
  }

  /**
   * The f64 element at {@code index} (no index for a scalar).
   *
   * @throws IllegalStateException if this tensor is c128 (use {@link #getRe} and {@link #getIm})
   * @throws IllegalArgumentException if the index has the wrong length or is out of bounds
   */
  public double get(int... index) {
    if (dtype != DType.F64) {
      throw new IllegalStateException(
          "get: tensor is " + dtype + " of shape " + shape + "; use getRe/getIm");
    }
    return data[offset("get", index)];
  }

  /** The real part of the element at {@code index}; for f64, the element itself. */
  public double getRe(int... index) {
    return data[offset("getRe", index) * dtype.width()];
  }

  /** The imaginary part of the element at {@code index}; for f64, {@code 0.0}. */
  public double getIm(int... index) {
    int o = offset("getIm", index);
    return dtype.isComplex() ? data[2 * o + 1] : 0.0;
  }

  /**
   * The value of a rank-0 f64 tensor.
   *
   * @throws IllegalStateException if this tensor is not a rank-0 f64 tensor
   */
  public double scalarValue() {
    if (shape.rank() != 0 || dtype != DType.F64) {
      throw new IllegalStateException(
          "scalarValue: expected a rank-0 f64 tensor, got " + dtype + " of shape " + shape);
    }
    return data[0];
  }

  /**
   * A copy of the data in row-major order: {@code size()} doubles for f64, {@code 2·size()}
   * interleaved {@code re, im} doubles for c128.
   */
  public double[] toDoubleArray() {
    return data.clone();
  }

  private int offset(String op, int[] index) {
    int[] dims = shape.dims;
    if (index.length != dims.length) {
      throw new IllegalArgumentException(
          op
              + ": index "
              + Arrays.toString(index)
              + " has "
              + index.length
              + " coordinates, shape "
              + shape
              + " has rank "
              + dims.length);
    }
    int offset = 0;
    for (int k = 0; k < dims.length; k++) {
      int i = index[k];
      if (i < 0 || i >= dims[k]) {
        throw new IllegalArgumentException(
            op + ": index " + Arrays.toString(index) + " out of bounds for shape " + shape);
      }
      offset = offset * dims[k] + i;
    }
    return offset;
  }

  // ---------------------------------------------------------------------------------------------
  // Comparison (for tests)

  /**
   * Whether this tensor and {@code other} have the same dtype and shape and every pair of elements
   * satisfies {@code |this − other| ≤ atol + rtol·|other|} (numpy's {@code allclose}; for c128,
   * {@code |·|} is the complex modulus). Equal infinities are close; {@code NaN} is close to
   * nothing.
   */
  public boolean allClose(Tensor other, double rtol, double atol) {
    if (dtype != other.dtype || !shape.equals(other.shape)) {
      return false;
    }
    double[] a = data;
    double[] b = other.data;
    if (dtype.isComplex()) {
      for (int i = 0; i < a.length; i += 2) {
        if (a[i] == b[i] && a[i + 1] == b[i + 1]) {
          continue;
        }
        double diff = Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1]);
        if (!(diff <= atol + rtol * Math.hypot(b[i], b[i + 1]))) {
          return false;
        }
      }
    } else {
      for (int i = 0; i < a.length; i++) {
        if (a[i] == b[i]) {
          continue;
        }
        if (!(Math.abs(a[i] - b[i]) <= atol + rtol * Math.abs(b[i]))) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The largest elementwise {@code |this − other|} (complex modulus for c128); 0 for empty tensors,
   * {@code NaN} if any difference is {@code NaN}; equal infinities differ by 0.
   *
   * @throws IllegalArgumentException if the dtypes or the shapes differ
   */
  public double maxAbsDiff(Tensor other) {
    Checks.sameDtypeAndShape("maxAbsDiff", this, other);
    double[] a = data;
    double[] b = other.data;
    double max = 0.0;
    if (dtype.isComplex()) {
      for (int i = 0; i < a.length; i += 2) {
        if (a[i] != b[i] || a[i + 1] != b[i + 1]) {
          max = Math.max(max, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1]));
        }
      }
    } else {
      for (int i = 0; i < a.length; i++) {
        if (a[i] != b[i]) {
          max = Math.max(max, Math.abs(a[i] - b[i]));
        }
      }
    }
    return max;
  }

  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (!(o instanceof Tensor)) {
      return false;
    }
    Tensor t = (Tensor) o;
    return dtype == t.dtype && shape.equals(t.shape) && Arrays.equals(data, t.data);
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = 31 * (31 * dtype.hashCode() + shape.hashCode()) + Arrays.hashCode(data);
      hash = h;
    }
    return h;
  }

  /**
   * The dtype, shape and values, e.g. {@code Tensor[f64 [2, 3]] [[1.0, 2.0, 3.0], [4.0, 5.0,
   * 6.0]]}; complex values print as {@code 1.0+2.0i}. Tensors of more than 1000 elements show only
   * the first and last 3 entries of each axis longer than 6, with {@code ...} between.
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append("Tensor[").append(dtype).append(' ').append(shape).append("] ");
    appendValues(sb);
    return sb.toString();
  }

  private void appendValues(StringBuilder sb) {
    int[] dims = shape.dims;
    int r = dims.length;
    if (r == 0) {
      appendElement(sb, 0);
      return;
    }
    if (shape.size() == 0) {
      sb.append("[]");
      return;
    }
    boolean elide = shape.size() > PRINT_THRESHOLD;
    // shown[k]: the indices printed along axis k; -1 marks the "..." between head and tail.
    int[][] shown = new int[r][];
    for (int k = 0; k < r; k++) {
      int d = dims[k];
      if (elide && d > 2 * PRINT_EDGE) {
        int[] s = new int[2 * PRINT_EDGE + 1];
        for (int j = 0; j < PRINT_EDGE; j++) {
          s[j] = j;
          s[PRINT_EDGE + 1 + j] = d - PRINT_EDGE + j;
        }
        s[PRINT_EDGE] = -1;
        shown[k] = s;
      } else {
        int[] s = new int[d];
        for (int j = 0; j < d; j++) {
          s[j] = j;
        }
        shown[k] = s;
      }
    }
    // axes too short to elide (each of a [2, 2, …, 2] tensor's) still print every element: past
    // PRINT_THRESHOLD printed elements, outer axes show their first and last index, then the first
    for (int pass = 0; pass < 2 && elide; pass++) {
      for (int k = 0; k < r && printedCount(shown) > PRINT_THRESHOLD; k++) {
        int d = dims[k];
        if (pass == 0 && d > 2) {
          shown[k] = new int[] {0, -1, d - 1};
        } else if (d > 1) {
          shown[k] = new int[] {0, -1};
        }
      }
    }
    int[] strides = Shape.rowMajorStrides(dims);
    int[] pos = new int[r]; // odometer over positions in shown[]
    for (int k = 0; k < r; k++) {
      sb.append('[');
    }
    int leaf = r - 1; // the axis whose position was last advanced, or the innermost axis
    while (true) {
      if (shown[leaf][pos[leaf]] < 0) {
        sb.append("...");
      } else {
        int offset = 0;
        for (int k = 0; k < r; k++) {
          offset += shown[k][pos[k]] * strides[k];
        }
        appendElement(sb, offset);
      }
      int k = leaf;
      while (k >= 0 && pos[k] == shown[k].length - 1) {
        sb.append(']');
        k--;
      }
      if (k < 0) {
        return;
      }
      pos[k]++;
      sb.append(", ");
      if (shown[k][pos[k]] < 0) {
        leaf = k; // an elided block: printed as "..." without opening the inner axes
      } else {
        for (int j = k + 1; j < r; j++) {
          pos[j] = 0;
          sb.append('[');
        }
        leaf = r - 1;
      }
    }
  }

  /** How many elements {@code shown} prints: the product of its axes' printed indices. */
  private static long printedCount(int[][] shown) {
    long count = 1;
    for (int[] axis : shown) {
      int printed = 0;
      for (int index : axis) {
        printed += index >= 0 ? 1 : 0;
      }
      count *= printed;
    }
    return count;
  }

  private void appendElement(StringBuilder sb, int element) {
    if (dtype.isComplex()) {
      double re = data[2 * element];
      double im = data[2 * element + 1];
      String imText = Double.toString(im);
      sb.append(re).append(imText.startsWith("-") ? "" : "+").append(imText).append('i');
    } else {
      sb.append(data[element]);
    }
  }
}
