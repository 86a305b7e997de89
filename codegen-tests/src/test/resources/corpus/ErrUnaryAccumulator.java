// expect: error AccumulatorShape
// An accumulator with one operand.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Una {
  @Primitive(accumulator = true)
  interface Twice {
    static double eval(double a) { return a + a; } // <-
    static Tangent jvp(UnaEmit e, Tangent da) { return e.twice(da); }
    static Cotangents transpose(UnaEmit e, Tangent ct) { return Cotangents.of(e.twice(ct)); }
  }
}
