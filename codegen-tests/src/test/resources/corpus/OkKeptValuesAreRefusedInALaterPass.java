// expect: ok
// Rules that keep a value in a static field for a later call: a tangent returned again, a primal
// used again, a transpose's fixed operand used again. A local value is a number in the graph of
// the pass that made it, so in a later pass it names another value, or none: each use in another
// pass is refused with an ADRuleError naming the primitive, never a silently wrong derivative.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.RuleKind;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Kept {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(KeptEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(KeptEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(KeptEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(KeptEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  /** Its JVP's result, kept from the first call and returned by every later one. */
  @Primitive
  interface KeepsItsTangent {
    static double eval(double x) { return x * x; }
    static Tangent jvp(KeptEmit e, Primal x, Tangent dx) {
      if (Held.tangent == null) {
        Held.tangent = e.add(e.mul(x, dx), e.mul(x, dx));
      }
      return Held.tangent;
    }
  }

  /** Its JVP's primal operand, kept from the first call and used by every later one. */
  @Primitive
  interface KeepsItsPrimal {
    static double eval(double x) { return x * x; }
    static Tangent jvp(KeptEmit e, Primal x, Tangent dx) {
      if (Held.primal == null) {
        Held.primal = x;
      }
      return e.add(e.mul(Held.primal, dx), e.mul(Held.primal, dx));
    }
  }

  /** Scales by 3; its transpose keeps the cotangent it was first given. */
  @Primitive(multilinear = true)
  interface KeepsItsCotangent {
    static double eval(double x) { return 3 * x; }
    static Tangent jvp(KeptEmit e, Tangent dx) { return e.keepsItsCotangent(dx); }
    static Cotangents transpose(KeptEmit e, Tangent ct) {
      if (Held.cotangent == null) {
        Held.cotangent = e.keepsItsCotangent(ct);
      }
      return Cotangents.of(Held.cotangent);
    }
  }
}

final class Held {
  static Tangent tangent;
  static Primal primal;
  static Tangent cotangent;
}

final class Check {
  static void run() {
    ScalarAutodiff<KeptOp> ad = ScalarAutodiff.of(KeptOp.class, KeptEvaluator::new);
    refusedInTheSecondPass(ad, KeptOp.KEEPS_ITS_TANGENT, RuleKind.JVP, 2 * 1.5);
    refusedInTheSecondPass(ad, KeptOp.KEEPS_ITS_PRIMAL, RuleKind.JVP, 2 * 1.5);
    refusedInTheSecondPass(ad, KeptOp.KEEPS_ITS_COTANGENT, RuleKind.TRANSPOSE, 3);
  }

  // the gradient of op(x) is right in the first pass that calls its rule, and the gradient of
  // op(x·x), whose pass finds the kept value, is an error naming the primitive and the rule (with
  // the check off, each kept value is a value of the second pass's graph, and the gradient wrong)
  private static void refusedInTheSecondPass(
      ScalarAutodiff<KeptOp> ad, KeptOp op, RuleKind kind, double slope) {
    ScalarFunction<KeptOp> first = ad.function((b, x) -> b.apply(op, x));
    double firstSlope = ad.grad(first).apply(1.5);
    if (firstSlope != slope) {
      throw new AssertionError(op + ": the first pass gives " + firstSlope + ", not " + slope);
    }
    ScalarFunction<KeptOp> second =
        ad.function((b, x) -> b.apply(op, b.apply(KeptOp.MUL, x, x)));
    try {
      double wrong = ad.grad(second).apply(1.5);
      throw new AssertionError(op + ": a value kept from another pass gave " + wrong);
    } catch (ADRuleError e) {
      if (!e.primitiveName().equals(op.name())
          || e.ruleKind() != kind
          || e.reason() != ADRuleError.Reason.RULE_FAILED
          || !e.getMessage().contains("is a value of another pass than the one emitting")) {
        throw new AssertionError(op + ": " + e.getMessage(), e);
      }
    }
  }
}
