// expect: ok
// A set with an abstract type (@PrimitiveSet(type = Phys.Unit.class)): every fluent value carries its
// unit, each primitive's type rule computes its output's unit and rejects operands it cannot take
// (the error names the primitive, once, and each operand with its unit), a derived attribute (Mark.unit)
// is filled in from the operand's unit rather than passed, a type rule may read attributes
// (Constant.type(unit)), a primitive with two outputs types both, an identity rule
// (Scale.isIdentity) makes x.scale(1.0) return x itself, a method named like an attribute that
// also takes it normalizes the given value (Scale.factor: −0.0 becomes 0.0), and the set's static methods taking a
// PhysValue or PhysBuilder first (composites) become methods of those classes.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import com.example.Phys.Unit;
import java.util.List;

@PrimitiveSet(operand = double.class, type = Phys.Unit.class)
public interface Phys {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Unit type(Unit a, Unit b) {
      if (!a.equals(b)) {
        throw new IllegalArgumentException("units differ: " + a + " and " + b);
      }
      return a;
    }
    static Tangent jvp(PhysEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(PhysEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Unit type(Unit a, Unit b) { return a.times(b); }
    static Tangent jvp(PhysEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(PhysEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
  @Primitive
  interface Sin {
    static double eval(double x) { return Math.sin(x); }
    static Unit type(Unit x) { return Unit.dimensionless(x); }
    static Tangent jvp(PhysEmit e, Primal x, Tangent dx) { return e.mul(e.cos(x), dx); }
  }
  @Primitive
  interface Cos {
    static double eval(double x) { return Math.cos(x); }
    static Unit type(Unit x) {
      if (!x.equals(Unit.NONE)) {
        // a message that names its primitive itself: the error does not name it twice
        throw new IllegalArgumentException("Cos: takes a dimensionless operand, not " + x);
      }
      return x;
    }
    static Tangent jvp(PhysEmit e, Primal x, Tangent dx) {
      return e.mul(e.scale(-1, e.sin(x)), dx);
    }
  }
  @Primitive(outputs = 2)
  interface Both {
    static double[] eval(double x) { return new double[] {Math.sin(x), Math.cos(x)}; }
    static List<Unit> type(Unit x) { return List.of(Unit.dimensionless(x), x); }
    static Tangents jvp(PhysEmit e, Primal x, Tangent dx) {
      return Tangents.of(e.mul(e.cos(x), dx), e.mul(e.scale(-1, e.sin(x)), dx));
    }
  }
  @Primitive(multilinear = true)
  interface Scale {
    double factor();
    default double eval(double x) { return factor() * x; }
    static Unit type(Unit x) { return x; }
    static boolean isIdentity(Unit x, double factor) { return factor == 1; }
    /** Normalizes the given factor: −0.0 and 0.0 scale alike, so they make one operation. */
    static double factor(Unit x, double factor) { return factor == 0 ? 0.0 : factor; }
    default Tangent jvp(PhysEmit e, Tangent dx) { return e.scale(factor(), dx); }
    default Cotangents transpose(PhysEmit e, Tangent ct) {
      return Cotangents.of(e.scale(factor(), ct));
    }
  }
  /** Marks a value with its unit, an attribute the fluent method derives from the operand. */
  @Primitive(multilinear = true)
  interface Mark {
    Unit unit();
    static Unit unit(Unit x) { return x; }
    static double eval(double x) { return x; }
    static Unit type(Unit x, Unit unit) { return unit; }
    default Tangent jvp(PhysEmit e, Tangent dx) { return e.mark(unit(), dx); }
    default Cotangents transpose(PhysEmit e, Tangent ct) {
      return Cotangents.of(e.mark(unit(), ct));
    }
  }
  @Primitive
  interface Constant {
    double value();
    Unit unit();
    default double eval() { return value(); }
    static Unit type(Unit unit) { return unit; }
  }

  /** {@code x·x}: a composite, so {@code x.square()}. */
  static PhysValue square(PhysValue x) {
    return x.mul(x);
  }

  /** The sum of the values: a variable-arity composite. */
  static PhysValue total(PhysValue first, PhysValue... rest) {
    PhysValue sum = first;
    for (PhysValue value : rest) {
      sum = sum.add(value);
    }
    return sum;
  }

  /** An input in metres: a composite of the builder, so {@code b.metres("x")}. */
  static PhysValue metres(PhysBuilder b, String name) {
    return b.input(name, new Unit(1, 0));
  }

  /** A helper that takes no fluent value first: not a composite. */
  static Unit squared(Unit unit) {
    return unit.times(unit);
  }

  /** A unit: the exponents of metres and seconds. */
  record Unit(int m, int s) {
    static final Unit NONE = new Unit(0, 0);

    static Unit dimensionless(Unit x) {
      if (!x.equals(NONE)) {
        throw new IllegalArgumentException("takes a dimensionless operand, not " + x);
      }
      return x;
    }

    Unit times(Unit other) {
      return new Unit(m + other.m, s + other.s);
    }

    @Override
    public String toString() {
      return "m^" + m + "·s^" + s;
    }
  }
}

final class Check {
  static void check(boolean condition, String what) {
    if (!condition) {
      throw new AssertionError(what);
    }
  }

  static void near(String what, double actual, double expected) {
    if (Math.abs(actual - expected) > 1e-12 * Math.max(1, Math.abs(expected))) {
      throw new AssertionError(what + " = " + actual + ", expected " + expected);
    }
  }

  static void run() {
    Unit metre = new Unit(1, 0);
    Unit second = new Unit(0, 1);
    PhysBuilder b = PhysBuilder.create();
    PhysValue x = b.input("x", metre);
    PhysValue t = b.input("t", second);
    PhysValue area = x.mul(x).scale(2.0).add(b.constant(1.0, new Unit(2, 0)));
    check(area.type().equals(new Unit(2, 0)), "the type rule of Mul adds exponents: " + area.type());
    PhysValue marked = area.mark();
    check(marked.type().equals(area.type()), "Mark keeps the unit");
    Graph<PhysOp> g = b.build(marked.mul(t));
    check(g.outputKeys().size() == 1, "one output");
    double y = new PhysEvaluator(Graphs.compile(Graphs.materialize(g))).evaluate(3.0, 0.5)[0];
    near("(2x² + 1)·t at (3, 0.5)", y, 9.5);

    // the derived attribute is the operand's unit: the operation equals PhysOp.mark(m²)
    PhysBuilder mb = PhysBuilder.create();
    PhysValue m = mb.input("m", metre);
    PhysValue mm = m.mark();
    Graph<PhysOp> marks = mb.build(mm);
    GraphBuilder<PhysOp> ab = Graph.builder();
    Graph<PhysOp> applied = ab.output(ab.apply(PhysOp.mark(metre), ab.input("m"))).build();
    check(marks.outputKeys().equals(applied.outputKeys()),
        "fluent " + marks.outputKeys() + " = applied " + applied.outputKeys());
    check(mm.toString().contains(metre.toString()), "the value shows its unit: " + mm);

    // rejections name the primitive, the rule's reason and every operand with its unit
    PhysBuilder rb = PhysBuilder.create();
    x = rb.input("x", metre);
    t = rb.input("t", second);
    try {
      x.add(t);
      throw new AssertionError("adding metres to seconds was accepted");
    } catch (IllegalArgumentException expected) {
      String message = expected.getMessage();
      check(message.startsWith("Add: units differ: m^1·s^0 and m^0·s^1 (operands ")
              && message.contains("x: m^1·s^0") && message.contains("t: m^0·s^1"),
          "the message names the primitive and the operands: " + message);
      check(expected.getCause() != null, "the rule's own exception is the cause");
    }
    try {
      x.mul(x).sin();
      throw new AssertionError("the sine of an area was accepted");
    } catch (IllegalArgumentException expected) {
      String message = expected.getMessage();
      check(message.startsWith("Sin: takes a dimensionless operand, not m^2·s^0 (operand Mul(x, x): m^2·s^0)"),
          "the operand is described by where it comes from: " + message);
    }
    try {
      x.mul(x).cos();
      throw new AssertionError("the cosine of an area was accepted");
    } catch (IllegalArgumentException expected) {
      String message = expected.getMessage();
      check(message.startsWith("Cos: takes a dimensionless operand, not m^2·s^0 (operand Mul(x, x): m^2·s^0)"),
          "a rule's message naming its primitive is not prefixed again: " + message);
    }

    // composites and the identity rule
    PhysBuilder cb = PhysBuilder.create();
    PhysValue len = cb.metres("len");
    check(len.type().equals(metre), "b.metres: " + len.type());
    PhysValue sq = len.square();
    check(sq.type().equals(Phys.squared(metre)), "x.square(): " + sq.type());
    PhysValue all = sq.total(sq, sq.scale(2.0));
    check(all.type().equals(sq.type()), "x.total(...): " + all.type());
    check(len.scale(1.0) == len, "scale(1.0) is the identity: no node");
    check(len.scale(2.0) != len, "scale(2.0) adds a node");
    PhysBuilder nb = PhysBuilder.create();
    Graph<PhysOp> zero = nb.build(nb.metres("z").scale(-0.0));
    check(zero.operation(0) == PhysOp.scale(0.0), "the factor is normalized: " + zero.operation(0));
    double total =
        new PhysEvaluator(Graphs.compile(Graphs.materialize(cb.build(all)))).evaluate(3.0)[0];
    near("4·len² at 3", total, 36.0);

    // two outputs, each typed
    PhysBuilder tb = PhysBuilder.create();
    PhysValue angle = tb.input("a", Unit.NONE);
    List<PhysValue> both = angle.both();
    check(both.size() == 2 && both.get(0).type().equals(Unit.NONE)
            && both.get(1).type().equals(Unit.NONE), "both outputs typed");

    // differentiating a typed fluent body: the traced value is given its type
    ScalarAutodiff<PhysOp> ad = ScalarAutodiff.of(PhysOp.class, PhysEvaluator::new);
    ScalarFunction<PhysOp> f =
        ad.function(
            (graph, traced) -> {
              PhysValue v = PhysBuilder.on(graph).value(traced, metre);
              return v.mul(v).mark().ref();
            });
    near("d x² at 3", ad.grad(f).apply(3.0), 6.0);
  }
}
