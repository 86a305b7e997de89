package io.github.tidu4j.ad.check;

import java.util.Random;

/**
 * What the {@link GradientChecker} needs of an operand type {@code V}: vector-space arithmetic to
 * step along a direction and take differences, a real inner product for the dot-product test, a
 * way to draw random directions and zeros shaped like a given value, and a tolerance.
 *
 * <p>The inner product must be real and make the transpose rules adjoints: for complex values
 * that is {@code Re Σ conj(a)·b}, under which the transpose of multiplying by {@code c} is
 * multiplying by {@code conj(c)}. Values with a shape (vectors, tensors) take it from the template
 * they are drawn like; {@link #add} and {@link #inner} only ever see values of one shape.
 *
 * <pre>{@code
 * VectorSpace<Double> real = ScalarDomain.INSTANCE;        // the double sets' domain is one
 * double direction = real.randomLike(0.5, new Random(0));
 * double step = real.add(0.5, real.scale(1e-4, direction));
 * }</pre>
 *
 * <p>A primitive set describes its values once, in a {@link io.github.tidu4j.ad.func.Domain},
 * which is a vector space; the checker uses only this part of it.
 *
 * @param <V> the operand type
 */
public interface VectorSpace<V> {

  /** {@code a + b}. */
  V add(V a, V b);

  /** {@code factor · a}. */
  V scale(double factor, V a);

  /** The real inner product {@code ⟨a, b⟩}; for complex values {@code Re Σ conj(a)·b}. */
  double inner(V a, V b);

  /**
   * A random value shaped like {@code template}, each real component drawn from the standard
   * normal distribution (JAX's {@code rand_like}).
   */
  V randomLike(V template, Random random);

  /** The zero shaped like {@code template}: the value of a symbolically zero output. */
  V zeroLike(V template);

  /** The tolerance used unless the checker is given one; {@link Tolerance#F64} for f64 data. */
  Tolerance defaultTolerance();

  /** The norm induced by the inner product, {@code sqrt(⟨a, a⟩)}. */
  default double norm(V a) {
    return Math.sqrt(inner(a, a));
  }

  /** The distance {@code ‖a - b‖}. */
  default double distance(V a, V b) {
    return norm(add(a, scale(-1, b)));
  }

  /**
   * Whether {@code actual} is close enough to {@code expected}: by default {@code ‖actual -
   * expected‖ <= tolerance.bound(‖expected‖)}. Spaces of arrays may compare componentwise
   * instead, as NumPy's {@code allclose} does. Never true when either value holds a NaN.
   */
  default boolean isClose(V expected, V actual, Tolerance tolerance) {
    return distance(actual, expected) <= tolerance.bound(norm(expected));
  }

  /**
   * How {@code actual} differs in kind (shape, dtype) from {@code like}, such as {@code "f64[3],
   * not f64[4]"}, or {@code null} if it is a value of the same kind: the checker asks it of each
   * tangent and cotangent, which must be of their primal's kind, before it does arithmetic on
   * them. Spaces of one kind of value need not say, as by default; a {@link
   * io.github.tidu4j.ad.func.Domain} compares the values' types.
   */
  default String kindMismatch(V like, V actual) {
    return null;
  }

  /** A rendering of {@code value} for failure messages. */
  default String describe(V value) {
    return String.valueOf(value);
  }
}
