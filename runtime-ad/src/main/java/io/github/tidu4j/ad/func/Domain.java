package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.check.VectorSpace;

/**
 * The values of one primitive set, described once for every part of the runtime: the vector-space
 * arithmetic the {@link io.github.tidu4j.ad.check.GradientChecker} needs ({@link VectorSpace}),
 * and what the functional API needs on top — the abstract type of a value (the key under which a
 * staged function is compiled once), the zero and unit of a type, and which outputs {@code grad}
 * may seed. A set provides one object that is both; the checker only uses its {@link VectorSpace}
 * part.
 *
 * <pre>{@code
 * Domain<ScalarType, Double> reals = ScalarDomain.INSTANCE;
 * double seed = reals.one(ScalarType.F64);            // the cotangent seed of grad
 * double step = reals.add(0.5, reals.scale(1e-4, 1.0));   // vector-space arithmetic
 * }</pre>
 *
 * @param <T> the abstract type of a value; must implement {@code equals}/{@code hashCode}
 * @param <V> the concrete value type
 */
public interface Domain<T, V> extends VectorSpace<V> {

  /** The abstract type of {@code value}. */
  T typeOf(V value);

  /** The zero of {@code type}: the value of a symbolic-zero output. */
  V zero(T type);

  /** The unit of {@code type}: the cotangent seed of a {@code grad}. */
  V one(T type);

  /**
   * Why {@code grad} (or a {@code backward()} without a seed) cannot seed an output of {@code
   * type}, and how the function could make its output one (for example, it is not a real scalar:
   * sum it, take its real part), or {@code null} if it can. Each caller adds its own other remedy
   * (a {@code vjp} with a cotangent, a seed).
   */
  String gradOutputProblem(T type);

  /**
   * About how many bytes {@code value} holds, for the bounds of caches that keep values (a
   * compiled function keeps the values its function closes over); 0 where a domain does not say.
   */
  default long bytesOf(V value) {
    return 0;
  }

  /** The types of the two values, when they differ ({@code "f64[3], not f64[4]"}). */
  @Override
  default String kindMismatch(V like, V actual) {
    T expected = typeOf(like);
    T found = typeOf(actual);
    return found.equals(expected) ? null : found + ", not " + expected;
  }

  /** The zero of {@code template}'s type. */
  @Override
  default V zeroLike(V template) {
    return zero(typeOf(template));
  }
}
