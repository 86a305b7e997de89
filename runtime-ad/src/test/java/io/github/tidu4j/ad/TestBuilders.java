package io.github.tidu4j.ad;

/**
 * Builders of passes of their own for tests outside this package, which the transforms make
 * otherwise: a rule's values ({@code Tangent}, {@code Primal}, {@code Arg}) belong to one.
 */
public final class TestBuilders {
  private TestBuilders() {}

  /** A new builder, as a pass of its own would make. */
  public static <P extends Primitive<P, ?>> PrimitiveBuilder<P> pass() {
    return new PrimitiveBuilder<>(8);
  }
}
