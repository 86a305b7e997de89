// expect: error TaylorSignature
// A Taylor rule returning a Primal, the coefficient as a fixed value, where the zero must be possible.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface TaylorPrimalResult {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TaylorPrimalResultEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TaylorPrimalResultEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Exp {
    static double eval(double x) { return Math.exp(x); }
    static Tangent jvp(TaylorPrimalResultEmit e, Output y, Tangent dx) { return e.mul(y, dx); }
    static Primal taylor(TaylorPrimalResultEmit e, Series x, Series y, int k) { return y.primal(); } // <-
  }
}
