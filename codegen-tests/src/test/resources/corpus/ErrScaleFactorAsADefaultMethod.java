// expect: error ScaleShape
// The scale's factor written as a default method returning a constant: that is a helper the kernel
// calls, not an attribute, so the scale has no factor to be given; the error is at the method.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface FixedScale {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(FixedScaleEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(FixedScaleEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(scale = true)
  interface Scale {
    default double factor() { return 1.0; } // <-
    default double eval(double x) { return factor() * x; }
  }
}
