package io.github.tidu4j.primitives.func;

import io.github.tidu4j.primitives.TensorValue;
import java.util.List;

/**
 * A function of any number of tensors to any number of tensors, traced into a graph by {@link
 * TensorAutodiff}: the general form, for several outputs.
 *
 * <pre>{@code
 * TensorFunction polar = TensorAutodiff.function(2, args -> {
 *   TensorValue r = args.get(0), t = args.get(1);
 *   return List.of(r.mul(t.cos()), r.mul(t.sin()));
 * });
 * }</pre>
 */
@FunctionalInterface
public interface FnN {
  /** The outputs for the traced inputs {@code args}, one per input of the function. */
  List<TensorValue> apply(List<TensorValue> args);
}
