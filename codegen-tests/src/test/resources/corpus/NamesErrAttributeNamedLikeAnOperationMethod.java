// expect: error NameClash
// A user names an attribute operandType, the method every generated operation has to say what its
// kernels take; the attribute's accessor would clash with it.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Casts {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(CastsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(CastsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  interface Shift {
    double operandType(); // <-

    default double eval(double x) { return x + operandType(); }
    static Tangent jvp(CastsEmit e, Tangent dx) { return dx; }
  }
}
