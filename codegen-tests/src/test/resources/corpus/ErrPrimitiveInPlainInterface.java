// expect: error PrimitiveOutsideSet
// A primitive declared in an interface that lacks @PrimitiveSet.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

public interface Loose {
  @Primitive // <-
  interface Sin {
    static double eval(double x) { return Math.sin(x); }
  }
}
