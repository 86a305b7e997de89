// expect: ok
// A logging set: rules receive the log as context, and a primitive has attributes named ctx and
// log, the names the generated rule dispatch gives its own parameters.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class, context = Trace.class)
public interface Traced {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(TracedEmit e, Tangent da, Tangent db, Trace ctx) { return e.add(da, db); }
    static Cotangents transpose(TracedEmit e, Tangent ct, Trace ctx) {
      return Cotangents.of(ct, ct);
    }
  }

  @Primitive
  interface Mark {
    String ctx();
    int log();
    String b();

    default double eval(double primalIn) { return primalIn; }

    default Tangent jvp(TracedEmit e, Primal primalIn, Tangent dx, Trace trace) {
      trace.lines.add(ctx() + "#" + log() + b());
      return dx;
    }
  }
}

//--- next file
package com.example;

import java.util.ArrayList;
import java.util.List;

/** What the rules of a traced computation write. */
public final class Trace {
  final List<String> lines = new ArrayList<>();
}

//--- next file
package com.example;

final class Check {
  static void run() {
    TracedOp mark = TracedOp.mark("here", 3, "!");
    if (mark != TracedOp.mark(new String("here"), 3, "!") || mark.equals(TracedOp.mark("here", 4, "!"))) {
      throw new AssertionError("marks are interned and compare by ctx, log and b");
    }
    if (!mark.toString().equals("Mark[ctx=here, log=3, b=!]")) {
      throw new AssertionError(mark.toString());
    }
  }
}
