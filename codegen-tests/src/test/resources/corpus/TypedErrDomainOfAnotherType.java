// expect: error DomainConstant
// A domain constant over another type than the set's abstract type: the generated builder and
// eager class, which read values' types with it, would not compile (an error inside generated code,
// with no fix); a raw Domain would compile with unchecked warnings. It is named at the field.
package com.example;

import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = Double.class, type = Un.class)
public interface Td {
  Domain<Object, Double> DOMAIN = null; // <-

  @Primitive(accumulator = true)
  interface Add {
    static Double eval(Double a, Double b) { return a + b; }
    static Un type(Un a, Un b) { return a; }
    static Tangent jvp(TdEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TdEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}

record Un(int m) {}
