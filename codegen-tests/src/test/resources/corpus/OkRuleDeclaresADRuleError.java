// expect: ok
// A rule that may refuse with ADRuleError, as the guide allows.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Guard {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(GuardEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(GuardEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(GuardEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(GuardEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
  @Primitive
  interface Sqrt {
    static double eval(double x) { return Math.sqrt(x); }
    static Tangent jvp(GuardEmit e, Primal x, Output y, Tangent dx) throws ADRuleError {
      return e.mul(e.halfOver(y), dx);
    }
  }

  @Primitive
  interface HalfOver {
    static double eval(double y) { return 0.5 / y; }
    static Tangent jvp(GuardEmit e, Primal y, Tangent dy) throws ADRuleError {
      throw ADRuleError.invalidResult("HalfOver", io.github.tidu4j.ad.RuleKind.JVP, "second order not supported");
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
    ScalarAutodiff<GuardOp> ad = ScalarAutodiff.of(GuardOp.class, GuardEvaluator::new);
    ScalarFunction<GuardOp> f = ad.function((b, x) -> b.apply(GuardOp.SQRT, x));
    near("d/dx sqrt(x) at 4", ad.grad(f).apply(4.0), 0.25);
  }
}
