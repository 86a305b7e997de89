// expect: ok
// A user set whose reciprocal declares a Taylor rule, the recurrence of y·x = 1; the check takes
// the Taylor coefficients of 1/x, (−1)^k / x^(k+1), to order 6 through it.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Series;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Inv {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(InvEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(InvEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(InvEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(InvEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive(scale = true)
  interface Scale {
    double factor();
    default double eval(double x) { return factor() * x; }
  }

  @Primitive
  interface Recip {
    static double eval(double x) { return 1 / x; }
    static Tangent jvp(InvEmit e, Output y, Tangent dx) {
      return e.scale(-1, e.mul(e.mul(y, y), dx));
    }
    static Tangent taylor(InvEmit e, Series x, Series y, int k) {
      Tangent sum = e.mul(y.primal(), x.get(k));
      for (int j = 1; j < k; j++) {
        if (!y.isZero(j)) {
          sum = e.add(sum, e.mul(y.factor(j), x.get(k - j)));
        }
      }
      return e.scale(-1, e.mul(sum, y.primal()));
    }
  }
}

final class Check {
  static void run() {
    if (!InvOp.RECIP.hasTaylorRule() || InvOp.MUL.hasTaylorRule()) {
      throw new AssertionError("only RECIP declares a Taylor rule");
    }
    ScalarAutodiff<InvOp> ad = ScalarAutodiff.of(InvOp.class, InvEvaluator::new);
    ScalarFunction<InvOp> f = ad.function((b, x) -> b.apply(InvOp.RECIP, x));
    double x = 0.8;
    double[] c = ad.taylor(f, 6).applyAll(x, 1.0);
    for (int k = 0; k <= 6; k++) {
      double expected = (k % 2 == 0 ? 1 : -1) / Math.pow(x, k + 1);
      if (Math.abs(c[k] - expected) > 1e-13 * Math.abs(expected)) {
        throw new AssertionError("y_" + k + " = " + c[k] + ", expected " + expected);
      }
    }
  }
}
