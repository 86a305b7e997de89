// expect: error OutputCount
// A primitive declared with no outputs.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Zo {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ZoEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ZoEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(outputs = 0) // <-
  interface Sink {
    static double eval(double x) { return x; }
    static Tangent jvp(ZoEmit e, Tangent dx) { return dx; }
  }
}
