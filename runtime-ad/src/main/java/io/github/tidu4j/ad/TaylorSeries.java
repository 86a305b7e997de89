package io.github.tidu4j.ad;

import io.github.tidu4j.graph.ValueRef;

/**
 * The Taylor coefficients {@code x_0, x_1, …, x_n} of one value along the path, as Taylor mode
 * ({@link AD#taylor}) gives them to a hand-written Taylor rule ({@link Primitive#taylor}): {@code
 * x_0} is the value itself, and a coefficient that vanishes (every coefficient of a constant, those
 * above 1 of a line) is {@code null}, a symbolic zero. Generated dispatch wraps it in the typed
 * {@link io.github.tidu4j.ad.rules.Series} rules read. Reading the terms {@code q_j·b_{k−j}} of
 * the rule of {@code q = a / b}:
 *
 * <pre>{@code
 * ValueRef qj = q.coefficient(j); // null where q_j vanishes
 * ValueRef bk = d.coefficient(k - j);
 * }</pre>
 */
public interface TaylorSeries {
  /** n: the highest coefficient given. */
  int order();

  /**
   * Coefficient {@code j}, {@code 0 ≤ j ≤ order()}; {@code null} where it vanishes, never for
   * {@code j = 0}.
   *
   * @throws IndexOutOfBoundsException for {@code j} outside {@code 0 … order()}
   */
  ValueRef coefficient(int j);

  /**
   * Coefficient {@code m} of the series of the derivative {@code x'(t)}: {@code (m+1)·x_{m+1}},
   * {@code 0 ≤ m < order()}; {@code null} where it vanishes. Made once per value and order however
   * many rules ask for it.
   *
   * @throws IndexOutOfBoundsException for {@code m} outside {@code 0 … order() − 1}
   */
  ValueRef derivative(int m);
}
