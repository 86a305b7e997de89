package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Primitive;
import java.util.List;

/**
 * A function that can be staged as graphs for given input types: a traced user function (a front
 * end such as the tensor API traces a Java lambda) or a transform of another {@code Traceable}
 * ({@link Transformed#jvp}, {@link Transformed#grad}, …), so transforms compose to any order.
 *
 * <p>Implementations are values: two traceables are equal when they stage the same function (a
 * traced lambda by identity, a transform by its argument and parameters). {@link FunctionCache}
 * keys compiled programs by that equality and the input types.
 *
 * <pre>{@code
 * Traceable<TensorOp, TensorType, Tensor> f = ...;                 // a traced function
 * Traceable<TensorOp, TensorType, Tensor> hvp =
 *     Transformed.outputs(Transformed.jvp(Transformed.grad(f, domain, 0), 0), 1);
 * Staged<TensorOp, TensorType, Tensor> staged = hvp.stage(List.of(type, type));
 * }</pre>
 *
 * @param <P> the primitive set
 * @param <T> the abstract type of a value
 * @param <V> the concrete value type
 */
public interface Traceable<P extends Primitive<P, ?>, T, V> {

  /** The number of positional inputs. */
  int arity();

  /**
   * Stages this function for the given input types (one per {@link #arity() input}).
   *
   * @throws ADRuleError if a transform meets a missing or broken rule
   * @throws IllegalArgumentException if the types do not fit the function
   */
  Staged<P, T, V> stage(List<T> inputTypes) throws ADRuleError;

  /** A short description for messages and graph dumps, e.g. {@code grad(f)}. */
  String describe();
}
