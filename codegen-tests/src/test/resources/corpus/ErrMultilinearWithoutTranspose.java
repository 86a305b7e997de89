// expect: error MissingTranspose
// A multilinear primitive whose transpose rule was forgotten.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Mt {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(MtEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(MtEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Neg { // <-
    static double eval(double x) { return -x; }
    static Tangent jvp(MtEmit e, Tangent dx) { return e.neg(dx); }
  }
}
