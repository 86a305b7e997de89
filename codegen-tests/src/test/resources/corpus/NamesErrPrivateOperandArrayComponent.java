// expect: error InaccessibleType
// A batch set whose operand is an array of a record the enclosing class keeps private: the array
// type looks public, its component is not.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

public final class Batches {
  private record Sample(double value, double weight) {}

  @PrimitiveSet(operand = Sample[].class) // <-
  interface Batch {
    @Primitive(accumulator = true)
    interface Concat {
      static Sample[] eval(Sample[] a, Sample[] b) {
        Sample[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
      }
      static Tangent jvp(BatchEmit e, Tangent da, Tangent db) { return e.concat(da, db); }
      static Cotangents transpose(BatchEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
    }
  }
}
