// expect: ok
// An identity-like primitive whose JVP rule needs no emitter at all.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Pass {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(PassEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(PassEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface StopShape {
    static double eval(double x) { return x; }
    static Tangent jvp(Tangent dx) { return dx; }
  }
}

final class Check {
  static void near(String what, double actual, double expected) {
    if (Math.abs(actual - expected) > 1e-12 * Math.max(1, Math.abs(expected))) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }

  static void run() {
    ScalarAutodiff<PassOp> ad = ScalarAutodiff.of(PassOp.class, PassEvaluator::new);
    ScalarFunction<PassOp> f = ad.function((b, x) -> b.apply(PassOp.ADD, b.apply(PassOp.STOP_SHAPE, x), x));
    near("d/dx (id(x) + x)", ad.grad(f).apply(4.0), 2.0);
  }
}
