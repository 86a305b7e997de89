// expect: error NameClash
// A primitive named Ref: its fluent method FlrValue.ref() would clash with the accessor every
// fluent value has.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Flr {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(FlrEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(FlrEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive
  interface Ref { // <-
    static double eval(double x) { return x; }
    static Tangent jvp(FlrEmit e, Tangent dx) { return dx; }
  }
}

//--- next file
package com.example;

// code naming the fluent classes of the set with errors: the stand-ins keep it compiling so far
// that the set's own error is the only one
final class UsesFluent {
  static FlrValue twice(FlrBuilder b) {
    return null;
  }
}
