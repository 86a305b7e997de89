// expect: error MissingAccumulator
// A set without the add that sums cotangents.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface NoAcc { // <-
  @Primitive
  interface Sin {
    static double eval(double x) { return Math.sin(x); }
    static Tangent jvp(NoAccEmit e, Primal x, Tangent dx) { return dx; }
  }
}
