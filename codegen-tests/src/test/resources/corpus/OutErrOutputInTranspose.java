// expect: error TransposeSignature
// A transpose rule asking for the output the way the JVP can: transposes see only their operands.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Lin {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(LinEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(LinEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  /** 2·x. */
  @Primitive(multilinear = true)
  interface Twice {
    static double eval(double x) { return 2 * x; }
    static Tangent jvp(LinEmit e, Output y, Tangent dx) { return e.twice(dx); }
    static Cotangents transpose(LinEmit e, Output y, Tangent ct) { // <-
      return Cotangents.of(e.twice(ct));
    }
  }
}
