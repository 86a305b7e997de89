// expect: error MissingElementKernel
// Marked elementwise, but no per-element kernel declared: nothing for a fused loop to call.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface NoKernel {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(NoKernelEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(NoKernelEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(elementwise = true) // <-
  interface Square {
    static double eval(double x) { return x * x; }
    static Tangent jvp(NoKernelEmit e, Primal x, Tangent dx) { return e.add(dx, dx); }
  }
}
