// expect: error ZeroShape
// One primitive marked both the zero and the accumulator.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface BothFlags {
  @Primitive(accumulator = true, zero = true) // <-
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(BothFlagsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(BothFlagsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}
