// expect: ok
// A fused multiply-add a·b + c whose JVP reads only the inputs it needs, b and c, named as eval
// names them: they bind by name, not by position (by position they would be a and b, and the
// derivative wrong). The check takes every partial, forward and reverse, and the mixed second
// derivatives.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import java.util.List;

@PrimitiveSet(operand = double.class)
public interface Fused {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(FusedEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(FusedEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(FusedEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(FusedEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  /** (a, b, c) ↦ a·b + c, written with the operands in an order its JVP does not follow. */
  @Primitive
  interface Fma {
    static double eval(double c, double a, double b) { return a * b + c; }
    static Tangent jvp(FusedEmit e, Primal a, Primal b, Tangent dc, Tangent da, Tangent db) {
      return e.add(dc, e.add(e.mul(da, b), e.mul(a, db)));
    }
  }
}

final class Check {
  static void run() {
    ScalarAutodiff<FusedOp> ad = ScalarAutodiff.of(FusedOp.class, FusedEvaluator::new);
    ScalarFunction<FusedOp> f =
        ad.function(
            3, (b, x) -> List.of(b.apply(FusedOp.FMA, x.get(0), x.get(1), x.get(2))));
    double c = 2;
    double a = 3;
    double bb = 5;
    double[] grad = ad.grad(f, 0, 1, 2).applyAll(c, a, bb);
    expect("∂/∂c", 1, grad[0]);
    expect("∂/∂a", bb, grad[1]);
    expect("∂/∂b", a, grad[2]);
    double[] forward = ad.jvp(f).applyAll(c, a, bb, 1.0, 10.0, 100.0);
    expect("value", a * bb + c, forward[0]);
    expect("jvp along (1, 10, 100)", 1 + 10 * bb + 100 * a, forward[1]);
    expect("∂²/∂a∂b", 1, ad.grad(ad.grad(f, 1), 2).apply(c, a, bb));
    expect("∂²/∂a²", 0, ad.grad(ad.grad(f, 1), 1).apply(c, a, bb));
    expect("∂²/∂c∂a", 0, ad.grad(ad.grad(f, 0), 1).apply(c, a, bb));
  }

  private static void expect(String what, double expected, double actual) {
    if (actual != expected) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }
}
