// expect: error CheckedException
// A kernel that reads a table and declares IOException.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Io {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(IoEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(IoEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Lookup {
    static double eval(double x) throws java.io.IOException { return x; } // <-
    static Tangent jvp(IoEmit e, Tangent dx) { return dx; }
  }
}
