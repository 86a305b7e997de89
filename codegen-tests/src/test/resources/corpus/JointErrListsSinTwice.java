// expect: error JointKernelPrimitive
// A joint kernel listing the same primitive twice (meant Sin and Cos).
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Wave {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(WaveEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(WaveEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(WaveEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(WaveEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) { return -x; }
    static Tangent jvp(WaveEmit e, Tangent dx) { return e.neg(dx); }
    static Cotangents transpose(WaveEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
  }
  @Primitive
  interface Sin {
    static double eval(double x) { return Math.sin(x); }
    static Tangent jvp(WaveEmit e, Primal x, Tangent dx) { return e.mul(e.cos(x), dx); }
  }
  @Primitive
  interface Cos {
    static double eval(double x) { return Math.cos(x); }
    static Tangent jvp(WaveEmit e, Primal x, Tangent dx) { return e.mul(e.neg(e.sin(x)), dx); }
  }

  @JointKernel({Sin.class, Sin.class}) // <-
  static void sinCos(double x, double[] out, int at) {
    out[at] = Math.sin(x);
    out[at + 1] = Math.cos(x);
  }
}
