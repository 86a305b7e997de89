// expect: error ZeroShape
// A zero primitive with two operands: the transforms apply it to one value, the one whose zero
// they need.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface BinZero {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(BinZeroEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(BinZeroEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(zero = true)
  interface ZerosLike {
    static double eval(double a, double b) { return 0.0; } // <-
  }
}
