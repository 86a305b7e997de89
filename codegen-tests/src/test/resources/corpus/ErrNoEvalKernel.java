// expect: error MissingEval
// A primitive with rules but no kernel.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Ne {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(NeEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(NeEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Square { // <-
    static Tangent jvp(NeEmit e, Primal x, Tangent dx) { return e.add(dx, dx); }
  }
}
