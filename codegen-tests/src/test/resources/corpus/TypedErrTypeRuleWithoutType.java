// expect: error TypeRuleWithoutType
// A type rule in a set that declares no abstract type (@PrimitiveSet(type) left out): nothing would call it.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Tw {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TwEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TwEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Neg {
    static double eval(double x) { return -x; }
    static Unit type(Unit x) { return x; } // <-
    static Tangent jvp(TwEmit e, Tangent dx) { return e.neg(dx); }
  }
}

record Unit(int m) {}
