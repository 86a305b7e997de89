// expect: error JvpSignature
// The output is declared where the user reads it in the formula, after the tangent; the order is
// the Primals, the Outputs, then the Tangents.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Decay {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(DecayEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(DecayEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  /** e^−x; d = −y·dx. */
  @Primitive
  interface ExpNeg {
    static double eval(double x) { return Math.exp(-x); }
    static Tangent jvp(DecayEmit e, Tangent dx,
        Output y) { // <-
      return e.add(dx, dx);
    }
  }
}
