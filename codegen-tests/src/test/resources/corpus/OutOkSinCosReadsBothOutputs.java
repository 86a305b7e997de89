// expect: ok
// A two-output primitive whose JVP reads both outputs, in slot order, and not its input; the check
// differentiates each output and a function mixing them, forward and reverse.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.ad.rules.Tangents;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import java.util.List;

@PrimitiveSet(operand = double.class)
public interface Circle {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(CircleEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(CircleEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) { return -x; }
    static Tangent jvp(CircleEmit e, Tangent dx) { return e.neg(dx); }
    static Cotangents transpose(CircleEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(CircleEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(CircleEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  /** (sin θ, cos θ): d sin = cos·dθ, d cos = −sin·dθ. */
  @Primitive(outputs = 2)
  interface SinCos {
    static double[] eval(double theta) { return new double[] {Math.sin(theta), Math.cos(theta)}; }

    static Tangents jvp(CircleEmit e, Output sin, Output cos, Tangent dtheta) {
      return Tangents.of(e.mul(cos, dtheta), e.neg(e.mul(sin, dtheta)));
    }
  }
}

final class Check {
  static void run() {
    ScalarAutodiff<CircleOp> ad =
        ScalarAutodiff.of(CircleOp.class, CircleEvaluator::new);
    ScalarFunction<CircleOp> sin = ad.function((b, t) -> b.applyMulti(CircleOp.SIN_COS, t).get(0));
    ScalarFunction<CircleOp> cos = ad.function((b, t) -> b.applyMulti(CircleOp.SIN_COS, t).get(1));
    double t = 0.6;
    expect("d sin at 0.6", Math.cos(t), ad.grad(sin).apply(t));
    expect("d cos at 0.6", -Math.sin(t), ad.grad(cos).apply(t));
    expect("d² sin at 0.6", -Math.sin(t), ad.grad(ad.grad(sin)).apply(t));
    // sin·cos = sin(2θ)/2, whose derivative cos(2θ) needs both outputs in their slots
    ScalarFunction<CircleOp> product =
        ad.function(
            1,
            (b, x) -> {
              List<io.github.tidu4j.graph.ValueRef.Local> sc = b.applyMulti(CircleOp.SIN_COS, x.get(0));
              return List.of(b.apply(CircleOp.MUL, sc.get(0), sc.get(1)));
            });
    expect("d (sin·cos) at 0.6", Math.cos(2 * t), ad.grad(product).apply(t));
    double[] forward = ad.jvp(product).applyAll(t, 1.0);
    expect("jvp (sin·cos) at 0.6", Math.cos(2 * t), forward[1]);
  }

  private static void expect(String what, double expected, double actual) {
    if (Math.abs(actual - expected) > 1e-12) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }
}
