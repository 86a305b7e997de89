// expect: ok
// A user makes a primitive interface Serializable (their job framework demands it of everything it
// ships); the generated operation class becomes Serializable too and must not trip -Xlint:serial
// (no serialVersionUID, a record attribute that is not Serializable).
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import java.io.Serializable;

@PrimitiveSet(operand = double.class)
public interface Jobs {
  record Window(int from, int to) {}

  @Primitive(accumulator = true)
  interface Add extends Serializable {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(JobsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(JobsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Weight extends Serializable {
    Window window();
    double weight();

    default double eval(double x) { return weight() * x; }
    default Tangent jvp(JobsEmit e, Tangent dx) { return e.weight(window(), weight(), dx); }
    default Cotangents transpose(JobsEmit e, Tangent ct) {
      return Cotangents.of(e.weight(window(), weight(), ct));
    }
  }
}

final class Check {
  static void run() {
    JobsOp w = JobsOp.weight(new Jobs.Window(0, 4), 0.5);
    if (w != JobsOp.weight(new Jobs.Window(0, 4), 0.5) || !(w instanceof Serializable)) {
      throw new AssertionError("weights are interned, serializable operations");
    }
    ScalarAutodiff<JobsOp> ad = ScalarAutodiff.of(JobsOp.class, JobsEvaluator::new);
    ScalarFunction<JobsOp> f = ad.function((b, x) -> b.apply(w, x));
    if (ad.grad(f).apply(3.0) != 0.5) {
      throw new AssertionError("d/dx 0.5x = 0.5");
    }
  }
}
