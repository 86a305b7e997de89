// expect: ok
// A set whose operand is not double (here the boxed Double) and that declares no domain constant:
// its eager class's runtime takes the domain, EagerBx.newRuntime(ScalarDomain.INSTANCE); and a set
// that declares one, as a constant of its interface, gets newRuntime() over it.
package com.example;

import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.ad.func.ScalarType;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = Double.class)
public interface Bx {
  @Primitive(accumulator = true)
  interface Add {
    static Double eval(Double a, Double b) { return a + b; }
    static Tangent jvp(BxEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(BxEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Exp {
    static Double eval(Double x) { return Math.exp(x); }
    static Tangent jvp(BxEmit e, Output y, Tangent dx) { return e.mul(y, dx); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static Double eval(Double a, Double b) { return a * b; }
    static Tangent jvp(BxEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(BxEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
}

//--- next file
package com.example;

import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.ad.func.ScalarType;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = Double.class)
public interface Dx {
  Domain<ScalarType, Double> DOMAIN = ScalarDomain.INSTANCE;

  @Primitive(accumulator = true)
  interface Add {
    static Double eval(Double a, Double b) { return a + b; }
    static Tangent jvp(DxEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(DxEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Sin {
    static Double eval(Double x) { return Math.sin(x); }
    static Tangent jvp(DxEmit e, Primal x, Tangent dx) { return e.mul(e.cos(x), dx); }
  }
  @Primitive
  interface Cos {
    static Double eval(Double x) { return Math.cos(x); }
    static Tangent jvp(DxEmit e, Primal x, Tangent dx) { return e.neg(e.mul(e.sin(x), dx)); }
  }
  @Primitive(multilinear = true)
  interface Neg {
    static Double eval(Double x) { return -x; }
    static Tangent jvp(DxEmit e, Tangent dx) { return e.neg(dx); }
    static Cotangents transpose(DxEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static Double eval(Double a, Double b) { return a * b; }
    static Tangent jvp(DxEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(DxEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
}

//--- next file
package com.example;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.ScalarDomain;

final class Check {
  static void run() {
    EagerRuntime<Double, EagerBx> rt = EagerBx.newRuntime(ScalarDomain.INSTANCE);
    EagerBx x = rt.variable(0.5);
    EagerBx y = x.exp().mul(x);
    y.backward();
    double expected = Math.exp(0.5) * 1.5;
    if (Math.abs(x.grad() - expected) > 1e-15 * expected) {
      throw new AssertionError("d(x·eˣ) = " + x.grad() + ", expected " + expected);
    }

    EagerRuntime<Double, EagerDx> rd = EagerDx.newRuntime();
    EagerDx t = rd.variable(0.3);
    t.sin().mul(t.cos()).backward();
    double d = Math.cos(0.6);
    if (Math.abs(t.grad() - d) > 1e-15) {
      throw new AssertionError("d(sin t·cos t) = " + t.grad() + ", expected " + d);
    }
  }
}
