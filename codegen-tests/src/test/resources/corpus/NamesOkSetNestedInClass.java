// expect: ok
// A set declared inside the class that uses it, with a record attribute nested beside it; generated
// code names the set, its primitives and the record through the enclosing class.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

public final class Optics {
  /** A lens, by focal length and name. */
  record Lens(double focal, String name) {}

  @PrimitiveSet(operand = double.class)
  interface Rays {
    @Primitive(accumulator = true)
    interface Add {
      static double eval(double a, double b) { return a + b; }
      static Tangent jvp(RaysEmit e, Tangent da, Tangent db) { return e.add(da, db); }
      static Cotangents transpose(RaysEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
    }

    /** Refraction through a thin lens: the outgoing angle for an incoming height. */
    @Primitive
    interface Refract {
      Lens lens();
      default double eval(double h) { return Math.atan(h / lens().focal()); }
      default Tangent jvp(RaysEmit e, Primal h, Tangent dh) {
        return e.scale(e.slope(lens(), h), dh);
      }
    }

    @Primitive
    interface Slope {
      Lens lens();
      default double eval(double h) {
        double f = lens().focal();
        return f / (f * f + h * h);
      }
      static Tangent jvp(RaysEmit e, Tangent dh) { return Tangent.zero(); }
    }

    @Primitive(multilinear = true)
    interface Scale {
      static double eval(double a, double b) { return a * b; }
      static Tangent jvp(RaysEmit e, Primal a, Primal b, Tangent da, Tangent db) {
        return e.add(e.scale(da, b), e.scale(a, db));
      }
      static Cotangents transpose(RaysEmit e, io.github.tidu4j.ad.rules.Arg a,
          io.github.tidu4j.ad.rules.Arg b, Tangent ct) {
        return a.isLinear()
            ? Cotangents.of(e.scale(ct, b.primal()), Tangent.zero())
            : Cotangents.of(Tangent.zero(), e.scale(a.primal(), ct));
      }
    }
  }
}

final class Check {
  static void run() {
    RaysOp r = RaysOp.refract(new Optics.Lens(2.0, "objective"));
    if (r != RaysOp.refract(new Optics.Lens(2.0, "objective"))) {
      throw new AssertionError("refractions through equal lenses are one operation");
    }
    ScalarAutodiff<RaysOp> ad = ScalarAutodiff.of(RaysOp.class, RaysEvaluator::new);
    ScalarFunction<RaysOp> f = ad.function((b, x) -> b.apply(r, x));
    double d = ad.grad(f).apply(1.0);
    if (Math.abs(d - 2.0 / 5.0) > 1e-15) {
      throw new AssertionError("atan(h/2)' at 1 = 2/5, got " + d);
    }
  }
}
