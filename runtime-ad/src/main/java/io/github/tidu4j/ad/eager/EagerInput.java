package io.github.tidu4j.ad.eager;

import java.util.Objects;

/**
 * A value fed into a recorded invocation: its eager key, its value, and whether gradients must
 * flow back to it through this use. A leaf the user differentiates with respect to has {@code
 * requiresGrad} set; a constant has not; the output of an earlier invocation passes on its own
 * flag ({@link EagerOutput#asInput()}).
 *
 * <pre>{@code
 * EagerInput<Double> x = new EagerInput<>(keys.next(), 3.0, true);   // a variable
 * EagerInput<Double> c = EagerInput.constant(keys.next(), 2.0);      // no gradient wanted
 * }</pre>
 *
 * @param key the value's eager key (usually from a {@link KeySource}); value semantics
 * @param value the value itself
 * @param requiresGrad whether backward should compute a cotangent for it through this use
 * @param <V> the operand type
 */
public record EagerInput<V>(Object key, V value, boolean requiresGrad) {
  public EagerInput {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
  }

  /** An input that requires grad: a leaf to differentiate with respect to. */
  public static <V> EagerInput<V> variable(Object key, V value) {
    return new EagerInput<>(key, value, true);
  }

  /** An input that does not require grad. */
  public static <V> EagerInput<V> constant(Object key, V value) {
    return new EagerInput<>(key, value, false);
  }

  /** For example {@code e3=2.5 (grad)}. */
  @Override
  public String toString() {
    return key + "=" + value + (requiresGrad ? " (grad)" : "");
  }
}
