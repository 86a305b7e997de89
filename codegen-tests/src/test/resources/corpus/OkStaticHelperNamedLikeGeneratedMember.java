// expect: ok
// A static helper named like a method of the generated operation class: static interface methods
// are not inherited, so nothing clashes.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Statics {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(StaticsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(StaticsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  interface Twice {
    static double eval(double x) { return boxed(x); }

    static Tangent jvp(StaticsEmit e, Tangent dx) { return e.add(dx, dx); }

    static double boxed(double x) { return x + x; }
  }
}

final class Check {
  static void run() {
    ScalarAutodiff<StaticsOp> ad = ScalarAutodiff.of(StaticsOp.class, StaticsEvaluator::new);
    ScalarFunction<StaticsOp> f = ad.function((b, x) -> b.apply(StaticsOp.TWICE, x));
    if (f.apply(1.25) != 2.5 || ad.grad(f).apply(1.25) != 2.0) {
      throw new AssertionError("twice: " + f.apply(1.25) + ", slope " + ad.grad(f).apply(1.25));
    }
  }
}
