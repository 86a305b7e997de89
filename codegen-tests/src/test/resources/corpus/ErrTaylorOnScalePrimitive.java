// expect: error ScaleRule
// A scale primitive with a Taylor rule of its own: the generated code expands it coefficient-wise.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface TaylorScale {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TaylorScaleEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TaylorScaleEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(scale = true)
  interface Scale {
    double factor();
    default double eval(double x) { return factor() * x; }
    default Tangent taylor(TaylorScaleEmit e, Series x, int k) { return e.scale(factor(), x.get(k)); } // <-
  }
}
