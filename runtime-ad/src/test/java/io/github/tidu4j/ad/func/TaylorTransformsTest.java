package io.github.tidu4j.ad.func;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.GraphException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Taylor mode through the generic transforms, on a hand-written set without a scale primitive. */
class TaylorTransformsTest {
  private final ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);

  @Test
  void orderOneNeedsNoScalePrimitive() {
    ScalarFunction<RealOp> f = ad.function((b, x) -> b.apply(RealOp.SIN, x));
    assertArrayEquals(
        new double[] {Math.sin(0.5), Math.cos(0.5)}, ad.derivatives(f, 1).applyAll(0.5), 0);
    assertArrayEquals(
        new double[] {Math.sin(0.5), 2 * Math.cos(0.5)}, ad.taylor(f, 1).applyAll(0.5, 2.0), 0);
  }

  @Test
  void aSetWithoutAScalePrimitiveIsNamedAboveOrderOne() {
    ScalarFunction<RealOp> f = ad.function((b, x) -> b.apply(RealOp.SIN, x));
    GraphException e =
        assertThrows(GraphException.class, () -> ad.derivatives(f, 2).applyAll(0.5));
    assertTrue(e.getMessage().startsWith("derivatives(f, order=2): "), e.getMessage());
    assertTrue(e.getMessage().contains("set RealOp declares no scale primitive"), e.getMessage());
    assertTrue(e.getMessage().contains("@Primitive(scale = true)"), e.getMessage());
  }

  @Test
  void derivativesPastOrder170AreRefusedNotInfinite() {
    // k! overflows a double at k = 171: every derivative of that order would be ∞ or NaN
    ScalarFunction<RealOp> f = ad.function((b, x) -> b.apply(RealOp.SIN, x));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ad.derivatives(f, 171));
    assertTrue(
        e.getMessage().startsWith("derivatives of f: the order is 171, but k!"), e.getMessage());
    Traceable<RealOp, ScalarType, Double> t = f.traceable();
    assertThrows(IllegalArgumentException.class, () -> Transforms.taylor(t, 171, true, 0));
    // the coefficients themselves, to any order
    assertEquals("taylor(f, order=171)", Transforms.taylor(t, 171, false, 0).describe());
  }

  @Test
  void aTransformOfManyInputsIsDescribedByItsFirstArgnumsAndTheirNumber() {
    Traceable<RealOp, ScalarType, Double> f =
        ad.function(20, (b, x) -> List.of(b.apply(RealOp.SIN, x.get(19)))).traceable();
    int[] all = java.util.stream.IntStream.range(0, 20).toArray();
    assertEquals(
        "grad(f, argnums=(0,1,2,3,4,5,6,7,... (20 in all)))",
        Transforms.grad(f, ScalarDomain.INSTANCE, false, all).describe());
    int[] repeated = java.util.Arrays.copyOf(all, 21);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Transforms.grad(f, ScalarDomain.INSTANCE, false, repeated));
    assertEquals(
        "grad of f: argnums [0, 1, 2, 3, 4, 5, 6, 7, ... (21 in all)] lists 0 twice",
        e.getMessage());
  }

  @Test
  void aDirectionOverOneInputAddsOneInputAndRepeatedArgnumsAreRejected() {
    Traceable<RealOp, ScalarType, Double> f =
        ad.function(2, (b, x) -> List.of(b.apply(RealOp.MUL, x.get(0), x.get(1)))).traceable();
    Traceable<RealOp, ScalarType, Double> t = Transforms.taylor(f, 2, false, 1);
    assertEquals(3, t.arity());
    assertEquals("taylor(f, order=2, argnums=(1))", t.describe());
    IllegalArgumentException repeated =
        assertThrows(IllegalArgumentException.class, () -> Transforms.taylor(f, 2, false, 0, 0));
    assertTrue(repeated.getMessage().contains("lists 0 twice"), repeated.getMessage());
  }
}
