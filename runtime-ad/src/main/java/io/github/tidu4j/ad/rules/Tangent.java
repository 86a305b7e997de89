package io.github.tidu4j.ad.rules;

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
 */
public final class Tangent {
  private static final Tangent ZERO = new Tangent(null);

  private final ValueRef value;

  private Tangent(ValueRef value) {
    this.value = value;
  }

  /** The symbolic zero. */
  public static Tangent zero() {
    return ZERO;
  }

  /** Wraps {@code value}, or gives the zero for {@code null}; for generated dispatch and emitters. */
  public static Tangent of(ValueRef value) {
    return value == null ? ZERO : new Tangent(value);
  }

  /** Whether this is the symbolic zero. */
  public boolean isZero() {
    return value == null;
  }

  /** The value, or {@code null} for the zero. */
  public ValueRef value() {
    return value;
  }

  @Override
  public String toString() {
    return value == null ? "Tangent(0)" : "Tangent(" + value + ")";
  }
}
