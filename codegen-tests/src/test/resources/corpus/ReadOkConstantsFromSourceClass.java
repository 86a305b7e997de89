// expect: ok
// Annotation values taken from constants of an ordinary class in the same compilation, one of
// them statically imported: legal, and read as their values.
package com.example;

import static com.example.Config.PAIR;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.ad.rules.Tangents;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import java.util.List;

@PrimitiveSet(operand = double.class, prefix = Config.PREFIX)
public interface Polar {
  @Primitive(accumulator = Config.YES)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(PolEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(PolEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = Config.YES)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(PolEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(PolEmit e, io.github.tidu4j.ad.rules.Arg a,
        io.github.tidu4j.ad.rules.Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive(outputs = PAIR, name = Config.SINCOS)
  interface Trig {
    static double[] eval(double x) { return new double[] {Math.sin(x), Math.cos(x)}; }
    static Tangents jvp(PolEmit e, Primal x, Output s, Output c, Tangent dx) {
      return Tangents.of(e.mul(c, dx), e.mul(e.neg(s), dx));
    }
  }

  @Primitive(multilinear = Config.YES)
  interface Neg {
    static double eval(double x) { return -x; }
    static Tangent jvp(PolEmit e, Tangent dx) { return e.neg(dx); }
    static Cotangents transpose(PolEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
  }
}

final class Check {
  static void run() {
    if (!PolOp.SIN_COS.name().equals("sinCos") || PolOp.SIN_COS.outputArity() != 2) {
      throw new AssertionError(PolOp.SIN_COS.name() + " has " + PolOp.SIN_COS.outputArity());
    }
    if (!PolOp.SIN_COS.eval(List.of(0.0)).equals(List.of(0.0, 1.0))) {
      throw new AssertionError("sinCos(0) = " + PolOp.SIN_COS.eval(List.of(0.0)));
    }
    ScalarAutodiff<PolOp> ad = ScalarAutodiff.of(PolOp.class, PolEvaluator::new);
    ScalarFunction<PolOp> f =
        ad.function((b, x) -> b.applyMulti(PolOp.SIN_COS, x).get(1));
    double x = 0.4;
    double d = ad.grad(f).apply(x);
    if (Math.abs(d + Math.sin(x)) > 1e-15) {
      throw new AssertionError("d/dx cos x at 0.4 = " + d);
    }
  }
}

//--- next file
package com.example;

/** The set's settings, as a user might keep them in one place. */
public final class Config {
  public static final String PREFIX = "Pol";
  public static final String SINCOS = "sinCos";
  public static final boolean YES = true;
  public static final int PAIR = 1 + 1;

  private Config() {}
}
