// expect: error GenericSet
// A set made generic in its operand type, hoping to share primitives between float and double.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Field<T extends Number> { // <-
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(FieldEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(FieldEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}
