package io.github.tidu4j.primitives;

import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Shape;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Objects;

/**
 * The static type of a tensor value in a graph: its dtype and its shape. {@link TensorBuilder}
 * infers one for every value it builds and checks operands against them.
 *
 * <pre>{@code
 * TensorType t = TensorType.of(DType.F64, 2, 3);
 * t.toString();   // "f64[2, 3]"
 * }</pre>
 *
 * @param dtype the element type
 * @param shape the dimensions
 */
public record TensorType(DType dtype, Shape shape) {

  /**
   * @throws IllegalArgumentException if no tensor of this type fits in a Java array (a c128
   *     element takes two doubles), so that a traced operation whose result could not exist is
   *     refused when it is traced, not when it runs
   */
  public TensorType {
    Objects.requireNonNull(dtype, "dtype");
    Objects.requireNonNull(shape, "shape");
    if ((long) shape.size() * dtype.width() > Tensor.MAX_DATA_LENGTH) {
      throw new IllegalArgumentException(
          "a " + dtype + " tensor of shape " + shape + " does not fit in a Java array");
    }
  }

  /** The type of a {@code dtype} tensor with dimensions {@code dims}. */
  public static TensorType of(DType dtype, int... dims) {
    return new TensorType(dtype, Shape.of(dims));
  }

  /** The type of {@code tensor}. */
  public static TensorType of(Tensor tensor) {
    return new TensorType(tensor.dtype(), tensor.shape());
  }

  /** The number of axes. */
  public int rank() {
    return shape.rank();
  }

  /** A copy of the dimensions. */
  public int[] dims() {
    return shape.dims();
  }

  /** Whether {@code tensor} has this dtype and shape. */
  public boolean matches(Tensor tensor) {
    return tensor.dtype() == dtype && tensor.shape().equals(shape);
  }

  /** The same shape with another dtype. */
  public TensorType withDtype(DType other) {
    return new TensorType(other, shape);
  }

  // equals and hashCode written out, as a record derives them: the derived ones link through
  // method handles, which costs a fresh JVM milliseconds on its first call
  @Override
  public boolean equals(Object o) {
    return o instanceof TensorType other && dtype == other.dtype && shape.equals(other.shape);
  }

  @Override
  public int hashCode() {
    return 31 * dtype.hashCode() + shape.hashCode();
  }

  /** For example {@code f64[2, 3]}, or {@code c128[]} for a complex scalar. */
  @Override
  public String toString() {
    return dtype.toString() + shape;
  }
}
