package io.github.tidu4j.primitives.func;

import io.github.tidu4j.primitives.TensorValue;
import java.util.List;
import java.util.function.Function;

/**
 * A function of a list of tensors to a list of tensors, traced into a graph by {@link
 * TensorAutodiff#function(int, FnN)}: the general form, for more than two inputs or more than one
 * output. The number of outputs is the function's own, independent of its number of inputs.
 *
 * <p>{@link #apply} takes all the inputs at once: {@code args} holds exactly the {@code arity}
 * given to {@link TensorAutodiff#function(int, FnN)}, in the order a {@link TensorFunction} is
 * called with them ({@code args.get(i)} is input {@code i}, traced as {@code xi}, or {@code x} when
 * there is one); reading past them fails naming the arity. It returns every output, none null, in
 * the order {@link TensorFunction#applyAll} gives their values.
 *
 * <pre>{@code
 * TensorFunction polar = TensorAutodiff.function(2, args -> {
 *   TensorValue r = args.get(0), t = args.get(1);
 *   return List.of(r.mul(t.cos()), r.mul(t.sin()));
 * });
 * TensorFunction volume = TensorAutodiff.function(3, args ->
 *     List.of(args.get(0).mul(args.get(1)).mul(args.get(2))));   // three inputs, one output
 * }</pre>
 */
@FunctionalInterface
public interface FnN extends Function<List<TensorValue>, List<TensorValue>> {
  /**
   * The function's outputs, as many as it has, for its traced inputs {@code args}, one per
   * declared input.
   */
  @Override
  List<TensorValue> apply(List<TensorValue> args);
}
