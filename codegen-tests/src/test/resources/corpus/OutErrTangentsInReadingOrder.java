// expect: error TangentBinding
// A JVP whose Tangents follow the formula's order, not eval's: dy/dx·dx first. By position the
// first Tangent is the tangent of eval's first input, y; named dx, it is reported.
package com.example;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Plane {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(PlaneEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(PlaneEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(PlaneEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(PlaneEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  /** y·x², with the operands in the order a caller passes them: (y, x). */
  @Primitive
  interface ScaledSquare {
    static double eval(double y, double x) { return y * x * x; }

    static Tangent jvp(
        PlaneEmit e,
        Primal y,
        Primal x,
        Tangent dx, // <-
        Tangent dy) {
      Primal twoXY = e.add(e.mul(x, y), e.mul(x, y));
      return e.add(e.mul(twoXY, dx), e.mul(e.mul(x, x), dy));
    }
  }
}
