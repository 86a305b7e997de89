// expect: ok
// A kernel whose helper recurses without a base case: the generated evaluator and the
// interpreter both fail with a GraphException naming the operation, not a bare
// StackOverflowError.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueRef;
import java.util.Map;

@PrimitiveSet(operand = double.class)
public interface Fact {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(FactEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(FactEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  interface Factorial {
    static double eval(double n) { return times(n); }

    static Tangent jvp(FactEmit e, Tangent dn) { return Tangent.zero(); }

    private static double times(double n) { return n * times(n - 1); }
  }
}

final class Check {
  static void run() {
    GraphBuilder<FactOp> b = Graph.builder();
    ValueRef.Local n = b.input("n");
    var program = Graphs.compile(Graphs.materialize(b.output(b.apply(FactOp.FACTORIAL, n)).build()));
    String expected =
        "Factorial (instruction 0) failed computing Factorial(n) from n = 5.0: "
            + Interpreter.STACK_OVERFLOW;
    try {
      new FactEvaluator(program).evaluate(5.0);
      throw new AssertionError("the evaluator ran a kernel recursing forever");
    } catch (GraphException e) {
      if (!e.getMessage().equals(expected) || !(e.getCause() instanceof StackOverflowError)) {
        throw new AssertionError("evaluator: " + e, e);
      }
    }
    try {
      Interpreter.eval(program, Map.of("n", 5.0));
      throw new AssertionError("the interpreter ran a kernel recursing forever");
    } catch (GraphException e) {
      if (!e.getMessage().equals(expected) || !(e.getCause() instanceof StackOverflowError)) {
        throw new AssertionError("interpreter: " + e, e);
      }
    }
  }
}
