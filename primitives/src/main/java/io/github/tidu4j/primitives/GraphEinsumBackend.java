package io.github.tidu4j.primitives;

import io.github.tidu4j.primitives.einsum.EinsumBackend;
import io.github.tidu4j.primitives.tensor.DType;

/**
 * Lowers einsum plans into a graph: each plan step becomes the fluent operation of the same name on
 * the operand's builder, so {@code einsum("ij,jk->ik", a, b)} builds a {@code DotGeneral} node (and
 * {@code ReduceSum}, {@code Reshape}, {@code TransposeAxes} nodes where the plan needs them),
 * type-checked like any other. Used by the {@code einsum} composite of {@link TensorPrimitives}.
 */
final class GraphEinsumBackend implements EinsumBackend<TensorValue> {

  @Override
  public int[] shape(TensorValue operand) {
    return operand.type().dims();
  }

  @Override
  public DType dtype(TensorValue operand) {
    return operand.type().dtype();
  }

  @Override
  public TensorValue reduceSum(TensorValue operand, int[] axes) {
    return operand.reduceSum(axes);
  }

  @Override
  public TensorValue transpose(TensorValue operand, int[] perm) {
    return operand.transposeAxes(perm);
  }

  @Override
  public TensorValue reshape(TensorValue operand, int[] shape) {
    return operand.reshape(shape);
  }

  @Override
  public TensorValue dotGeneral(
      TensorValue lhs,
      TensorValue rhs,
      int[] lhsContracting,
      int[] rhsContracting,
      int[] lhsBatch,
      int[] rhsBatch) {
    return lhs.dotGeneral(rhs, lhsContracting, rhsContracting, lhsBatch, rhsBatch);
  }
}
