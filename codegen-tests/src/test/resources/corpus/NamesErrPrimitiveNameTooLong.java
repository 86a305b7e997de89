// expect: error NameTooLong
// A primitive named by a generator after the spline it evaluates, in full: its nested operation
// class would need a class file name of more than 255 bytes.
package com.example.splines;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Splines {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(SplinesEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(SplinesEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive(name = "PiecewiseCubicHermiteInterpolantWithMonotoneSlopesClampedAtTheEndpointsPiecewiseCubicHermiteInterpolantWithMonotoneSlopesClampedAtTheEndpointsPiecewiseCubicHermiteInterpolantWithMonotoneSlopesClampedAtTheEndpointsAndExtrapolatedLinearlyBeyond") // <-
  interface Spline {
    static double eval(double x) { return x * x * (3 - 2 * x); }
    static Tangent jvp(SplinesEmit e, Tangent dx) { return dx; }
  }
}

//--- next file
package com.example.splines;

final class UsesSplines {
  SplinesEvaluator evaluator;
  SplinesOp add = SplinesOp.ADD;
}
