package io.github.tidu4j.primitives.func;

import io.github.tidu4j.primitives.TensorValue;
import java.util.function.UnaryOperator;

/**
 * A function of one tensor to one tensor, written with {@link TensorValue}'s operations and traced
 * into a graph by {@link TensorAutodiff}. Tensors it closes over become constants of the graph.
 *
 * <pre>{@code
 * Tensor a = Tensor.vector(2, 3);
 * Fn f = x -> x.mul(a).exp().sum();             // Σ exp(aᵢ·xᵢ)
 * Tensor g = TensorAutodiff.grad(f).apply(Tensor.vector(1, 2));
 * }</pre>
 */
@FunctionalInterface
public interface Fn extends UnaryOperator<TensorValue> {
  /** The output for the traced input {@code x}. */
  @Override
  TensorValue apply(TensorValue x);
}
