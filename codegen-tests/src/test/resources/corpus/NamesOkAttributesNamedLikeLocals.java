// expect: ok
// A tagged scaling whose attributes carry the short names people give step sizes and labels (h,
// o, other, ...), which generated code also likes to use; equality, hashing, interning and the
// derivative must all still see the attributes.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Steps {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(StepsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(StepsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  /** A forward difference quotient with step h, tagged for dumps. */
  @Primitive
  interface Diff {
    String o();
    double h();
    int other();
    long b();
    boolean ctx();
    int[] inputs();
    double[] values();
    String candidate();
    double hash();
    int index();
    String e();
    String operand0();

    default double eval(double x) { return (Math.exp(x + h()) - Math.exp(x)) / h(); }

    default Tangent jvp(StepsEmit e, Primal x, Tangent dx) {
      return e.scale(e.diff(o(), h(), other(), b(), ctx(), inputs(), values(), candidate(), hash(),
          index(), this.e(), operand0(), x), dx);
    }
  }

  @Primitive(multilinear = true)
  interface Scale {
    static double eval(double s, double t) { return s * t; }
    static Tangent jvp(StepsEmit e, Primal s, Primal t, Tangent ds, Tangent dt) {
      return e.add(e.scale(ds, t), e.scale(s, dt));
    }
    static Cotangents transpose(StepsEmit e, io.github.tidu4j.ad.rules.Arg s,
        io.github.tidu4j.ad.rules.Arg t, Tangent ct) {
      return s.isLinear()
          ? Cotangents.of(e.scale(ct, t.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.scale(s.primal(), ct));
    }
  }
}

final class Check {
  static StepsOp diff(String o, double h, int other) {
    return StepsOp.diff(o, h, other, 7L, true, new int[] {1, 2}, new double[] {0.5},
        "c", 0.25, 3, "e", "op");
  }

  static void run() {
    StepsOp a = diff("x", 1e-3, 2);
    StepsOp b = diff(new String("x"), 1e-3, 2);
    require(a.equals(b) && b.equals(a), "equal attributes give equal operations: " + a + ", " + b);
    require(a == b, "equal attributes give the same (interned) operation");
    require(a.hashCode() == b.hashCode(), "equal operations hash alike");
    require(!a.equals(diff("y", 1e-3, 2)), "o is compared");
    require(!a.equals(diff("x", 2e-3, 2)), "h is compared");
    require(!a.equals(diff("x", 1e-3, 3)), "other is compared");
    require(((Steps.Diff) a).o().equals("x") && ((Steps.Diff) a).h() == 1e-3
        && ((Steps.Diff) a).other() == 2, "accessors return the attributes");

    ScalarAutodiff<StepsOp> ad =
        ScalarAutodiff.of(StepsOp.class, StepsEvaluator::new);
    ScalarFunction<StepsOp> f = ad.function((g, x) -> g.apply(a, x));
    double x = 0.3;
    double h = 1e-3;
    // the quotient's derivative is the quotient itself, as exp's derivative is exp
    double expected = (Math.exp(x + h) - Math.exp(x)) / h;
    double actual = ad.grad(f).apply(x);
    require(Math.abs(actual - expected) < 1e-12,
        "d/dx of the difference quotient is " + actual + ", expected " + expected);
  }

  private static void require(boolean condition, String what) {
    if (!condition) {
      throw new AssertionError(what);
    }
  }
}
