// expect: error ContextType
// A step counter passed as a primitive context type.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, context = long.class) // <-
public interface Steps {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(StepsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(StepsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}
