// expect: error DuplicateAccumulator
// Two primitives both marked as the accumulator.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Two {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TwoEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TwoEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(accumulator = true) // <-
  interface Plus {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TwoEmit e, Tangent da, Tangent db) { return e.plus(da, db); }
    static Cotangents transpose(TwoEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}
