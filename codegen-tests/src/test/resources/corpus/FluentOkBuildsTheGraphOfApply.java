// expect: ok
// A user set's generated fluent API: x.softplus().mul(x) builds the graph b.apply(...) builds (the
// same output keys), and differentiates like it; attributes are typed parameters (x.scale(2.0)),
// nullary primitives are builder methods (b.one(), b.literal(2.5)), a primitive with several
// outputs returns them as a list, one with three inputs takes the other two as parameters
// (a.fma(b, c)); values of two builders do not mix.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;

@PrimitiveSet(operand = double.class)
public interface Fl {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(FlEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(FlEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(FlEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(FlEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
  @Primitive
  interface Sigmoid {
    static double eval(double x) { return 1 / (1 + Math.exp(-x)); }
    static Tangent jvp(FlEmit e, Output y, Tangent dx) {
      return e.mul(e.mul(y, e.add(e.one(), e.scale(-1, y))), dx);
    }
  }
  @Primitive
  interface Softplus {
    static double eval(double x) { return Math.log1p(Math.exp(x)); }
    static Tangent jvp(FlEmit e, Primal x, Tangent dx) { return e.mul(e.sigmoid(x), dx); }
  }
  @Primitive(multilinear = true)
  interface Scale {
    double factor();
    default double eval(double x) { return factor() * x; }
    default Tangent jvp(FlEmit e, Tangent dx) { return e.scale(factor(), dx); }
    default Cotangents transpose(FlEmit e, Tangent ct) { return Cotangents.of(e.scale(factor(), ct)); }
  }
  @Primitive
  interface One {
    static double eval() { return 1; }
  }
  @Primitive
  interface Literal {
    double value();
    default double eval() { return value(); }
  }
  @Primitive(outputs = 2)
  interface SinCos {
    static double[] eval(double x) { return new double[] {Math.sin(x), Math.cos(x)}; }
    static Tangents jvp(FlEmit e, Primal x, Tangent dx) {
      List<Primal> sc = e.sinCos(x);
      return Tangents.of(e.mul(sc.get(1), dx), e.mul(e.scale(-1, sc.get(0)), dx));
    }
  }
  @Primitive
  interface Fma {
    static double eval(double a, double b, double c) { return a * b + c; }
    static Tangent jvp(FlEmit e, Primal a, Primal b, Primal c, Tangent da, Tangent db, Tangent dc) {
      return e.add(e.add(e.mul(da, b), e.mul(a, db)), dc);
    }
  }
  @Primitive(outputs = 2)
  interface Pair {
    double first();
    default double[] eval() { return new double[] {first(), first() + 1}; }
  }
}

final class Check {
  static void near(String what, double actual, double expected) {
    if (Math.abs(actual - expected) > 1e-12 * Math.max(1, Math.abs(expected))) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }

  static void check(boolean condition, String what) {
    if (!condition) {
      throw new AssertionError(what);
    }
  }

  static double eval(Graph<FlOp> g, double x) {
    return new FlEvaluator(Graphs.compile(Graphs.materialize(g))).evaluate(x)[0];
  }

  static void run() {
    // softplus(x)·x: the fluent graph is the applied graph
    FlBuilder fb = FlBuilder.create();
    FlValue x = fb.input("x");
    Graph<FlOp> fluent = fb.build(x.softplus().mul(x));
    GraphBuilder<FlOp> b = Graph.builder();
    ValueRef.Local rx = b.input("x");
    Graph<FlOp> applied = b.output(b.apply(FlOp.MUL, b.apply(FlOp.SOFTPLUS, rx), rx)).build();
    check(fluent.outputKeys().equals(applied.outputKeys()),
        "fluent " + fluent.outputKeys() + " = applied " + applied.outputKeys());
    near("f(0.7)", eval(fluent, 0.7), Math.log1p(Math.exp(0.7)) * 0.7);

    // attributes, nullary primitives (with and without attributes), several outputs
    FlBuilder cb = FlBuilder.create();
    FlValue y = cb.input("x");
    List<FlValue> sc = y.sinCos();
    List<FlValue> pair = cb.pair(4.0);
    Graph<FlOp> composite =
        cb.build(sc.get(0).mul(sc.get(1)).scale(2.0).add(cb.literal(2.5)).add(cb.one()).add(pair.get(1)));
    GraphBuilder<FlOp> ab = Graph.builder();
    ValueRef.Local ay = ab.input("x");
    List<ValueRef.Local> asc = ab.applyMulti(FlOp.SIN_COS, ay);
    List<ValueRef.Local> apair = ab.applyMulti(FlOp.pair(4.0));
    ValueRef.Local sum =
        ab.apply(FlOp.ADD,
            ab.apply(FlOp.ADD,
                ab.apply(FlOp.ADD,
                    ab.apply(FlOp.scale(2.0), ab.apply(FlOp.MUL, asc.get(0), asc.get(1))),
                    ab.apply(FlOp.literal(2.5))),
                ab.apply(FlOp.ONE)),
            apair.get(1));
    Graph<FlOp> compositeApplied = ab.output(sum).build();
    check(composite.outputKeys().equals(compositeApplied.outputKeys()),
        "fluent " + composite.outputKeys() + " = applied " + compositeApplied.outputKeys());
    near("sin 2x + 8.5 at 0.3", eval(composite, 0.3), Math.sin(0.6) + 8.5);
    check(sc.size() == 2 && pair.size() == 2, "two outputs each");

    // differentiating the fluent body through the functional API
    ScalarAutodiff<FlOp> ad = ScalarAutodiff.of(FlOp.class, FlEvaluator::new);
    ScalarFunction<FlOp> f = ad.function(FlValue.unary(v -> v.softplus().mul(v)));
    double s = 1 / (1 + Math.exp(-0.7));
    near("f'(0.7)", ad.grad(f).apply(0.7), s * 0.7 + Math.log1p(Math.exp(0.7)));
    near("f''(0.7)", ad.grad(ad.grad(f)).apply(0.7), s * (1 - s) * 0.7 + 2 * s);
    ScalarFunction<FlOp> h =
        ad.function(
            (g, traced) -> {
              FlValue v = FlBuilder.on(g).value(traced);
              List<FlValue> both = v.sinCos();
              return both.get(0).mul(both.get(1)).scale(2.0).ref();   // sin 2x
            });
    near("d sin 2x at 0.3", ad.grad(h).apply(0.3), 2 * Math.cos(0.6));

    // three inputs: the receiver is the first operand, the others follow in eval's order
    FlBuilder tb = FlBuilder.create();
    FlValue a = tb.input("x");
    Graph<FlOp> ternary = tb.build(a.fma(a.scale(3.0), tb.literal(0.5)));   // 3x² + 0.5
    GraphBuilder<FlOp> tab = Graph.builder();
    ValueRef.Local ta = tab.input("x");
    Graph<FlOp> ternaryApplied =
        tab.output(tab.apply(FlOp.FMA, ta, tab.apply(FlOp.scale(3.0), ta), tab.apply(FlOp.literal(0.5))))
            .build();
    check(ternary.outputKeys().equals(ternaryApplied.outputKeys()),
        "fluent " + ternary.outputKeys() + " = applied " + ternaryApplied.outputKeys());
    near("3x² + 0.5 at 2", eval(ternary, 2.0), 12.5);
    ScalarFunction<FlOp> t =
        ad.function(
            (g, traced) -> {
              FlBuilder fbt = FlBuilder.on(g);
              FlValue v = fbt.value(traced);
              return v.fma(v.scale(3.0), fbt.literal(0.5)).ref();
            });
    near("d(3x² + 0.5) at 2", ad.grad(t).apply(2.0), 12.0);

    // builders on one graph share their values
    GraphBuilder<FlOp> shared = Graph.builder();
    FlValue u = FlBuilder.on(shared).input("u");
    FlValue w = FlBuilder.on(shared).input("w");
    check(u.mul(w).builder() == u.builder(), "the result belongs to the receiver's builder");

    // values of two builders do not mix: the message names both
    FlBuilder first = FlBuilder.create();
    FlBuilder second = FlBuilder.create();
    FlValue p = first.input("p");
    FlValue q = second.input("q");
    try {
      p.mul(q);
      throw new AssertionError("p.mul(q) across builders was accepted");
    } catch (IllegalArgumentException expected) {
      String message = expected.getMessage();
      check(message.contains("Mul operand 1") && message.contains(first.toString())
              && message.contains(second.toString()) && !first.toString().equals(second.toString())
              && message.contains("do not mix"),
          "the message names the operation and both builders: " + message);
    }
    try {
      first.build(q);
      throw new AssertionError("an output of another builder was accepted");
    } catch (IllegalArgumentException expected) {
      check(expected.getMessage().contains(second.toString()),
          "the message names the value's builder: " + expected.getMessage());
    }
  }
}
