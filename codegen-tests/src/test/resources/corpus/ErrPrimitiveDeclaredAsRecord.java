// expect: error PrimitiveNotInterface
// A primitive with attributes written as a record.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Rec {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(RecEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(RecEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  record Scale(double factor) { // <-
    double eval(double x) { return factor * x; }
  }
}
