package io.github.tidu4j.ad.check;

import java.io.Serializable;

/**
 * How far a derivative may be from its reference and still pass: {@code |actual - expected| <=
 * absolute + relative * |expected|}, the rule of NumPy's {@code allclose} that JAX's {@code
 * check_grads} uses, where {@code |·|} is whatever magnitude the {@link VectorSpace} measures.
 *
 * <p>The f64 default, {@link #F64}, is JAX's: {@code 1e-5} absolute and relative. With central
 * differences at step {@code eps = 1e-4} the truncation error is about {@code eps² |f'''| / 6 ≈
 * 2e-9 |f'''|} and the rounding error about {@code ulp(f) / eps ≈ 1e-12 |f|}, so {@code 1e-5}
 * leaves three orders of magnitude of headroom for third derivatives a few hundred times larger
 * than the first, while a wrong rule (a sign, a missing factor) is off by order one. For more
 * curved functions the {@link GradientChecker} refines the step rather than loosening the
 * tolerance. The same tolerance serves every order: a derivative function {@code (x, t) -> J(x)·t}
 * is checked against its own finite differences exactly as the function was, and the
 * second-order property test (1,000 random graphs) passes with ten times the headroom it needs,
 * so no order needs a looser tolerance.
 *
 * <pre>{@code
 * Tolerance tol = Tolerance.of(1e-5);
 * assert tol.accepts(1.0, 1.0 + 5e-6);
 * assert !tol.accepts(1.0, -1.0);
 * }</pre>
 *
 * @param absolute the error allowed whatever the magnitude; non-negative
 * @param relative the error allowed per unit of the expected value's magnitude; non-negative
 */
public record Tolerance(double absolute, double relative) implements Serializable {

  /** JAX's f64 and complex128 gradient tolerance: {@code 1e-5} absolute and relative. */
  public static final Tolerance F64 = new Tolerance(1e-5, 1e-5);

  /**
   * A tolerance.
   *
   * @throws IllegalArgumentException if a tolerance is negative or NaN
   */
  public Tolerance {
    if (!(absolute >= 0) || !(relative >= 0)) {
      throw new IllegalArgumentException(
          "tolerances must be non-negative numbers, got absolute " + absolute + ", relative " + relative);
    }
  }

  /** The same value for the absolute and the relative tolerance. */
  public static Tolerance of(double both) {
    return new Tolerance(both, both);
  }

  /** The largest error allowed when the expected value has magnitude {@code magnitude}. */
  public double bound(double magnitude) {
    return absolute + relative * Math.abs(magnitude);
  }

  /** Whether scalar {@code actual} is close enough to {@code expected}; never for a NaN. */
  public boolean accepts(double expected, double actual) {
    return Math.abs(actual - expected) <= bound(expected);
  }

  /** Both tolerances multiplied by {@code factor}, for example to loosen a check. */
  public Tolerance times(double factor) {
    return new Tolerance(absolute * factor, relative * factor);
  }

  /** For example {@code |actual - expected| <= 1.0E-5 + 1.0E-5·|expected|}. */
  @Override
  public String toString() {
    return "|actual - expected| <= " + absolute + " + " + relative + "·|expected|";
  }
}
