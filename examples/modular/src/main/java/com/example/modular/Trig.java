package com.example.modular;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

/**
 * A closed set over {@code double} for {@code f(x, y) = sin(x)·y + cos(x)}: the primitives its
 * rules emit are in the set, and those applied to tangents ({@code add}, {@code mul}, {@code neg})
 * have transpose rules, so it differentiates to any order in forward and reverse mode.
 */
@PrimitiveSet(operand = double.class)
public interface Trig {

  /** {@code a + b}; sums fan-out cotangents. */
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) {
      return a + b;
    }

    static Tangent jvp(TrigEmit e, Tangent da, Tangent db) {
      return e.add(da, db);
    }

    static Cotangents transpose(TrigEmit e, Tangent ct) {
      return Cotangents.of(ct, ct);
    }
  }

  /** {@code a · b}: linear in each operand. */
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) {
      return a * b;
    }

    static Tangent jvp(TrigEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }

    static Cotangents transpose(TrigEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  /** {@code −x}: linear. */
  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) {
      return -x;
    }

    static Tangent jvp(TrigEmit e, Tangent dx) {
      return e.neg(dx);
    }

    static Cotangents transpose(TrigEmit e, Tangent ct) {
      return Cotangents.of(e.neg(ct));
    }
  }

  /** {@code sin x}; {@code d sin = cos(x)·dx}. */
  @Primitive
  interface Sin {
    static double eval(double x) {
      return Math.sin(x);
    }

    static Tangent jvp(TrigEmit e, Primal x, Tangent dx) {
      return e.mul(e.cos(x), dx);
    }
  }

  /** {@code cos x}; {@code d cos = −sin(x)·dx}. */
  @Primitive
  interface Cos {
    static double eval(double x) {
      return Math.cos(x);
    }

    static Tangent jvp(TrigEmit e, Primal x, Tangent dx) {
      return e.mul(e.neg(e.sin(x)), dx);
    }
  }
}
