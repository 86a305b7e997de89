// expect: error GenericPrimitive
// A primitive made generic in the hope of reuse across operand types.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Gen {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(GenEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(GenEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Id<T> { // <-
    static double eval(double x) { return x; }
    static Tangent jvp(GenEmit e, Tangent dx) { return dx; }
  }
}
