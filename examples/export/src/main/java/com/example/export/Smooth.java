package com.example.export;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

/**
 * This project's own primitive set over {@code double}, closed under its rules: enough for
 * {@code x · softplus(x·y)} and its gradient. The tidu4j processor generates {@code SmoothOp},
 * {@code SmoothEmit}, {@code SmoothKernels}, the fluent {@code SmoothBuilder}/{@code SmoothValue}
 * and the rest next to it; the exported code calls only the {@code eval} kernels below.
 */
@PrimitiveSet(operand = double.class)
public interface Smooth {

  /** {@code a + b}; the accumulator that sums fan-out cotangents. */
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) {
      return a + b;
    }

    static Tangent jvp(SmoothEmit e, Tangent da, Tangent db) {
      return e.add(da, db);
    }

    static Cotangents transpose(SmoothEmit e, Tangent ct) {
      return Cotangents.of(ct, ct);
    }
  }

  /** {@code a · b}: linear in each operand. */
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) {
      return a * b;
    }

    static Tangent jvp(SmoothEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }

    static Cotangents transpose(SmoothEmit e, Arg a, Arg b, Tangent ct) {
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

    static Tangent jvp(SmoothEmit e, Tangent dx) {
      return e.neg(dx);
    }

    static Cotangents transpose(SmoothEmit e, Tangent ct) {
      return Cotangents.of(e.neg(ct));
    }
  }

  /**
   * {@code σ(x) = 1 / (1 + e^−x)}, with {@code dσ = σ(x)·σ(−x)·dx}.
   *
   * <p>The rule recomputes {@code σ(x)} rather than reading the output as an {@code Output y}:
   * passing an {@code Output} where the emitter takes a {@code Primal} makes the JVM's verifier
   * load tidu4j's rule classes when it links this interface, and the exported code links it to
   * call {@code eval} where tidu4j is absent (the export goal's {@code requireStandalone} check
   * fails the build on such a rule).
   */
  @Primitive
  interface Sigmoid {
    static double eval(double x) {
      if (x >= 0) {
        return 1 / (1 + Math.exp(-x));
      }
      double ex = Math.exp(x);
      return ex / (1 + ex);
    }

    static Tangent jvp(SmoothEmit e, Primal x, Tangent dx) {
      return e.mul(e.mul(e.sigmoid(x), e.sigmoid(e.neg(x))), dx);
    }
  }

  /** {@code softplus(x) = log(1 + eˣ) = max(x, 0) + log1p(e^−|x|)}, with {@code d = σ(x)·dx}. */
  @Primitive
  interface Softplus {
    static double eval(double x) {
      return Math.max(x, 0) + Math.log1p(Math.exp(-Math.abs(x)));
    }

    static Tangent jvp(SmoothEmit e, Primal x, Tangent dx) {
      return e.mul(e.sigmoid(x), dx);
    }
  }

  /** {@code 0.0}: the zero primitive, for derivatives that do not depend on the inputs. */
  @Primitive(zero = true)
  interface ZerosLike {
    static double eval(double x) {
      return 0.0;
    }
  }
}
