package com.example.softplus;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

/**
 * A small closed primitive set over {@code double}: enough for {@code softplus(x)·x} and all of its
 * derivatives. The tidu4j processor generates {@code ActivationsOp} (the primitives as graph
 * operations), {@code ActivationsEmit} (the typed emitter the rules use), {@code
 * ActivationsEvaluator} (an unboxed switch evaluator), {@code ActivationsKernels} (the kernel
 * table of the bytecode backend) and the fluent pair {@code ActivationsBuilder}/{@code
 * ActivationsValue} ({@code x.softplus().mul(x)}) next to this interface.
 *
 * <p>Closed: every primitive a rule emits ({@code add}, {@code mul}, {@code neg}, {@code sigmoid})
 * is in the set, and the ones emitted on tangents ({@code add}, {@code mul}, {@code neg}) have
 * transpose rules. The processor checks this at compile time.
 */
@PrimitiveSet(operand = double.class)
public interface Activations {

  /** {@code a + b}; the accumulator that sums fan-out cotangents. */
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) {
      return a + b;
    }

    static Tangent jvp(ActivationsEmit e, Tangent da, Tangent db) {
      return e.add(da, db);
    }

    static Cotangents transpose(ActivationsEmit e, Tangent ct) {
      return Cotangents.of(ct, ct);
    }
  }

  /** {@code a · b}: linear in each operand, so rules may apply it to tangents. */
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) {
      return a * b;
    }

    static Tangent jvp(ActivationsEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }

    static Cotangents transpose(ActivationsEmit e, Arg a, Arg b, Tangent ct) {
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

    static Tangent jvp(ActivationsEmit e, Tangent dx) {
      return e.neg(dx);
    }

    static Cotangents transpose(ActivationsEmit e, Tangent ct) {
      return Cotangents.of(e.neg(ct));
    }
  }

  /**
   * {@code σ(x) = 1 / (1 + e^−x)}; {@code dσ = σ(x)·σ(−x)·dx}, which is {@code y(1 − y)·dx}
   * without the cancellation of {@code 1 − y} for large {@code x}.
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

    static Tangent jvp(ActivationsEmit e, Primal x, Output y, Tangent dx) {
      return e.mul(e.mul(y, e.sigmoid(e.neg(x))), dx);
    }
  }

  /**
   * {@code softplus(x) = log(1 + eˣ)}, computed as {@code max(x, 0) + log1p(e^−|x|)}, which
   * neither overflows for large {@code x} nor rounds to zero for very negative {@code x};
   * {@code d softplus = σ(x)·dx}.
   */
  @Primitive
  interface Softplus {
    static double eval(double x) {
      return Math.max(x, 0) + Math.log1p(Math.exp(-Math.abs(x)));
    }

    static Tangent jvp(ActivationsEmit e, Primal x, Tangent dx) {
      return e.mul(e.sigmoid(x), dx);
    }
  }
  /**
   * {@code 0.0}: the zero primitive. A derivative that does not depend on the inputs it is taken
   * with respect to comes out as zeros like its primal value, so every output can be evaluated.
   */
  @Primitive(zero = true)
  interface ZerosLike {
    static double eval(double x) {
      return 0.0;
    }
  }

  /**
   * {@code factor · x}: the scale primitive, with which Taylor mode ({@code AD.taylor}) turns
   * derivative series into Taylor coefficients. It declares {@code eval} only; the processor
   * generates its rules.
   */
  @Primitive(scale = true)
  interface Scale {
    double factor();

    default double eval(double x) {
      return factor() * x;
    }
  }
}
