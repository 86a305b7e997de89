// expect: error MisspeltRule
// The JVP rule is there, under a capitalised name: the processor takes it for a helper, so the
// primitive has no JVP rule; the slip is named at its line.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Shapes {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ShapesEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ShapesEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  interface Square {
    static double eval(double x) { return x * x; }
    static Tangent Jvp(ShapesEmit e, Primal x, Tangent dx) { return e.add(dx, dx); } // <-
  }
}
