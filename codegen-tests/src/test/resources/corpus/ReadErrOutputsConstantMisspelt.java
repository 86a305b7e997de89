// expect: error UnresolvedValue
// outputs names a constant the class does not declare (a typo: COUNTS for COUNT).
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Stats {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(StatsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(StatsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(outputs = Moments.COUNTS) // <-
  interface MeanVar {
    static double[] eval(double a, double b) { return new double[] {(a + b) / 2, (a - b) * (a - b) / 4}; }
    static Tangents jvp(StatsEmit e, Tangent da, Tangent db) { return Tangents.of(da, db); }
  }
}

//--- next file
package com.example;

/** How many moments the statistics primitives give. */
public final class Moments {
  public static final int COUNT = 2;

  private Moments() {}
}
