// expect: error AbstractTypeEquality
// An abstract type written as a plain class, without equals and hashCode: two equal shapes are
// different objects, so a function cached by its inputs' types would be compiled on every call
// and an eager backward would reject a seed of the output's own shape.
package com.example.matrices;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(
    operand = double[].class,
    type = MatType.class, // <-
    prefix = "Mat")
public interface Matrices {
  @Primitive(accumulator = true)
  interface Add {
    static double[] eval(double[] a, double[] b) {
      double[] c = new double[a.length];
      for (int i = 0; i < c.length; i++) {
        c[i] = a[i] + b[i];
      }
      return c;
    }
    static MatType type(MatType a, MatType b) {
      if (a.rows != b.rows || a.cols != b.cols) {
        throw new IllegalArgumentException("shapes differ: " + a + " and " + b);
      }
      return a;
    }
    static Tangent jvp(MatEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(MatEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
}

//--- next file
package com.example.matrices;

/** A matrix's shape. */
public final class MatType {
  final int rows;
  final int cols;

  public MatType(int rows, int cols) {
    this.rows = rows;
    this.cols = cols;
  }

  @Override
  public String toString() {
    return rows + "x" + cols;
  }
}
