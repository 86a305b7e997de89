package io.github.tidu4j.primitives.eager;

import io.github.tidu4j.ad.eager.EagerKey;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Shape;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Map;
import java.util.Objects;

/**
 * A tensor computed eagerly by an {@link EagerRuntime}, PyTorch style: every operation runs at once
 * and returns a new {@code EagerTensor}; operations on values that require grad are recorded, so
 * that {@link #backward()} can propagate gradients back to the {@linkplain EagerRuntime#variable
 * variables} they came from.
 *
 * <pre>{@code
 * EagerRuntime rt = EagerRuntime.create();
 * EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
 * EagerTensor loss = x.mul(x).sum();   // 14
 * loss.backward();
 * x.grad();                            // [2, 4, 6]
 * }</pre>
 *
 * <p><b>Operations</b> mirror {@link io.github.tidu4j.primitives.TensorValue}'s and are checked the
 * same way, by the type rules of {@link io.github.tidu4j.primitives.TensorPrimitives} (through
 * the generated {@link TensorBuilder}): a shape or dtype mismatch throws an {@link
 * IllegalArgumentException} naming the primitive and the operand types, before anything runs or is
 * recorded. There is no implicit broadcasting or promotion. Operands must come from the same
 * runtime. An operation that would not change its operand ({@code reshape} to the same shape,
 * {@code reduceSum} over no axes, {@code conj} of an f64 value, ...) returns the operand itself.
 *
 * <p><b>Gradients.</b> {@link #grad()} is the gradient accumulated into a variable by the backward
 * passes that reached it, {@code null} until one did; each backward adds to it, {@link
 * #clearGrad()} resets it to {@code null}. Only variables hold gradients: for a constant, and for a
 * value computed by an operation (not a leaf), {@code grad()} is always {@code null}. For c128
 * values the gradient is the cotangent of the project's convention (the adjoint under {@code ⟨a, b⟩
 * = Re Σ conj(a)·b}, as {@link io.github.tidu4j.primitives.TensorDomain} and the transpose rules
 * use): for a real loss {@code L}, {@code dL = Re Σ conj(grad)·dz}; for {@code L = |z|²} it is
 * {@code 2z}, so {@code z − lr·grad} descends.
 *
 * <p>Immutable apart from its gradient; thread-safe.
 */
public final class EagerTensor {
  private static final int[][] NO_ATTRIBUTES = {};

  private final EagerRuntime runtime;
  private final EagerKey key;
  private final Tensor value;
  private final boolean requiresGrad;

  /** The segment whose invocation produced this value; {@code null} for a leaf. */
  private final Segment segment;

  private Tensor grad;

  EagerTensor(
      EagerRuntime runtime, EagerKey key, Tensor value, boolean requiresGrad, Segment segment) {
    this.runtime = runtime;
    this.key = key;
    this.value = value;
    this.requiresGrad = requiresGrad;
    this.segment = segment;
  }

  // ------------------------------------------------------------------------------------------
  // State

  /** The runtime that computed this value. */
  public EagerRuntime runtime() {
    return runtime;
  }

  /** The eager key of this value: its identity on the tape (prints as {@code e17}). */
  public EagerKey key() {
    return key;
  }

  /** The value. */
  public Tensor value() {
    return value;
  }

  /** The dtype and shape of the value. */
  public TensorType type() {
    return TensorType.of(value);
  }

  /** The element type. */
  public DType dtype() {
    return value.dtype();
  }

  /** The shape. */
  public Shape shape() {
    return value.shape();
  }

  /** The number of axes. */
  public int rank() {
    return value.rank();
  }

  /**
   * Whether gradients flow back through this value: true for a variable and for every value
   * computed from one; false for a constant, a {@linkplain #detach() detached} value and values
   * computed from those only.
   */
  public boolean requiresGrad() {
    return requiresGrad;
  }

  /**
   * Whether this value is a leaf of the tape: a variable, a constant, or a value whose operation
   * was not recorded because no operand required grad. Only leaves that require grad (variables)
   * accumulate gradients.
   */
  public boolean isLeaf() {
    return segment == null;
  }

  /**
   * The gradient accumulated into this variable by the backward passes that reached it, or {@code
   * null} if none did since it was created or last {@linkplain #clearGrad() cleared}. Always {@code
   * null} for a constant and for a value computed by an operation (only leaves hold gradients, as
   * in PyTorch). Has the dtype and shape of {@link #value()}.
   */
  public synchronized Tensor grad() {
    return grad;
  }

  /**
   * Forgets the accumulated gradient: {@link #grad()} is {@code null} again (PyTorch's {@code
   * zero_grad(set_to_none=True)}).
   */
  public synchronized void clearGrad() {
    grad = null;
  }

  // ------------------------------------------------------------------------------------------
  // Backward

  /**
   * Back-propagates from this real scalar with seed 1, adds the gradients to the variables it
   * reaches, and releases the recorded operations it went through (see {@link
   * EagerRuntime#backward(Map, boolean)}).
   *
   * @throws IllegalStateException if this value does not require grad, is not a real (f64) scalar
   *     (pass a seed), or depends on operations an earlier backward released
   */
  public void backward() {
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
   */
  public void backward(boolean retainGraph) {
    if (rank() != 0 || dtype() != DType.F64) {
      throw new IllegalStateException(
          "backward() without a seed needs a real scalar (f64[]), but "
              + key
              + " is "
              + type()
              + "; pass a seed of type "
              + type()
              + " with backward(seed)"
              + (dtype().isComplex() && rank() == 0 ? ", or back-propagate from its real()" : ""));
    }
    backward(Tensor.scalar(1.0), retainGraph);
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
   * @param seed the cotangent of this value: same dtype and shape
   * @throws IllegalArgumentException if the seed's dtype or shape differ from this value's
   * @throws IllegalStateException if this value does not require grad, or depends on operations an
   *     earlier backward released
   * @throws io.github.tidu4j.ad.ADRuleError naming the primitive and the rule if a rule the pass
   *     needs is missing or fails
   */
  public void backward(Tensor seed) {
    backward(seed, false);
  }

  /** As {@link #backward(Tensor)}; with {@code retainGraph} the recorded operations are kept. */
  public void backward(Tensor seed, boolean retainGraph) {
    runtime.backward(Map.of(this, Objects.requireNonNull(seed, "seed")), retainGraph);
  }

  /**
   * The same value, cut from the tape: a new leaf that does not require grad, so nothing flows back
   * through it (PyTorch's {@code detach()}).
   */
  public EagerTensor detach() {
    return runtime.constant(value);
  }

  // ------------------------------------------------------------------------------------------
  // Elementwise

  /** {@code this + other}; same dtype and shape. */
  public EagerTensor add(EagerTensor other) {
    return runtime.apply("add", NO_ATTRIBUTES, in -> in[0].add(in[1]), this, other);
  }

  /** {@code this − other}; same dtype and shape. */
  public EagerTensor sub(EagerTensor other) {
    return runtime.apply("sub", NO_ATTRIBUTES, in -> in[0].sub(in[1]), this, other);
  }

  /** {@code this · other}, elementwise; same dtype and shape. */
  public EagerTensor mul(EagerTensor other) {
    return runtime.apply("mul", NO_ATTRIBUTES, in -> in[0].mul(in[1]), this, other);
  }

  /** {@code this / other}, elementwise; same dtype and shape. */
  public EagerTensor div(EagerTensor other) {
    return runtime.apply("div", NO_ATTRIBUTES, in -> in[0].div(in[1]), this, other);
  }

  /** {@code −this}. */
  public EagerTensor neg() {
    return runtime.apply("neg", NO_ATTRIBUTES, in -> in[0].neg(), this);
  }

  /** The complex conjugate ({@code this} for f64). */
  public EagerTensor conj() {
    return runtime.apply("conj", NO_ATTRIBUTES, in -> in[0].conj(), this);
  }

  /** The real part of a c128 value, as f64. */
  public EagerTensor real() {
    return runtime.apply("real", NO_ATTRIBUTES, in -> in[0].real(), this);
  }

  /** This f64 value as c128, {@code x + 0i}. */
  public EagerTensor toComplex() {
    return runtime.apply("toComplex", NO_ATTRIBUTES, in -> in[0].toComplex(), this);
  }

  /** {@code 1 / this}. */
  public EagerTensor recip() {
    return runtime.apply("recip", NO_ATTRIBUTES, in -> in[0].recip(), this);
  }

  /** {@code e^this}. */
  public EagerTensor exp() {
    return runtime.apply("exp", NO_ATTRIBUTES, in -> in[0].exp(), this);
  }

  /** The natural logarithm (principal branch for c128). */
  public EagerTensor log() {
    return runtime.apply("log", NO_ATTRIBUTES, in -> in[0].log(), this);
  }

  /** {@code sin this}. */
  public EagerTensor sin() {
    return runtime.apply("sin", NO_ATTRIBUTES, in -> in[0].sin(), this);
  }

  /** {@code cos this}. */
  public EagerTensor cos() {
    return runtime.apply("cos", NO_ATTRIBUTES, in -> in[0].cos(), this);
  }

  /** {@code tanh this}. */
  public EagerTensor tanh() {
    return runtime.apply("tanh", NO_ATTRIBUTES, in -> in[0].tanh(), this);
  }

  /** {@code √this} (principal branch for c128). */
  public EagerTensor sqrt() {
    return runtime.apply("sqrt", NO_ATTRIBUTES, in -> in[0].sqrt(), this);
  }

  // ------------------------------------------------------------------------------------------
  // Layout and reductions

  /** Sums over {@code axes}, which are dropped; see {@link io.github.tidu4j.primitives.TensorValue#reduceSum}. */
  public EagerTensor reduceSum(int... axes) {
    int[] a = axes.clone();
    return runtime.apply("reduceSum", new int[][] {a}, in -> in[0].reduceSum(a), this);
  }

  /** Sums every element: a rank-0 value. */
  public EagerTensor sum() {
    return runtime.apply("sum", NO_ATTRIBUTES, in -> in[0].sum(), this);
  }

  /**
   * XLA's {@code BroadcastInDim}: axis {@code i} of this value becomes axis {@code
   * broadcastDimensions[i]} of the result; see {@link io.github.tidu4j.primitives.TensorValue#broadcastInDim}.
   *
   * <pre>{@code
   * EagerTensor rows = v.broadcastInDim(new int[] {4, 3}, 1);   // f64[3] → f64[4, 3]
   * }</pre>
   */
  public EagerTensor broadcastInDim(int[] shape, int... broadcastDimensions) {
    int[] s = shape.clone();
    int[] d = broadcastDimensions.clone();
    return runtime.apply(
        "broadcastInDim", new int[][] {s, d}, in -> in[0].broadcastInDim(s, d), this);
  }

  /** Permutes the axes: axis {@code k} of the result is axis {@code perm[k]} of this value. */
  public EagerTensor transpose(int... perm) {
    int[] p = perm.clone();
    return runtime.apply("transpose", new int[][] {p}, in -> in[0].transpose(p), this);
  }

  /** The same elements in row-major order with dimensions {@code shape}. */
  public EagerTensor reshape(int... shape) {
    int[] s = shape.clone();
    return runtime.apply("reshape", new int[][] {s}, in -> in[0].reshape(s), this);
  }

  /** {@link #dotGeneral(EagerTensor, int[], int[], int[], int[])} without batch axes. */
  public EagerTensor dotGeneral(EagerTensor rhs, int[] lhsContracting, int[] rhsContracting) {
    return dotGeneral(rhs, lhsContracting, rhsContracting, new int[0], new int[0]);
  }

  /**
   * XLA's {@code DotGeneral} with this value as lhs; see {@link io.github.tidu4j.primitives.TensorValue#dotGeneral}.
   *
   * <pre>{@code
   * EagerTensor c = a.dotGeneral(m, new int[] {1}, new int[] {0});   // matrix product
   * }</pre>
   */
  public EagerTensor dotGeneral(
      EagerTensor rhs, int[] lhsContracting, int[] rhsContracting, int[] lhsBatch, int[] rhsBatch) {
    int[] lc = lhsContracting.clone();
    int[] rc = rhsContracting.clone();
    int[] lb = lhsBatch.clone();
    int[] rb = rhsBatch.clone();
    return runtime.apply(
        "dotGeneral",
        new int[][] {lc, rc, lb, rb},
        in -> in[0].dotGeneral(in[1], lc, rc, lb, rb),
        this,
        rhs);
  }

  // ------------------------------------------------------------------------------------------

  /** The segment that produced this value, {@code null} for a leaf. */
  Segment segment() {
    return segment;
  }

  /** Adds {@code gradient} to the accumulated gradient. */
  synchronized void accumulateGrad(Tensor gradient) {
    grad = grad == null ? gradient : runtime.addGradients(grad, gradient);
  }

  /**
   * For example {@code e3 = Tensor[f64 [3]] [1.0, 2.0, 3.0] (requires grad)}; large tensors are
   * abbreviated as {@link Tensor#toString()} does.
   */
  @Override
  public String toString() {
    return key + " = " + value + (requiresGrad ? " (requires grad)" : "");
  }
}
