// expect: error PrimalBinding
// The user means y = eˣ, the output, but a Primal binds to eval's input x: before the binding rule
// this compiled and gave d/dx exp(x) at 2 as 2.0. Now the parameter is reported, with the fix.
package com.example;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Growth {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(GrowthEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(GrowthEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Scale {
    double factor();
    default double eval(double x) { return factor() * x; }
    default Tangent jvp(GrowthEmit e, Tangent dx) { return e.scale(factor(), dx); }
    default Cotangents transpose(GrowthEmit e, Tangent ct) { return Cotangents.of(e.scale(factor(), ct)); }
  }

  /** eˣ, whose derivative is itself. */
  @Primitive
  interface Exp {
    static double eval(double x) { return Math.exp(x); }

    static Tangent jvp(
        GrowthEmit e,
        Primal y, // <-
        Tangent dx) {
      return e.mul(y, dx);
    }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(GrowthEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(GrowthEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
}
