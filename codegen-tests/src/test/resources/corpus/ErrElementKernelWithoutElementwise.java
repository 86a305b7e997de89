// expect: error NotElementwise
// A per-element kernel on a primitive that forgot elementwise = true: no backend would call it.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Forgot {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ForgotEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ForgotEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Twice {
    static double eval(double x) { return 2 * x; }
    static double element(double x) { return 2 * x; } // <-
    static Tangent jvp(ForgotEmit e, Tangent dx) { return e.add(dx, dx); }
  }
}
