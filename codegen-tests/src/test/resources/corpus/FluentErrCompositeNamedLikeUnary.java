// expect: error CompositeSignature
// A composite unary(FuValue x, UnaryOperator<FuValue> f) in a set over double: FuValue already has the static unary(UnaryOperator<FuValue>) that makes ScalarAutodiff bodies.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;
import java.util.function.UnaryOperator;

@PrimitiveSet(operand = double.class)
public interface Fu {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(FuEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(FuEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  static FuValue unary(FuValue x, UnaryOperator<FuValue> f) { // <-
    return f.apply(x);
  }
}
