// expect: ok
// A set in transition: one primitive is deprecated in favour of another, an attribute's enum is
// deprecated for removal, an old kernel is deprecated. Building with -Xlint:all -Werror, the
// user's own uses are theirs to suppress; the generated code must add no warning.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Legacy {
  /** How the old rounding primitive rounded. */
  @Deprecated(since = "2.0", forRemoval = true)
  enum Rounding { HALF_UP, HALF_EVEN }

  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(LegacyEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(LegacyEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  /** @deprecated use {@link Softsign}, which is smooth */
  @Deprecated
  @Primitive
  interface HardSign {
    Rounding rounding();

    default double eval(double x) { return Math.signum(x); }

    static Tangent jvp(LegacyEmit e, Tangent dx) { return Tangent.zero(); }
  }

  @Primitive
  interface Softsign {
    /** @deprecated the kernel now lives in {@link Softsign#value} */
    @Deprecated
    static double eval(double x) { return value(x); }

    static double value(double x) { return x / (1 + Math.abs(x)); }

    static Tangent jvp(LegacyEmit e, Primal x, Tangent dx) {
      return e.scale(e.slope(x), dx);
    }
  }

  @Primitive
  interface Slope {
    static double eval(double x) { return 1 / ((1 + Math.abs(x)) * (1 + Math.abs(x))); }
    static Tangent jvp(LegacyEmit e, Tangent dx) { return Tangent.zero(); }
  }

  @Primitive(multilinear = true)
  interface Scale {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(LegacyEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.scale(da, b), e.scale(a, db));
    }
    static Cotangents transpose(LegacyEmit e, io.github.tidu4j.ad.rules.Arg a,
        io.github.tidu4j.ad.rules.Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.scale(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.scale(a.primal(), ct));
    }
  }
}

final class Check {
  @SuppressWarnings({"deprecation", "removal"})
  static void run() {
    LegacyOp hard = LegacyOp.hardSign(Legacy.Rounding.HALF_UP);
    if (hard != LegacyOp.hardSign(Legacy.Rounding.HALF_UP)
        || hard.equals(LegacyOp.hardSign(Legacy.Rounding.HALF_EVEN))) {
      throw new AssertionError("hardSign operations compare by rounding");
    }
    ScalarAutodiff<LegacyOp> ad =
        ScalarAutodiff.of(LegacyOp.class, LegacyEvaluator::new);
    ScalarFunction<LegacyOp> f = ad.function((b, x) -> b.apply(LegacyOp.SOFTSIGN, x));
    double d = ad.grad(f).apply(1.0);
    if (d != 0.25) {
      throw new AssertionError("softsign'(1) = 1/4, got " + d);
    }
  }
}
