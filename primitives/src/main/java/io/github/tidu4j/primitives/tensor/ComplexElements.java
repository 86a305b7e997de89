package io.github.tidu4j.primitives.tensor;

import io.github.tidu4j.primitives.scalar.Hyperbolic;

/**
 * The complex elementary functions of {@link Elementwise}, one part at a time: each pair {@code
 * fooRe}, {@code fooIm} gives the real and the imaginary part of {@code foo(a + bi)} (or of {@code
 * (a + bi) op (c + di)}), bit for bit what the c128 tensor kernels compute, with no allocation.
 * These are the per-element kernels of the tensor set's complex values ({@code elementRe}, {@code
 * elementIm}), which a fusion backend calls once per element.
 *
 * <p>Where the two parts share work (the {@code eᵃ} of {@code exp}, Smith's ratio in {@code div},
 * the square root in {@code sqrt}, Kahan's terms in {@code tanh}) each part computes it again: the
 * array kernels compute both parts at once; {@code ComplexElementsTest} checks the two agree.
 *
 * <pre>{@code
 * double re = ComplexElements.mulRe(1, 2, 3, 4);   // (1 + 2i)(3 + 4i) = −5 + 10i
 * double im = ComplexElements.mulIm(1, 2, 3, 4);
 * }</pre>
 */
public final class ComplexElements {

  private ComplexElements() {}

  /** The real part of {@code (a + bi)(c + di)}. */
  public static double mulRe(double a, double b, double c, double d) {
    return a * c - b * d;
  }

  /** The imaginary part of {@code (a + bi)(c + di)}. */
  public static double mulIm(double a, double b, double c, double d) {
    return a * d + b * c;
  }

  /** The real part of {@code (a + bi) / (c + di)}, by Smith's algorithm. */
  public static double divRe(double a, double b, double c, double d) {
    if (Math.abs(c) >= Math.abs(d)) {
      double r = d / c;
      return (a + b * r) / (c + d * r);
    }
    double r = c / d;
    return (a * r + b) / (c * r + d);
  }

  /** The imaginary part of {@code (a + bi) / (c + di)}, by Smith's algorithm. */
  public static double divIm(double a, double b, double c, double d) {
    if (Math.abs(c) >= Math.abs(d)) {
      double r = d / c;
      return (b - a * r) / (c + d * r);
    }
    double r = c / d;
    return (b * r - a) / (c * r + d);
  }

  /** The real part of {@code exp(a + bi)}. */
  public static double expRe(double a, double b) {
    return b == 0 ? Math.exp(a) : expTimes(a, Math.cos(b));
  }

  /** The imaginary part of {@code exp(a + bi)}. */
  public static double expIm(double a, double b) {
    return b == 0 ? b : expTimes(a, Math.sin(b));
  }

  /**
   * {@code eᵃ·f} for {@code |f| ≤ 1}, finite where the product is though {@code eᵃ} overflows
   * ({@code a} just above 709.78, {@code f} small enough): there it is {@code (e^{a/2}·f)·e^{a/2}}.
   */
  private static double expTimes(double a, double f) {
    double e = Math.exp(a);
    if (e != Double.POSITIVE_INFINITY || a == Double.POSITIVE_INFINITY) {
      return e * f;
    }
    double half = Math.exp(a * 0.5);
    return half * f * half;
  }

  /** The real part of the principal {@code log(a + bi)}. */
  public static double logRe(double a, double b) {
    double h = Math.hypot(a, b);
    if (h > 0.75 && h < 1.5) {
      // ln|z| = ½·log1p(|z|² − 1): near |z| = 1 this keeps the digits log(hypot) loses (log(1 +
      // 1e-10i) is 5e-21, not 0). |z|² − 1 = (x² − 1) + y² + the squares' rounding errors (fma),
      // x the larger part; x² − 1 is exact (x² is within [1/2, 2]), and so is its sum with y²
      // where they nearly cancel
      double x = Math.max(Math.abs(a), Math.abs(b));
      double y = Math.min(Math.abs(a), Math.abs(b));
      double xx = x * x;
      double yy = y * y;
      double lows = Math.fma(x, x, -xx) + Math.fma(y, y, -yy);
      return 0.5 * Math.log1p(((xx - 1) + yy) + lows);
    }
    return Math.log(h);
  }

  /** The imaginary part of the principal {@code log(a + bi)}: {@code atan2(b, a)}. */
  public static double logIm(double a, double b) {
    return Math.atan2(b, a);
  }

  /** The real part of {@code sin(a + bi)}. */
  public static double sinRe(double a, double b) {
    return Math.sin(a) * Math.cosh(b);
  }

  /** The imaginary part of {@code sin(a + bi)}. */
  public static double sinIm(double a, double b) {
    return Math.cos(a) * Math.sinh(b);
  }

  /** The real part of {@code cos(a + bi)}. */
  public static double cosRe(double a, double b) {
    return Math.cos(a) * Math.cosh(b);
  }

  /** The imaginary part of {@code cos(a + bi)}. */
  public static double cosIm(double a, double b) {
    return -(Math.sin(a) * Math.sinh(b));
  }

  /** The real part of the principal {@code sqrt(a + bi)}. */
  public static double sqrtRe(double a, double b) {
    return sqrtPart(a, b, 0);
  }

  /** The imaginary part of the principal {@code sqrt(a + bi)}. */
  public static double sqrtIm(double a, double b) {
    return sqrtPart(a, b, 1);
  }

  private static double sqrtPart(double a, double b, int part) {
    if (a == 0 && b == 0) {
      return part == 0 ? 0.0 : b;
    }
    double scale = 1.0;
    if (Math.abs(a) > ComplexMath.SQRT_SCALE_THRESHOLD
        || Math.abs(b) > ComplexMath.SQRT_SCALE_THRESHOLD) {
      a *= 0.25; // exact: a power of two, far from the subnormal range
      b *= 0.25;
      scale = 2.0;
    }
    double t = Math.sqrt((Math.abs(a) + Math.hypot(a, b)) * 0.5);
    if (a >= 0) {
      return part == 0 ? scale * t : scale * (b / (2 * t));
    }
    return part == 0 ? scale * (Math.abs(b) / (2 * t)) : scale * Math.copySign(t, b);
  }

  /**
   * The real part of {@code sech(a + bi) = 1 / cosh(a + bi)}: on the real axis {@link
   * Hyperbolic#sech}'s; for {@code |a| ≥ 22}, {@code 2e^{−|a|}·cos b} (the other term of {@code
   * cosh} is below its last bit, and {@code cosh a} alone may overflow); else the quotient of
   * {@code 1} by {@code cosh a cos b + i sinh a sin b} (Smith's). Poles at {@code a = 0}, {@code
   * b = π/2 + kπ}.
   */
  public static double sechRe(double a, double b) {
    if (b == 0) {
      return Hyperbolic.sech(a);
    }
    if (Math.abs(a) >= ComplexMath.TANH_SATURATION) {
      return 2 * Math.exp(-Math.abs(a)) * Math.cos(b);
    }
    return divRe(1, 0, Math.cosh(a) * Math.cos(b), Math.sinh(a) * Math.sin(b));
  }

  /**
   * The imaginary part of {@code sech(a + bi)}: a zero of the sign {@code −sinh a·sin b} has on the
   * real axis; {@code ∓2e^{−|a|}·sin b} (the sign of {@code −a}) for {@code |a| ≥ 22}; else as
   * {@link #sechRe}.
   */
  public static double sechIm(double a, double b) {
    if (b == 0) {
      return -(Math.copySign(0.0, a) * b);
    }
    if (Math.abs(a) >= ComplexMath.TANH_SATURATION) {
      return -Math.copySign(2 * Math.exp(-Math.abs(a)) * Math.sin(b), a);
    }
    return divIm(1, 0, Math.cosh(a) * Math.cos(b), Math.sinh(a) * Math.sin(b));
  }

  /** The real part of {@code tanh(a + bi)}, by Kahan's formula. */
  public static double tanhRe(double a, double b) {
    if (b == 0) {
      return Math.tanh(a);
    }
    if (Math.abs(a) >= ComplexMath.TANH_SATURATION) {
      return Math.copySign(1.0, a);
    }
    double t = Math.tan(b);
    double beta = 1.0 + t * t;
    double s = Math.sinh(a);
    double rho = Math.sqrt(1.0 + s * s);
    return (beta * rho * s) / (1.0 + beta * s * s);
  }

  /** The imaginary part of {@code tanh(a + bi)}, by Kahan's formula. */
  public static double tanhIm(double a, double b) {
    if (b == 0) {
      return b;
    }
    if (Math.abs(a) >= ComplexMath.TANH_SATURATION) {
      double expMinus = Math.exp(-Math.abs(a));
      return 4 * Math.sin(b) * Math.cos(b) * expMinus * expMinus;
    }
    double t = Math.tan(b);
    double s = Math.sinh(a);
    return t / (1.0 + (1.0 + t * t) * s * s);
  }
}
