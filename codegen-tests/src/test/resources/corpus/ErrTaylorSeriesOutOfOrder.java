// expect: error PrimalBinding
// A Taylor rule of a division listing the Series in another order than eval's inputs.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface TaylorSwapped {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TaylorSwappedEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TaylorSwappedEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Div {
    static double eval(double a, double b) { return a / b; }
    static Tangent jvp(TaylorSwappedEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return Tangent.zero();
    }
    static Tangent taylor(TaylorSwappedEmit e, Series b, Series a, int k) { return Tangent.zero(); } // <-
  }
}
