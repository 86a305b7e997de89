// expect: error JvpSignature
// A two-output primitive whose JVP reads only the output it needs: Outputs bind by slot, so a rule
// takes none or all of them (here the first Output would be the minimum, not the maximum).
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.ad.rules.Tangents;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Order {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(OrderEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(OrderEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  /** (min, max) of two values; each output's tangent is the tangent of the input it picks. */
  @Primitive(outputs = 2)
  interface MinMax {
    static double[] eval(double a, double b) { return new double[] {Math.min(a, b), Math.max(a, b)}; }
    static Tangents jvp(OrderEmit e, Output max, Tangent da, Tangent db) { // <-
      return Tangents.of(da, db);
    }
  }
}
