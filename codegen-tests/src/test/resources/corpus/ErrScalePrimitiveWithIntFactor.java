// expect: error ScaleShape
// A scale primitive whose factor is an int: Taylor mode scales by real constants such as 1/3.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface IntScale {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(IntScaleEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(IntScaleEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(scale = true)
  interface Scale {
    int factor(); // <-
    default double eval(double x) { return factor() * x; }
  }
}
