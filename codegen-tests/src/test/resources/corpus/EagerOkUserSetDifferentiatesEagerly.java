// expect: ok
// A user set's generated eager class: x.softplus().mul(x) runs at once, and backward() gives the
// gradient the graph transforms give; attributes are typed parameters (x.scale(2.0)), a primitive
// with several outputs returns them as a list, a value composite (x.square()) and a builder
// composite with value parameters (EgSet.dot(a, b), static) are methods too, built once per
// attributes; values of two runtimes do not mix.
package com.example;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;
import java.util.List;

@PrimitiveSet(operand = double.class, prefix = "Eg")
public interface EgSet {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(EgEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(EgEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(EgEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(EgEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
  @Primitive
  interface Sigmoid {
    static double eval(double x) { return 1 / (1 + Math.exp(-x)); }
    static Tangent jvp(EgEmit e, Output y, Tangent dx) {
      return e.mul(e.mul(y, e.add(e.one(), e.scale(-1, y))), dx);
    }
  }
  @Primitive
  interface Softplus {
    static double eval(double x) { return Math.log1p(Math.exp(x)); }
    static Tangent jvp(EgEmit e, Primal x, Tangent dx) { return e.mul(e.sigmoid(x), dx); }
  }
  @Primitive(multilinear = true)
  interface Scale {
    double factor();
    default double eval(double x) { return factor() * x; }
    default Tangent jvp(EgEmit e, Tangent dx) { return e.scale(factor(), dx); }
    default Cotangents transpose(EgEmit e, Tangent ct) { return Cotangents.of(e.scale(factor(), ct)); }
  }
  @Primitive
  interface One {
    static double eval() { return 1; }
  }
  @Primitive(outputs = 2)
  interface SinCos {
    static double[] eval(double x) { return new double[] {Math.sin(x), Math.cos(x)}; }
    static Tangents jvp(EgEmit e, Primal x, Tangent dx) {
      List<Primal> sc = e.sinCos(x);
      return Tangents.of(e.mul(sc.get(1), dx), e.mul(e.scale(-1, sc.get(0)), dx));
    }
  }

  /** {@code x²}. */
  static EgValue square(EgValue x) {
    return x.mul(x);
  }

  /** {@code Σ wᵢ·aᵢ·bᵢ}: a builder composite with value parameters and an attribute. */
  static EgValue dot(EgBuilder b, double[] weights, EgValue... values) {
    EgValue sum = values[0].mul(values[0]).scale(0);
    for (int i = 0; i + 1 < values.length; i += 2) {
      sum = sum.add(values[i].mul(values[i + 1]).scale(weights[i / 2]));
    }
    return sum;
  }
}

//--- next file
package com.example;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import java.util.List;

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

  static void run() throws Exception {
    EagerRuntime<Double, EagerEg> rt = EagerEg.newRuntime();
    ScalarAutodiff<EgOp> ad = ScalarAutodiff.of(EgOp.class, EgEvaluator::new);
    ScalarFunction<EgOp> f = ad.function(EgValue.unary(x -> x.softplus().mul(x)));
    for (double x0 : new double[] {-2.0, 0.0, 0.7, 3.0}) {
      EagerEg x = rt.variable(x0);
      EagerEg y = x.softplus().mul(x);
      near("f(" + x0 + ")", y.value(), f.apply(x0));
      y.backward();
      near("f'(" + x0 + ")", x.grad(), ad.grad(f).apply(x0));
    }

    // attributes, several outputs, a value composite
    EagerEg x = rt.variable(0.5);
    EagerEg z = x.scale(2.0).add(x.sinCos().get(1)).add(x.square());
    near("z", z.value(), 1.0 + Math.cos(0.5) + 0.25);
    z.backward();
    near("dz", x.grad(), 2.0 - Math.sin(0.5) + 1.0);

    // a builder composite: static, its value parameters eager values, the rest attributes
    EagerEg a = rt.variable(2.0);
    EagerEg b = rt.variable(3.0);
    EagerEg d = EagerEg.dot(new double[] {10.0}, a, b);
    near("dot", d.value(), 60.0);
    d.backward();
    near("d/da", a.grad(), 30.0);
    near("d/db", b.grad(), 20.0);
    long built = rt.operationGraphsBuilt();
    EagerEg.dot(new double[] {10.0}, a, b);
    check(rt.operationGraphsBuilt() == built, "dot with equal weights reuses its graph");
    EagerEg.dot(new double[] {5.0}, a, b);
    check(rt.operationGraphsBuilt() == built + 1, "other weights build another graph");
    try {
      EagerEg.dot(new double[] {1.0});
      throw new AssertionError("dot of no values ran");
    } catch (IllegalArgumentException expected) {
      check(expected.getMessage().contains("needs at least one operand"), expected.getMessage());
    }

    // values of two runtimes do not mix
    EagerEg foreign = EagerEg.newRuntime().variable(1.0);
    try {
      x.mul(foreign);
      throw new AssertionError("values of two runtimes mixed");
    } catch (IllegalArgumentException expected) {
      check(expected.getMessage().contains("belongs to another EagerRuntime"), expected.getMessage());
    }
  }
}
