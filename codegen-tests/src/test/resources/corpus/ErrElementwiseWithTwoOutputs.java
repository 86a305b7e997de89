// expect: error ElementwiseShape
// A two-output primitive marked elementwise: a per-element kernel gives one value.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface TwoOut {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TwoOutEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TwoOutEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(elementwise = true, outputs = 2) // <-
  interface SinCos {
    static double[] eval(double x) { return new double[] {Math.sin(x), Math.cos(x)}; }
    static double element(double x) { return Math.sin(x); }
    static Tangents jvp(TwoOutEmit e, Tangent dx) { return Tangents.of(dx, dx); }
  }
}
