// expect: error ContextParameter
// A rule taking a context of another type than the set declares.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, context = StringBuilder.class)
public interface Ctx {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(CtxEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(CtxEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Id {
    static double eval(double x) { return x; }
    static Tangent jvp(CtxEmit e, Tangent dx, String log) { return dx; } // <-
  }
}
