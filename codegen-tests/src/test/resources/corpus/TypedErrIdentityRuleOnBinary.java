// expect: error IdentityRuleSignature
// An identity rule on a primitive with two operands: the fluent method could not tell which one
// the operation would return.
package com.example;

import com.example.Ti.Unit;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, type = Ti.Unit.class)
public interface Ti {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Unit type(Unit a, Unit b) { return a; }
    static boolean isIdentity(Unit a, Unit b) { return false; } // <-
    static Tangent jvp(TiEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TiEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  record Unit(int m) {}
}
