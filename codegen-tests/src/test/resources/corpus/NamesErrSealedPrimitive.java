// expect: error SealedPrimitive
// A user seals a primitive interface out of habit (it "has no other implementations"); the
// generated operation class must implement it, which a sealed interface does not permit.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Waves {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(WavesEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(WavesEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  sealed interface Sine permits Waves.Sine.Unit { // <-
    record Unit() implements Sine {}

    static double eval(double x) { return Math.sin(x); }
    static Tangent jvp(WavesEmit e, Primal x, Tangent dx) { return e.add(dx, dx); }
  }
}

//--- next file
package com.example;

final class UsesWaves {
  static final WavesOp SINE = WavesOp.SINE;
  WavesEvaluator evaluator;
}
