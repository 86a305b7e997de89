// expect: ok
// An elementwise primitive whose per-element kernel reads an attribute, as its default eval does:
// the generated ELEMENTWISE list describes it as an instance kernel of its interface.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Affine {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(AffineEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(AffineEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(elementwise = true)
  interface Shift {
    double by();
    default double eval(double x) { return x + by(); }
    default double element(double x) { return x + by(); }
    static Tangent jvp(AffineEmit e, Tangent dx) { return dx; }
  }
}
//--- next file
package com.example;

import io.github.tidu4j.graph.ElementKernelDescriptor;

final class Check {
  static void run() {
    if (AffineKernels.ELEMENTWISE.size() != 1) {
      throw new AssertionError("one elementwise primitive, got " + AffineKernels.ELEMENTWISE);
    }
    ElementKernelDescriptor shift = AffineKernels.ELEMENTWISE.get(0);
    if (shift.opcode() != 1 || shift.real().isStatic() || shift.complexRe() != null
        || !shift.real().methodDescriptor().equals("(D)D")
        || !shift.ownerInternalName().equals("com/example/Affine$Shift")) {
      throw new AssertionError(shift.toString());
    }
    AffineOp op = AffineOp.shift(2.0);
    if (((Affine.Shift) op).element(1.0) != 3.0) {
      throw new AssertionError("element(1) of shift(2)");
    }
  }
}
