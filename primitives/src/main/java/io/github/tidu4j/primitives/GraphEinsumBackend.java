package io.github.tidu4j.primitives;

import io.github.tidu4j.primitives.einsum.EinsumBackend;

/**
 * Lowers einsum plans into a graph: each plan step becomes the builder operation of the same name,
 * so {@code einsum("ij,jk->ik", a, b)} builds a {@code DotGeneral} node (and {@code ReduceSum},
 * {@code Reshape}, {@code TransposeAxes} nodes where the plan needs them), shape-checked like any
 * other. Used by {@link TensorBuilder#einsum}.
 */
final class GraphEinsumBackend implements EinsumBackend<TensorValue> {
  private final TensorBuilder builder;

  GraphEinsumBackend(TensorBuilder builder) {
    this.builder = builder;
  }

  @Override
  public int[] shape(TensorValue operand) {
    return operand.type().dims();
  }

  @Override
  public TensorValue reduceSum(TensorValue operand, int[] axes) {
    return builder.reduceSum(operand, axes);
  }

  @Override
  public TensorValue transpose(TensorValue operand, int[] perm) {
    return builder.transpose(operand, perm);
  }

  @Override
  public TensorValue reshape(TensorValue operand, int[] shape) {
    return builder.reshape(operand, shape);
  }

  @Override
  public TensorValue dotGeneral(
      TensorValue lhs,
      TensorValue rhs,
      int[] lhsContracting,
      int[] rhsContracting,
      int[] lhsBatch,
      int[] rhsBatch) {
    return builder.dotGeneral(lhs, rhs, lhsContracting, rhsContracting, lhsBatch, rhsBatch);
  }
}
