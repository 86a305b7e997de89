// expect: error AbstractType
// An abstract type that is a primitive type: fluent values carry their type as an object.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, type = int.class) // <-
public interface Ta {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static int type(int a, int b) { return a; }
    static Tangent jvp(TaEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TaEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}
