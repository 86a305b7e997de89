// expect: ok
// A set over a value class of its own (Vec) with an abstract type (Len) and a domain constant: its
// builder's input(key, type) records the type in the graph, so every program compiled from it
// refuses a value of another length bound to that input, naming it, by key and by position; a JVP's
// tangent input takes its input's type. Without the check an elementwise program would compute on
// a Vec of any length and return one of that length.
package com.example;

import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

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

/** The abstract type of a Vec: its length. */
public record Len(int n) {
  static Len same(Len a, Len b) {
    if (a.n != b.n) {
      throw new IllegalArgumentException("lengths differ: " + a.n + " and " + b.n);
    }
    return a;
  }

  @Override
  public String toString() {
    return "vec[" + n + "]";
  }
}

//--- next file
package com.example;

import java.util.Arrays;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

/** An immutable vector of doubles. */
public final class Vec {
  private final double[] xs;

  public Vec(double... xs) {
    this.xs = xs.clone();
  }

  public int length() {
    return xs.length;
  }

  public double get(int i) {
    return xs[i];
  }

  Vec map(DoubleUnaryOperator f) {
    double[] r = new double[xs.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = f.applyAsDouble(xs[i]);
    }
    return new Vec(r);
  }

  static Vec zip(Vec a, Vec b, DoubleBinaryOperator f) {
    if (a.xs.length != b.xs.length) {
      throw new IllegalArgumentException("lengths differ: " + a.xs.length + " and " + b.xs.length);
    }
    double[] r = new double[a.xs.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = f.applyAsDouble(a.xs[i], b.xs[i]);
    }
    return new Vec(r);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Vec v && Arrays.equals(xs, v.xs);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(xs);
  }

  @Override
  public String toString() {
    return Arrays.toString(xs);
  }
}

//--- next file
package com.example;

import io.github.tidu4j.ad.check.Tolerance;
import io.github.tidu4j.ad.func.Domain;
import java.util.Random;

/** The vector space of Vecs, typed by their length. */
public enum VecDomain implements Domain<Len, Vec> {
  INSTANCE;

  @Override
  public Len typeOf(Vec value) {
    return new Len(value.length());
  }

  @Override
  public Vec zero(Len type) {
    return new Vec(new double[type.n()]);
  }

  @Override
  public Vec one(Len type) {
    return zero(type).map(x -> 1.0);
  }

  @Override
  public String gradOutputProblem(Len type) {
    return type.n() == 1 ? null : "the output is " + type + ", not a vec[1]";
  }

  @Override
  public Vec add(Vec a, Vec b) {
    return Vec.zip(a, b, Double::sum);
  }

  @Override
  public Vec scale(double factor, Vec a) {
    return a.map(x -> factor * x);
  }

  @Override
  public double inner(Vec a, Vec b) {
    double s = 0;
    for (int i = 0; i < a.length(); i++) {
      s += a.get(i) * b.get(i);
    }
    return s;
  }

  @Override
  public Vec randomLike(Vec template, Random random) {
    return template.map(x -> random.nextGaussian());
  }

  @Override
  public Tolerance defaultTolerance() {
    return Tolerance.F64;
  }
}

//--- next file
package com.example;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
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
