// expect: ok
// A set whose rules log to a context: Exp's JVP takes its output, its tangent and then the
// context, last. The check linearizes through the graph API with a log, and reads e² back as the
// derivative at 2 and one log line.
package com.example;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import java.util.List;

@PrimitiveSet(operand = double.class, context = StringBuilder.class)
public interface Logged {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(LoggedEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(LoggedEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(LoggedEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(LoggedEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive
  interface Exp {
    static double eval(double x) { return Math.exp(x); }
    static Tangent jvp(LoggedEmit e, Output y, Tangent dx, StringBuilder log) {
      log.append("Exp.jvp reads its output\n");
      return e.mul(y, dx);
    }
  }
}

final class Check {
  static void run() throws Exception {
    GraphBuilder<LoggedOp> b = Graph.builder();
    Graph<LoggedOp> f = b.output(b.apply(LoggedOp.EXP, b.input("x"))).build();
    ValueKey wrt = ValueKey.input("x");
    StringBuilder log = new StringBuilder();
    LinearizedGraph<LoggedOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(wrt), log);
    CompiledProgram<LoggedOp> p = Graphs.compile(Graphs.resolve(jvp.graph()), jvp.linearOutputs());
    double[] inputs = new double[p.inputKeys().size()];
    for (int i = 0; i < inputs.length; i++) {
      inputs[i] = p.inputKeys().get(i).equals("x") ? 2.0 : 1.0; // x = 2, dx = 1
    }
    double derivative = new LoggedEvaluator(p).evaluate(inputs)[0];
    if (Math.abs(derivative - Math.exp(2)) > 1e-12) {
      throw new AssertionError("d/dx exp(x) at 2 = " + derivative + ", expected " + Math.exp(2));
    }
    if (!log.toString().equals("Exp.jvp reads its output\n")) {
      throw new AssertionError("the rule got the context: " + log);
    }
  }
}
