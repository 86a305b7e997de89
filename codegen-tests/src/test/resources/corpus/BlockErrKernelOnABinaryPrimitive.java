// expect: error BlockKernelPrimitive
// A block kernel on a binary elementwise primitive: a block kernel maps one operand block.
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
  @Primitive(elementwise = true)
  interface Plus {
    static double eval(double a, double b) { return a + b; }
    static double element(double a, double b) { return a + b; }
    static void block(double[] x, int xOff, double[] y, int yOff, int n) { // <-
      for (int i = 0; i < n; i++) y[yOff + i] = x[xOff + i];
    }
    static Tangent jvp(WavesEmit e, Tangent da, Tangent db) { return e.add(da, db); }
  }
}
