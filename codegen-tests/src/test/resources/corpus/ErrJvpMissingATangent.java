// expect: error JvpSignature
// A binary primitive whose JVP rule takes one tangent.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Jt {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(JtEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(JtEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Hypot {
    static double eval(double a, double b) { return Math.hypot(a, b); }
    static Tangent jvp(JtEmit e, Primal a, Primal b, Tangent da) { return da; } // <-
  }
}
