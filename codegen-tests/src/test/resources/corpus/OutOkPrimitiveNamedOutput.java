// expect: ok
// A signal set with a primitive named Output (the gain stage at the end of a chain) whose rule also
// reads its own output: inside the set, Output is the primitive, so the rule names the marker in
// full; the generated code must keep the two apart.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Signal {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(SignalEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(SignalEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(SignalEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(SignalEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  /** The output stage: level·e^level, a soft exponential gain. */
  @Primitive
  interface Output {
    static double eval(double level) { return level * Math.exp(level); }

    static Tangent jvp(
        SignalEmit e, Primal level, io.github.tidu4j.ad.rules.Output y, Tangent dlevel) {
      // d(l·eˡ) = (eˡ + l·eˡ)·dl = (eˡ + y)·dl
      return e.mul(e.add(e.exp(level), y), dlevel);
    }
  }

  @Primitive
  interface Exp {
    static double eval(double x) { return Math.exp(x); }
    static Tangent jvp(SignalEmit e, io.github.tidu4j.ad.rules.Output y, Tangent dx) {
      return e.mul(y, dx);
    }
  }
}

final class Check {
  static void run() {
    ScalarAutodiff<SignalOp> ad =
        ScalarAutodiff.of(SignalOp.class, SignalEvaluator::new);
    ScalarFunction<SignalOp> out = ad.function((b, l) -> b.apply(SignalOp.OUTPUT, l));
    double l = 0.3;
    expect("value", l * Math.exp(l), out.apply(l));
    expect("derivative", (1 + l) * Math.exp(l), ad.grad(out).apply(l));
    expect("second derivative", (2 + l) * Math.exp(l), ad.grad(ad.grad(out)).apply(l));
  }

  private static void expect(String what, double expected, double actual) {
    if (Math.abs(actual - expected) > 1e-12) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }
}
