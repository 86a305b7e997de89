package io.github.tidu4j.ad.eager;

import java.util.Objects;

/**
 * A value produced by a recorded invocation: its fresh eager key and its value.
 *
 * <p>It requires grad iff the graph output it comes from <em>structurally depends</em> on some
 * input of the invocation that requires grad (a reachability check over the invoked graph, cached
 * per graph; see {@link Recorder}). This is sharper than "iff any input requires grad": in a
 * graph with outputs {@code (x·y, sin x)} where only {@code y} requires grad, {@code sin x} does
 * not. The rule is conservative in the other direction: an output that depends on a grad input
 * only through a zero derivative still requires grad, and its backward simply contributes
 * nothing.
 *
 * <pre>{@code
 * EagerOutput<Double> y = recorder.record(square, List.of(x)).get(0);
 * EagerOutput<Double> z = recorder.record(sin, List.of(y.asInput())).get(0);
 * }</pre>
 *
 * @param key the fresh eager key of the value
 * @param value the value computed by the forward
 * @param requiresGrad whether gradients can flow back through it
 * @param <V> the operand type
 */
public record EagerOutput<V>(Object key, V value, boolean requiresGrad) {
  public EagerOutput {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
  }

  /** This value as the input of a later invocation, with its own {@code requiresGrad}. */
  public EagerInput<V> asInput() {
    return new EagerInput<>(key, value, requiresGrad);
  }

  /** This value as the input of a later invocation that gradients must not flow back through. */
  public EagerInput<V> detached() {
    return new EagerInput<>(key, value, false);
  }

  /** For example {@code e3=2.5 (grad)}. */
  @Override
  public String toString() {
    return key + "=" + value + (requiresGrad ? " (grad)" : "");
  }
}
