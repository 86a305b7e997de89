package io.github.tidu4j.ad.rules;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;
import java.util.Objects;

/**
 * An operand of a linear operation, as its transpose rule sees it: either fixed, with a {@link
 * #primal() primal} value, or linear, the one receiving a cotangent (its value is unknown to the
 * rule, as a JAX {@code UndefinedPrimal}).
 *
 * <pre>{@code
 * static Cotangents transpose(RealEmit e, Arg a, Arg b, Tangent ct) {
 *   return a.isLinear()
 *       ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
 *       : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
 * }
 * }</pre>
 */
public final class Arg {
  private static final Arg LINEAR = new Arg(null, null);

  // the fixed operand's value, null for a linear one. The Primal is made when the rule reads it:
  // a transpose makes an Arg per fixed operand of every linear node, and most rules read each
  // at most once
  private final ValueRef value;
  // the builder of the pass transposing the operand's node; null for a linear operand
  private final PrimitiveBuilder<?> pass;

  private Arg(ValueRef value, PrimitiveBuilder<?> pass) {
    this.value = value;
    this.pass = pass;
  }

  /** A linear operand. */
  public static Arg linear() {
    return LINEAR;
  }

  /** A fixed operand with value {@code value}, given to the pass {@code pass}; for generated dispatch. */
  public static Arg fixed(PrimitiveBuilder<?> pass, ValueRef value) {
    return new Arg(Objects.requireNonNull(value, "a fixed operand's value is never absent"), pass);
  }

  /**
   * Operand {@code operand} of a linear use, as a transpose rule sees it: linear where {@code
   * activeMask} marks it active, else fixed with its value in {@code inputs}; for generated
   * dispatch. One object made at one place for both kinds, so that where a rule is inlined into its
   * dispatch the JIT need not make it at all.
   */
  public static Arg of(
      PrimitiveBuilder<?> pass, List<ValueRef> inputs, ActiveMask activeMask, int operand) {
    ValueRef value =
        activeMask.isActive(operand)
            ? null
            : Objects.requireNonNull(inputs.get(operand), "a fixed operand's value is never absent");
    return new Arg(value, pass);
  }

  /** Whether this operand is linear (receives a cotangent). */
  public boolean isLinear() {
    return value == null;
  }

  /**
   * The operand's primal value.
   *
   * @throws IllegalStateException if the operand is linear: a transpose rule must not read the
   *     value of the operand it transposes into
   */
  public Primal primal() {
    if (value == null) {
      throw new IllegalStateException(
          "this operand is linear: its transpose rule gives it a cotangent and cannot read its value");
    }
    return Primal.of(pass, value);
  }

  @Override
  public String toString() {
    return value == null ? "Arg(linear)" : "Arg(" + value + ")";
  }
}
