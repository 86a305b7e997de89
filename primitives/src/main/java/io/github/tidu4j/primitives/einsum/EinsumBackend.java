package io.github.tidu4j.primitives.einsum;

import io.github.tidu4j.primitives.tensor.DType;

/**
 * The operations an {@link EinsumPlan} is lowered to, over some operand type {@code T}: eager
 * {@link io.github.tidu4j.primitives.tensor.Tensor}s ({@link TensorEinsumBackend}), or, with a
 * backend that emits graph operations, the values of a graph under construction. Every method has
 * the semantics of the tensor kernel of the same name (XLA semantics); the planner only passes
 * valid arguments, and never asks a backend to conjugate.
 *
 * <pre>{@code
 * EinsumBackend<Tensor> eager = TensorEinsumBackend.INSTANCE;
 * Tensor c = Einsum.evaluate("bij,bjk->bik", eager, a, b);
 * // a graph backend would return the graph values of the emitted operations instead
 * }</pre>
 *
 * @param <T> the operand type
 */
public interface EinsumBackend<T> {

  /** The dimensions of {@code operand}; callers do not modify the array. */
  int[] shape(T operand);

  /**
   * The dtype of {@code operand}, or {@code null} (the default) if this backend does not know it.
   * All operands of one einsum must have the same dtype (there is no implicit promotion): {@link
   * Einsum#evaluate} and {@link EinsumPlan#evaluate} check it before running anything, and name the
   * specification and every operand's type when it fails.
   */
  default DType dtype(T operand) {
    return null;
  }

  /** Sums over the strictly increasing {@code axes}, which are dropped. */
  T reduceSum(T operand, int[] axes);

  /** Output axis {@code k} is operand axis {@code perm[k]}. */
  T transpose(T operand, int[] perm);

  /** The same elements in the same row-major order, with another shape of the same size. */
  T reshape(T operand, int[] shape);

  /**
   * XLA {@code DotGeneral}: result axes are the batch axes (in {@code lhsBatch} order), then the
   * free axes of {@code lhs} in order, then those of {@code rhs}; no operand is conjugated.
   */
  T dotGeneral(
      T lhs, T rhs, int[] lhsContracting, int[] rhsContracting, int[] lhsBatch, int[] rhsBatch);
}
