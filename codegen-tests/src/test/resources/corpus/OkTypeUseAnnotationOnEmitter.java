// expect: ok
// A type-use annotation (as nullness checkers want) on the emitter parameter, on a type not
// generated yet: the processor must still recognise the emitter.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;
import java.lang.annotation.ElementType;
import java.lang.annotation.Target;

@Target(ElementType.TYPE_USE)
@interface NonNull {}

@PrimitiveSet(operand = double.class)
public interface Guarded {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(@NonNull GuardedEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(@NonNull GuardedEmit e, @NonNull Tangent ct) {
      return Cotangents.of(ct, ct);
    }
  }

  @Primitive(multilinear = true)
  interface Triple {
    static double eval(double x) { return 3 * x; }
    static @NonNull Tangent jvp(com.example.@NonNull GuardedEmit e, Tangent dx) { return e.triple(dx); }
    static Cotangents transpose(GuardedEmit e, Tangent ct) { return Cotangents.of(e.triple(ct)); }
  }
}

final class Check {
  static void run() {
    ScalarAutodiff<GuardedOp> ad = ScalarAutodiff.of(GuardedOp.class, GuardedEvaluator::new);
    ScalarFunction<GuardedOp> f = ad.function((b, x) -> b.apply(GuardedOp.TRIPLE, b.apply(GuardedOp.ADD, x, x)));
    if (ad.grad(f).apply(0.25) != 6.0) {
      throw new AssertionError("d/dx 3(x + x) = " + ad.grad(f).apply(0.25));
    }
  }
}
