// expect: ok
// A normalizing attribute method may read attributes declared before it, by name, between the
// operands' types and the attribute: Turn.phase(Un x, double period, double phase) takes the phase
// modulo the period, so x.turn(4, 5), x.turn(4, -3) and x.turn(4, 1) make one operation (as
// BroadcastInDim's dimensions read its shape to count negative ones from the end of the result).
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, type = Un.class)
public interface Td {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Un type(Un a, Un b) { return a; }
    static Tangent jvp(TdEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(TdEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  /** Scales by the cosine of a phase: linear in its operand. */
  @Primitive(multilinear = true)
  interface Turn {
    double period();
    double phase();
    /** The phase modulo the period: phases a whole period apart turn alike, as one operation. */
    static double phase(Un x, double period, double phase) {
      double r = phase % period;
      return r < 0 ? r + period : r;
    }
    static Un type(Un x) { return x; }
    default double eval(double x) { return x * Math.cos(2 * Math.PI * phase() / period()); }
    default Tangent jvp(TdEmit e, Tangent dx) { return e.turn(period(), phase(), dx); }
    default Cotangents transpose(TdEmit e, Tangent ct) {
      return Cotangents.of(e.turn(period(), phase(), ct));
    }
  }
}

//--- next file
package com.example;

public record Un(int m) {}

//--- next file
package com.example;

import io.github.tidu4j.graph.Graph;

public final class Check {
  public static void run() {
    TdBuilder b = TdBuilder.create();
    TdValue x = b.input("x", new Un(1));
    Graph<TdOp> g = b.build(x.turn(4.0, 5.0), x.turn(4.0, -3.0), x.turn(4.0, 1.0));
    for (int node = 0; node < g.nodeCount(); node++) {
      if (g.operation(node) != TdOp.turn(4.0, 1.0)) {
        throw new AssertionError("one operation, its phase normalized: " + g.operation(node));
      }
    }
  }
}
