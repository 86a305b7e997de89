// expect: error TypeClash
// The user already has a class named like the generated operations.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Clash { // <-
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(ClashEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(ClashEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}

//--- next file
package com.example;

public final class ClashOp {
}
