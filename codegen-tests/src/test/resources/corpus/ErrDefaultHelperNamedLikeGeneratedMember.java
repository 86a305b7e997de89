// expect: error NameClash
// A helper default method that happens to share its name and arity with a method of the
// generated operation class (tangentResult), which would otherwise break the generated code.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Helpers {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(HelpersEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(HelpersEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  interface Scaled {
    double factor();

    default double eval(double x) { return factor() * x; }

    default Tangent jvp(HelpersEmit e, Tangent dx) { return tangentResult(e.add(dx, dx)); }

    default Tangent tangentResult(Tangent t) { return t; } // <-
  }
}
