// expect: error DuplicateZero
// Two primitives both marked as the zero primitive.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface TwoZeros {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TwoZerosEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TwoZerosEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(zero = true)
  interface ZerosLike {
    static double eval(double x) { return 0.0; }
  }
  @Primitive(zero = true) // <-
  interface Zero {
    static double eval(double x) { return 0.0; }
  }
}
