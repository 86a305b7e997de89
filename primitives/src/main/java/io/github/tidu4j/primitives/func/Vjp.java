package io.github.tidu4j.primitives.func;

import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The result of {@link TensorAutodiff#vjp(TensorFunction, Tensor...)}: the function's outputs at the
 * primal point and its pullback, which maps output cotangents to input cotangents. The pullback is
 * a compiled (and cached) program; it recomputes what it needs of the primal rather than keeping
 * residuals.
 *
 * <pre>{@code
 * Vjp v = TensorAutodiff.vjp(TensorAutodiff.function(x -> x.mul(x)), Tensor.vector(1, 2, 3));
 * v.value();                                            // [1, 4, 9]
 * v.pullback(Tensor.vector(1, 1, 1)).get(0);          // [2, 4, 6]
 * }</pre>
 */
public final class Vjp {
  private final TensorFunction pullback;
  private final List<Tensor> primals;
  private final List<Tensor> values;

  Vjp(TensorFunction pullback, List<Tensor> primals, List<Tensor> values) {
    this.pullback = pullback;
    this.primals = List.copyOf(primals);
    this.values = List.copyOf(values);
  }

  /** The outputs at the primal point. */
  public List<Tensor> values() {
    return values;
  }

  /** The single output at the primal point. */
  public Tensor value() {
    if (values.size() != 1) {
      throw new IllegalStateException("the function has " + values.size() + " outputs");
    }
    return values.get(0);
  }

  /**
   * The input cotangents for output cotangents {@code cotangents}, one per output, each of its
   * output's type.
   *
   * @throws IllegalArgumentException naming the position if a cotangent has the wrong type or
   *     there are too few or too many
   */
  public List<Tensor> pullback(Tensor... cotangents) {
    if (cotangents.length != values.size()) {
      throw new IllegalArgumentException(
          "pullback takes one cotangent per output (" + values.size() + "), got "
              + cotangents.length);
    }
    List<Tensor> args = new ArrayList<>(primals);
    args.addAll(Arrays.asList(cotangents));
    return pullback.applyAll(args);
  }

  /** The pullback's function and the values' types: {@code Vjp[vjp(f)[1], values f64[3]]}. */
  @Override
  public String toString() {
    StringBuilder types = new StringBuilder();
    for (Tensor value : values) {
      types.append(types.length() == 0 ? "" : ", ").append(TensorType.of(value));
    }
    return "Vjp[" + pullback.describe() + ", values " + types + "]";
  }
}
