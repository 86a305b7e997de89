// expect: error MissingJvp
// One primitive forgot its JVP rule; the others name the emitter and must not add errors.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Trig {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TrigEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TrigEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  interface Tan { // <-
    static double eval(double x) { return Math.tan(x); }
  }

  @Primitive
  interface Sin {
    static double eval(double x) { return Math.sin(x); }
    static Tangent jvp(TrigEmit e, Primal x, Tangent dx) { return e.add(dx, dx); }
  }
}

//--- next file
package com.example;

final class UsesTrig {
  static final TrigOp OP = TrigOp.SIN;
  TrigEvaluator evaluator;
  TrigKernels kernels;
}
