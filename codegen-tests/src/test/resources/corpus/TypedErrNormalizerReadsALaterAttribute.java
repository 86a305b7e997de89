// expect: error DerivedAttributeSignature
// A normalizing method reads an attribute declared after the one it normalizes: that one is not
// normalized yet when this one runs, so the method must take only attributes declared before it.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, type = Un.class)
public interface Td {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Un type(Un a, Un b) { return a; }
    static Tangent jvp(TdEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TdEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Turn {
    double phase();
    double period();
    static double phase(Un x, double period, double phase) { return phase % period; } // <-
    static Un type(Un x) { return x; }
    default double eval(double x) { return x * Math.cos(2 * Math.PI * phase() / period()); }
    default Tangent jvp(TdEmit e, Tangent dx) { return e.turn(phase(), period(), dx); }
    default Cotangents transpose(TdEmit e, Tangent ct) {
      return Cotangents.of(e.turn(phase(), period(), ct));
    }
  }
}

record Un(int m) {}
