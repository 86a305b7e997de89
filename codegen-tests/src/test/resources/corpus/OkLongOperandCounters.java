// expect: ok
// A set over long values (counts, not differentiated), evaluated by its generated evaluator.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueRef;

@PrimitiveSet(operand = long.class)
public interface Count {
  @Primitive(accumulator = true)
  interface Add {
    static long eval(long a, long b) { return a + b; }
    static Tangent jvp(CountEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(CountEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  interface Square {
    static long eval(long a) { return a * a; }
    static Tangent jvp(CountEmit e, Primal a, Tangent da) { return e.add(da, da); }
  }
}

final class Check {
  static void run() {
    GraphBuilder<CountOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<CountOp> g = b.output(b.apply(CountOp.ADD, b.apply(CountOp.SQUARE, x), x)).build();
    CompiledProgram<CountOp> p = Graphs.compile(Graphs.resolve(g), g.outputKeys());
    long[] out = new CountEvaluator(p).evaluate(3_000_000_000L);
    if (out[0] != 3_000_000_000L * 3_000_000_000L + 3_000_000_000L) {
      throw new AssertionError("x^2 + x = " + out[0]);
    }
  }
}
