// expect: ok
// A primitive with a dozen outputs (the first powers of x): the generated evaluator stores them
// in a loop and gives what the kernel returns.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.ad.rules.Tangents;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;

@PrimitiveSet(operand = double.class)
public interface Powers {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(PowersEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(PowersEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(outputs = 12)
  interface Dozen {
    static double[] eval(double x) {
      double[] p = new double[12];
      p[0] = 1;
      for (int i = 1; i < p.length; i++) {
        p[i] = p[i - 1] * x;
      }
      return p;
    }

    static Tangents jvp(PowersEmit e, Tangent dx) {
      Tangent[] t = new Tangent[12];
      java.util.Arrays.fill(t, Tangent.zero());
      return Tangents.of(t);
    }
  }
}

final class Check {
  static void run() {
    GraphBuilder<PowersOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    List<ValueRef.Local> p = b.applyMulti(PowersOp.DOZEN, x);
    Graph<PowersOp> g = b.output(p.get(11)).output(p.get(3)).build();
    double[] out = new PowersEvaluator(Graphs.compile(Graphs.materialize(g))).evaluate(2.0);
    if (out[0] != 2048.0 || out[1] != 8.0) {
      throw new AssertionError("2^11, 2^3 = " + out[0] + ", " + out[1]);
    }
  }
}
