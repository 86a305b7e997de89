// expect: error RuleNotImplemented
// A JVP rule declared without a body, as if it were an attribute.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Ab {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(AbEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(AbEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Id {
    static double eval(double x) { return x; }
    Tangent jvp(AbEmit e, Tangent dx); // <-
  }
}
