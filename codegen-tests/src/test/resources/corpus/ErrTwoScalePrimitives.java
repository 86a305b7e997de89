// expect: error DuplicateScale
// Two primitives both marked as the scale primitive: Taylor mode asks the set for one.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface TwoScales {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TwoScalesEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TwoScalesEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(scale = true)
  interface Scale {
    double factor();
    default double eval(double x) { return factor() * x; }
  }
  @Primitive(scale = true) // <-
  interface Times {
    double by();
    default double eval(double x) { return by() * x; }
  }
}
