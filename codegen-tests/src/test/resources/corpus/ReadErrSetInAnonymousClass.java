// expect: error LocalSet
// processor: io.github.tidu4j.processor.LocalSetProcessor
// A set declared in a member class of an anonymous class.
package com.example;

import io.github.tidu4j.annotations.*;

public final class Registry {
  static final Runnable SETUP =
      new Runnable() {
        @PrimitiveSet(operand = double.class)
        interface Ops {} // <-

        @Override
        public void run() {}
      };
}
