// expect: error CompositeSignature
// A composite type(TtValue x) in a set with an abstract type: every TtValue already has type().
package com.example;

import com.example.Tt.Unit;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, type = Tt.Unit.class)
public interface Tt {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Unit type(Unit a, Unit b) { return a; }
    static Tangent jvp(TtEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TtEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  static Unit type(TtValue x) { // <-
    return new Unit(0);
  }

  record Unit(int m) {}
}
