// expect: error NameClash
// A nullary primitive named Input with a String attribute: its builder method FliBuilder.input(String)
// would clash with the builder's own input(key).
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Fli {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(FliEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(FliEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Input { // <-
    String name();
    default double eval() { return name().length(); }
  }
}
