// expect: error TaylorSignature
// A Taylor rule that takes the input as a Primal, the way its JVP rule does, instead of its Series.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface TaylorPrimal {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TaylorPrimalEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TaylorPrimalEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Exp {
    static double eval(double x) { return Math.exp(x); }
    static Tangent jvp(TaylorPrimalEmit e, Output y, Tangent dx) { return e.mul(y, dx); }
    static Tangent taylor(TaylorPrimalEmit e, Primal x, Series y, int k) { // <-
      return Tangent.zero();
    }
  }
}
