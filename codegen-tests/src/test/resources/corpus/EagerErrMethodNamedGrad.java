// expect: error NameClash
// A primitive with an input named Grad: its eager method EagerEgr.grad() would clash with the
// gradient accessor every eager value has.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Egr {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(EgrEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(EgrEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Grad { // <-
    static double eval(double x) { return x; }
    static Tangent jvp(EgrEmit e, Tangent dx) { return dx; }
  }
}
