// expect: error InaccessibleSet
// A set tucked away as a private member of a class.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

public final class Holder {
  @PrimitiveSet(operand = double.class)
  private interface Hidden { // <-
    @Primitive(accumulator = true)
    interface Add {
      static double eval(double a, double b) { return a + b; }
      static Tangent jvp(HiddenEmit e, Tangent da, Tangent db) { return e.add(da, db); }
      static Cotangents transpose(HiddenEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
    }
  }
}
