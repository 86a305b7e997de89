package io.github.tidu4j.ad.rules;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ValueRef;

/**
 * A primal output of the primitive whose JVP rule reads it: a {@link Primal} like any other (the
 * emitter takes it wherever it takes a {@code Primal}), whose declared type says which value it
 * binds to. A JVP rule takes, after its {@code Primal} inputs, either no {@code Output} or one per
 * output, in slot order; the rule that reads the output instead of recomputing it:
 *
 * <pre>{@code
 * static Tangent jvp(RealEmit e, Output y, Tangent dx) { // Exp: d eˣ = eˣ·dx
 *   return e.mul(y, dx);
 * }
 * }</pre>
 *
 * <p>A {@code Primal} parameter binds to an input, never to an output, so {@code Primal y} where
 * {@code eval} declares {@code x} is a compile-time error ({@code [tidu4j:PrimalBinding]}) rather
 * than a silently wrong derivative.
 */
public final class Output extends Primal {
  private Output(PrimitiveBuilder<?> pass, ValueRef value) {
    super(pass, value);
  }

  /** Wraps the primal output {@code value} given to the pass {@code pass}; for generated dispatch. */
  public static Output of(PrimitiveBuilder<?> pass, ValueRef value) {
    return new Output(pass, value);
  }

  @Override
  public String toString() {
    return "Output(" + value() + ")";
  }
}
