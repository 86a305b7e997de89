// expect: error ElementKernelSignature
// A per-element kernel over float: fused loops pass unboxed doubles.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Floats {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(FloatsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(FloatsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(elementwise = true)
  interface Half {
    static double eval(double x) { return 0.5 * x; }
    static double element(float x) { return 0.5 * x; } // <-
    static Tangent jvp(FloatsEmit e, Tangent dx) { return e.add(dx, dx); }
  }
}
