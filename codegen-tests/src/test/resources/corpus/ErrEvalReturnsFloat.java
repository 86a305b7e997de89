// expect: error EvalSignature
// A kernel returning float in a set of doubles.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Ef {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(EfEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(EfEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Half {
    static float eval(double x) { return (float) (x / 2); } // <-
    static Tangent jvp(EfEmit e, Tangent dx) { return dx; }
  }
}
