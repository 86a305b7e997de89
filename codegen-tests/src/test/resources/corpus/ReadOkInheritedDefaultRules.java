// expect: ok
// Two scaling primitives share their attribute, kernel and JVP rule through a base interface,
// as default methods; the generated operations call the inherited rules.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

@PrimitiveSet(operand = double.class)
public interface Gain {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(GainEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(GainEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  /** What every power-law primitive shares: its exponent, x^k and its derivative. */
  interface PowerLaw {
    double k();

    default double eval(double x) { return Math.pow(x, k()); }

    default Tangent jvp(GainEmit e, Primal x, Tangent dx) {
      return e.mul(e.mul(e.constant(k()), e.pow(k() - 1, x)), dx);
    }
  }

  @Primitive
  interface Pow extends PowerLaw {}

  @Primitive
  interface Root extends PowerLaw {
    @Override
    default double eval(double x) { return Math.pow(Math.abs(x), k()); }
  }

  @Primitive
  interface Constant {
    double value();

    default double eval() { return value(); }
  }

  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(GainEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(GainEmit e, io.github.tidu4j.ad.rules.Arg a,
        io.github.tidu4j.ad.rules.Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
}

final class Check {
  static void run() {
    ScalarAutodiff<GainOp> ad = ScalarAutodiff.of(GainOp.class, GainEvaluator::new);
    ScalarFunction<GainOp> f = ad.function((b, x) -> b.apply(GainOp.pow(3), x));
    ScalarFunction<GainOp> g = ad.function((b, x) -> b.apply(GainOp.root(0.5), x));
    if (f.apply(2.0) != 8.0 || ad.grad(f).apply(2.0) != 12.0) {
      throw new AssertionError("x^3 at 2: " + f.apply(2.0) + ", " + ad.grad(f).apply(2.0));
    }
    double d = ad.grad(g).apply(4.0);
    if (Math.abs(d - 0.25) > 1e-15) {
      throw new AssertionError("d/dx sqrt(x) at 4 = " + d);
    }
    // the kernel table describes Pow's kernel as a call a bytecode backend makes: an interface
    // call of Pow.eval, which resolves to the default method Pow inherits
    var kernel = GainKernels.TABLE.get(GainOp.pow(3).opcode());
    if (kernel.isStatic()
        || !kernel.methodName().equals("eval")
        || !kernel.ownerInternalName().equals("com/example/Gain$Pow")) {
      throw new AssertionError("Pow's kernel: " + kernel);
    }
    try {
      MethodHandle eval =
          MethodHandles.publicLookup()
              .findVirtual(Gain.Pow.class, "eval", MethodType.methodType(double.class, double.class));
      double y = (double) eval.invoke(GainOp.pow(3), 2.0);
      if (y != 8.0) {
        throw new AssertionError("Pow.eval by interface call: " + y);
      }
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }
}
