package io.github.tidu4j.primitives.func;

import io.github.tidu4j.primitives.TensorValue;
import java.util.function.BinaryOperator;

/**
 * A function of two tensors to one tensor, traced into a graph by {@link TensorAutodiff}.
 *
 * <pre>{@code
 * TensorFunction f = TensorAutodiff.function((Fn2) (u, v) -> u.mul(v).sin().sum());
 * Tensor dy = TensorAutodiff.grad(f, 1).apply(x, y);          // ∂f/∂y
 * }</pre>
 */
@FunctionalInterface
public interface Fn2 extends BinaryOperator<TensorValue> {
  /** The output for the traced inputs {@code x} and {@code y}. */
  @Override
  TensorValue apply(TensorValue x, TensorValue y);
}
