// expect: ok
// A String attribute naming a probe; equal names give one operation.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Probe {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ProbeEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ProbeEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Tag {
    String label();
    default double eval(double x) { return x; }
    default Tangent jvp(ProbeEmit e, Tangent dx) { return dx; }
  }
}

final class Check {
  static void near(String what, double actual, double expected) {
    if (Math.abs(actual - expected) > 1e-12 * Math.max(1, Math.abs(expected))) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }

  static void run() {
    ProbeOp a = ProbeOp.tag("loss");
    ProbeOp b = ProbeOp.tag(new String(new char[] {'l', 'o', 's', 's'}));
    if (a != b || a.equals(ProbeOp.tag("lr"))) {
      throw new AssertionError("tags with equal labels differ: " + a + " " + b);
    }
    ScalarAutodiff<ProbeOp> ad = ScalarAutodiff.of(ProbeOp.class, ProbeEvaluator::new);
    ScalarFunction<ProbeOp> f = ad.function((bl, x) -> bl.apply(a, bl.apply(ProbeOp.ADD, x, x)));
    near("d/dx tag(x + x)", ad.grad(f).apply(1.0), 2.0);
  }
}
