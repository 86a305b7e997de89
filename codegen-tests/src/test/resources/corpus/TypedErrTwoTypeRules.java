// expect: error DuplicateRule
// Two overloads of Neg's type rule: the fluent method could call only one, so the other would be dead code.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, type = Unit.class)
public interface Td {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Unit type(Unit a, Unit b) { return a; }
    static Tangent jvp(TdEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TdEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Neg {
    static double eval(double x) { return -x; }
    static Unit type(Unit x) { return x; }
    static Unit type(Unit x, int unused) { return x; } // <-
    static Tangent jvp(TdEmit e, Tangent dx) { return e.neg(dx); }
  }
}

record Unit(int m) {}
