// expect: ok
// The scale primitive declares eval only; the generated code gives it its rules, and its emitter
// method accepts tangents, as a multilinear primitive's does.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Scaled {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ScaledEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ScaledEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(scale = true)
  interface Scale {
    double factor();
    default double eval(double x) { return factor() * x; }
  }
  @Primitive
  interface Twice {
    static double eval(double x) { return 2 * x; }
    static Tangent jvp(ScaledEmit e, Tangent dx) { return e.scale(2, dx); }
  }
}
