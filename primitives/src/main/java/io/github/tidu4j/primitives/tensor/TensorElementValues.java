package io.github.tidu4j.primitives.tensor;

import io.github.tidu4j.graph.fusion.ElementValues;

/**
 * How the fusion backend reads and makes {@link Tensor}s: an f64 or c128 tensor's elements are its
 * data array (a c128 element's real and imaginary parts side by side), read in place; results are
 * tensors of the same layout that own the arrays the fused loop filled.
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
    return Tensor.wrap(DType.F64, shapeOf.shape(), data);
  }

  @Override
  public int[] shape(Tensor value) {
    return value.shape().dims();
  }

  @Override
  public Tensor realOfShape(int[] shape, double[] data) {
    return Tensor.wrap(DType.F64, Shape.of(shape), data);
  }

  @Override
  public Tensor complexOfShape(int[] shape, double[] interleaved) {
    return Tensor.wrap(DType.C128, Shape.of(shape), interleaved);
  }

  @Override
  public Tensor realScalar(double value) {
    return Tensor.scalar(value);
  }

  @Override
  public Tensor complexLike(Tensor shapeOf, double[] interleaved) {
    return Tensor.wrap(DType.C128, shapeOf.shape(), interleaved);
  }

  @Override
  public Tensor complexScalar(double re, double im) {
    return Tensor.complexScalar(re, im);
  }
}
