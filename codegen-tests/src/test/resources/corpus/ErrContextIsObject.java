// expect: error ContextType
// A context declared as Object, to pass anything: an int converts to it too, so the context
// overloads of Transforms and of the eager class's newRuntime would take numbers meant otherwise.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, context = Object.class) // <-
public interface Loose {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(LooseEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(LooseEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}
