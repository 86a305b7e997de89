// expect: ok
// A set whose unary primitives share a sealed "kind" interface for the user's own pattern
// matching; each primitive is non-sealed, so the generated classes may implement it.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Curves {
  sealed interface Unary permits Curves.Square, Curves.Cube {}

  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(CurvesEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(CurvesEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(CurvesEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(
        CurvesEmit e, io.github.tidu4j.ad.rules.Arg a, io.github.tidu4j.ad.rules.Arg b,
        Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive
  non-sealed interface Square extends Unary {
    static double eval(double x) { return x * x; }
    static Tangent jvp(CurvesEmit e, Primal x, Tangent dx) { return e.mul(e.add(x, x), dx); }
  }

  @Primitive
  non-sealed interface Cube extends Unary {
    static double eval(double x) { return x * x * x; }
    static Tangent jvp(CurvesEmit e, Primal x, Tangent dx) {
      return e.mul(e.mul(e.three(), e.square(x)), dx);
    }
  }

  @Primitive
  interface Three {
    static double eval() { return 3; }
  }
}

final class Check {
  static void run() {
    Curves.Unary kind = (Curves.Unary) CurvesOp.CUBE;
    if (!(kind instanceof Curves.Cube)) {
      throw new AssertionError("CUBE is a Cube");
    }
    ScalarAutodiff<CurvesOp> ad =
        ScalarAutodiff.of(CurvesOp.class, CurvesEvaluator::new);
    ScalarFunction<CurvesOp> f = ad.function((b, x) -> b.apply(CurvesOp.CUBE, x));
    double d2 = ad.grad(ad.grad(f)).apply(2.0);
    if (d2 != 12.0) {
      throw new AssertionError("(x^3)'' at 2 is 12, got " + d2);
    }
  }
}
