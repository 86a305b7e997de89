// expect: ok
// A whole set on its way out, with its operand record deprecated for removal too: generated code
// refers to both everywhere and must not turn that into warnings of its own.
package com.example;

import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import java.util.List;

/** @deprecated superseded by the tensor set */
@Deprecated(since = "3", forRemoval = true)
@PrimitiveSet(operand = OldGeometry.Point.class)
public interface OldGeometry {
  /**
   * A point of the old geometry set.
   *
   * @deprecated use the tensor set
   */
  @Deprecated(since = "3", forRemoval = true)
  record Point(double x, double y) {}

  @Primitive(accumulator = true)
  interface Add {
    static Point eval(Point a, Point b) { return new Point(a.x() + b.x(), a.y() + b.y()); }
    static Tangent jvp(OldGeometryEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(OldGeometryEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  @Primitive
  interface Offset {
    double dx();
    default Point eval(Point p) { return new Point(p.x() + dx(), p.y()); }
    static Tangent jvp(OldGeometryEmit e, Tangent dp) { return dp; }
  }
}

final class Check {
  @SuppressWarnings("removal")
  static void run() {
    OldGeometryOp a = OldGeometryOp.offset(1.5);
    if (a != OldGeometryOp.offset(1.5)) {
      throw new AssertionError("offsets are interned");
    }
    List<OldGeometry.Point> moved = a.eval(List.of(new OldGeometry.Point(1, 2)));
    if (!moved.equals(List.of(new OldGeometry.Point(2.5, 2)))) {
      throw new AssertionError("offset moves x: " + moved);
    }
  }
}
