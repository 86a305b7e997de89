package io.github.tidu4j.ad.rules;

import io.github.tidu4j.ad.PrimitiveValue;
import java.util.Objects;

/**
 * A fixed value inside a rule: a primal value the rule reads (by reference, never copied), or a
 * value the rule computed from such values only. Emitting an operation on primal values alone
 * gives a primal value, in the primary role.
 *
 * <pre>{@code
 * static Tangent jvp(RealEmit e, Primal x, Tangent dx) {
 *   Primal cosX = e.cos(x);      // fixed: computed from the primal x
 *   return e.mul(cosX, dx);      // linear in dx
 * }
 * }</pre>
 */
public final class Primal {
  private final PrimitiveValue value;

  private Primal(PrimitiveValue value) {
    this.value = value;
  }

  /** Wraps {@code value}; for generated dispatch and emitters. */
  public static Primal of(PrimitiveValue value) {
    return new Primal(Objects.requireNonNull(value, "a primal value is never absent"));
  }

  /** The value. */
  public PrimitiveValue value() {
    return value;
  }

  @Override
  public String toString() {
    return "Primal(" + value + ")";
  }
}
