// expect: error AttributeType
// An attribute holding a mutable list of axes.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface La {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(LaEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(LaEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Pick {
    java.util.List<Integer> axes(); // <-
    default double eval(double x) { return x; }
    default Tangent jvp(LaEmit e, Tangent dx) { return dx; }
  }
}
