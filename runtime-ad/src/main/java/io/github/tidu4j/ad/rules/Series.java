package io.github.tidu4j.ad.rules;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.ad.TaylorSeries;
import io.github.tidu4j.graph.ValueRef;

/**
 * The Taylor coefficients {@code x_0, x_1, …, x_n} of one value along the path, as a hand-written
 * Taylor rule reads them: {@link #primal()} is {@code x_0}, the value itself; the coefficients
 * above it are {@link Tangent}s, the symbolic zero where they vanish (every coefficient of a
 * constant, those above 1 of a line), so the emitter folds the terms they would make. A product
 * of two coefficients takes one as a fixed factor ({@link #factor}), after {@link #isZero} said it
 * is there.
 *
 * <p>A Taylor rule gets each input's series to order {@code k} and, if it declares them, each
 * output's to order {@code k − 1}; it returns coefficient {@code k}. The rule of {@code y = eˣ},
 * from {@code y' = y·x'}, so {@code k·y_k = Σ_{m<k} x'_m·y_{k−1−m}}:
 *
 * <pre>{@code
 * static Tangent taylor(RealEmit e, Series x, Series y, int k) {
 *   Tangent sum = e.mul(y.primal(), x.derivative(k - 1));
 *   for (int j = 1; j < k; j++) {
 *     if (!y.isZero(j)) {
 *       sum = e.add(sum, e.mul(y.factor(j), x.derivative(k - 1 - j)));
 *     }
 *   }
 *   return e.scale(1.0 / k, sum);
 * }
 * }</pre>
 */
public final class Series {
  private final TaylorSeries coefficients;
  // the builder of the Taylor pass, whose values the coefficients are
  private final PrimitiveBuilder<?> pass;

  private Series(PrimitiveBuilder<?> pass, TaylorSeries coefficients) {
    this.coefficients = coefficients;
    this.pass = pass;
  }

  /** Wraps the series the Taylor pass {@code pass} gives; for generated dispatch. */
  public static Series of(PrimitiveBuilder<?> pass, TaylorSeries coefficients) {
    return new Series(pass, coefficients);
  }

  /** n: the highest coefficient given ({@code k} for an input, {@code k − 1} for an output). */
  public int order() {
    return coefficients.order();
  }

  /** {@code x_0}: the value itself. */
  public Primal primal() {
    return Primal.of(pass, coefficients.coefficient(0));
  }

  /**
   * Coefficient {@code j}, {@code 1 ≤ j ≤ order()}: the zero where it vanishes.
   *
   * @throws IndexOutOfBoundsException for {@code j} outside {@code 1 … order()}
   */
  public Tangent get(int j) {
    checkAbove0(j, "get");
    return Tangent.of(pass, coefficients.coefficient(j));
  }

  /** Whether coefficient {@code j} vanishes ({@code false} for {@code j = 0}). */
  public boolean isZero(int j) {
    return j != 0 && coefficients.coefficient(j) == null;
  }

  /**
   * Coefficient {@code j}, {@code 1 ≤ j ≤ order()}, as a fixed factor of a product with another
   * coefficient.
   *
   * @throws IllegalStateException if it vanishes: ask {@link #isZero} first, and skip the term
   */
  public Primal factor(int j) {
    checkAbove0(j, "factor");
    ValueRef c = coefficients.coefficient(j);
    if (c == null) {
      throw new IllegalStateException(
          "coefficient " + j + " is zero; skip the term where isZero(" + j + ") says so");
    }
    return Primal.of(pass, c);
  }

  /**
   * Coefficient {@code m} of the derivative {@code x'(t)}: {@code (m+1)·x_{m+1}}, {@code 0 ≤ m <
   * order()}, the zero where it vanishes; made once per value and order whichever rules read it.
   */
  public Tangent derivative(int m) {
    return Tangent.of(pass, coefficients.derivative(m));
  }

  private void checkAbove0(int j, String method) {
    if (j < 1 || j > coefficients.order()) {
      throw new IndexOutOfBoundsException(
          method + "(" + j + ") of a series given to order " + coefficients.order()
              + "; ask for 1 … " + coefficients.order() + ", and for x_0 with primal()");
    }
  }

  @Override
  public String toString() {
    return "Series(order " + coefficients.order() + ")";
  }
}
