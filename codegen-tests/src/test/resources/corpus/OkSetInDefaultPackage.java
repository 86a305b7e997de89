// expect: ok
// A quick experiment in the default package.
import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;

@PrimitiveSet(operand = double.class)
public interface Scratch {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ScratchEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ScratchEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(ScratchEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(ScratchEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
}

final class Check {
  static void near(String what, double actual, double expected) {
    if (Math.abs(actual - expected) > 1e-12 * Math.max(1, Math.abs(expected))) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }

  static void run() {
    ScalarAutodiff<ScratchOp> ad = ScalarAutodiff.of(ScratchOp.class, ScratchEvaluator::new);
    ScalarFunction<ScratchOp> f = ad.function((b, x) -> b.apply(ScratchOp.MUL, x, b.apply(ScratchOp.ADD, x, x)));
    near("d/dx 2x^2 at 1.5", ad.grad(f).apply(1.5), 6.0);
  }
}
