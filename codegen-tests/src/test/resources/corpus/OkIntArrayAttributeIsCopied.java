// expect: ok
// An int[] attribute: the operation copies it, so changing the caller's array later changes nothing.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Poly {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(PolyEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(PolyEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(PolyEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(PolyEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
  /** x^k for k = powers()[0]. */
  @Primitive
  interface Power {
    int[] powers();

    default double eval(double x) { return Math.pow(x, powers()[0]); }

    default Tangent jvp(PolyEmit e, Primal x, Tangent dx) {
      int k = powers()[0];
      Primal slope = e.power(new int[] {k - 1}, x);
      for (int i = 1; i < k; i++) {
        slope = e.add(slope, e.power(new int[] {k - 1}, x));
      }
      return e.mul(slope, dx);
    }
  }
}

final class Check {
  static void near(String what, double actual, double expected) {
    if (Math.abs(actual - expected) > 1e-12 * Math.max(1, Math.abs(expected))) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }

  static void run() {
    int[] three = {3};
    PolyOp cube = PolyOp.power(three);
    three[0] = 5;
    if (cube != PolyOp.power(new int[] {3}) || cube.equals(PolyOp.power(three))) {
      throw new AssertionError("the attribute array was not copied: " + cube);
    }
    ScalarAutodiff<PolyOp> ad = ScalarAutodiff.of(PolyOp.class, PolyEvaluator::new);
    ScalarFunction<PolyOp> f = ad.function((b, x) -> b.apply(cube, x));
    near("d/dx x^3 at 2", ad.grad(f).apply(2.0), 12.0);
    near("d2/dx2 x^3 at 2", ad.grad(ad.grad(f)).apply(2.0), 12.0);
  }
}
