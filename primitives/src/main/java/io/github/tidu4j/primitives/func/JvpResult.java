package io.github.tidu4j.primitives.func;

import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;

/**
 * The result of {@link TensorAutodiff#jvp(TensorFunction, List, List)}: the function's outputs and
 * their tangents (directional derivatives), aligned.
 *
 * <pre>{@code
 * JvpResult r = TensorAutodiff.jvp(x -> x.exp().sum(), Tensor.vector(0, 1), Tensor.vector(1, 0));
 * r.value();     // 1 + e
 * r.tangent();   // 1
 * }</pre>
 *
 * @param values the outputs
 * @param tangents one tangent per output
 */
public record JvpResult(List<Tensor> values, List<Tensor> tangents) {
  public JvpResult {
    values = List.copyOf(values);
    tangents = List.copyOf(tangents);
  }

  /** The single output. */
  public Tensor value() {
    return single(values);
  }

  /** The single output's tangent. */
  public Tensor tangent() {
    return single(tangents);
  }

  private static Tensor single(List<Tensor> list) {
    if (list.size() != 1) {
      throw new IllegalStateException("the function has " + list.size() + " outputs");
    }
    return list.get(0);
  }
}
