// expect: error LocalSet
// processor: io.github.tidu4j.processor.LocalSetProcessor
// A set declared as a local interface inside a test-setup method (Java 16+).
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

public final class Fixtures {
  static void prepare() {
    @PrimitiveSet(operand = double.class)
    interface Tiny { // <-
      @Primitive(accumulator = true)
      interface Add {
        static double eval(double a, double b) { return a + b; }
      }
    }
  }
}
