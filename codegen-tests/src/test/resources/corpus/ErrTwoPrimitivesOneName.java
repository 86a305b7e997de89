// expect: error DuplicateName
// Two primitives given the same explicit name.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Dn {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(DnEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(DnEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(name = "Sin")
  interface Sine {
    static double eval(double x) { return Math.sin(x); }
    static Tangent jvp(DnEmit e, Tangent dx) { return dx; }
  }
  @Primitive(name = "Sin") // <-
  interface FastSine {
    static double eval(double x) { return Math.sin(x); }
    static Tangent jvp(DnEmit e, Tangent dx) { return dx; }
  }
}
