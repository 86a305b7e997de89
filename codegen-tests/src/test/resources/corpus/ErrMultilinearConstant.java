// expect: error MultilinearConstant
// A primitive without operands (a constant) marked multilinear: linear in nothing, so the flag is
// the error, not the transpose rule it lacks.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Mc {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(McEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(McEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true) // <-
  interface Pi {
    static double eval() { return Math.PI; }
  }
}
