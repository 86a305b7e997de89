package io.github.tidu4j.primitives.tensor;

import io.github.tidu4j.graph.fusion.ElementValues;

/**
 * How the fusion backend reads and makes {@link Tensor}s: an f64 or c128 tensor's elements are its
 * data array (a c128 element's real and imaginary parts side by side), read in place; results are
 * tensors of the same layout that own the arrays the fused loop filled.
 *
 * <p>A backend's view, not a user's: {@link #data} is the tensor's own array, which nothing may
 * write (a tensor is immutable; a write would change it, its hash and every compiled function
 * closing over it), and the methods making a tensor take the array they are given as its own,
 * so the caller writes it no more. They check the array's length against the shape.
 *
 * <pre>{@code
 * double[] elements = TensorElementValues.INSTANCE.data(Tensor.vector(1, 2, 3));
 * }</pre>
 */
public final class TensorElementValues implements ElementValues<Tensor> {
  /** The one instance. */
  public static final TensorElementValues INSTANCE = new TensorElementValues();

  private TensorElementValues() {}

  @Override
  public boolean isReal(Tensor value) {
    return value.dtype() == DType.F64;
  }

  @Override
  public boolean isComplex(Tensor value) {
    return value.dtype() == DType.C128;
  }

  @Override
  public double[] data(Tensor value) {
    return value.data;
  }

  @Override
  public boolean sameShape(Tensor a, Tensor b) {
    return a.shape().equals(b.shape());
  }

  @Override
  public Tensor realLike(Tensor shapeOf, double[] data) {
    return owning(DType.F64, shapeOf.shape(), data);
  }

  @Override
  public int[] shape(Tensor value) {
    return value.shape().dims();
  }

  @Override
  public Tensor realOfShape(int[] shape, double[] data) {
    return owning(DType.F64, Shape.of(shape), data);
  }

  @Override
  public Tensor complexOfShape(int[] shape, double[] interleaved) {
    return owning(DType.C128, Shape.of(shape), interleaved);
  }

  @Override
  public Tensor realScalar(double value) {
    return Tensor.scalar(value);
  }

  @Override
  public Tensor complexLike(Tensor shapeOf, double[] interleaved) {
    return owning(DType.C128, shapeOf.shape(), interleaved);
  }

  @Override
  public Tensor complexScalar(double re, double im) {
    return Tensor.complexScalar(re, im);
  }

  /** A tensor owning {@code data}, whose length must be the shape's elements (twice for c128). */
  private static Tensor owning(DType dtype, Shape shape, double[] data) {
    if (data.length != (long) shape.size() * dtype.width()) {
      throw new IllegalArgumentException(
          "a " + dtype + shape + " tensor holds " + (long) shape.size() * dtype.width()
              + " doubles, but the array given has " + data.length);
    }
    return Tensor.wrap(dtype, shape, data);
  }
}
