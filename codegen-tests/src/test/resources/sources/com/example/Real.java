package com.example;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Series;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.ad.rules.Tangents;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import java.util.List;

/** The representative set of the golden test: an accumulator, a multilinear primitive, a
 * non-linear one with a Taylor rule, an attribute, two outputs and a zero primitive. */
@PrimitiveSet(operand = double.class)
public interface Real {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(RealEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(RealEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(RealEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  @Primitive
  interface Exp {
    static double eval(double x) { return Math.exp(x); }
    static Tangent jvp(RealEmit e, Primal x, Output y, Tangent dx) { return e.mul(y, dx); }
    static Tangent taylor(RealEmit e, Series x, Series y, int k) {
      Tangent sum = e.mul(y.primal(), x.derivative(k - 1));
      for (int j = 1; j < k; j++) {
        if (!y.isZero(j)) {
          sum = e.add(sum, e.mul(y.factor(j), x.derivative(k - 1 - j)));
        }
      }
      return e.scale(1.0 / k, sum);
    }
  }

  @Primitive(multilinear = true)
  interface Scale {
    double factor();
    default double eval(double x) { return factor() * x; }
    default Tangent jvp(RealEmit e, Tangent dx) { return e.scale(factor(), dx); }
    default Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(e.scale(factor(), ct)); }
  }

  @Primitive(outputs = 2)
  interface SinCos {
    static double[] eval(double x) { return new double[] {Math.sin(x), Math.cos(x)}; }
    static Tangents jvp(RealEmit e, Primal x, Tangent dx) {
      List<Primal> sc = e.sinCos(x);
      return Tangents.of(e.mul(sc.get(1), dx), e.mul(e.scale(-1, sc.get(0)), dx));
    }
  }

  @Primitive(zero = true)
  interface ZerosLike {
    static double eval(double x) { return 0.0; }
  }
}
