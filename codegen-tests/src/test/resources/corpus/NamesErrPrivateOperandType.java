// expect: error InaccessibleType
// A dual-number set declared inside the class that owns its private operand record: the user's
// own code may name the record, the code generated next to the class may not.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

public final class Duals {
  private record Dual(double re, double eps) {}

  @PrimitiveSet(operand = Dual.class) // <-
  interface DualSet {
    @Primitive(accumulator = true)
    interface Add {
      static Dual eval(Dual a, Dual b) { return new Dual(a.re() + b.re(), a.eps() + b.eps()); }
      static Tangent jvp(DualSetEmit e, Tangent da, Tangent db) { return e.add(da, db); }
      static Cotangents transpose(DualSetEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
    }
  }
}

//--- next file
package com.example;

final class UsesDuals {
  DualSetOp op = DualSetOp.ADD;
  DualSetEvaluator evaluator;
}
