// expect: error NotAPrimitive
// Tanh has its kernel and JVP rule but the @Primitive annotation was forgotten, so no TANH
// operation would be generated.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Neural {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(NeuralEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(NeuralEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(NeuralEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(NeuralEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  interface Tanh { // <-
    static double eval(double x) { return Math.tanh(x); }
    static Tangent jvp(NeuralEmit e, Primal x, Primal y, Tangent dx) {
      return e.mul(e.mul(y, y), dx);
    }
  }
}
