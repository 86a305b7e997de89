// expect: error BlockKernelPrimitive
// A block kernel on a primitive not marked elementwise: no fused loop would call it.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Waves {
  @Primitive(accumulator = true, elementwise = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static double element(double a, double b) { return a + b; }
    static Tangent jvp(WavesEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(WavesEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Half {
    static double eval(double x) { return 0.5 * x; }
    static void block(double[] x, int xOff, double[] y, int yOff, int n) { // <-
      for (int i = 0; i < n; i++) y[yOff + i] = 0.5 * x[xOff + i];
    }
    static Tangent jvp(WavesEmit e, Tangent dx) { return e.half(dx); }
    static Cotangents transpose(WavesEmit e, Tangent ct) { return Cotangents.of(e.half(ct)); }
  }
}
