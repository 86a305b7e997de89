// expect: ok
// A primitive that keeps its helper types inside itself, named as its domain names them: String
// (of a spring), List, Double, Override, Primal, Tangent, Arrays... The generated operation class
// implements the interface and so inherits those types (and its constants); the code inside it
// must still mean java.lang.String, java.util.List and the rule types.
package com.example;

import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Springs {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(SpringsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(SpringsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  /** Hooke's law for one string of a spring set: force = -stiffness * x. */
  @Primitive(multilinear = true)
  interface Hooke {
    record String(int turns) {}
    enum List { COIL, LEAF }
    final class Double {}
    @interface Override {}
    final class Object {}
    interface Primal {}
    interface Tangent {}
    final class Arrays {}
    final class Objects {}
    final class Collections {}
    final class ValueRef {}
    final class Generated {}
    final class Integer {}
    int Float = 3;
    int Boolean = 4;

    String string();
    List kind();
    double stiffness();
    float damping();
    boolean active();
    java.lang.String label();
    int[] turns();

    default double eval(double x) { return -stiffness() * x; }

    default io.github.tidu4j.ad.rules.Tangent jvp(
        SpringsEmit e, io.github.tidu4j.ad.rules.Tangent dx) {
      return e.hooke(string(), kind(), stiffness(), damping(), active(), label(), turns(), dx);
    }

    default Cotangents transpose(SpringsEmit e, io.github.tidu4j.ad.rules.Tangent ct) {
      return Cotangents.of(
          e.hooke(string(), kind(), stiffness(), damping(), active(), label(), turns(), ct));
    }
  }
}

final class Check {
  static SpringsOp hooke(double stiffness, java.lang.String label) {
    return SpringsOp.hooke(new Springs.Hooke.String(12), Springs.Hooke.List.COIL, stiffness,
        0.25f, true, label, new int[] {3});
  }

  static void run() {
    SpringsOp a = hooke(2.0, "front");
    require(a == hooke(2.0, new java.lang.String("front")), "equal attributes, one operation");
    require(a.hashCode() == hooke(2.0, "front").hashCode(), "equal operations hash alike");
    require(!a.equals(hooke(2.5, "front")), "stiffness is compared");
    require(!a.equals(hooke(2.0, "rear")), "label is compared");
    require(a.toString().startsWith("Hooke[string=String[turns=12], kind=COIL"), a.toString());

    ScalarAutodiff<SpringsOp> ad =
        ScalarAutodiff.of(SpringsOp.class, SpringsEvaluator::new);
    ScalarFunction<SpringsOp> f = ad.function((b, x) -> b.apply(a, x));
    require(f.apply(1.5) == -3.0, "f(1.5) = -3, got " + f.apply(1.5));
    require(ad.grad(f).apply(1.5) == -2.0, "f'(1.5) = -2, got " + ad.grad(f).apply(1.5));
  }

  private static void require(boolean condition, java.lang.String what) {
    if (!condition) {
      throw new AssertionError(what);
    }
  }
}
