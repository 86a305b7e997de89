package io.github.tidu4j.primitives.tensor;

import io.github.tidu4j.graph.fusion.ElementValues;

/**
 * How the fusion backend reads and makes {@link Tensor}s: an f64 tensor's elements are its data
 * array, read in place; results are f64 tensors that own the arrays the fused loop filled.
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
  public Tensor realScalar(double value) {
    return Tensor.scalar(value);
  }
}
