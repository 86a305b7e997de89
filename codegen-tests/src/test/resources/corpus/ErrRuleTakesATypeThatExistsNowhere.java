// expect: error UnresolvedType
// A JVP rule taking a parameter of a type nobody declared (a leftover of a refactoring): whatever
// it would be, a rule cannot take it, so the set is reported at once and nothing else is shown.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Leftover {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(LeftoverEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(LeftoverEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  interface Relu {
    static double eval(double x) { return Math.max(0, x); }
    static Tangent jvp(LeftoverEmit e, Primal x, Tangent dx, StepContext step) { return dx; } // <-
  }
}

//--- next file
package com.example;

final class LeftoverUser {
  LeftoverEvaluator evaluator;
  static LeftoverOp relu() { return LeftoverOp.RELU; }
}
