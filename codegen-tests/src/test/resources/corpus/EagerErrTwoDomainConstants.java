// expect: error DomainConstant
// Two domain constants: the generated classes would read values' types with the first one
// declared, whatever its name, so a second one (here a placeholder left null) is refused.
package com.example;

import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.ad.func.ScalarType;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = Double.class)
public interface Dx {
  Domain<ScalarType, Double> DOMAIN = ScalarDomain.INSTANCE;
  Domain<ScalarType, Double> SPARE = null; // <-

  @Primitive(accumulator = true)
  interface Add {
    static Double eval(Double a, Double b) { return a + b; }
    static Tangent jvp(DxEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(DxEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}
