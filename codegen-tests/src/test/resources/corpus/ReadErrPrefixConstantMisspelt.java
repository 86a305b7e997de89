// expect: error UnresolvedValue
// The prefix names a field the settings class does not have (PERFIX for PREFIX); the class
// exists, so no later round can mend it, and it is reported at once.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, prefix = Settings.PERFIX) // <-
public interface Ops {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(OpsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(OpsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}

//--- next file
package com.example;

/** Names shared by the project's sets. */
public final class Settings {
  public static final String PREFIX = "Ops";

  private Settings() {}
}
