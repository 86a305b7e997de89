// expect: error ContextType
// A step count passed as the context, boxed: an int converts to Integer, so Transforms.jvp(f, 0)
// could not tell its argnums from a context, and the eager class's newRuntime(4) would be taken
// for a segment limit.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, context = Integer.class) // <-
public interface Counted {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(CountedEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(CountedEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}
