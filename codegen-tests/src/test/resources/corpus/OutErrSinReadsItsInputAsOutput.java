// expect: error PrimalBinding
// Migrating a set, the user turned every Primal of a JVP into an Output: Sin's x is now the output
// sin x, and cos(x) would be cos(sin x). An Output named like an input is reported.
package com.example;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Waves {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(WavesEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(WavesEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(WavesEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(WavesEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) { return -x; }
    static Tangent jvp(WavesEmit e, Tangent dx) { return e.neg(dx); }
    static Cotangents transpose(WavesEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
  }

  @Primitive
  interface Sin {
    static double eval(double x) { return Math.sin(x); }
    static Tangent jvp(WavesEmit e, Output x, Tangent dx) { return e.mul(e.cos(x), dx); } // <-
  }

  @Primitive
  interface Cos {
    static double eval(double x) { return Math.cos(x); }
    static Tangent jvp(WavesEmit e, Primal x, Tangent dx) { return e.mul(e.neg(e.sin(x)), dx); }
  }

  /** eˣ, read from its output. */
  @Primitive
  interface Exp {
    static double eval(double x) { return Math.exp(x); }
    static Tangent jvp(WavesEmit e, Output y, Tangent dx) { return e.mul(y, dx); }
  }
}
