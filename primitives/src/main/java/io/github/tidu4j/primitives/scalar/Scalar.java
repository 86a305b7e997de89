package io.github.tidu4j.primitives.scalar;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Series;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.JointKernel;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

/**
 * The shipped real scalar primitive set, over unboxed {@code double}s. The processor generates
 * {@link ScalarOp} (the primitives as graph operations), {@link ScalarEmit} (the typed emitter the
 * rules below use), {@link ScalarEvaluator} (a switch evaluator over {@code double[]} slots, no
 * boxing), {@link ScalarKernels} (the kernel table of the bytecode backend), and {@link
 * ScalarBuilder} and {@link ScalarValue} (the fluent graph-building API: {@code x.sin().mul(x)}).
 *
 * <p>Linear primitives ({@code Add}, {@code Mul}, {@code Neg}) have transpose rules; the others
 * have JVP rules built from {@code Mul}, {@code Neg}, {@code Add} and primal values only, so every
 * derivative of every order stays inside the set. {@code Recip} is here for the JVPs of {@code Div}
 * and {@code Log} ({@code 1/b} as a primal value), {@code Sech} for that of {@code Tanh}, {@code
 * Sign} and {@code Step} (derivative zero) for those of the piecewise {@code Abs}, {@code Max} and
 * {@code Min}, {@code Recip1p} for that of {@code Log1p}. {@code Constant} is a number of the
 * graph ({@code x.add(1.5)}, {@code x.relu()}); {@code StopGradient} passes its value and no
 * derivative.
 *
 * <pre>{@code
 * ScalarBuilder b = ScalarBuilder.create();
 * ScalarValue x = b.input("x");
 * Graph<ScalarOp> g = b.build(x.mul(x).sin());
 * double[] y = new ScalarEvaluator(Graphs.compile(Graphs.materialize(g))).evaluate(0.5);
 * }</pre>
 */
@PrimitiveSet(operand = double.class)
public interface Scalar {

  /** {@code a + b}; the accumulator that sums fan-out cotangents. */
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) {
      return a + b;
    }

    static Tangent jvp(ScalarEmit e, Tangent da, Tangent db) {
      return e.add(da, db);
    }

    static Cotangents transpose(ScalarEmit e, Tangent ct) {
      return Cotangents.of(ct, ct);
    }
  }

  /** {@code a · b}: bilinear. */
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) {
      return a * b;
    }

    static Tangent jvp(ScalarEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }

    static Cotangents transpose(ScalarEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  /** {@code −x}: linear. */
  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) {
      return -x;
    }

    static Tangent jvp(ScalarEmit e, Tangent dx) {
      return e.neg(dx);
    }

    static Cotangents transpose(ScalarEmit e, Tangent ct) {
      return Cotangents.of(e.neg(ct));
    }
  }

  /**
   * {@code a / b}. Linear in {@code a} only, so not multilinear: its JVP multiplies the tangents
   * by primal factors, {@code d(a/b) = (1/b)·da − ((a/b)/b)·db}. The factor of {@code db} is a
   * quotient, not {@code (a/b)·(1/b)}: for a subnormal {@code b}, {@code 1/b} overflows where
   * {@code (a/b)/b} does not.
   */
  @Primitive
  interface Div {
    static double eval(double a, double b) {
      return a / b;
    }

    static Tangent jvp(ScalarEmit e, Primal a, Primal b, Output y, Tangent da, Tangent db) {
      return e.add(e.mul(e.recip(b), da), e.neg(e.mul(e.div(y, b), db)));
    }

    /**
     * From {@code y·b = a}: {@code y_k = (a_k − Σ_{0<j<k} y_j·b_{k−j}) / b_0 − (y_0/b_0)·b_k}, the
     * last term's factor a quotient as in the JVP.
     */
    static Tangent taylor(ScalarEmit e, Series a, Series b, Series y, int k) {
      Tangent sum = a.get(k);
      for (int j = 1; j < k; j++) {
        if (!y.isZero(j)) {
          sum = e.add(sum, e.neg(e.mul(y.factor(j), b.get(k - j))));
        }
      }
      return e.add(
          e.mul(sum, e.recip(b.primal())), e.neg(e.mul(e.div(y.primal(), b.primal()), b.get(k))));
    }
  }

  /** {@code 1 / x}; {@code d(1/x) = −(1/x)²·dx}. */
  @Primitive
  interface Recip {
    static double eval(double x) {
      return 1 / x;
    }

    static Tangent jvp(ScalarEmit e, Output y, Tangent dx) {
      return e.neg(e.mul(e.mul(y, y), dx));
    }

    /** From {@code y·x = 1}: {@code y_k = −y_0·Σ_{j<k} y_j·x_{k−j}}. */
    static Tangent taylor(ScalarEmit e, Series x, Series y, int k) {
      Tangent sum = e.mul(y.primal(), x.get(k));
      for (int j = 1; j < k; j++) {
        if (!y.isZero(j)) {
          sum = e.add(sum, e.mul(y.factor(j), x.get(k - j)));
        }
      }
      return e.neg(e.mul(sum, y.primal()));
    }
  }

  /** {@code eˣ}; {@code d eˣ = eˣ·dx}. */
  @Primitive
  interface Exp {
    static double eval(double x) {
      return Math.exp(x);
    }

    static Tangent jvp(ScalarEmit e, Output y, Tangent dx) {
      return e.mul(y, dx);
    }

    /** From {@code y' = y·x'}: {@code k·y_k = Σ_{j<k} y_j·x'_{k−1−j}}. */
    static Tangent taylor(ScalarEmit e, Series x, Series y, int k) {
      Tangent sum = e.mul(y.primal(), x.derivative(k - 1));
      for (int j = 1; j < k; j++) {
        if (!y.isZero(j)) {
          sum = e.add(sum, e.mul(y.factor(j), x.derivative(k - 1 - j)));
        }
      }
      return k == 1 ? sum : e.scale(1.0 / k, sum);
    }
  }

  /** {@code ln x} ({@code NaN} for {@code x < 0}); {@code d ln x = (1/x)·dx}. */
  @Primitive
  interface Log {
    static double eval(double x) {
      return Math.log(x);
    }

    static Tangent jvp(ScalarEmit e, Primal x, Tangent dx) {
      return e.mul(e.recip(x), dx);
    }

    /**
     * From {@code x·y' = x'}: {@code k·y_k = (x'_{k−1} − Σ_{1≤j<k} x_j·y'_{k−1−j}) / x_0}, with
     * {@code y'_m = (m+1)·y_{m+1}}.
     */
    static Tangent taylor(ScalarEmit e, Series x, Series y, int k) {
      Tangent sum = Tangent.zero();
      for (int j = 1; j < k; j++) {
        if (!x.isZero(j)) {
          sum = e.add(sum, e.mul(x.factor(j), y.derivative(k - 1 - j)));
        }
      }
      Primal inverse = e.recip(x.primal());
      Tangent scaled = e.add(x.derivative(k - 1), e.neg(sum));
      return e.mul(scaled, k == 1 ? inverse : e.scale(1.0 / k, inverse));
    }
  }

  /**
   * {@code sin x}, computed by {@link Trig#sin} (within 1 ulp; not always {@link Math#sin}'s last
   * bit); {@code d sin x = cos x·dx}.
   */
  @Primitive
  interface Sin {
    static double eval(double x) {
      return Trig.sin(x);
    }

    static Tangent jvp(ScalarEmit e, Primal x, Tangent dx) {
      return e.mul(e.cos(x), dx);
    }
  }

  /**
   * {@code cos x}, computed by {@link Trig#cos} (within 1 ulp; not always {@link Math#cos}'s last
   * bit); {@code d cos x = −sin x·dx}.
   */
  @Primitive
  interface Cos {
    static double eval(double x) {
      return Trig.cos(x);
    }

    static Tangent jvp(ScalarEmit e, Primal x, Tangent dx) {
      return e.mul(e.neg(e.sin(x)), dx);
    }
  }

  /**
   * {@code sin x} and {@code cos x} at once, into {@code out[at]} and {@code out[at + 1]}: bit for
   * bit what {@link Sin} and {@link Cos} give ({@link Trig#sinCos} shares their argument
   * reduction). The bytecode backend calls it once for a program's {@code Sin} and {@code Cos} of
   * one value.
   */
  @JointKernel({Sin.class, Cos.class})
  static void sinCos(double x, double[] out, int at) {
    Trig.sinCos(x, out, at);
  }

  /**
   * {@code tanh x}; {@code d tanh x = sech²x·dx}, from {@link Sech}. Not {@code (1 − y²)·dx}: once
   * {@code y} nears ±1 that loses the derivative's relative accuracy (3e-7 at {@code |x| = 12}),
   * and from {@code |x| ≈ 19.1}, where {@code y} rounds to ±1, gives 0 for a true value of 1e-17
   * down to 1e-323; a product of {@code sech} and {@code tanh} factors keeps every order of the
   * derivative within a few ulps.
   */
  @Primitive
  interface Tanh {
    static double eval(double x) {
      return Math.tanh(x);
    }

    static Tangent jvp(ScalarEmit e, Primal x, Tangent dx) {
      Primal sech = e.sech(x);
      return e.mul(e.mul(sech, sech), dx);
    }
  }

  /**
   * {@code sech x = 1 / cosh x} ({@link Hyperbolic#sech}); {@code d sech x = −(y·tanh x)·dx}. It
   * gives {@link Tanh}'s derivative, {@code sech²x}, to full relative accuracy.
   */
  @Primitive
  interface Sech {
    static double eval(double x) {
      return Hyperbolic.sech(x);
    }

    static Tangent jvp(ScalarEmit e, Primal x, Output y, Tangent dx) {
      return e.neg(e.mul(e.mul(y, e.tanh(x)), dx));
    }
  }

  /** {@code √x} ({@code NaN} for {@code x < 0}); {@code d√x = dx / (2√x)}, with {@code 2y = y + y}. */
  @Primitive
  interface Sqrt {
    static double eval(double x) {
      return Math.sqrt(x);
    }

    static Tangent jvp(ScalarEmit e, Output y, Tangent dx) {
      return e.mul(e.recip(e.add(y, y)), dx);
    }

    /**
     * From {@code y·y = x}: {@code 2·y_0·y_k = x_k − Σ_{1≤j<k} y_j·y_{k−j}}, each product of the
     * symmetric sum made once.
     */
    static Tangent taylor(ScalarEmit e, Series x, Series y, int k) {
      Tangent half = Tangent.zero(); // the terms j < k − j, each standing for two
      for (int j = 1; 2 * j < k; j++) {
        if (!y.isZero(j)) {
          half = e.add(half, e.mul(y.factor(j), y.get(k - j)));
        }
      }
      Tangent sum = e.add(half, half);
      if (k % 2 == 0 && !y.isZero(k / 2)) {
        sum = e.add(sum, e.mul(y.factor(k / 2), y.get(k / 2)));
      }
      return e.mul(e.add(x.get(k), e.neg(sum)), e.recip(e.add(y.primal(), y.primal())));
    }
  }

  /**
   * {@code factor · x}: the scale primitive, with which Taylor mode turns derivative series into
   * Taylor coefficients. Linear; the generated code gives it its rules.
   */
  @Primitive(scale = true)
  interface Scale {
    double factor();

    default double eval(double x) {
      return factor() * x;
    }
  }

  /**
   * {@code 0.0}, whatever {@code x}: the zero primitive, which gives a derivative that does not
   * depend on the differentiated inputs as a value. It has no rules: its derivative is zero.
   */
  @Primitive(zero = true)
  interface ZerosLike {
    static double eval(double x) {
      return 0.0;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Piecewise functions. Their derivatives weigh tangents by 0, ±1 or ½ (Sign, Step: piecewise
  // constant, derivative zero), with JAX's values at the kinks: |x|′ = 0 at 0, and a tie of max or
  // min gives each operand half.

  /** {@code |x|}; {@code d|x| = sign(x)·dx}, 0 at {@code x = ±0} (as JAX's {@code abs}). */
  @Primitive
  interface Abs {
    static double eval(double x) {
      return Math.abs(x);
    }

    static Tangent jvp(ScalarEmit e, Primal x, Tangent dx) {
      return e.mul(e.sign(x), dx);
    }
  }

  /**
   * {@code sign(x)}: −1, ±0 (the sign of zero kept) or 1, NaN for NaN ({@link Math#signum});
   * piecewise constant, so its derivative is zero.
   */
  @Primitive
  interface Sign {
    static double eval(double x) {
      return Math.signum(x);
    }

    static Tangent jvp(Tangent dx) {
      return Tangent.zero();
    }
  }

  /**
   * The unit step of {@code a − b}, by comparison: 1 where {@code a > b}, 0 where {@code a < b},
   * ½ where equal, NaN where unordered; piecewise constant, so its derivative is zero. {@link Max}
   * and {@link Min} weigh their operands' tangents by it.
   */
  @Primitive
  interface Step {
    static double eval(double a, double b) {
      return a > b ? 1.0 : a < b ? 0.0 : a == b ? 0.5 : Double.NaN;
    }

    static Tangent jvp(Tangent da, Tangent db) {
      return Tangent.zero();
    }
  }

  /**
   * {@code max(a, b)}, NaN if either is NaN ({@link Math#max}); {@code d max = step(a, b)·da +
   * step(b, a)·db}: the larger operand's tangent, half of each at a tie (JAX's {@code maximum}).
   */
  @Primitive
  interface Max {
    static double eval(double a, double b) {
      return Math.max(a, b);
    }

    static Tangent jvp(ScalarEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(e.step(a, b), da), e.mul(e.step(b, a), db));
    }
  }

  /**
   * {@code min(a, b)}, NaN if either is NaN ({@link Math#min}); {@code d min = step(b, a)·da +
   * step(a, b)·db}: the smaller operand's tangent, half of each at a tie.
   */
  @Primitive
  interface Min {
    static double eval(double a, double b) {
      return Math.min(a, b);
    }

    static Tangent jvp(ScalarEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(e.step(b, a), da), e.mul(e.step(a, b), db));
    }
  }

  // ------------------------------------------------------------------------------------------
  // Branching on data: comparisons give masks of 1 and 0, and Select picks by one. The masks are
  // piecewise constant, so their derivative is zero; Select's is the chosen operand's.

  /**
   * 1 where {@code a > b}, else 0 (NaN where unordered is 0: the comparison is false); piecewise
   * constant, so its derivative is zero. A predicate for {@link Select}: {@code
   * x.greater(y).select(x, y)} is {@code max}.
   */
  @Primitive
  interface Greater {
    static double eval(double a, double b) {
      return a > b ? 1 : 0;
    }

    static Tangent jvp(Tangent da, Tangent db) {
      return Tangent.zero();
    }
  }

  /**
   * {@code a} where {@code p > 0}, else {@code b} (a NaN {@code p} picks {@code b}): JAX's {@code
   * select}, whose predicate is a number such as the mask {@link Greater} gives. Its derivative is
   * the chosen operand's, {@code mask(p)·da + mask'(p)·db} with masks of 1 and 0 ({@link Mask}):
   * exact for finite tangents; an infinite or NaN tangent of the operand not chosen still makes it
   * NaN (0·∞), as in JAX, where the branch not taken is differentiated too.
   */
  @Primitive
  interface Select {
    static double eval(double p, double a, double b) {
      return p > 0 ? a : b;
    }

    static Tangent jvp(ScalarEmit e, Primal p, Tangent dp, Tangent da, Tangent db) {
      return e.add(e.mul(e.mask(true, p), da), e.mul(e.mask(false, p), db));
    }
  }

  /**
   * The mask {@link Select} weighs its operands' tangents by: where {@code positive()}, 1 where
   * {@code p > 0}, else 0; otherwise the complement, 1 where {@code p > 0} is false (NaN
   * included). Piecewise constant, so its derivative is zero.
   */
  @Primitive
  interface Mask {
    boolean positive();

    default double eval(double p) {
      return (p > 0) == positive() ? 1 : 0;
    }

    static Tangent jvp(Tangent dp) {
      return Tangent.zero();
    }
  }

  /**
   * {@code ln(1 + x)}, accurate where {@code x} is small ({@link Math#log1p}); {@code d = dx / (1
   * + x)}, with the factor computed by {@link Recip1p}.
   */
  @Primitive
  interface Log1p {
    static double eval(double x) {
      return Math.log1p(x);
    }

    static Tangent jvp(ScalarEmit e, Primal x, Tangent dx) {
      return e.mul(e.recip1p(x), dx);
    }
  }

  /** {@code 1 / (1 + x)}, the derivative of {@link Log1p}; {@code dy = −y²·dx}. */
  @Primitive
  interface Recip1p {
    static double eval(double x) {
      return 1 / (1 + x);
    }

    static Tangent jvp(ScalarEmit e, Output y, Tangent dx) {
      return e.neg(e.mul(e.mul(y, y), dx));
    }
  }

  /**
   * {@code eˣ − 1}, accurate where {@code x} is small ({@link Math#expm1}); {@code d = eˣ·dx}.
   */
  @Primitive
  interface Expm1 {
    static double eval(double x) {
      return Math.expm1(x);
    }

    static Tangent jvp(ScalarEmit e, Primal x, Tangent dx) {
      return e.mul(e.exp(x), dx);
    }
  }

  /**
   * {@code x} itself, through which no derivative flows (JAX's {@code stop_gradient}): every
   * derivative of it, of every order, is zero, so a value computed from data can enter a
   * differentiated function as a constant (a target, a running statistic, a detached estimate).
   *
   * <p>In the eager runtime it differs from {@code detach()}, which makes a value that requires no
   * gradient (a backward from it is an error): a stopped value stays on the tape, so a backward
   * through it runs and adds nothing behind it. The gradient checker compares derivatives with
   * the function's differences, so a function using it fails there by design, naming {@code
   * StopGradient}: check its parts without it.
   */
  @Primitive
  interface StopGradient {
    static double eval(double x) {
      return x;
    }

    static Tangent jvp(Tangent dx) {
      return Tangent.zero();
    }
  }

  /** The number {@code value()}: a constant of the graph, without operands or derivative. */
  @Primitive
  interface Constant {
    double value();

    default double eval() {
      return value();
    }
  }

  // ------------------------------------------------------------------------------------------
  // Composites: methods of the generated ScalarValue (first parameter a ScalarValue), written with
  // the primitives' fluent methods

  /** {@code a − b}, as {@code a + (−b)}. */
  static ScalarValue sub(ScalarValue a, ScalarValue b) {
    return a.add(b.neg());
  }

  /** {@code x + c} for a number {@code c}. */
  static ScalarValue add(ScalarValue x, double c) {
    return x.add(x.builder().constant(c));
  }

  /** {@code max(x, c)} for a number {@code c}. */
  static ScalarValue max(ScalarValue x, double c) {
    return x.max(x.builder().constant(c));
  }

  /** {@code min(x, c)} for a number {@code c}. */
  static ScalarValue min(ScalarValue x, double c) {
    return x.min(x.builder().constant(c));
  }

  /** 1 where {@code a < b}, else 0: {@code b.greater(a)}. */
  static ScalarValue less(ScalarValue a, ScalarValue b) {
    return b.greater(a);
  }

  /** 1 where {@code x > c} for a number {@code c}, else 0. */
  static ScalarValue greater(ScalarValue x, double c) {
    return x.greater(x.builder().constant(c));
  }

  /** 1 where {@code x < c} for a number {@code c}, else 0. */
  static ScalarValue less(ScalarValue x, double c) {
    return x.builder().constant(c).greater(x);
  }

  /** {@code max(x, 0)}: ReLU, whose derivative is 0 below 0, 1 above, ½ at 0 (a tie of Max). */
  static ScalarValue relu(ScalarValue x) {
    return x.max(0.0);
  }

  /** {@code min(max(x, lo), hi)}: {@code x} held within {@code [lo, hi]}. */
  static ScalarValue clamp(ScalarValue x, double lo, double hi) {
    if (!(lo <= hi)) {
      throw new IllegalArgumentException("clamp: lo " + lo + " is not at most hi " + hi);
    }
    return x.max(lo).min(hi);
  }
}
