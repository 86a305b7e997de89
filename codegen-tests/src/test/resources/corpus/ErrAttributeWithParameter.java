// expect: error AttributeSignature
// An abstract method with a parameter, meant as a helper.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface As {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(AsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(AsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Shift {
    double by(double x); // <-
    default double eval(double x) { return x + 1; }
    default Tangent jvp(AsEmit e, Tangent dx) { return dx; }
  }
}
