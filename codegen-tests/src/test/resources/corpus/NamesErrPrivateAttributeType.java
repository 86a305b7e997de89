// expect: error InaccessibleType
// A padding primitive whose mode enum is private to the class holding the set.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

public final class Signals {
  private enum Mode { ZERO, REFLECT }

  @PrimitiveSet(operand = double.class)
  interface Pads {
    @Primitive(accumulator = true)
    interface Add {
      static double eval(double a, double b) { return a + b; }
      static Tangent jvp(PadsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
      static Cotangents transpose(PadsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
    }

    @Primitive
    interface Pad {
      Mode mode(); // <-
      default double eval(double x) { return mode() == Mode.ZERO ? 0 : x; }
      static Tangent jvp(PadsEmit e, Tangent dx) { return dx; }
    }
  }
}

//--- next file
package com.example;

final class UsesPads {
  PadsEvaluator evaluator;
  PadsOp add = PadsOp.ADD;
}
