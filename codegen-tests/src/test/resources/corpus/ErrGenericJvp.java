// expect: error GenericRule
// A JVP rule with a needless type parameter.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Gr {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(GrEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(GrEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Id {
    static double eval(double x) { return x; }
    static <T> Tangent jvp(GrEmit e, Tangent dx) { return dx; } // <-
  }
}
