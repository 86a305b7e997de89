// expect: ok
// Attributes of record and enum types: equal values give one canonical operation.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Clip {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ClipEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ClipEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(ClipEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(ClipEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
  enum Mode { SATURATE, WRAP }

  record Range(double low, double high) {}

  @Primitive
  interface Limit {
    Range range();
    Mode mode();

    default double eval(double x) {
      double width = range().high() - range().low();
      return mode() == Mode.SATURATE
          ? Math.max(range().low(), Math.min(range().high(), x))
          : range().low() + Math.floorMod((long) Math.floor((x - range().low()) * 1e9), (long) (width * 1e9)) / 1e9;
    }

    default Tangent jvp(ClipEmit e, Tangent dx) { return dx; }
  }
}

final class Check {
  static void near(String what, double actual, double expected) {
    if (Math.abs(actual - expected) > 1e-12 * Math.max(1, Math.abs(expected))) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }

  static void run() {
    ClipOp a = ClipOp.limit(new Clip.Range(0, 1), Clip.Mode.SATURATE);
    ClipOp b = ClipOp.limit(new Clip.Range(0, 1), Clip.Mode.SATURATE);
    ClipOp c = ClipOp.limit(new Clip.Range(0, 1), Clip.Mode.WRAP);
    if (a != b || a.equals(c) || a.hashCode() != b.hashCode()) {
      throw new AssertionError("attributes do not decide identity: " + a + " " + b + " " + c);
    }
    ScalarAutodiff<ClipOp> ad = ScalarAutodiff.of(ClipOp.class, ClipEvaluator::new);
    ScalarFunction<ClipOp> f = ad.function((bl, x) -> bl.apply(a, bl.apply(ClipOp.MUL, x, x)));
    near("limit(x^2) at 2", f.apply(2.0), 1.0);
    near("d/dx at 0.5", ad.grad(f).apply(0.5), 1.0);
  }
}
