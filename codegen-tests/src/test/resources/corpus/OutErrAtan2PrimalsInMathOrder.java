// expect: error PrimalBinding
// atan2 takes (y, x), but the JVP lists its Primals as (x, y), the order of the plane: by position
// the first would be y. The first misnamed Primal is reported, asking for eval's name.
package com.example;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Polar {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(PolarEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(PolarEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(PolarEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(PolarEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) { return -x; }
    static Tangent jvp(PolarEmit e, Tangent dx) { return e.neg(dx); }
    static Cotangents transpose(PolarEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
  }

  @Primitive
  interface InvNormSquared {
    static double eval(double x, double y) { return 1 / (x * x + y * y); }
    static Tangent jvp(PolarEmit e, Tangent dx, Tangent dy) { return Tangent.zero(); }
  }

  /** atan2(y, x): d = (x·dy − y·dx) / (x² + y²). */
  @Primitive
  interface Atan2 {
    static double eval(double y, double x) { return Math.atan2(y, x); }

    static Tangent jvp(PolarEmit e,
        Primal x, // <-
        Primal y,
        Tangent dy,
        Tangent dx) {
      Primal scale = e.invNormSquared(x, y);
      return e.mul(scale, e.add(e.mul(x, dy), e.neg(e.mul(y, dx))));
    }
  }
}
