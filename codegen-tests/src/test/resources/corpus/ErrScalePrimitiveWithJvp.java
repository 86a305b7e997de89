// expect: error ScaleRule
// A scale primitive with a JVP rule of its own: the generated code gives it its rules, scaling by
// the same factor.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface RuledScale {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(RuledScaleEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(RuledScaleEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(scale = true)
  interface Scale {
    double factor();
    default double eval(double x) { return factor() * x; }
    default Tangent jvp(RuledScaleEmit e, Tangent dx) { return e.scale(factor(), dx); } // <-
  }
}
