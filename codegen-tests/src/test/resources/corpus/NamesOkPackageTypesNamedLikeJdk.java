// expect: ok
// A package of a units library that declares its own String, Object, Integer, Override, Void, List,
// Entry, Interner... next to a set: generated code in the same package must still mean the JDK's
// and the runtime's types, and the package's own where it names them (an Integer attribute).
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Units {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(UnitsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(UnitsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  /** Converts between units by a factor; the unit's name and exponent are attributes. */
  @Primitive(multilinear = true, outputs = 2)
  interface Convert {
    java.lang.String unit();
    Integer exponent();
    double factor();

    default double[] eval(double x) { return new double[] {factor() * x, -factor() * x}; }

    default io.github.tidu4j.ad.rules.Tangents jvp(UnitsEmit e, Tangent dx) {
      return e.convert(unit(), exponent(), factor(), dx);
    }

    default Cotangents transpose(UnitsEmit e, Tangent ct, Tangent cu) {
      return Cotangents.of(e.add(e.convert(unit(), exponent(), factor(), ct).get(0),
          e.convert(unit(), exponent(), -factor(), cu).get(0)));
    }
  }
}

final class Check {
  static void run() {
    UnitsOp a = UnitsOp.convert("m", new Integer(2), 3.0);
    require(a == UnitsOp.convert(new java.lang.String("m"), new Integer(2), 3.0), "interned");
    require(!a.equals(UnitsOp.convert("m", new Integer(3), 3.0)), "exponent is compared");
    ScalarAutodiff<UnitsOp> ad = ScalarAutodiff.of(UnitsOp.class, UnitsEvaluator::new);
    ScalarFunction<UnitsOp> f =
        ad.function((b, x) -> b.apply(UnitsOp.ADD, b.applyMulti(a, x).get(0), b.applyMulti(a, x).get(1)));
    require(f.apply(2.0) == 0.0, "f(2) = 0, got " + f.apply(2.0));
    ScalarFunction<UnitsOp> g = ad.function((b, x) -> b.applyMulti(a, x).get(1));
    require(ad.grad(g).apply(2.0) == -3.0, "g'(2) = -3, got " + ad.grad(g).apply(2.0));
  }

  private static void require(boolean condition, java.lang.String what) {
    if (!condition) {
      throw new AssertionError(what);
    }
  }
}

//--- next file
package com.example;

/** A string of a stringed instrument. */
public final class String {}

//--- next file
package com.example;

/** An integer exponent of a unit, a value. */
public record Integer(int value) {}

//--- next file
package com.example;

/** The root of a units library's own hierarchy. */
public class Object {}

//--- next file
package com.example;

/** Marks an override of a unit definition. */
public @interface Override {}

//--- next file
package com.example;

/** The unit of nothing. */
public final class Void {}

//--- next file
package com.example;

/** The units a library knows. */
public final class List {}

//--- next file
package com.example;

/** One entry of a units table. */
public final class Entry {}

//--- next file
package com.example;

/** Interns unit names. */
public final class Interner {}

//--- next file
package com.example;

/** A double-precision unit. */
public final class Double {}

//--- next file
package com.example;

/** A runtime failure of a conversion. */
public final class RuntimeException {}

//--- next file
package com.example;

/** A state failure of a conversion. */
public final class IllegalStateException {}

//--- next file
package com.example;

/** A generated unit table. */
public final class Generated {}
