// expect: ok
// A set over a value class of its own (Vec) with an abstract type (Len) and a domain constant: its
// builder's input(key, type) records the type in the graph, so every program compiled from it
// refuses a value of another length bound to that input, naming it, by key and by position; a JVP's
// tangent input takes its input's type. Without the check an elementwise program would compute on
// a Vec of any length and return one of that length. The value class, its type and its domain are
// the fixtures' (codegen-tests' io.github.tidu4j.fixtures).
package com.example;

import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;
import io.github.tidu4j.fixtures.Len;
import io.github.tidu4j.fixtures.Vec;
import io.github.tidu4j.fixtures.VecDomain;

@PrimitiveSet(operand = Vec.class, type = Len.class)
public interface Vecs {
  Domain<Len, Vec> DOMAIN = VecDomain.INSTANCE;

  @Primitive(accumulator = true)
  interface Add {
    static Vec eval(Vec a, Vec b) { return Vec.zip(a, b, Double::sum); }
    static Len type(Len a, Len b) { return Len.same(a, b); }
    static Tangent jvp(VecsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(VecsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static Vec eval(Vec a, Vec b) { return Vec.zip(a, b, (x, y) -> x * y); }
    static Len type(Len a, Len b) { return Len.same(a, b); }
    static Tangent jvp(VecsEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(VecsEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
  @Primitive
  interface Sin {
    static Vec eval(Vec x) { return x.map(Math::sin); }
    static Len type(Len x) { return x; }
    static Tangent jvp(VecsEmit e, Primal x, Tangent dx) { return e.mul(e.cos(x), dx); }
  }
  @Primitive
  interface Cos {
    static Vec eval(Vec x) { return x.map(Math::cos); }
    static Len type(Len x) { return x; }
    static Tangent jvp(VecsEmit e, Primal x, Tangent dx) { return e.mul(e.neg(e.sin(x)), dx); }
  }
  @Primitive(multilinear = true)
  interface Neg {
    static Vec eval(Vec x) { return x.map(v -> -v); }
    static Len type(Len x) { return x; }
    static Tangent jvp(VecsEmit e, Tangent dx) { return e.neg(dx); }
    static Cotangents transpose(VecsEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
  }
}

//--- next file
package com.example;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.fixtures.Len;
import io.github.tidu4j.fixtures.Vec;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import java.util.List;
import java.util.Map;

final class Check {
  static void check(boolean condition, String what) {
    if (!condition) {
      throw new AssertionError(what);
    }
  }

  static void refused(Runnable run, String expected) {
    try {
      run.run();
      throw new AssertionError("accepted a value its input does not take: " + expected);
    } catch (GraphException e) {
      check(e.getMessage().equals(expected), "the message: " + e.getMessage());
    }
  }

  static void run() {
    VecsBuilder b = VecsBuilder.create();
    VecsValue v = b.input("v", new Len(3));
    Graph<VecsOp> g = b.build(v.sin().mul(v));
    CompiledProgram<VecsOp> p = Graphs.compile(Graphs.materialize(g));
    VecsEvaluator eval = new VecsEvaluator(p);
    Vec x = new Vec(0.5, -1, 2);
    Vec y = eval.evaluate(x)[0];
    check(y.equals(new Vec(0.5 * Math.sin(0.5), -1 * Math.sin(-1), 2 * Math.sin(2))), "v·sin v: " + y);

    String wrong =
        "input v is bound to vec[5], but its graph declares it vec[3]; bind a value of that type,"
            + " or build and compile the graph for this one";
    Vec five = new Vec(1, 2, 3, 4, 5);
    refused(() -> eval.evaluate(five), wrong);
    refused(() -> eval.evaluate(Map.of("v", five)), wrong);
    refused(() -> Interpreter.eval(p, Map.of("v", five)), wrong);
    refused(() -> Interpreter.evalPositional(p, List.of(five)), wrong);

    // the tangent of v is a vec[3] too
    LinearizedGraph<VecsOp> jvp =
        AD.linearize(Graphs.resolve(g), g.outputKeys(), List.of(ValueKey.input("v")));
    check(jvp.graph().inputType(0).orElseThrow().toString().equals("vec[3]"),
        "the tangent's type: " + jvp.graph().inputType(0));
    CompiledProgram<VecsOp> dp = Graphs.compile(Graphs.resolve(jvp.graph()), jvp.linearOutputs());
    VecsEvaluator d = new VecsEvaluator(dp);
    Vec dy = d.evaluate(Map.of("v", x, jvp.linearInput(0), new Vec(1, 0, 0)))[0];
    double expected = Math.sin(0.5) + 0.5 * Math.cos(0.5);
    check(Math.abs(dy.get(0) - expected) < 1e-15 && dy.get(1) == 0 && dy.get(2) == 0,
        "d(v·sin v) along e0: " + dy);
    refused(
        () -> d.evaluate(Map.of("v", x, jvp.linearInput(0), new Vec(1, 0))),
        "input " + jvp.linearInput(0) + " is bound to vec[2], but its graph declares it vec[3];"
            + " bind a value of that type, or build and compile the graph for this one");
  }
}
