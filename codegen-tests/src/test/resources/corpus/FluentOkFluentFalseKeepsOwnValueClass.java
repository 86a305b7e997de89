// expect: ok
// fluent = false: no FlfBuilder/FlfValue are generated, so the user's own FlfValue stays theirs,
// and a primitive may take a name the fluent classes would need (ref).
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, fluent = false)
public interface Flf {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(FlfEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(FlfEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Ref {
    static double eval(double x) { return x; }
    static Tangent jvp(FlfEmit e, Tangent dx) { return dx; }
  }
}

//--- next file
package com.example;

public record FlfValue(double value) {}

//--- next file
package com.example;

final class Check {
  static void run() {
    try {
      Class.forName("com.example.FlfBuilder");
      throw new AssertionError("FlfBuilder was generated despite fluent = false");
    } catch (ClassNotFoundException expected) {
      // not generated
    }
    if (new FlfValue(2).value() != 2) {
      throw new AssertionError("the user's FlfValue");
    }
  }
}
