package io.github.tidu4j.primitives.testing;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Reference values of exp, expm1, log, sin, cos and tanh at 60 significant digits, from their
 * series on reduced arguments in {@link BigDecimal}; π is computed to 700 digits (Machin's
 * formula), enough to reduce any finite double exactly for sin and cos. The tests of the shipped
 * maths kernels (the tensor set's {@code VectorMath}, the scalar set's {@code Trig}) measure their
 * error in ulps against these.
 *
 * <pre>{@code
 * double err = HighPrecision.ulpError(Trig.sin(x), HighPrecision.sin(x));
 * }</pre>
 */
public final class HighPrecision {

  public static final MathContext MC = new MathContext(60, RoundingMode.HALF_EVEN);
  private static final MathContext WIDE = new MathContext(700, RoundingMode.HALF_EVEN);
  private static final BigDecimal TWO = BigDecimal.valueOf(2);
  private static final BigDecimal EPS = new BigDecimal("1e-75");
  private static final BigDecimal PI = machinPi();
  private static final BigDecimal HALF_PI = PI.divide(TWO, WIDE);
  private static final BigDecimal LN2 =
      atanh(BigDecimal.ONE.divide(BigDecimal.valueOf(3), MC)).multiply(TWO, MC);

  private HighPrecision() {}

  /** e^x for finite x (the caller keeps |x| within a few thousand). */
  public static BigDecimal exp(double x) {
    return exp(new BigDecimal(x));
  }

  public static BigDecimal exp(BigDecimal x) {
    // exp(x) = exp(x / 2^m)^(2^m) with |x / 2^m| ≤ 1/4.
    int m = 0;
    BigDecimal r = x;
    BigDecimal quarter = new BigDecimal("0.25");
    while (r.abs().compareTo(quarter) > 0) {
      r = r.divide(TWO, MC);
      m++;
    }
    BigDecimal result = BigDecimal.ONE.add(expm1Series(r), MC);
    for (int i = 0; i < m; i++) {
      result = result.multiply(result, MC);
    }
    return result;
  }

  /** e^x − 1 without cancellation near 0. */
  public static BigDecimal expm1(BigDecimal x) {
    if (x.abs().compareTo(new BigDecimal("0.25")) <= 0) {
      return expm1Series(x);
    }
    return exp(x).subtract(BigDecimal.ONE, MC);
  }

  private static BigDecimal expm1Series(BigDecimal r) {
    BigDecimal sum = BigDecimal.ZERO;
    BigDecimal term = BigDecimal.ONE;
    for (int k = 1; ; k++) {
      term = term.multiply(r, MC).divide(BigDecimal.valueOf(k), MC);
      sum = sum.add(term, MC);
      if (term.signum() == 0 || term.abs().compareTo(sum.abs().multiply(EPS)) < 0) {
        return sum;
      }
    }
  }

  /** ln x for finite x > 0, subnormals included. */
  public static BigDecimal log(double x) {
    int e = 0;
    double v = x;
    if (v < Double.MIN_NORMAL) {
      v = Math.scalb(v, 64);
      e -= 64;
    }
    int exponent = Math.getExponent(v);
    double m = Math.scalb(v, -exponent); // in [1, 2), exact
    if (m > Math.sqrt(2)) {
      m /= 2; // in [√½, √2): |s| ≤ 0.18 below, and the series converges twice as fast
      exponent++;
    }
    e += exponent;
    BigDecimal bm = new BigDecimal(m);
    BigDecimal s = bm.subtract(BigDecimal.ONE).divide(bm.add(BigDecimal.ONE), MC);
    return atanh(s).multiply(TWO, MC).add(LN2.multiply(BigDecimal.valueOf(e), MC), MC);
  }

  private static BigDecimal atanh(BigDecimal s) {
    BigDecimal s2 = s.multiply(s, MC);
    BigDecimal power = s;
    BigDecimal sum = s;
    for (int k = 3; ; k += 2) {
      power = power.multiply(s2, MC);
      BigDecimal term = power.divide(BigDecimal.valueOf(k), MC);
      sum = sum.add(term, MC);
      if (term.signum() == 0 || term.abs().compareTo(sum.abs().multiply(EPS)) < 0) {
        return sum;
      }
    }
  }

  /** π/2 to 700 digits. */
  public static BigDecimal halfPi() {
    return HALF_PI;
  }

  public static BigDecimal sin(double x) {
    return sinCos(x, 0);
  }

  public static BigDecimal cos(double x) {
    return sinCos(x, 1);
  }

  /** sin x (shift 0) or cos x = sin(x + π/2) (shift 1), for finite x. */
  private static BigDecimal sinCos(double x, int shift) {
    BigDecimal bx = new BigDecimal(x);
    // x/(π/2) needs as many digits as x has before the point, and the reduced argument r 60 more
    // after it, plus 20 for cancellation (|r| > 10^-19 for every double): below 700 for most x
    MathContext reduce =
        new MathContext(
            100 + Math.max(0, (int) (Math.getExponent(x) * 0.30103)), RoundingMode.HALF_EVEN);
    BigInteger k =
        bx.divide(HALF_PI, reduce).setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
    BigDecimal r = bx.subtract(HALF_PI.multiply(new BigDecimal(k), reduce), reduce).round(MC);
    switch (k.add(BigInteger.valueOf(shift)).mod(BigInteger.valueOf(4)).intValue()) {
      case 0:
        return sinSeries(r);
      case 1:
        return cosSeries(r);
      case 2:
        return sinSeries(r).negate();
      default:
        return cosSeries(r).negate();
    }
  }

  private static BigDecimal sinSeries(BigDecimal r) {
    return series(r, r, 1);
  }

  private static BigDecimal cosSeries(BigDecimal r) {
    return series(r, BigDecimal.ONE, 0);
  }

  /** Σ (−1)^j r^(2j+first) / (2j+first)!, starting from the term {@code start}. */
  private static BigDecimal series(BigDecimal r, BigDecimal start, int first) {
    BigDecimal r2 = r.multiply(r, MC);
    BigDecimal term = start;
    BigDecimal sum = start;
    for (int n = first + 2; ; n += 2) {
      term = term.multiply(r2, MC).divide(BigDecimal.valueOf((long) n * (n - 1)), MC).negate();
      sum = sum.add(term, MC);
      if (term.signum() == 0 || term.abs().compareTo(sum.abs().multiply(EPS)) < 0) {
        return sum;
      }
    }
  }

  /** tanh x = expm1(2x) / (expm1(2x) + 2); ±1 for |x| > 40, where it differs from 1 by < 10^-34. */
  public static BigDecimal tanh(double x) {
    if (Math.abs(x) > 40) {
      return BigDecimal.valueOf(Math.signum(x));
    }
    BigDecimal u = expm1(new BigDecimal(x).multiply(TWO));
    return u.divide(u.add(TWO), MC);
  }

  /** sech x = 2e^{−|x|} / (1 + e^{−2|x|}); 0 for |x| > 800, far below the least subnormal. */
  public static BigDecimal sech(double x) {
    if (Math.abs(x) > 800) {
      return BigDecimal.ZERO;
    }
    BigDecimal e = exp(-Math.abs(x));
    return e.multiply(TWO).divide(BigDecimal.ONE.add(e.multiply(e)), MC);
  }

  /**
   * |y − exact| in units of the last place of the double nearest to exact (the smallest subnormal
   * for results below the normal range); infinite if y is not finite.
   */
  public static double ulpError(double y, BigDecimal exact) {
    if (!Double.isFinite(y)) {
      return Double.POSITIVE_INFINITY;
    }
    double ulp = Math.ulp(exact.doubleValue());
    return new BigDecimal(y).subtract(exact).abs().divide(new BigDecimal(ulp), MC).doubleValue();
  }

  private static BigDecimal machinPi() {
    // π = 16·atan(1/5) − 4·atan(1/239)
    return atanInverse(5)
        .multiply(BigDecimal.valueOf(16))
        .subtract(atanInverse(239).multiply(BigDecimal.valueOf(4)), WIDE);
  }

  private static BigDecimal atanInverse(int n) {
    BigDecimal x = BigDecimal.ONE.divide(BigDecimal.valueOf(n), WIDE);
    BigDecimal x2 = x.multiply(x, WIDE);
    BigDecimal power = x;
    BigDecimal sum = x;
    BigDecimal eps = new BigDecimal("1e-710");
    for (int k = 3; ; k += 2) {
      power = power.multiply(x2, WIDE);
      BigDecimal term = power.divide(BigDecimal.valueOf(k), WIDE);
      sum = ((k / 2) % 2 == 1) ? sum.subtract(term, WIDE) : sum.add(term, WIDE);
      if (term.compareTo(eps) < 0) {
        return sum;
      }
    }
  }
}
