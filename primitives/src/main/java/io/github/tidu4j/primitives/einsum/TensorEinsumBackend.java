package io.github.tidu4j.primitives.einsum;

import io.github.tidu4j.primitives.tensor.Contraction;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Layout;
import io.github.tidu4j.primitives.tensor.Reductions;
import io.github.tidu4j.primitives.tensor.Tensor;

/**
 * Runs einsum plans eagerly on {@link Tensor}s with the tensor kernels ({@link Reductions}, {@link
 * Layout}, {@link Contraction}); works on f64 and c128 operands (of one dtype per einsum).
 *
 * <pre>{@code
 * Tensor c = Einsum.evaluate("ij,jk->ik", TensorEinsumBackend.INSTANCE, a, b);
 * // the same as Einsum.einsum("ij,jk->ik", a, b)
 * }</pre>
 */
public final class TensorEinsumBackend implements EinsumBackend<Tensor> {

  /** The backend; it has no state. */
  public static final TensorEinsumBackend INSTANCE = new TensorEinsumBackend();

  private TensorEinsumBackend() {}

  @Override
  public int[] shape(Tensor operand) {
    return operand.shape().dims();
  }

  @Override
  public DType dtype(Tensor operand) {
    return operand.dtype();
  }

  @Override
  public Tensor reduceSum(Tensor operand, int[] axes) {
    return Reductions.reduceSum(operand, axes);
  }

  @Override
  public Tensor transpose(Tensor operand, int[] perm) {
    return Layout.transpose(operand, perm);
  }

  @Override
  public Tensor reshape(Tensor operand, int[] shape) {
    return Layout.reshape(operand, shape);
  }

  @Override
  public Tensor dotGeneral(
      Tensor lhs,
      Tensor rhs,
      int[] lhsContracting,
      int[] rhsContracting,
      int[] lhsBatch,
      int[] rhsBatch) {
    return Contraction.dotGeneral(lhs, rhs, lhsContracting, rhsContracting, lhsBatch, rhsBatch);
  }
}
