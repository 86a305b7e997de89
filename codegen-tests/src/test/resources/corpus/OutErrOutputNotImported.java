// expect: error UnresolvedType
// The rule reads its output as the guide says, but the file does not import Output: reported at
// once with the import to add, not as a cascade of missing generated types.
package com.example;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Roots {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(RootsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(RootsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(RootsEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(RootsEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) { return -x; }
    static Tangent jvp(RootsEmit e, Tangent dx) { return e.neg(dx); }
    static Cotangents transpose(RootsEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
  }

  /** 1/x; d(1/x) = −(1/x²)·dx. */
  @Primitive
  interface Recip {
    static double eval(double x) { return 1 / x; }
    static Tangent jvp(RootsEmit e, Primal x, Tangent dx) {
      return e.mul(e.neg(e.recip(e.mul(x, x))), dx);
    }
  }

  /** √x; d√x = dx / (2·y). */
  @Primitive
  interface Sqrt {
    static double eval(double x) { return Math.sqrt(x); }
    static Tangent jvp(RootsEmit e, Output y, Tangent dx) { // <-
      return e.mul(e.recip(e.add(y, y)), dx);
    }
  }
}

//--- next file
package com.example;

final class UsesRoots {
  static final RootsOp SQRT = RootsOp.SQRT;
  RootsEvaluator evaluator;
}
