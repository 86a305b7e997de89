// expect: ok
// A functional interface nested in the set, with an abstract eval, is a helper, not a forgotten
// primitive: no diagnostic.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import java.util.List;

@PrimitiveSet(operand = double.class)
public interface Tabulated {
  /** A scalar function, for tables built from any of them. */
  interface Curve {
    double eval(double x);
  }

  Curve SQUARE = x -> x * x;

  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TabulatedEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TabulatedEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  interface Square {
    static double eval(double x) { return SQUARE.eval(x); }
    static Tangent jvp(TabulatedEmit e, Tangent dx) { return e.add(dx, dx); }
  }
}

final class Check {
  static void run() {
    if (TabulatedOp.SQUARE.eval(List.of(3.0)).get(0) != 9.0) {
      throw new AssertionError("square(3) = " + TabulatedOp.SQUARE.eval(List.of(3.0)));
    }
  }
}
