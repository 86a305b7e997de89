// expect: ok
// A primitive with two outputs whose rule uses its own emitter method for both.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Polar {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(PolarEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(PolarEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(PolarEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(PolarEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) { return -x; }
    static Tangent jvp(PolarEmit e, Tangent dx) { return e.neg(dx); }
    static Cotangents transpose(PolarEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
  }

  @Primitive(outputs = 2)
  interface SinCos {
    static double[] eval(double x) { return new double[] {Math.sin(x), Math.cos(x)}; }
    static Tangents jvp(PolarEmit e, Primal x, Tangent dx) {
      java.util.List<Primal> sc = e.sinCos(x);
      return Tangents.of(e.mul(sc.get(1), dx), e.neg(e.mul(sc.get(0), dx)));
    }
  }
}

final class Check {
  static void near(String what, double actual, double expected) {
    if (Math.abs(actual - expected) > 1e-12 * Math.max(1, Math.abs(expected))) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }

  static void run() {
    ScalarAutodiff<PolarOp> ad = ScalarAutodiff.of(PolarOp.class, PolarEvaluator::new);
    ScalarFunction<PolarOp> cos =
        ad.function((b, x) -> b.applyMulti(PolarOp.SIN_COS, x).get(1));
    near("cos'(0.3)", ad.grad(cos).apply(0.3), -Math.sin(0.3));
    near("cos''(0.3)", ad.grad(ad.grad(cos)).apply(0.3), -Math.cos(0.3));
  }
}
