// expect: error MissingTypeRule
// A set with an abstract type whose Neg declares no type rule: its fluent method could not type its output.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, type = Unit.class)
public interface Tm {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Unit type(Unit a, Unit b) { return a; }
    static Tangent jvp(TmEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TmEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Neg { // <-
    static double eval(double x) { return -x; }
    static Tangent jvp(TmEmit e, Tangent dx) { return e.neg(dx); }
  }
}

record Unit(int m) {}
