package io.github.tidu4j.ad.eager;

import java.util.Collections;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BinaryOperator;

/**
 * Gradients accumulated across backward passes, by eager key: what PyTorch keeps in {@code
 * .grad}. Each {@link #accumulate} adds to what is there, so two backward passes add their
 * gradients until {@link #clear(Object) cleared}.
 *
 * <p>The store keeps whatever it is given; pass it leaves only ({@link
 * Backward.Options#leavesOnly()}) or filter first. Thread-safe: each key is updated atomically.
 *
 * <pre>{@code
 * GradientStore<Double> grads = new GradientStore<>();
 * grads.accumulate(Backward.backward(loss.key(), trace, 1.0, exec, null), exec);
 * grads.accumulate(Backward.backward(loss.key(), trace, 1.0, exec, null), exec);
 * grads.get(x.key());   // twice the gradient
 * grads.clear(x.key()); // zero_grad
 * }</pre>
 *
 * @param <V> the operand type
 */
public final class GradientStore<V> {
  private final Map<Object, V> gradients = new ConcurrentHashMap<>();

  /** An empty store. */
  public GradientStore() {}

  /** Adds every cotangent of {@code cotangents} to the stored gradient of its key, summing with {@code add}. */
  public void accumulate(Map<?, ? extends V> cotangents, BinaryOperator<V> add) {
    Objects.requireNonNull(add, "add");
    for (Map.Entry<?, ? extends V> e : cotangents.entrySet()) {
      accumulate(e.getKey(), e.getValue(), add);
    }
  }

  /** As {@link #accumulate(Map, BinaryOperator)}, summing with {@code executor}'s {@link BackwardExecutor#addOperands}. */
  public void accumulate(Map<?, ? extends V> cotangents, BackwardExecutor<?, V> executor) {
    accumulate(cotangents, executor::addOperands);
  }

  /** Adds {@code gradient} to the stored gradient of {@code key}. */
  public void accumulate(Object key, V gradient, BinaryOperator<V> add) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(gradient, "gradient");
    gradients.merge(key, gradient, add);
  }

  /** The accumulated gradient of {@code key}, or {@code null} if none was accumulated since it was last cleared. */
  public V get(Object key) {
    return gradients.get(key);
  }

  /** Whether a gradient of {@code key} is held. */
  public boolean contains(Object key) {
    return gradients.containsKey(key);
  }

  /** Forgets the gradient of {@code key}; returns what was held, or {@code null}. */
  public V clear(Object key) {
    return gradients.remove(key);
  }

  /** Forgets every gradient. */
  public void clear() {
    gradients.clear();
  }

  /** The keys holding a gradient, as a snapshot. */
  public Set<Object> keys() {
    return Collections.unmodifiableSet(new HashSet<>(gradients.keySet()));
  }

  /** The number of keys holding a gradient. */
  public int size() {
    return gradients.size();
  }

  @Override
  public String toString() {
    return "GradientStore" + gradients;
  }
}
