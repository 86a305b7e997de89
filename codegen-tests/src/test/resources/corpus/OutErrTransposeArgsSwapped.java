// expect: error PrimalBinding
// A transpose whose Args are listed in another order than eval's operands: Args bind by position,
// so the first Arg, named base here, would hold eval's weight; the first misnamed Arg is reported.
package com.example;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Affine {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(AffineEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(AffineEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  /** weight·base, linear in each. */
  @Primitive(multilinear = true)
  interface Weighted {
    static double eval(double weight, double base) { return weight * base; }

    static Tangent jvp(AffineEmit e, Primal weight, Primal base, Tangent dweight, Tangent dbase) {
      return e.add(e.weighted(dweight, base), e.weighted(weight, dbase));
    }

    static Cotangents transpose(
        AffineEmit e,
        Arg base, // <-
        Arg weight,
        Tangent ct) {
      return base.isLinear()
          ? Cotangents.of(Tangent.zero(), e.weighted(weight.primal(), ct))
          : Cotangents.of(e.weighted(ct, base.primal()), Tangent.zero());
    }
  }
}
