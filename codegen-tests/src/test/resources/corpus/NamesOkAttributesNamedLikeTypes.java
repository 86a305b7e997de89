// expect: ok
// Attributes and kernel parameters named like the types and packages generated code names
// (Double, Arrays, List, Objects, Primal, the set's own GridOp, java, com): each is a legal Java
// identifier, so the set must compile and its operations must still compare by every attribute.
package com.example;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

@PrimitiveSet(operand = double.class)
public interface Grid {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double GridOp, double java) { return GridOp + java; }
    static Tangent jvp(GridEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(GridEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  /** Stretches x by a factor; the rest are labels a grid generator carries along. */
  @Primitive(multilinear = true)
  interface Stretch {
    double Double();
    int[] Arrays();
    String List();
    String Objects();
    int Primal();
    long Tangent();
    String INTERNER();
    boolean java();
    float com();
    int GridOp();
    float Float();
    int Integer();

    default double eval(double Grid) { return Double() * Grid; }

    default Tangent jvp(GridEmit e, Tangent dx) {
      return e.stretch(Double(), Arrays(), List(), Objects(), Primal(), Tangent(), INTERNER(),
          java(), com(), GridOp(), Float(), Integer(), dx);
    }

    default Cotangents transpose(GridEmit e, Tangent ct) {
      return Cotangents.of(e.stretch(Double(), Arrays(), List(), Objects(), Primal(), Tangent(),
          INTERNER(), java(), com(), GridOp(), Float(), Integer(), ct));
    }
  }
}

final class Check {
  static GridOp stretch(double factor, String list, float com) {
    return GridOp.stretch(factor, new int[] {4, 4}, list, "o", 1, 2L, "i", true, com, 3, 0.5f, 9);
  }

  static void run() {
    GridOp a = stretch(3.0, "l", 1.5f);
    require(a == stretch(3.0, new String("l"), 1.5f), "equal attributes give the same operation");
    require(a.hashCode() == stretch(3.0, "l", 1.5f).hashCode(), "equal operations hash alike");
    require(!a.equals(stretch(2.0, "l", 1.5f)), "Double is compared");
    require(!a.equals(stretch(3.0, "m", 1.5f)), "List is compared");
    require(!a.equals(stretch(3.0, "l", 2.5f)), "com is compared");
    require(((Grid.Stretch) a).Double() == 3.0 && ((Grid.Stretch) a).com() == 1.5f,
        "accessors return the attributes");

    ScalarAutodiff<GridOp> ad = ScalarAutodiff.of(GridOp.class, GridEvaluator::new);
    ScalarFunction<GridOp> f =
        ad.function((b, x) -> b.apply(GridOp.ADD, b.apply(a, x), b.apply(a, x)));
    require(f.apply(2.0) == 12.0, "f(2) = 2 * 3 * 2, got " + f.apply(2.0));
    require(ad.grad(f).apply(2.0) == 6.0, "f'(2) = 6, got " + ad.grad(f).apply(2.0));
  }

  private static void require(boolean condition, String what) {
    if (!condition) {
      throw new AssertionError(what);
    }
  }
}
