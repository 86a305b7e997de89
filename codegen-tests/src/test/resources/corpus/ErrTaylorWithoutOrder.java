// expect: error TaylorSignature
// A Taylor rule without the int order k of the coefficient it returns.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface TaylorNoOrder {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TaylorNoOrderEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TaylorNoOrderEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Exp {
    static double eval(double x) { return Math.exp(x); }
    static Tangent jvp(TaylorNoOrderEmit e, Output y, Tangent dx) { return e.mul(y, dx); }
    static Tangent taylor(TaylorNoOrderEmit e, Series x, Series y) { return Tangent.zero(); } // <-
  }
}
