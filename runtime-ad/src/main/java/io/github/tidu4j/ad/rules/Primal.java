package io.github.tidu4j.ad.rules;

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
 */
public sealed class Primal permits Output {
  private final ValueRef value;

  Primal(ValueRef value) {
    this.value = Objects.requireNonNull(value, "a primal value is never absent");
  }

  /** Wraps {@code value}; for generated dispatch and emitters. */
  public static Primal of(ValueRef value) {
    return new Primal(value);
  }

  /** The value. */
  public final ValueRef value() {
    return value;
  }

  @Override
  public String toString() {
    return "Primal(" + value + ")";
  }
}
