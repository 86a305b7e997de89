// expect: ok
// A quotient whose JVP reads both inputs and its output q = a/b (∂q/∂b = −q/b): the Primals are
// named as eval's operands, the Output after them. The check takes both partials, forward and
// reverse, and the mixed second derivative.
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
import java.util.List;

@PrimitiveSet(operand = double.class)
public interface Ratio {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(RatioEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(RatioEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(RatioEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(RatioEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) { return -x; }
    static Tangent jvp(RatioEmit e, Tangent dx) { return e.neg(dx); }
    static Cotangents transpose(RatioEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
  }

  @Primitive
  interface Quotient {
    static double eval(double numerator, double denominator) { return numerator / denominator; }

    static Tangent jvp(
        RatioEmit e,
        Primal numerator,
        Primal denominator,
        Output q,
        Tangent dnumerator,
        Tangent ddenominator) {
      Primal inverse = e.quotient(e.one(), denominator);
      return e.add(e.mul(inverse, dnumerator), e.neg(e.mul(e.mul(q, inverse), ddenominator)));
    }
  }

  @Primitive
  interface One {
    static double eval() { return 1; }
  }
}

final class Check {
  static void run() {
    ScalarAutodiff<RatioOp> ad = ScalarAutodiff.of(RatioOp.class, RatioEvaluator::new);
    ScalarFunction<RatioOp> f =
        ad.function(2, (b, x) -> List.of(b.apply(RatioOp.QUOTIENT, x.get(0), x.get(1))));
    double a = 3;
    double d = 4;
    double[] grad = ad.grad(f, 0, 1).applyAll(a, d);
    expect("∂(a/b)/∂a", 1 / d, grad[0]);
    expect("∂(a/b)/∂b", -a / (d * d), grad[1]);
    double[] forward = ad.jvp(f).applyAll(a, d, 1.0, 1.0);
    expect("value", a / d, forward[0]);
    expect("jvp along (1, 1)", 1 / d - a / (d * d), forward[1]);
    ScalarFunction<RatioOp> dA = ad.grad(f, 0);
    expect("∂²(a/b)/∂a∂b", -1 / (d * d), ad.grad(dA, 1).apply(a, d));
  }

  private static void expect(String what, double expected, double actual) {
    if (Math.abs(actual - expected) > 1e-12) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }
}
