// expect: error TypeClash
// The user already has a record named like the generated fluent value (FlvValue); the message
// says fluent = false leaves the fluent classes out.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Flv { // <-
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(FlvEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(FlvEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}

//--- next file
package com.example;

public record FlvValue(double value) {}
