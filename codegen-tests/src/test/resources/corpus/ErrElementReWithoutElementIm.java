// expect: error MissingElementKernel
// The real part of a complex per-element kernel declared without the imaginary part.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface HalfPair {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(HalfPairEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(HalfPairEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(elementwise = true)
  interface Twice {
    static double eval(double x) { return 2 * x; }
    static double element(double x) { return 2 * x; }
    static double elementRe(double re, double im) { return 2 * re; } // <-
    static Tangent jvp(HalfPairEmit e, Tangent dx) { return e.add(dx, dx); }
  }
}
