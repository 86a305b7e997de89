// expect: ok
// A JVP rule that calls itself instead of the emitter (a slip when renaming): differentiating
// through it fails with an ADRuleError naming the primitive and the rule, not a bare
// StackOverflowError.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.RuleKind;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Hyper {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(HyperEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(HyperEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  interface Sinh {
    static double eval(double x) { return Math.sinh(x); }
    static Tangent jvp(HyperEmit e, Primal x, Tangent dx) { return jvp(e, x, dx); }
  }
}

final class Check {
  static void run() {
    ScalarAutodiff<HyperOp> ad = ScalarAutodiff.of(HyperOp.class, HyperEvaluator::new);
    ScalarFunction<HyperOp> f = ad.function((b, x) -> b.apply(HyperOp.SINH, x));
    if (f.apply(0.0) != 0.0) {
      throw new AssertionError("sinh(0) = " + f.apply(0.0));
    }
    try {
      ad.grad(f).apply(0.5);
      throw new AssertionError("differentiating through a rule recursing forever succeeded");
    } catch (ADRuleError error) {
      if (!error.primitiveName().equals("Sinh")
          || error.ruleKind() != RuleKind.JVP
          || error.reason() != ADRuleError.Reason.RULE_FAILED
          || !(error.getCause() instanceof StackOverflowError)
          || !error.getMessage().contains("the JVP rule of Sinh failed: StackOverflowError")) {
        throw new AssertionError("not the error expected: " + error, error);
      }
    }
  }
}
