// expect: error PrimalBinding
// The rule of a set written before Output existed: the outputs after the inputs, as Primals. The
// first Primal past eval's inputs is reported, with the declaration to write instead.
package com.example;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Activations {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ActivationsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ActivationsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) { return -x; }
    static Tangent jvp(ActivationsEmit e, Tangent dx) { return e.neg(dx); }
    static Cotangents transpose(ActivationsEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(ActivationsEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(ActivationsEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  /** tanh x; d tanh = (1 − y²)·dx = dx − y·y·dx. */
  @Primitive
  interface Tanh {
    static double eval(double x) { return Math.tanh(x); }
    static Tangent jvp(ActivationsEmit e, Primal x, Primal y, Tangent dx) { // <-
      return e.add(dx, e.neg(e.mul(e.mul(y, y), dx)));
    }
  }
}
