// expect: error CompositeSignature
// A composite with the name and parameters of a primitive's fluent method: TcValue would declare
// neg() twice.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Tc {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TcEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TcEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Neg {
    static double eval(double x) { return -x; }
    static Tangent jvp(TcEmit e, Tangent dx) { return e.neg(dx); }
  }

  static TcValue neg(TcValue x) { // <-
    return x.add(x);
  }
}
