// expect: error ElementKernelSignature
// A binary elementwise primitive whose per-element kernel takes one double instead of two.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Hyp {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(HypEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(HypEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(elementwise = true)
  interface Hypot {
    static double eval(double a, double b) { return Math.hypot(a, b); }
    static double element(double a) { return Math.abs(a); } // <-
    static Tangent jvp(HypEmit e, Primal a, Primal b, Tangent da, Tangent db) { return e.add(da, db); }
  }
}
