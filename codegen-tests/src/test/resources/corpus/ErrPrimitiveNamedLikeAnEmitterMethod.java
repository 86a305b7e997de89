// expect: error NameClash
// A primitive named Fixed, whose emitter method would hide the emitter base class's fixed().
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Nc {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(NcEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(NcEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Fixed { // <-
    static double eval(double x) { return x; }
    static Tangent jvp(NcEmit e, Tangent dx) { return dx; }
  }
}
