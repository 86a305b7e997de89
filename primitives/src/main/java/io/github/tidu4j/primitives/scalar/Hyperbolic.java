package io.github.tidu4j.primitives.scalar;

/**
 * The hyperbolic secant both shipped sets compute, their {@code Sech} primitive's kernel.
 *
 * <pre>{@code
 * double s = Hyperbolic.sech(20);   // 4.122307e-9, where 1 − tanh²(20) rounds to 0
 * }</pre>
 */
public final class Hyperbolic {
  private Hyperbolic() {}

  /**
   * {@code sech x = 1 / cosh x}, as {@code 2t / (1 + t²)} with {@code t = e^{−|x|}}: within a few
   * ulps of the exact value wherever it is a normal number, and subnormal rather than 0 from
   * {@code |x| ≈ 709.8}, where {@code cosh x} overflows, to {@code |x| ≈ 745}. An error in {@code
   * t} near 1 (small {@code |x|}) is damped, the quotient's slope in {@code t} being 0 there.
   * {@code sech(±∞) = 0}, {@code sech(NaN) = NaN}.
   */
  public static double sech(double x) {
    return sechOfExp(Math.exp(-Math.abs(x)));
  }

  /**
   * {@code sech x} from {@code t = e^{−|x|}}: {@code 2t / (1 + t²)}, what {@link #sech} computes
   * after its exponential (and a block kernel after a vectorised one).
   */
  public static double sechOfExp(double t) {
    return 2 * t / (1 + t * t);
  }
}
