// expect: error TransposeSignature
// A transpose rule returning a Tangent instead of Cotangents.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Tt {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TtEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TtEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) { return -x; }
    static Tangent jvp(TtEmit e, Tangent dx) { return e.neg(dx); }
    static Tangent transpose(TtEmit e, Tangent ct) { return e.neg(ct); } // <-
  }
}
