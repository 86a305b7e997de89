package io.github.tidu4j.ad.testing;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ValueRef;

/**
 * Symbolic-zero folding for the hand-written test sets (the generated emitters do this for
 * declared sets): a {@code null} operand is a zero.
 */
public final class Fold {
  private Fold() {}

  /** {@code a + b}, with {@code x + 0 = x}. */
  public static <P extends Primitive<P, ?>> ValueRef sum(
      PrimitiveBuilder<P> b, P add, ValueRef x, ValueRef y) {
    if (x == null) {
      return y;
    }
    if (y == null) {
      return x;
    }
    return b.apply(add, x, y);
  }

  /** {@code op(x, y)} for an operation linear in each argument: zero if either is zero. */
  public static <P extends Primitive<P, ?>> ValueRef bilinear(
      PrimitiveBuilder<P> b, P op, ValueRef x, ValueRef y) {
    return x == null || y == null ? null : b.apply(op, x, y);
  }

  /** {@code op(x)} for a linear operation: zero if {@code x} is zero. */
  public static <P extends Primitive<P, ?>> ValueRef linear(
      PrimitiveBuilder<P> b, P op, ValueRef x) {
    return x == null ? null : b.apply(op, x);
  }
}
