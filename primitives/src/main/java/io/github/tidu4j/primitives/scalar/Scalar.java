package io.github.tidu4j.primitives.scalar;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
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
 * and {@code Log} ({@code 1/b} as a primal value).
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
   * {@code a / b}. Linear in {@code a} only, so not multilinear: its JVP multiplies by the primal
   * reciprocal, {@code d(a/b) = (1/b)·da − ((a/b)·(1/b))·db}.
   */
  @Primitive
  interface Div {
    static double eval(double a, double b) {
      return a / b;
    }

    static Tangent jvp(ScalarEmit e, Primal a, Primal b, Output y, Tangent da, Tangent db) {
      Primal inverse = e.recip(b);
      return e.add(e.mul(inverse, da), e.neg(e.mul(e.mul(y, inverse), db)));
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
  }

  /** {@code sin x}; {@code d sin x = cos x·dx}. */
  @Primitive
  interface Sin {
    static double eval(double x) {
      return Math.sin(x);
    }

    static Tangent jvp(ScalarEmit e, Primal x, Tangent dx) {
      return e.mul(e.cos(x), dx);
    }
  }

  /** {@code cos x}; {@code d cos x = −sin x·dx}. */
  @Primitive
  interface Cos {
    static double eval(double x) {
      return Math.cos(x);
    }

    static Tangent jvp(ScalarEmit e, Primal x, Tangent dx) {
      return e.mul(e.neg(e.sin(x)), dx);
    }
  }

  /** {@code tanh x}; {@code d tanh x = (1 − y²)·dx}, emitted as {@code dx − y·(y·dx)}. */
  @Primitive
  interface Tanh {
    static double eval(double x) {
      return Math.tanh(x);
    }

    static Tangent jvp(ScalarEmit e, Output y, Tangent dx) {
      return e.add(dx, e.neg(e.mul(e.mul(y, y), dx)));
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
}
