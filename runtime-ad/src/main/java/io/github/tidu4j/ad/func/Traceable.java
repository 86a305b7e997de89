package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Primitive;
import java.util.AbstractList;
import java.util.List;

/**
 * A function that can be staged as graphs for given input types: a traced user function (a front
 * end such as the tensor API traces a Java lambda) or a transform of another {@code Traceable}
 * ({@link Transforms#jvp}, {@link Transforms#grad}, …), so transforms compose to any order.
 *
 * <p>Implementations are values: two traceables are equal when they stage the same function (a
 * traced lambda by identity, a transform by its argument and parameters). {@link FunctionCache}
 * keys compiled programs by that equality and the input types.
 *
 * <pre>{@code
 * Traceable<TensorOp, TensorType, Tensor> f = …;                 // a traced function
 * Traceable<TensorOp, TensorType, Tensor> hvp =
 *     Transforms.outputs(Transforms.jvp(Transforms.grad(f, domain, false, 0), 0), 1);
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
  Staged<P, T, V> stage(List<T> inputTypes);

  /** A short description for messages and graph dumps, e.g. {@code grad(f)}. */
  String describe();

  /**
   * The class of the user's code this function traces: the lambda a traced function wraps, for a
   * transform its function's, and by default this function's own class (a {@code Traceable} the
   * user wrote). A cache counts compilations by it: a lambda that captures values is a new object,
   * so a new function, each time its expression runs, and so is an instance of a class that does
   * not override {@code equals}; one made anew for every call is traced and compiled on every
   * call.
   */
  default Class<?> origin() {
    return getClass();
  }

  /**
   * {@code args}, the traced inputs handed to {@code f}'s body, as an unmodifiable list whose
   * {@code get} of an index past them says that {@code f} was declared with fewer inputs than its
   * body reads.
   */
  static <X> List<X> inputs(Traceable<?, ?, ?> f, List<X> args) {
    List<X> copy = List.copyOf(args);
    return new AbstractList<>() {
      @Override
      public X get(int index) {
        if (index < 0 || index >= copy.size()) {
          throw new IndexOutOfBoundsException(
              f.describe() + " reads input " + index + ", but is declared with " + copy.size()
                  + " input" + (copy.size() == 1 ? "" : "s") + " (0 to " + (copy.size() - 1)
                  + "): declare as many as its body reads");
        }
        return copy.get(index);
      }

      @Override
      public int size() {
        return copy.size();
      }

      @Override
      public X set(int index, X element) {
        throw new UnsupportedOperationException(
            f.describe() + "'s traced inputs cannot be replaced: its body computes new values from"
                + " them and returns those");
      }
    };
  }

  /**
   * {@link #stage}, for a caller outside any transform (a cache, a front end): a missing or broken
   * rule's {@link ADRuleError} is rethrown with its message also naming this function, e.g. {@code
   * "... (while staging grad(f))"}. Transforms stage their argument with {@link #stage}, so the
   * message names the function the caller asked for, once.
   *
   * @throws ADRuleError if a transform meets a missing or broken rule
   * @throws IllegalArgumentException if the types do not fit the function
   */
  default Staged<P, T, V> stageNamed(List<T> inputTypes) {
    try {
      return stage(inputTypes);
    } catch (ADRuleError e) {
      throw e.whileStaging(describe());
    }
  }

  /**
   * Checks that {@code inputTypes} has one type per input of {@code f}, as every {@link #stage}
   * implementation must.
   *
   * @throws IllegalArgumentException naming {@code f} if it does not
   */
  static void checkArity(Traceable<?, ?, ?> f, List<?> inputTypes) {
    if (inputTypes.size() != f.arity()) {
      throw new IllegalArgumentException(
          f.describe() + " takes " + f.arity() + " input" + (f.arity() == 1 ? "" : "s")
              + ", got " + inputTypes.size());
    }
  }
}
