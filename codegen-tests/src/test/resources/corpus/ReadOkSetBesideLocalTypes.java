// expect: ok
// processor: io.github.tidu4j.processor.LocalSetProcessor
// A set nested in a top-level class, next to a local class, a lambda and an anonymous class
// that are not sets: only local *sets* are reported, so this compiles cleanly.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import java.util.List;
import java.util.function.DoubleUnaryOperator;

public final class Model {
  @PrimitiveSet(operand = double.class)
  public interface Ops {
    @Primitive(accumulator = true)
    interface Add {
      static double eval(double a, double b) { return a + b; }
      static Tangent jvp(OpsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
      static Cotangents transpose(OpsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
    }
  }

  static double run(double x) {
    final class Counter {
      int calls;
    }
    Counter counter = new Counter();
    DoubleUnaryOperator twice = v -> { counter.calls++; return 2 * v; };
    Runnable reset = new Runnable() {
      @Override
      public void run() { counter.calls = 0; }
    };
    reset.run();
    return twice.applyAsDouble(x);
  }

  private Model() {}
}

final class Check {
  static void run() {
    if (!OpsOp.ADD.eval(List.of(1.0, 2.0)).equals(List.of(3.0)) || Model.run(2.0) != 4.0) {
      throw new AssertionError("Ops.Add or Model.run is wrong");
    }
  }
}
