package io.github.tidu4j.ad.eager;

import java.util.Map;
import java.util.Objects;

/**
 * A value computed eagerly by an {@link EagerRuntime}, PyTorch style: the state and backward half
 * of every set's generated eager value class ({@code EagerTensor}, {@code EagerScalar}, ...), which
 * adds one method per primitive and composite of its set. Every operation runs at once and returns
 * a new value; operations on values that require grad are recorded, so that {@link #backward()} can
 * propagate gradients back to the {@linkplain EagerRuntime#variable variables} they came from.
 *
 * <pre>{@code
 * EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
 * EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
 * EagerTensor loss = x.mul(x).sum();   // 14
 * loss.backward();
 * x.grad();                            // [2, 4, 6]
 * }</pre>
 *
 * <p><b>Gradients.</b> {@link #grad()} is the gradient accumulated into a variable by the backward
 * passes that reached it, {@code null} until one did; each backward adds to it (with the set's
 * accumulator), {@link #clearGrad()} resets it to {@code null}. Zero derivatives stay symbolic, so
 * a pass reaches a variable only where a cotangent flows: one whose every path to the output goes
 * through a rule of zero derivative ({@code sign}, {@code step}, {@code stopGradient}) keeps
 * {@code null}, where PyTorch would give it zeros. Only variables hold gradients: for
 * a constant, and for a value computed by an operation (not a leaf), {@code grad()} is always
 * {@code null}. The gradient is the cotangent of the set's transpose rules: for complex values,
 * the adjoint under the set's real inner product.
 *
 * <p>Immutable apart from its gradient; thread-safe.
 *
 * @param <V> the operand type
 * @param <E> the eager value type itself
 */
public abstract class EagerValue<V, E extends EagerValue<V, E>> {
  private final EagerRuntime<V, E> runtime;
  private final EagerKey key;
  private final V value;
  private final boolean requiresGrad;

  /** The segment whose invocation produced this value; {@code null} for a leaf. */
  private final Segment<?, V, E> segment;

  private V grad;

  /**
   * A value made by {@code origin}'s runtime; only a runtime makes origins.
   *
   * @param origin the runtime, key, value and tape position of the new value
   */
  protected EagerValue(Origin<V, E> origin) {
    this.runtime = origin.runtime;
    this.key = origin.key;
    this.value = origin.value;
    this.requiresGrad = origin.requiresGrad;
    this.segment = origin.segment;
  }

  /**
   * What a runtime hands the constructor of an eager value class: the runtime, the value's eager
   * key, its value and where it sits on the tape. Opaque outside runtime-ad.
   *
   * @param <V> the operand type
   * @param <E> the eager value type
   */
  public static final class Origin<V, E extends EagerValue<V, E>> {
    private final EagerRuntime<V, E> runtime;
    private final EagerKey key;
    private final V value;
    private final boolean requiresGrad;
    private final Segment<?, V, E> segment;

    Origin(
        EagerRuntime<V, E> runtime,
        EagerKey key,
        V value,
        boolean requiresGrad,
        Segment<?, V, E> segment) {
      this.runtime = runtime;
      this.key = key;
      this.value = value;
      this.requiresGrad = requiresGrad;
      this.segment = segment;
    }
  }

  // ------------------------------------------------------------------------------------------
  // State

  /**
   * The runtime that computed this value.
   *
   * @return the runtime
   */
  public final EagerRuntime<V, E> runtime() {
    return runtime;
  }

  /**
   * The eager key of this value: its identity on the tape (prints as {@code e17}).
   *
   * @return the key
   */
  public final EagerKey key() {
    return key;
  }

  /**
   * The value.
   *
   * @return the value
   */
  public final V value() {
    return value;
  }

  /**
   * Whether gradients flow back through this value: true for a variable and for every value
   * computed from one; false for a constant, a {@linkplain #detach() detached} value and values
   * computed from those only.
   *
   * @return whether it requires grad
   */
  public final boolean requiresGrad() {
    return requiresGrad;
  }

  /**
   * Whether this value is a leaf of the tape: a variable, a constant, or a value whose operation
   * was not recorded because no operand required grad. Only leaves that require grad (variables)
   * accumulate gradients.
   *
   * @return whether it is a leaf
   */
  public final boolean isLeaf() {
    return segment == null;
  }

  /**
   * The tape segment whose recorded operation produced this value, {@code null} for a leaf.
   *
   * @return the segment, or {@code null}
   */
  public final Segment<?, V, E> segment() {
    return segment;
  }

  /**
   * The gradient accumulated into this variable by the backward passes that reached it, or {@code
   * null} if none did since it was created or last {@linkplain #clearGrad() cleared}. Always {@code
   * null} for a constant and for a value computed by an operation (only leaves hold gradients, as
   * in PyTorch). Has the abstract type of {@link #value()}.
   *
   * @return the gradient, or {@code null}
   */
  public final synchronized V grad() {
    return grad;
  }

  /**
   * Forgets the accumulated gradient: {@link #grad()} is {@code null} again (PyTorch's {@code
   * zero_grad(set_to_none=True)}).
   */
  public final synchronized void clearGrad() {
    grad = null;
  }

  // ------------------------------------------------------------------------------------------
  // Backward

  /**
   * Back-propagates from this real scalar with seed 1, adds the gradients to the variables it
   * reaches, and releases the recorded operations it went through (see {@link
   * EagerRuntime#backward(Map, boolean)}).
   *
   * @throws IllegalStateException if this value does not require grad, is not a real scalar (pass
   *     a seed), or depends on operations an earlier backward released
   */
  public final void backward() {
    backward(false);
  }

  /**
   * As {@link #backward()}; with {@code retainGraph} the recorded operations are kept, so that
   * another backward may go through them again (PyTorch's {@code retain_graph=True}).
   *
   * <pre>{@code
   * loss.backward(true);   // keeps the graph
   * loss.backward();       // the last pass through it may release it
   * }</pre>
   *
   * @param retainGraph whether to keep the recorded operations for another backward
   */
  public final void backward(boolean retainGraph) {
    backward(runtime.unitSeed(self()), retainGraph);
  }

  /**
   * Back-propagates from this value with cotangent {@code seed} (a vector-Jacobian product: each
   * variable reached gets {@code Jᵀ·seed} added to its gradient) and releases the recorded
   * operations it went through.
   *
   * <pre>{@code
   * EagerTensor y = x.exp();                  // f64[3]
   * y.backward(Tensor.vector(1, 0, 0));       // x.grad() = [e^x0, 0, 0]
   * }</pre>
   *
   * @param seed the cotangent of this value: of the same abstract type
   * @throws IllegalArgumentException if the seed's abstract type differs from this value's
   * @throws IllegalStateException if this value does not require grad, or depends on operations an
   *     earlier backward released
   * @throws io.github.tidu4j.ad.ADRuleError naming the primitive and the rule if a rule the pass
   *     needs is missing or fails
   */
  public final void backward(V seed) {
    backward(seed, false);
  }

  /**
   * As {@link #backward(Object)}; with {@code retainGraph} the recorded operations are kept.
   *
   * @param seed the cotangent of this value
   * @param retainGraph whether to keep the recorded operations for another backward
   */
  public final void backward(V seed, boolean retainGraph) {
    runtime.backward(Map.of(self(), Objects.requireNonNull(seed, "seed")), retainGraph);
  }

  /**
   * The same value, cut from the tape: a new leaf that does not require grad, so nothing flows back
   * through it (PyTorch's {@code detach()}).
   *
   * @return the detached value
   */
  public final E detach() {
    return runtime.constant(value);
  }

  /** Adds {@code gradient} to the accumulated gradient. */
  final synchronized void accumulateGrad(V gradient) {
    grad = grad == null ? gradient : runtime.addGradients(grad, gradient);
  }

  /**
   * This value as its eager value class.
   *
   * @return {@code this}
   */
  @SuppressWarnings("unchecked")
  protected final E self() {
    return (E) this;
  }

  /**
   * For example {@code e3 = Tensor[f64 [3]] [1.0, 2.0, 3.0] (requires grad)}.
   *
   * @return the key, the value and whether it requires grad
   */
  @Override
  public String toString() {
    return key + " = " + value + (requiresGrad ? " (requires grad)" : "");
  }
}
