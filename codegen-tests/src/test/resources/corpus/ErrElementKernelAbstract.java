// expect: error ElementKernelSignature
// A per-element kernel declared without a body: generated code has nothing to call.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface NoBody {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(NoBodyEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(NoBodyEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(elementwise = true)
  interface Twice {
    static double eval(double x) { return 2 * x; }
    double element(double x); // <-
    static Tangent jvp(NoBodyEmit e, Tangent dx) { return e.add(dx, dx); }
  }
}
