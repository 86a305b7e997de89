// expect: ok
// A power with the exponent as an attribute: its default JVP reads the attribute, the input and
// the output (d xᵖ = p·y/x·dx). The check compares the derivative with p·x^(p−1) for two exponents,
// and that equal exponents intern to one operation.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Powers {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(PowersEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(PowersEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(PowersEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(PowersEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive(multilinear = true)
  interface Scale {
    double factor();
    default double eval(double x) { return factor() * x; }
    default Tangent jvp(PowersEmit e, Tangent dx) { return e.scale(factor(), dx); }
    default Cotangents transpose(PowersEmit e, Tangent ct) { return Cotangents.of(e.scale(factor(), ct)); }
  }

  @Primitive
  interface Recip {
    static double eval(double x) { return 1 / x; }
    static Tangent jvp(PowersEmit e, Output r, Tangent dx) {
      return e.mul(e.scale(-1, e.mul(r, r)), dx); // d(1/x) = −r²·dx
    }
  }

  @Primitive
  interface Div {
    static double eval(double a, double b) { return a / b; }
    static Tangent jvp(PowersEmit e, Primal a, Primal b, Output q, Tangent da, Tangent db) {
      Primal inverse = e.recip(b);
      return e.add(e.mul(inverse, da), e.mul(e.scale(-1, e.mul(q, inverse)), db));
    }
  }

  /** xᵖ for x > 0. */
  @Primitive
  interface Pow {
    double p();

    default double eval(double x) { return Math.pow(x, p()); }

    default Tangent jvp(PowersEmit e, Primal x, Output y, Tangent dx) {
      return e.mul(e.scale(p(), e.div(y, x)), dx);
    }
  }
}

final class Check {
  static void run() {
    if (PowersOp.pow(1.5) != PowersOp.pow(1.5)) {
      throw new AssertionError("pow(1.5) is interned once");
    }
    ScalarAutodiff<PowersOp> ad =
        ScalarAutodiff.of(PowersOp.class, PowersEvaluator::new);
    double x = 2.5;
    for (double p : new double[] {1.5, -2}) {
      ScalarFunction<PowersOp> f = ad.function((b, v) -> b.apply(PowersOp.pow(p), v));
      expect("d x^" + p, p * Math.pow(x, p - 1), ad.grad(f).apply(x));
      expect("d² x^" + p, p * (p - 1) * Math.pow(x, p - 2), ad.grad(ad.grad(f)).apply(x));
    }
  }

  private static void expect(String what, double expected, double actual) {
    if (Math.abs(actual - expected) > 1e-9 * Math.max(1, Math.abs(expected))) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }
}
