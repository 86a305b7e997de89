// expect: ok
// A small activation set, the way a user writes it; the check takes f'' of softplus(x)·x.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Act {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ActEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ActEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(ActEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(ActEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive
  interface Sigmoid {
    static double eval(double x) { return 1 / (1 + Math.exp(-x)); }
    static Tangent jvp(ActEmit e, Primal x, Tangent dx) {
      Primal s = e.sigmoid(x);
      return e.mul(e.mul(s, e.oneMinus(s)), dx);
    }
  }

  @Primitive
  interface OneMinus {
    static double eval(double x) { return 1 - x; }
    static Tangent jvp(ActEmit e, Tangent dx) { return e.mul(e.minusOne(), dx); }
  }

  @Primitive
  interface MinusOne {
    static double eval() { return -1; }
  }

  @Primitive
  interface Softplus {
    static double eval(double x) { return Math.max(x, 0) + Math.log1p(Math.exp(-Math.abs(x))); }
    static Tangent jvp(ActEmit e, Primal x, Tangent dx) { return e.mul(e.sigmoid(x), dx); }
  }
}

final class Check {
  static void run() {
    ScalarAutodiff<ActOp> ad = ScalarAutodiff.of(ActOp.class, ActEvaluator::new);
    ScalarFunction<ActOp> f =
        ad.function((b, x) -> b.apply(ActOp.MUL, b.apply(ActOp.SOFTPLUS, x), x));
    double x = 0.7;
    double s = 1 / (1 + Math.exp(-x));
    double expected = 2 * s + x * s * (1 - s);
    double actual = ad.grad(ad.grad(f)).apply(x);
    if (Math.abs(actual - expected) > 1e-12) {
      throw new AssertionError("f''(0.7) = " + actual + ", expected " + expected);
    }
  }
}
