// expect: ok
// processor: io.github.tidu4j.codegen.corpus.ConstantsProcessor
// The prefix, a name, a flag and an output count are constants of a class another processor
// generates in the first round; the set waits for it and compiles as if literals were written.
package com.example;

import static com.example.GeneratedConstants.LINEAR;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.ad.rules.Tangents;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import java.util.List;

@PrimitiveSet(operand = double.class, prefix = GeneratedConstants.PREFIX)
public interface Scaling {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(GenEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(GenEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = LINEAR, name = GeneratedConstants.NAME)
  interface Double2 {
    static double eval(double a) { return 2 * a; }
    static Tangent jvp(GenEmit e, Tangent da) { return e.twice(da); }
    static Cotangents transpose(GenEmit e, Tangent ct) { return Cotangents.of(e.twice(ct)); }
  }

  @Primitive(outputs = GeneratedConstants.THREE)
  interface Spread {
    static double[] eval(double a) { return new double[] {a, 2 * a, 3 * a}; }
    static Tangents jvp(GenEmit e, Tangent da) {
      return Tangents.of(da, e.twice(da), e.add(da, e.twice(da)));
    }
  }
}

final class Check {
  static void run() {
    if (!GenOp.TWICE.name().equals("twice") || GenOp.SPREAD.outputArity() != 3) {
      throw new AssertionError(GenOp.TWICE.name() + ", " + GenOp.SPREAD.outputArity());
    }
    if (!GenOp.SPREAD.eval(List.of(1.5)).equals(List.of(1.5, 3.0, 4.5))) {
      throw new AssertionError("Spread(1.5) = " + GenOp.SPREAD.eval(List.of(1.5)));
    }
    ScalarAutodiff<GenOp> ad = ScalarAutodiff.of(GenOp.class, GenEvaluator::new);
    ScalarFunction<GenOp> f = ad.function((b, x) -> b.apply(GenOp.TWICE, b.apply(GenOp.TWICE, x)));
    double d = ad.grad(f).apply(0.25);
    if (d != 4.0) {
      throw new AssertionError("d/dx 4x = " + d);
    }
  }
}
