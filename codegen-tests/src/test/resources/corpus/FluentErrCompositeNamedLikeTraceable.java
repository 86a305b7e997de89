// expect: error CompositeSignature
// A composite traceable(VecsValue x, UnaryOperator<VecsValue> f) in a typed set with a domain:
// VecsValue already has the static traceable(UnaryOperator<VecsValue>) that makes a Traceable.
package com.example;

import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;
import java.util.function.UnaryOperator;

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

  static VecsValue traceable(VecsValue x, UnaryOperator<VecsValue> f) { // <-
    return f.apply(x);
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
