// expect: error DuplicateRule
// Two eval overloads, one per operand type the user had in mind.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Ov {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(OvEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(OvEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Abs {
    static double eval(double x) { return Math.abs(x); }
    static double eval(float x) { return Math.abs(x); } // <-
    static Tangent jvp(OvEmit e, Tangent dx) { return dx; }
  }
}
