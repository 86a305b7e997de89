package io.github.tidu4j.ad.rules;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ValueRef;

/**
 * A linear value inside a rule: a tangent in a JVP rule, a cotangent in a transpose rule, a Taylor
 * coefficient above 0 in a Taylor rule (see {@link Series}), or a symbolic zero ({@link #zero()}). Rules never see {@code null}: an inactive input's tangent is
 * the zero, and generated emitters fold zeros ({@code add(x, 0) = x}, {@code mul(a, 0) = 0}), so a
 * rule written for the general case is also right, and emits nothing, where inputs are inactive.
 *
 * <pre>{@code
 * static Tangent jvp(RealEmit e, Primal a, Primal b, Tangent da, Tangent db) {
 *   return e.add(e.mul(da, b), e.mul(a, db)); // a term folds away where da or db is inactive
 * }
 * }</pre>
 *
 * <p>A tangent belongs to the pass that gave it to the rule or emitted it: a rule keeps none in a
 * field or cache for a later call, and one that does is refused by the emitter and the result
 * check ({@link #valueIn}), as JAX refuses a tracer that escaped its trace.
 */
public final class Tangent {
  private static final Tangent ZERO = new Tangent(null, null);

  private final ValueRef value;
  // the builder of the pass the value is a value of; null for the zero, which is every pass's
  private final PrimitiveBuilder<?> pass;

  private Tangent(ValueRef value, PrimitiveBuilder<?> pass) {
    this.value = value;
    this.pass = pass;
  }

  /** The symbolic zero. */
  public static Tangent zero() {
    return ZERO;
  }

  /**
   * Wraps {@code value}, a value of the pass {@code pass} emits, or {@code null} for the zero;
   * for generated dispatch and emitters.
   */
  public static Tangent of(PrimitiveBuilder<?> pass, ValueRef value) {
    // one object made at one place, for the zero too: where a rule is inlined into its dispatch,
    // the JIT need not make it at all, which it cannot do for a result that may be a shared object
    return new Tangent(value, pass);
  }

  /** Whether this is the symbolic zero. */
  public boolean isZero() {
    return value == null;
  }

  /** The value, or {@code null} for the zero. */
  public ValueRef value() {
    return value;
  }

  /**
   * The value, or {@code null} for the zero, for use in the pass {@code pass} emits: what emitters
   * and the generated result checks read.
   *
   * @throws IllegalArgumentException if this tangent is of another pass (kept from an earlier rule
   *     call), whose local values mean other values, or none, in this one
   */
  public ValueRef valueIn(PrimitiveBuilder<?> pass) {
    if (this.pass != pass && value != null) {
      throw Passes.ofAnother(this);
    }
    return value;
  }

  @Override
  public String toString() {
    return value == null ? "Tangent(0)" : "Tangent(" + value + ")";
  }
}
