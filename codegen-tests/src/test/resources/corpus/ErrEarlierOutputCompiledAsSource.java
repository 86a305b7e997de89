// expect: error EarlierOutputAsSource
// The generated-sources directory of an earlier build was added to the source path, so the set's
// own earlier output is compiled again as sources.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Stale { // <-
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(StaleEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(StaleEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}

//--- next file
package com.example;

import javax.annotation.processing.Generated;

@Generated("io.github.tidu4j.processor.PrimitiveSetProcessor")
public final class StaleOp {
}

//--- next file
package com.example;

import javax.annotation.processing.Generated;

@Generated("io.github.tidu4j.processor.PrimitiveSetProcessor")
public final class StaleKernels {
}
