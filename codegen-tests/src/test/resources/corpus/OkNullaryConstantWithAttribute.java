// expect: ok
// A nullary primitive holding a constant: its derivative is zero and needs no JVP rule.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Consts {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ConstsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ConstsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(ConstsEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(ConstsEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
  @Primitive
  interface Literal {
    double value();
    default double eval() { return value(); }
  }
}

final class Check {
  static void near(String what, double actual, double expected) {
    if (Math.abs(actual - expected) > 1e-12 * Math.max(1, Math.abs(expected))) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }

  static void run() {
    ScalarAutodiff<ConstsOp> ad = ScalarAutodiff.of(ConstsOp.class, ConstsEvaluator::new);
    ScalarFunction<ConstsOp> f =
        ad.function((b, x) -> b.apply(ConstsOp.MUL, b.apply(ConstsOp.literal(2.5)), x));
    near("2.5 x at 3", f.apply(3.0), 7.5);
    near("d/dx 2.5 x", ad.grad(f).apply(3.0), 2.5);
    near("d2/dx2 2.5 x", ad.grad(ad.grad(f)).apply(3.0), 0.0);
  }
}
