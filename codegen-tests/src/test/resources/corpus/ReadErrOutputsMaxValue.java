// expect: error ArityLimit
// "As many outputs as the kernel returns", written as Integer.MAX_VALUE.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Series {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(SeriesEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(SeriesEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(outputs = Integer.MAX_VALUE) // <-
  interface Taylor {
    static double[] eval(double x) { return new double[] {x}; }
  }
}
