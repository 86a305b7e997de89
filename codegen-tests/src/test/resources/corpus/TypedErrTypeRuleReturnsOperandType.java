// expect: error TypeRuleSignature
// A type rule returning the operand type (double) rather than the abstract type Unit.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, type = Unit.class)
public interface Tr {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Unit type(Unit a, Unit b) { return a; }
    static Tangent jvp(TrEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TrEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Neg {
    static double eval(double x) { return -x; }
    static double type(Unit x) { return 0; } // <-
    static Tangent jvp(TrEmit e, Tangent dx) { return e.neg(dx); }
  }
}

record Unit(int m) {}
