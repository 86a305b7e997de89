// expect: error KotlinCompanion
// A primitive declared in Kotlin with its rules in a companion object but without @JvmStatic:
// Kotlin compiles them to instance methods of a nested class Companion, held in a field of the
// interface (as written here in Java), which are no rules of the primitive.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Kt {
  @Primitive(accumulator = true)
  interface Add { // <-
    Companion Companion = new Companion();

    final class Companion {
      public double eval(double a, double b) { return a + b; }

      public Tangent jvp(KtEmit e, Tangent da, Tangent db) { return e.add(da, db); }

      public Cotangents transpose(KtEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
    }
  }
}
