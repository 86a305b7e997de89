// expect: error InheritedRule
// The shared JVP rule is a static method of the base interface; static interface methods are
// not inherited, so Relu has no JVP rule at all.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Piecewise {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(PiecewiseEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(PiecewiseEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  interface ZeroAlmostEverywhere {
    static Tangent jvp(PiecewiseEmit e, Tangent dx) { return Tangent.zero(); }
  }

  @Primitive
  interface Step extends ZeroAlmostEverywhere { // <-
    static double eval(double x) { return x < 0 ? 0 : 1; }
  }
}
