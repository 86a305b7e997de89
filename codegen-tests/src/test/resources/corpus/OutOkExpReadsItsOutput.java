// expect: ok
// The fixed Exp: the output is an Output parameter, the input need not be declared at all. The
// check takes d/dx exp(x) at 2 (e², not the 2.0 the misbound rule gave) and the second derivative.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Growth {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(GrowthEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(GrowthEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(GrowthEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(GrowthEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  /** eˣ, whose derivative is itself. */
  @Primitive
  interface Exp {
    static double eval(double x) { return Math.exp(x); }

    static Tangent jvp(GrowthEmit e, Output y, Tangent dx) {
      return e.mul(y, dx);
    }
  }
}

final class Check {
  static void run() {
    ScalarAutodiff<GrowthOp> ad =
        ScalarAutodiff.of(GrowthOp.class, GrowthEvaluator::new);
    ScalarFunction<GrowthOp> exp = ad.function((b, x) -> b.apply(GrowthOp.EXP, x));
    expect("exp(2)", Math.exp(2), exp.apply(2));
    expect("d/dx exp(x) at 2", Math.exp(2), ad.grad(exp).apply(2));
    expect("d²/dx² exp(x) at 2", Math.exp(2), ad.grad(ad.grad(exp)).apply(2));
    // x·eˣ: the output read by Exp's rule is eˣ, not the x beside it
    ScalarFunction<GrowthOp> xExp =
        ad.function((b, x) -> b.apply(GrowthOp.MUL, x, b.apply(GrowthOp.EXP, x)));
    expect("d/dx x·exp(x) at 0.5", 1.5 * Math.exp(0.5), ad.grad(xExp).apply(0.5));
  }

  private static void expect(String what, double expected, double actual) {
    if (Math.abs(actual - expected) > 1e-12 * Math.max(1, Math.abs(expected))) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }
}
