// expect: error UnresolvedType
// The rule vocabulary is not imported: the first use is reported at once, with the import to add.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Sums {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(SumsEmit e, Tangent da, Tangent db) { return e.add(da, db); } // <-
    static Cotangents transpose(SumsEmit e, io.github.tidu4j.ad.rules.Tangent ct) {
      return Cotangents.of(ct, ct);
    }
  }
}
