// expect: ok
// A set nested in a public class, with its own prefix for the generated names.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

public final class Physics {
  private Physics() {}

  @PrimitiveSet(operand = double.class, prefix = "Phys")
  public interface Ops {
    @Primitive(accumulator = true)
    interface Add {
      static double eval(double a, double b) { return a + b; }
      static Tangent jvp(PhysEmit e, Tangent da, Tangent db) { return e.add(da, db); }
      static Cotangents transpose(PhysEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
    }
    @Primitive(multilinear = true)
    interface Mul {
      static double eval(double a, double b) { return a * b; }
      static Tangent jvp(PhysEmit e, Primal a, Primal b, Tangent da, Tangent db) {
        return e.add(e.mul(da, b), e.mul(a, db));
      }
      static Cotangents transpose(PhysEmit e, Arg a, Arg b, Tangent ct) {
        return a.isLinear()
            ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
            : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
      }
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
    ScalarAutodiff<PhysOp> ad = ScalarAutodiff.of(PhysOp.class, PhysEvaluator::new);
    ScalarFunction<PhysOp> kinetic = ad.function((b, v) -> b.apply(PhysOp.MUL, v, v));
    near("d/dv v^2 at 3", ad.grad(kinetic).apply(3.0), 6.0);
  }
}
