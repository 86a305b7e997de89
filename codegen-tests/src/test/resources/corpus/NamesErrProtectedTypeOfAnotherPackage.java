// expect: error InaccessibleType
// A model class extends a library base and uses the base's protected nested enum as an attribute
// type: the model (a subclass) may name it, the code generated in com.example may not.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

public class Model extends com.lib.Base {
  @PrimitiveSet(operand = double.class)
  interface Layers {
    @Primitive(accumulator = true)
    interface Add {
      static double eval(double a, double b) { return a + b; }
      static Tangent jvp(LayersEmit e, Tangent da, Tangent db) { return e.add(da, db); }
      static Cotangents transpose(LayersEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
    }

    @Primitive
    interface Activate {
      Kind kind(); // <-
      default double eval(double x) { return kind() == Kind.RELU ? Math.max(0, x) : x; }
      static Tangent jvp(LayersEmit e, Tangent dx) { return dx; }
    }
  }
}

//--- next file
package com.lib;

public class Base {
  protected enum Kind { RELU, LINEAR }
}
