package io.github.tidu4j.ad.rules;

/**
 * A rule's result of several values, one {@link Tangent} per operand or output: what {@link
 * Cotangents} and {@link Tangents} both are, so that {@link TangentValues} reads either.
 */
interface TangentSequence {
  /** The number of values. */
  int size();

  /** Value {@code i}. */
  Tangent get(int i);
}
