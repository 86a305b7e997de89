// expect: error SetExtendsSet
// An "extended" set built by inheriting a base set's primitives and adding one.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Extended extends Basic { // <-
  @Primitive
  interface Cube {
    static double eval(double x) { return x * x * x; }
  }
}

//--- next file
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Basic {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(BasicEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(BasicEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}
