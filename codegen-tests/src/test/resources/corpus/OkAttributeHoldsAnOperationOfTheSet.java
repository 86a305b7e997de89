// expect: ok
// A primitive whose attribute is another operation of the same set (a "twice" combinator): the
// set's own generated XOp is a value, so equal attributes give the same canonical operation.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Combi {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(CombiEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(CombiEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(CombiEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(CombiEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive
  interface Square {
    static double eval(double x) { return x * x; }
    static Tangent jvp(CombiEmit e, Primal x, Tangent dx) { return e.add(e.mul(x, dx), e.mul(x, dx)); }
  }

  /** Applies {@code inner} twice; only squaring is differentiated here. */
  @Primitive
  interface Twice {
    CombiOp inner();

    default double eval(double x) {
      return inner().eval(java.util.List.of(inner().eval(java.util.List.of(x)).get(0))).get(0);
    }

    default Tangent jvp(CombiEmit e, Primal x, Tangent dx) {
      Primal once = e.square(x);
      Tangent donce = e.add(e.mul(x, dx), e.mul(x, dx));
      return e.add(e.mul(once, donce), e.mul(once, donce));
    }
  }
}

final class Check {
  static void run() {
    CombiOp a = CombiOp.twice(CombiOp.SQUARE);
    CombiOp b = CombiOp.twice(CombiOp.SQUARE);
    if (a != b || !a.equals(b) || a.hashCode() != b.hashCode()) {
      throw new AssertionError("twice(SQUARE) is not one canonical operation: " + a + ", " + b);
    }
    if (a.equals(CombiOp.twice(CombiOp.twice(CombiOp.SQUARE)))) {
      throw new AssertionError("different inner operations compare equal");
    }
    ScalarAutodiff<CombiOp> ad = ScalarAutodiff.of(CombiOp.class, CombiEvaluator::new);
    ScalarFunction<CombiOp> f = ad.function((bld, x) -> bld.apply(a, x));
    double x = 1.5;
    double value = f.apply(x);
    double slope = ad.grad(f).apply(x);
    if (value != Math.pow(x, 4) || Math.abs(slope - 4 * Math.pow(x, 3)) > 1e-12) {
      throw new AssertionError("x^4 at 1.5: " + value + ", slope " + slope);
    }
  }
}
