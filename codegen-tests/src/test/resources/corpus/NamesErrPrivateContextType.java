// expect: error InaccessibleType
// A random-feature set whose context, the random source, is a private nested class.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

public final class Features {
  private static final class Seeds {}

  @PrimitiveSet(operand = double.class, context = Seeds.class) // <-
  interface Noise {
    @Primitive(accumulator = true)
    interface Add {
      static double eval(double a, double b) { return a + b; }
      static Tangent jvp(NoiseEmit e, Tangent da, Tangent db, Seeds seeds) { return e.add(da, db); }
      static Cotangents transpose(NoiseEmit e, Tangent ct, Seeds seeds) {
        return Cotangents.of(ct, ct);
      }
    }
  }
}
