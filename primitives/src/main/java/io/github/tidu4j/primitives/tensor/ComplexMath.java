package io.github.tidu4j.primitives.tensor;

/**
 * Complex elementary functions on {@code (re, im)} pairs, writing the result pair into {@code
 * out[o], out[o + 1]} (no allocation). All use principal branches; see {@link Elementwise} for the
 * documented conventions.
 *
 * <p>On the real axis ({@code im == 0}) {@code exp}, {@code sin}, {@code cos} and {@code tanh}
 * return the real part the f64 function returns (bit for bit), so a c128 computation on real data
 * agrees with its f64 counterpart. Special values (infinities, NaN) follow IEEE arithmetic through
 * the formulas below rather than the full C99 Annex G tables.
 */
final class ComplexMath {

  /** Above this magnitude, {@link #sqrt} scales its argument down by 4 to avoid overflow. */
  static final double SQRT_SCALE_THRESHOLD = 0x1p1020;

  /** For {@code |re| ≥ 22}, {@code tanh} of the real part is ±1 to double precision. */
  static final double TANH_SATURATION = 22.0;

  private ComplexMath() {}

  /** {@code (a + bi)(c + di) = (ac − bd) + (ad + bc)i}. */
  static void mul(double a, double b, double c, double d, double[] out, int o) {
    out[o] = ComplexElements.mulRe(a, b, c, d);
    out[o + 1] = ComplexElements.mulIm(a, b, c, d);
  }

  /**
   * {@code (a + bi) / (c + di)} by Smith's algorithm (scales by the larger of {@code |c|, |d|}, so
   * the intermediate {@code c² + d²} never overflows). Division by {@code 0 + 0i} gives NaN parts.
   */
  static void div(double a, double b, double c, double d, double[] out, int o) {
    if (Math.abs(c) >= Math.abs(d)) {
      double r = d / c;
      double den = c + d * r;
      out[o] = (a + b * r) / den;
      out[o + 1] = (b - a * r) / den;
    } else {
      double r = c / d;
      double den = c * r + d;
      out[o] = (a * r + b) / den;
      out[o + 1] = (b * r - a) / den;
    }
  }

  /** {@code exp(a + bi) = eᵃ(cos b + i sin b)}; entire, no branch cut. */
  static void exp(double a, double b, double[] out, int o) {
    out[o] = ComplexElements.expRe(a, b);
    out[o + 1] = ComplexElements.expIm(a, b);
  }

  /**
   * Principal {@code log z = ln|z| + i·arg z} with {@code arg z = atan2(b, a) ∈ [−π, π]}: branch
   * cut along the negative real axis, where {@code −x + 0i ↦ … + πi} and {@code −x − 0i ↦ … − πi}.
   * {@code log 0 = −∞ + 0i}.
   */
  static void log(double a, double b, double[] out, int o) {
    out[o] = ComplexElements.logRe(a, b);
    out[o + 1] = ComplexElements.logIm(a, b);
  }

  /**
   * Principal square root (real part ≥ 0): branch cut along the negative real axis, where {@code −x
   * + 0i ↦ +√x·i} and {@code −x − 0i ↦ −√x·i}. Uses {@code t = √((|a| + |z|)/2)} and {@code
   * b/(2t)}, which avoids cancellation.
   */
  static void sqrt(double a, double b, double[] out, int o) {
    if (a == 0 && b == 0) {
      out[o] = 0.0;
      out[o + 1] = b;
      return;
    }
    double scale = 1.0;
    if (Math.abs(a) > SQRT_SCALE_THRESHOLD || Math.abs(b) > SQRT_SCALE_THRESHOLD) {
      a *= 0.25; // exact: a power of two, far from the subnormal range
      b *= 0.25;
      scale = 2.0;
    }
    double t = Math.sqrt((Math.abs(a) + Math.hypot(a, b)) * 0.5);
    if (a >= 0) {
      out[o] = scale * t;
      out[o + 1] = scale * (b / (2 * t));
    } else {
      out[o] = scale * (Math.abs(b) / (2 * t));
      out[o + 1] = scale * Math.copySign(t, b);
    }
  }

  /** {@code sin(a + bi) = sin a cosh b + i cos a sinh b}; entire. */
  static void sin(double a, double b, double[] out, int o) {
    out[o] = ComplexElements.sinRe(a, b);
    out[o + 1] = ComplexElements.sinIm(a, b);
  }

  /** {@code cos(a + bi) = cos a cosh b − i sin a sinh b}; entire. */
  static void cos(double a, double b, double[] out, int o) {
    out[o] = ComplexElements.cosRe(a, b);
    out[o + 1] = ComplexElements.cosIm(a, b);
  }

  /** {@code sech(a + bi) = 1 / cosh(a + bi)} ({@link ComplexElements#sechRe}, {@code sechIm}). */
  static void sech(double a, double b, double[] out, int o) {
    out[o] = ComplexElements.sechRe(a, b);
    out[o + 1] = ComplexElements.sechIm(a, b);
  }

  /**
   * {@code tanh(a + bi)} by Kahan's formula (as in musl's {@code ctanh}): with {@code t = tan b},
   * {@code β = 1 + t²}, {@code s = sinh a}, {@code ρ = √(1 + s²)}: {@code (βρs + i t) / (1 + βs²)};
   * for {@code |a| ≥ 22}, {@code ±1 + 4 sin b cos b e^{−2|a|} i}. Poles at {@code b = π/2 + kπ},
   * {@code a = 0}.
   */
  static void tanh(double a, double b, double[] out, int o) {
    if (b == 0) {
      out[o] = Math.tanh(a);
      out[o + 1] = b;
      return;
    }
    if (Math.abs(a) >= TANH_SATURATION) {
      double expMinus = Math.exp(-Math.abs(a));
      out[o] = Math.copySign(1.0, a);
      out[o + 1] = 4 * Math.sin(b) * Math.cos(b) * expMinus * expMinus;
      return;
    }
    double t = Math.tan(b);
    double beta = 1.0 + t * t;
    double s = Math.sinh(a);
    double rho = Math.sqrt(1.0 + s * s);
    double den = 1.0 + beta * s * s;
    out[o] = (beta * rho * s) / den;
    out[o + 1] = t / den;
  }
}
