// expect: ok
// A control-signal set whose primitives are named as control engineers name them: Reference (the
// set point), Override (a manual value), Entry (a table lookup), Interned... names the generated
// code also uses for its own types (java.lang.ref.Reference, @Override, the interner's Entry).
// One primitive also declares member types named like generated classes.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Control {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ControlEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ControlEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  /** The set point, a constant of the loop. */
  @Primitive
  interface Reference {
    double level();
    default double eval() { return level(); }
  }

  /** A manual override: the operator's value replaces the controller's. */
  @Primitive
  interface Override {
    double value();
    default double eval(double x) { return value(); }
    static Tangent jvp(ControlEmit e, Tangent dx) { return Tangent.zero(); }
  }

  /** The error signal, reference minus measurement, with member types named like generated ones. */
  @Primitive(multilinear = true)
  interface Entry {
    final class EntryOp {}
    final class ControlOp {}
    final class ControlEmit {}
    final class Interner {}
    final class WeakReference {}
    final class ReferenceQueue {}

    double gain();
    default double eval(double x) { return gain() * x; }
    default Tangent jvp(com.example.ControlEmit e, Tangent dx) { return e.entry(gain(), dx); }
    default Cotangents transpose(com.example.ControlEmit e, Tangent ct) {
      return Cotangents.of(e.entry(gain(), ct));
    }
  }

  @Primitive
  interface Square {
    static double eval(double x) { return x * x; }
    static Tangent jvp(ControlEmit e, Primal x, Tangent dx) {
      return e.entry(2, e.entry(1, dx));
    }
  }
}

final class Check {
  static void run() {
    ControlOp ref = ControlOp.reference(1.5);
    ControlOp gain = ControlOp.entry(-2.0);
    if (ref != ControlOp.reference(1.5) || gain != ControlOp.entry(-2.0)
        || ControlOp.override(0.5).equals(ControlOp.override(0.25))) {
      throw new AssertionError("operations are interned and compare by their attributes");
    }
    ScalarAutodiff<ControlOp> ad =
        ScalarAutodiff.of(ControlOp.class, ControlEvaluator::new);
    ScalarFunction<ControlOp> f =
        ad.function((b, x) -> b.apply(ControlOp.ADD, b.apply(ref), b.apply(gain, x)));
    if (f.apply(1.0) != -0.5 || ad.grad(f).apply(1.0) != -2.0) {
      throw new AssertionError("f = 1.5 - 2x: f(1) = -0.5, f'(1) = -2");
    }
  }
}
