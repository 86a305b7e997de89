package io.github.tidu4j.primitives.tensor;

import io.github.tidu4j.primitives.scalar.Hyperbolic;

/**
 * Elementwise kernels: pure functions that return a new tensor of the operand's shape.
 *
 * <p>Binary kernels require operands of the same dtype and the same shape: there is no implicit
 * promotion (f64 with c128 throws, naming both dtypes) and no implicit broadcasting (a shape
 * mismatch throws, naming the operation and both shapes; broadcast explicitly with {@link
 * Layout#broadcastInDim}).
 *
 * <pre>{@code
 * Tensor x = Tensor.vector(1, 2, 3);
 * Tensor y = Elementwise.add(Elementwise.mul(x, x), Tensor.ones(DType.F64, 3));  // [2, 5, 10]
 * }</pre>
 *
 * <p><b>Real functions</b> follow {@link Math}: {@code log} of a negative f64 and {@code sqrt} of a
 * negative f64 are {@code NaN} (convert to c128 with {@link #complex} for complex results).
 *
 * <p><b>Complex functions</b> use the standard formulas and principal branches, as C99 and numpy:
 *
 * <ul>
 *   <li>{@code exp(a+bi) = eᵃ(cos b + i sin b)}, {@code sin(a+bi) = sin a cosh b + i cos a sinh b},
 *       {@code cos(a+bi) = cos a cosh b − i sin a sinh b}, {@code tanh} by Kahan's stable formula —
 *       entire functions (tanh: meromorphic), no branch cuts;
 *   <li>{@code log z = ln|z| + i·atan2(im, re)}: imaginary part in {@code [−π, π]}, cut along the
 *       negative real axis, the sign of a zero imaginary part choosing the side ({@code log(−1 +
 *       0i) = πi}, {@code log(−1 − 0i) = −πi});
 *   <li>{@code sqrt z}: real part ≥ 0, same cut ({@code sqrt(−4 + 0i) = 2i}, {@code sqrt(−4 − 0i) =
 *       −2i});
 *   <li>{@code div} by Smith's algorithm (no intermediate overflow of {@code |d|²}).
 * </ul>
 *
 * On real inputs ({@code im = 0}) the complex {@code exp}, {@code sin}, {@code cos} and {@code
 * tanh} have exactly the real part of their f64 counterparts.
 *
 * <p>Loops run over primitive arrays with no per-element allocation; c128 {@code add}, {@code sub},
 * {@code neg} and {@code scale} run the same loop as f64 over the interleaved data.
 */
public final class Elementwise {

  private Elementwise() {}

  // ---------------------------------------------------------------------------------------------
  // Binary arithmetic

  /** {@code lhs + rhs}. */
  public static Tensor add(Tensor lhs, Tensor rhs) {
    Checks.sameDtypeAndShape("add", lhs, rhs);
    double[] a = lhs.data;
    double[] b = rhs.data;
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = a[i] + b[i];
    }
    return Tensor.wrap(lhs.dtype(), lhs.shape(), out);
  }

  /** {@code lhs − rhs}. */
  public static Tensor sub(Tensor lhs, Tensor rhs) {
    Checks.sameDtypeAndShape("sub", lhs, rhs);
    double[] a = lhs.data;
    double[] b = rhs.data;
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = a[i] - b[i];
    }
    return Tensor.wrap(lhs.dtype(), lhs.shape(), out);
  }

  /** {@code lhs · rhs} (for c128, the complex product). */
  public static Tensor mul(Tensor lhs, Tensor rhs) {
    Checks.sameDtypeAndShape("mul", lhs, rhs);
    double[] a = lhs.data;
    double[] b = rhs.data;
    double[] out = new double[a.length];
    if (lhs.dtype().isComplex()) {
      for (int i = 0; i < out.length; i += 2) {
        ComplexMath.mul(a[i], a[i + 1], b[i], b[i + 1], out, i);
      }
    } else {
      for (int i = 0; i < out.length; i++) {
        out[i] = a[i] * b[i];
      }
    }
    return Tensor.wrap(lhs.dtype(), lhs.shape(), out);
  }

  /** {@code lhs / rhs} (IEEE for f64; Smith's algorithm for c128). */
  public static Tensor div(Tensor lhs, Tensor rhs) {
    Checks.sameDtypeAndShape("div", lhs, rhs);
    double[] a = lhs.data;
    double[] b = rhs.data;
    double[] out = new double[a.length];
    if (lhs.dtype().isComplex()) {
      for (int i = 0; i < out.length; i += 2) {
        ComplexMath.div(a[i], a[i + 1], b[i], b[i + 1], out, i);
      }
    } else {
      for (int i = 0; i < out.length; i++) {
        out[i] = a[i] / b[i];
      }
    }
    return Tensor.wrap(lhs.dtype(), lhs.shape(), out);
  }

  // ---------------------------------------------------------------------------------------------
  // Linear unary operations

  /** {@code −x}. */
  public static Tensor neg(Tensor x) {
    double[] a = x.data;
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = -a[i];
    }
    return Tensor.wrap(x.dtype(), x.shape(), out);
  }

  /** {@code factor · x} (for c128, both parts are multiplied by the real {@code factor}). */
  public static Tensor scale(Tensor x, double factor) {
    double[] a = x.data;
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = factor * a[i];
    }
    return Tensor.wrap(x.dtype(), x.shape(), out);
  }

  /** The complex conjugate; for f64, {@code x} itself (tensors are immutable). */
  public static Tensor conj(Tensor x) {
    if (!x.dtype().isComplex()) {
      return x;
    }
    double[] a = x.data;
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i += 2) {
      out[i] = a[i];
      out[i + 1] = -a[i + 1];
    }
    return Tensor.wrap(DType.C128, x.shape(), out);
  }

  /** The real part, as f64; for f64, {@code x} itself. */
  public static Tensor real(Tensor x) {
    if (!x.dtype().isComplex()) {
      return x;
    }
    double[] a = x.data;
    double[] out = new double[a.length / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = a[2 * i];
    }
    return Tensor.wrap(DType.F64, x.shape(), out);
  }

  /** The imaginary part, as f64; for f64, zeros. */
  public static Tensor imag(Tensor x) {
    if (!x.dtype().isComplex()) {
      return Tensor.zeros(DType.F64, x.shape());
    }
    double[] a = x.data;
    double[] out = new double[a.length / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = a[2 * i + 1];
    }
    return Tensor.wrap(DType.F64, x.shape(), out);
  }

  /**
   * The c128 tensor {@code re + im·i} from two f64 tensors of the same shape: the explicit way to
   * go from f64 to c128 ({@code complex(x, zeros)} promotes {@code x}).
   *
   * @throws IllegalArgumentException if either operand is not f64 or the shapes differ
   */
  public static Tensor complex(Tensor re, Tensor im) {
    Checks.isF64("complex", re);
    Checks.isF64("complex", im);
    Checks.sameDtypeAndShape("complex", re, im);
    double[] a = re.data;
    double[] b = im.data;
    double[] out = new double[2 * a.length];
    for (int i = 0; i < a.length; i++) {
      out[2 * i] = a[i];
      out[2 * i + 1] = b[i];
    }
    return Tensor.wrap(DType.C128, re.shape(), out);
  }

  // ---------------------------------------------------------------------------------------------
  // Transcendental functions

  /** {@code eˣ}. */
  public static Tensor exp(Tensor x) {
    double[] a = x.data;
    double[] out = new double[a.length];
    if (x.dtype().isComplex()) {
      for (int i = 0; i < out.length; i += 2) {
        ComplexMath.exp(a[i], a[i + 1], out, i);
      }
    } else {
      for (int i = 0; i < out.length; i++) {
        out[i] = Math.exp(a[i]);
      }
    }
    return Tensor.wrap(x.dtype(), x.shape(), out);
  }

  /** Natural logarithm; principal branch for c128, {@code NaN} for negative f64. */
  public static Tensor log(Tensor x) {
    double[] a = x.data;
    double[] out = new double[a.length];
    if (x.dtype().isComplex()) {
      for (int i = 0; i < out.length; i += 2) {
        ComplexMath.log(a[i], a[i + 1], out, i);
      }
    } else {
      for (int i = 0; i < out.length; i++) {
        out[i] = Math.log(a[i]);
      }
    }
    return Tensor.wrap(x.dtype(), x.shape(), out);
  }

  /** Sine. */
  public static Tensor sin(Tensor x) {
    double[] a = x.data;
    double[] out = new double[a.length];
    if (x.dtype().isComplex()) {
      for (int i = 0; i < out.length; i += 2) {
        ComplexMath.sin(a[i], a[i + 1], out, i);
      }
    } else {
      for (int i = 0; i < out.length; i++) {
        out[i] = Math.sin(a[i]);
      }
    }
    return Tensor.wrap(x.dtype(), x.shape(), out);
  }

  /** Cosine. */
  public static Tensor cos(Tensor x) {
    double[] a = x.data;
    double[] out = new double[a.length];
    if (x.dtype().isComplex()) {
      for (int i = 0; i < out.length; i += 2) {
        ComplexMath.cos(a[i], a[i + 1], out, i);
      }
    } else {
      for (int i = 0; i < out.length; i++) {
        out[i] = Math.cos(a[i]);
      }
    }
    return Tensor.wrap(x.dtype(), x.shape(), out);
  }

  /** Hyperbolic tangent. */
  public static Tensor tanh(Tensor x) {
    double[] a = x.data;
    double[] out = new double[a.length];
    if (x.dtype().isComplex()) {
      for (int i = 0; i < out.length; i += 2) {
        ComplexMath.tanh(a[i], a[i + 1], out, i);
      }
    } else {
      for (int i = 0; i < out.length; i++) {
        out[i] = Math.tanh(a[i]);
      }
    }
    return Tensor.wrap(x.dtype(), x.shape(), out);
  }

  /** Hyperbolic secant, {@code 1 / cosh x} ({@link Hyperbolic#sech} for f64). */
  public static Tensor sech(Tensor x) {
    double[] a = x.data;
    double[] out = new double[a.length];
    if (x.dtype().isComplex()) {
      for (int i = 0; i < out.length; i += 2) {
        ComplexMath.sech(a[i], a[i + 1], out, i);
      }
    } else {
      for (int i = 0; i < out.length; i++) {
        out[i] = Hyperbolic.sech(a[i]);
      }
    }
    return Tensor.wrap(x.dtype(), x.shape(), out);
  }

  /** Square root; principal branch for c128, {@code NaN} for negative f64. */
  public static Tensor sqrt(Tensor x) {
    double[] a = x.data;
    double[] out = new double[a.length];
    if (x.dtype().isComplex()) {
      for (int i = 0; i < out.length; i += 2) {
        ComplexMath.sqrt(a[i], a[i + 1], out, i);
      }
    } else {
      for (int i = 0; i < out.length; i++) {
        out[i] = Math.sqrt(a[i]);
      }
    }
    return Tensor.wrap(x.dtype(), x.shape(), out);
  }

  // ---------------------------------------------------------------------------------------------
  // Piecewise functions (f64 only, but abs, which also takes c128)

  /** {@code |x|}, as f64: of a c128 tensor its modulus, {@link Math#hypot} of the two parts. */
  public static Tensor abs(Tensor x) {
    if (x.dtype().isComplex()) {
      double[] z = x.data;
      double[] out = new double[z.length / 2];
      for (int i = 0; i < out.length; i++) {
        out[i] = Math.hypot(z[2 * i], z[2 * i + 1]);
      }
      return Tensor.wrap(DType.F64, x.shape(), out);
    }
    double[] a = real("abs", x);
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.abs(a[i]);
    }
    return Tensor.wrap(DType.F64, x.shape(), out);
  }

  /** {@code sign(x)}, f64: −1, ±0 or 1, NaN for NaN ({@link Math#signum}). */
  public static Tensor sign(Tensor x) {
    double[] a = real("sign", x);
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.signum(a[i]);
    }
    return Tensor.wrap(DType.F64, x.shape(), out);
  }

  /** {@code max(a, b)} elementwise, f64, NaN where either is NaN ({@link Math#max}). */
  public static Tensor max(Tensor lhs, Tensor rhs) {
    Checks.sameDtypeAndShape("max", lhs, rhs);
    double[] a = real("max", lhs);
    double[] b = rhs.data;
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.max(a[i], b[i]);
    }
    return Tensor.wrap(DType.F64, lhs.shape(), out);
  }

  /** {@code min(a, b)} elementwise, f64, NaN where either is NaN ({@link Math#min}). */
  public static Tensor min(Tensor lhs, Tensor rhs) {
    Checks.sameDtypeAndShape("min", lhs, rhs);
    double[] a = real("min", lhs);
    double[] b = rhs.data;
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.min(a[i], b[i]);
    }
    return Tensor.wrap(DType.F64, lhs.shape(), out);
  }

  /**
   * The unit step of {@code a − b} elementwise, by comparison: 1 where {@code a > b}, 0 where
   * {@code a < b}, ½ where they are equal, NaN where either is NaN; f64.
   */
  public static Tensor step(Tensor lhs, Tensor rhs) {
    Checks.sameDtypeAndShape("step", lhs, rhs);
    double[] a = real("step", lhs);
    double[] b = rhs.data;
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = step(a[i], b[i]);
    }
    return Tensor.wrap(DType.F64, lhs.shape(), out);
  }

  /** One element of {@link #step(Tensor, Tensor)}. */
  public static double step(double a, double b) {
    return a > b ? 1.0 : a < b ? 0.0 : a == b ? 0.5 : Double.NaN;
  }

  /** 1 where {@code a > b}, else 0 (also where unordered), elementwise, f64. */
  public static Tensor greater(Tensor lhs, Tensor rhs) {
    Checks.sameDtypeAndShape("greater", lhs, rhs);
    double[] a = real("greater", lhs);
    double[] b = rhs.data;
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = a[i] > b[i] ? 1 : 0;
    }
    return Tensor.wrap(DType.F64, lhs.shape(), out);
  }

  /** {@code a} where {@code p > 0}, else {@code b}, elementwise, f64. */
  public static Tensor select(Tensor predicate, Tensor onTrue, Tensor onFalse) {
    Checks.sameDtypeAndShape("select", predicate, onTrue);
    Checks.sameDtypeAndShape("select", onTrue, onFalse);
    double[] p = real("select", predicate);
    double[] a = onTrue.data;
    double[] b = onFalse.data;
    double[] out = new double[p.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = p[i] > 0 ? a[i] : b[i];
    }
    return Tensor.wrap(DType.F64, predicate.shape(), out);
  }

  /** 1 where {@code (p > 0) == positive}, else 0, elementwise, f64. */
  public static Tensor mask(Tensor predicate, boolean positive) {
    double[] p = real("mask", predicate);
    double[] out = new double[p.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = (p[i] > 0) == positive ? 1 : 0;
    }
    return Tensor.wrap(DType.F64, predicate.shape(), out);
  }

  /** {@code ln(1 + x)} elementwise, f64, accurate where {@code x} is small ({@link Math#log1p}). */
  public static Tensor log1p(Tensor x) {
    double[] a = real("log1p", x);
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.log1p(a[i]);
    }
    return Tensor.wrap(DType.F64, x.shape(), out);
  }

  /** {@code 1 / (1 + x)} elementwise, f64. */
  public static Tensor recip1p(Tensor x) {
    double[] a = real("recip1p", x);
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = 1 / (1 + a[i]);
    }
    return Tensor.wrap(DType.F64, x.shape(), out);
  }

  /** {@code eˣ − 1} elementwise, f64, accurate where {@code x} is small ({@link Math#expm1}). */
  public static Tensor expm1(Tensor x) {
    double[] a = real("expm1", x);
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.expm1(a[i]);
    }
    return Tensor.wrap(DType.F64, x.shape(), out);
  }

  /** {@code x^p} elementwise, f64, as {@link Math#pow}. */
  public static Tensor pow(Tensor x, double p) {
    double[] a = real("pow", x);
    double[] out = new double[a.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.pow(a[i], p);
    }
    return Tensor.wrap(DType.F64, x.shape(), out);
  }

  private static double[] real(String op, Tensor x) {
    if (x.dtype().isComplex()) {
      throw new IllegalArgumentException(
          op + ": operand is " + x.dtype() + x.shape() + ", but " + op
              + " takes f64 operands only");
    }
    return x.data;
  }
}
