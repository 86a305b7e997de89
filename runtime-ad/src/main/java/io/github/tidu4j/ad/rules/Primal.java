package io.github.tidu4j.ad.rules;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ValueRef;
import java.util.Objects;

/**
 * A fixed value inside a rule: a primal input the rule reads (by reference, never copied), a
 * primal output (an {@link Output}), or a value the rule computed from such values only. Emitting
 * an operation on primal values alone gives a primal value, in the primary role.
 *
 * <p>A JVP rule's {@code Primal} parameters bind to the kernel's inputs in order, and each is named
 * like the {@code eval} parameter it binds to; the primal outputs are {@link Output} parameters.
 *
 * <pre>{@code
 * static Tangent jvp(RealEmit e, Primal x, Tangent dx) {
 *   Primal cosX = e.cos(x);      // fixed: computed from the primal x
 *   return e.mul(cosX, dx);      // linear in dx
 * }
 * }</pre>
 *
 * <p>As a {@link Tangent}, a primal belongs to the pass that gave it to the rule or emitted it, and
 * one kept for a later rule call is refused there ({@link #valueIn}).
 */
public sealed class Primal permits Output {
  private final ValueRef value;
  // the builder of the pass that gave or emitted the value
  private final PrimitiveBuilder<?> pass;

  Primal(PrimitiveBuilder<?> pass, ValueRef value) {
    this.value = Objects.requireNonNull(value, "a primal value is never absent");
    this.pass = pass;
  }

  /** Wraps {@code value}, a value of the pass {@code pass} emits; for generated dispatch and emitters. */
  public static Primal of(PrimitiveBuilder<?> pass, ValueRef value) {
    return new Primal(pass, value);
  }

  /** The value. */
  public final ValueRef value() {
    return value;
  }

  /**
   * The value, for use in the pass {@code pass} emits: what emitters read.
   *
   * @throws IllegalArgumentException if this primal is of another pass (kept from an earlier rule
   *     call), whose values may be no values of this one
   */
  public final ValueRef valueIn(PrimitiveBuilder<?> pass) {
    if (this.pass != pass) {
      throw Passes.ofAnother(this);
    }
    return value;
  }

  @Override
  public String toString() {
    return "Primal(" + value + ")";
  }
}
