// expect: ok
// A set with a zero primitive: the JVP and the VJP of f(x, y) = (exp y, x·y) with respect to x
// hand the zero tangent of exp y as a value, so the outputs materialize and evaluate as they are.
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
import io.github.tidu4j.graph.ValueRef;
import java.util.Arrays;
import java.util.List;

@PrimitiveSet(operand = double.class)
public interface Zeroed {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ZeroedEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ZeroedEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(ZeroedEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(ZeroedEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive
  interface Exp {
    static double eval(double x) { return Math.exp(x); }
    static Tangent jvp(ZeroedEmit e, Output y, Tangent dx) { return e.mul(y, dx); }
  }

  @Primitive(zero = true)
  interface ZerosLike {
    static double eval(double x) { return 0.0; }
  }
}

final class Check {
  static void run() throws Exception {
    GraphBuilder<ZeroedOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    Graph<ZeroedOp> f =
        b.output(b.apply(ZeroedOp.EXP, y)).output(b.apply(ZeroedOp.MUL, x, y)).build();
    LinearizedGraph<ZeroedOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    if (!jvp.isZero(0) || jvp.isZero(1)) {
      throw new AssertionError("exp y does not depend on x, x·y does");
    }
    expect(jvp, new double[] {0.0, 5.0}); // (d exp y, d(x·y)) = (0, y·dx)
    LinearizedGraph<ZeroedOp> vjp = AD.linearTranspose(jvp);
    expect(vjp, new double[] {5.0}); // ∂(x·y)/∂x = y, the seed of exp y reaches nothing
  }

  /** Evaluates every output of {@code linear} at x = 3, y = 5 with every seed and tangent 1. */
  private static void expect(LinearizedGraph<ZeroedOp> linear, double[] expected) {
    CompiledProgram<ZeroedOp> p =
        Graphs.compile(
            Graphs.materializeMerge(Graphs.resolve(linear.graph()), linear.linearOutputs()));
    double[] inputs = new double[p.inputKeys().size()];
    for (int i = 0; i < inputs.length; i++) {
      Object key = p.inputKeys().get(i);
      inputs[i] = key.equals("x") ? 3.0 : key.equals("y") ? 5.0 : 1.0;
    }
    double[] actual = new ZeroedEvaluator(p).evaluate(inputs);
    if (!Arrays.equals(actual, expected)) {
      throw new AssertionError(Arrays.toString(actual) + ", expected " + Arrays.toString(expected));
    }
  }
}
