// expect: ok
// A transpose rule delegating to a helper that calls the rule back, with no base case: reverse
// mode fails with an ADRuleError naming the primitive and its transpose rule.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.RuleKind;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Halving {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(HalvingEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(HalvingEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Half {
    static double eval(double x) { return x / 2; }
    static Tangent jvp(HalvingEmit e, Tangent dx) { return e.half(dx); }
    static Cotangents transpose(HalvingEmit e, Tangent ct) { return adjoint(e, ct); }

    private static Cotangents adjoint(HalvingEmit e, Tangent ct) { return transpose(e, ct); }
  }
}

final class Check {
  static void run() {
    ScalarAutodiff<HalvingOp> ad =
        ScalarAutodiff.of(HalvingOp.class, HalvingEvaluator::new);
    ScalarFunction<HalvingOp> f = ad.function((b, x) -> b.apply(HalvingOp.HALF, x));
    try {
      ad.grad(f).apply(1.0);
      throw new AssertionError("reverse mode through a transpose recursing forever succeeded");
    } catch (ADRuleError error) {
      if (!error.primitiveName().equals("Half")
          || error.ruleKind() != RuleKind.TRANSPOSE
          || !(error.getCause() instanceof StackOverflowError)) {
        throw new AssertionError("not the error expected: " + error, error);
      }
    }
  }
}
