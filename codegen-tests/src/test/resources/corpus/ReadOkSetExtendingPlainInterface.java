// expect: ok
// A set extending an ordinary interface that holds shared constants: legal, the constants are
// visible to the kernels, and only the set's own nested primitives are generated.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import java.util.List;

@PrimitiveSet(operand = double.class)
public interface Robust extends Tolerances {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(RobustEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(RobustEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  interface SafeLog {
    static double eval(double x) { return Math.log(Math.max(x, EPSILON)); }
    static Tangent jvp(RobustEmit e, Primal x, Tangent dx) { return e.mul(e.reciprocal(x), dx); }
  }

  @Primitive
  interface Reciprocal {
    static double eval(double x) { return 1 / x; }
    static Tangent jvp(RobustEmit e, Primal x, Primal y, Tangent dx) {
      return e.mul(e.negate(e.mul(y, y)), dx);
    }
  }

  @Primitive
  interface Negate {
    static double eval(double x) { return -x; }
    static Tangent jvp(RobustEmit e, Tangent dx) { return e.mul(e.minusOne(), dx); }
  }

  @Primitive
  interface MinusOne {
    static double eval() { return -1; }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(RobustEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(RobustEmit e, io.github.tidu4j.ad.rules.Arg a,
        io.github.tidu4j.ad.rules.Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
}

final class Check {
  static void run() {
    if (RobustOp.SAFE_LOG.eval(List.of(0.0)).get(0) != Math.log(Tolerances.EPSILON)) {
      throw new AssertionError("safeLog(0) = " + RobustOp.SAFE_LOG.eval(List.of(0.0)));
    }
  }
}

//--- next file
package com.example;

/** Constants shared by several sets. */
public interface Tolerances {
  double EPSILON = 1e-12;
}
