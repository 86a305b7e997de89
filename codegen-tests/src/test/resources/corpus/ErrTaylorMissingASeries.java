// expect: error TaylorSignature
// A Taylor rule of a binary primitive taking the Series of one operand only.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface TaylorOneSeries {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TaylorOneSeriesEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TaylorOneSeriesEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Div {
    static double eval(double a, double b) { return a / b; }
    static Tangent jvp(TaylorOneSeriesEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return Tangent.zero();
    }
    static Tangent taylor(TaylorOneSeriesEmit e, Series a, int k) { return Tangent.zero(); } // <-
  }
}
