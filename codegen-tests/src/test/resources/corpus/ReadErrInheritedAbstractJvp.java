// expect: error RuleNotImplemented
// A base interface declares the JVP rule abstract, meaning each primitive to implement it; the
// primitive does not, so the inherited rule has no body.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Elementwise {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ElementwiseEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ElementwiseEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  interface Unary {
    Tangent jvp(ElementwiseEmit e, Primal x, Tangent dx); // <-
  }

  @Primitive
  interface Exp extends Unary {
    static double eval(double x) { return Math.exp(x); }
  }
}
