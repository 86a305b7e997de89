// expect: error ZeroRule
// A zero primitive with a JVP rule of its own: its derivative is a zero that the generated code
// supplies, so a rule would be dead code or, worse, a wrong derivative.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface RuledZero {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(RuledZeroEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(RuledZeroEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(zero = true)
  interface ZerosLike {
    static double eval(double x) { return 0.0; }
    static Tangent jvp(RuledZeroEmit e, Tangent dx) { return Tangent.zero(); } // <-
  }
}
