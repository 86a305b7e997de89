package io.github.tidu4j.primitives.scalar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.graph.GraphPrinter;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The functional API over the shipped scalar set, through the generated evaluator. */
class ScalarAutodiffTest {
  private final ScalarAutodiff<ScalarOp> ad =
      ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
  private final ScalarAutodiff<ScalarOp> interpreted = ScalarAutodiff.of(ScalarOp.class);

  private static ScalarFunction<ScalarOp> xSinX(ScalarAutodiff<ScalarOp> ad) {
    return ad.function((b, x) -> b.apply(ScalarOp.MUL, b.apply(ScalarOp.SIN, x), x));
  }

  @Test
  void derivativesOfXSinXToThirdOrder() {
    ScalarFunction<ScalarOp> f = xSinX(ad);
    double x = 0.7;
    assertEquals(x * Trig.sin(x), f.apply(x));
    assertEquals(Math.sin(x) + x * Math.cos(x), ad.grad(f).apply(x), 1e-15);
    assertEquals(2 * Math.cos(x) - x * Math.sin(x), ad.grad(ad.grad(f)).apply(x), 1e-15);
    assertEquals(
        -3 * Math.sin(x) - x * Math.cos(x), ad.grad(ad.grad(ad.grad(f))).apply(x), 1e-15);
    // forward over reverse: (∇f, f''·t)
    assertArrayEquals(
        new double[] {Math.sin(x) + x * Math.cos(x), 2 * (2 * Math.cos(x) - x * Math.sin(x))},
        ad.jvp(ad.grad(f)).applyAll(x, 2.0), 1e-15);
  }

  @Test
  void theGeneratedEvaluatorAndTheInterpreterAgreeBitForBit() {
    double[] xs = {-2.5, -0.1, 0, 0.3, 4};
    ScalarFunction<ScalarOp> fast = ad.grad(ad.grad(xSinX(ad)));
    ScalarFunction<ScalarOp> slow = interpreted.grad(interpreted.grad(xSinX(interpreted)));
    for (double x : xs) {
      assertEquals(Double.doubleToRawLongBits(slow.apply(x)), Double.doubleToRawLongBits(fast.apply(x)));
    }
  }

  @Test
  void severalInputsWithArgnumsAndVjp() {
    ScalarFunction<ScalarOp> f = ad.function(2, (b, x) -> List.of(
        b.apply(ScalarOp.DIV, x.get(0), x.get(1)), b.apply(ScalarOp.EXP, x.get(1))));
    ScalarFunction<ScalarOp> first = ad.outputs(f, 0);
    assertEquals(-3.0 / 4, ad.grad(first, 1).apply(3, 2));
    assertArrayEquals(new double[] {1.0 / 2, -3.0 / 4}, ad.grad(first, 0, 1).applyAll(3, 2));
    // vjp: outputs (3/2, e²) then cotangents for ȳ = (1, 10): (1/2, -3/4 + 10e²)
    double[] v = ad.vjp(f, 2).applyAll(3, 2, 1, 10);
    assertArrayEquals(new double[] {1.5, Math.exp(2), 0.5, -0.75 + 10 * Math.exp(2)}, v, 1e-12);
  }

  @Test
  void compiledOncePerFunction() {
    ScalarFunction<ScalarOp> f = xSinX(ad);
    long before = ad.cacheStats().compilations();
    ad.grad(f).apply(1);
    ad.grad(f).apply(2);
    ad.grad(f).apply(3);
    assertEquals(1, ad.cacheStats().compilations() - before);
    assertEquals(2, ad.cacheStats().hits());
  }

  @Test
  void aFluentBodyWrappedAgainIsTheSameFunction() {
    // a request handler that wraps its function on every call compiles it once
    UnaryOperator<ScalarValue> body = x -> x.sin().mul(x);
    long before = ad.cacheStats().compilations();
    for (int call = 0; call < 3; call++) {
      assertEquals(
          Math.sin(0.5) + 0.5 * Math.cos(0.5),
          ad.grad(ad.function(ScalarValue.unary(body))).apply(0.5),
          1e-15);
    }
    assertEquals(1, ad.cacheStats().compilations() - before);
    assertEquals(ad.function(ScalarValue.unary(body)), ad.function(ScalarValue.unary(body)));
    assertNotEquals(
        ad.function(ScalarValue.unary(body)), ad.function(ScalarValue.unary(x -> x.sin().mul(x))));
  }

  @Test
  void theStagedGraphsCanBePrinted() {
    String printed = GraphPrinter.print(ad.grad(xSinX(ad)).staged().graphs().get(0));
    assertTrue(printed.contains("Cos"), printed);
  }

  /**
   * A function of two inputs written with fluent values, as {@code unary} is for one; bodies of one
   * lambda object are one function to the cache.
   */
  @Test
  void aBinaryBodyIsOneFunctionPerLambdaAndDifferentiatesInBothInputs() {
    java.util.function.BinaryOperator<ScalarValue> body = (x, y) -> x.mul(y).sin();
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.binary(body));
    assertEquals(Math.sin(0.6), f.apply(0.3, 2.0), 0.0);
    double[] g = ad.grad(f, 0, 1).applyAll(0.3, 2.0);
    assertArrayEquals(new double[] {2.0 * Math.cos(0.6), 0.3 * Math.cos(0.6)}, g, 1e-15);
    assertEquals(f, ad.function(ScalarValue.binary(body)), "the same lambda, wrapped again");
    IllegalArgumentException none =
        assertThrows(
            IllegalArgumentException.class,
            () -> ad.function(ScalarValue.binary((x, y) -> null)).apply(1, 2));
    assertEquals("f returned null as output 0", none.getMessage());
  }

  @Test
  void errorsNameWhatIsWrong() {
    ScalarFunction<ScalarOp> f = xSinX(ad);
    IllegalArgumentException args =
        assertThrows(IllegalArgumentException.class, () -> ad.grad(f).apply(1, 2));
    assertEquals("grad(f) takes 1 argument, got 2", args.getMessage());
    IllegalArgumentException foreign =
        assertThrows(IllegalArgumentException.class, () -> interpreted.grad(f));
    assertEquals("f belongs to another ScalarAutodiff", foreign.getMessage());
    IllegalStateException many = assertThrows(IllegalStateException.class,
        () -> ad.function(1, (b, x) -> List.of(x.get(0), x.get(0))).apply(1));
    assertTrue(many.getMessage().contains("has 2 outputs; use applyAll"));
    IllegalArgumentException none =
        assertThrows(
            IllegalArgumentException.class,
            () -> ad.function(ScalarValue.unary(x -> null)).apply(1));
    assertEquals("f returned null as output 0", none.getMessage());
  }

  /** {@code ScalarAutodiff.hvp}'s Javadoc example, at a point held in fields. */
  private static final class HvpExample {
    private final double x = 0.7;
    private final double y = -1.3;
    private final double vx = 0.5;
    private final double vy = 2.0;

    double[] run(ScalarAutodiff<ScalarOp> ad) {
      ScalarFunction<ScalarOp> f = ad.function(ScalarValue.binary((x, y) -> x.sin().mul(y).mul(y)));
      double[] hv = ad.hvp(f).applyAll(x, y, vx, vy);   // H·(vx, vy), cross terms included
      return hv;
    }
  }

  @Test
  void hvpAndValueAndGradAsTensorAutodiffsGiveThem() {
    double x = 0.7, y = -1.3, vx = 0.5, vy = 2.0;
    double[] hv = new HvpExample().run(ad);
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.binary((u, v) -> u.sin().mul(v).mul(v)));
    // f = sin(x)·y²: H = [[−sin(x)·y², 2y·cos(x)], [2y·cos(x), 2 sin(x)]]
    double hxx = -Math.sin(x) * y * y, hxy = 2 * y * Math.cos(x), hyy = 2 * Math.sin(x);
    assertArrayEquals(new double[] {hxx * vx + hxy * vy, hxy * vx + hyy * vy}, hv, 1e-15);
    assertArrayEquals(new double[] {hyy * vy}, ad.hvp(f, 1).applyAll(x, y, vy), 1e-15);
    // the value, then ∂f/∂x and ∂f/∂y, from one program
    assertArrayEquals(
        new double[] {Trig.sin(x) * y * y, Math.cos(x) * y * y, 2 * Math.sin(x) * y},
        ad.valueAndGrad(f, 0, 1).applyAll(x, y),
        1e-15);
    // messages name the transform asked for, not its composition
    assertEquals("hvp(f, argnums=(0,1))", ad.hvp(f).describe());
    IllegalArgumentException arity =
        assertThrows(IllegalArgumentException.class, () -> ad.hvp(f).applyAll(x, y, vx));
    assertTrue(
        arity.getMessage().startsWith("hvp(f, argnums=(0,1)) takes 4 arguments, got 3"),
        arity.getMessage());
    IllegalArgumentException range =
        assertThrows(IllegalArgumentException.class, () -> ad.valueAndGrad(f, 2));
    assertTrue(
        range.getMessage().startsWith("valueAndGrad of f: argnum 2 is out of range"),
        range.getMessage());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ad.hvp(ad.function(0, (b, xs) -> List.of(b.apply(ScalarOp.constant(1.0))))));
    assertTrue(e.getMessage().contains("it has no inputs to differentiate"), e.getMessage());
    // a function of two outputs: hvp says so itself, and outputs(f, i) gives it one
    ScalarFunction<ScalarOp> two =
        ad.function(1, (b, xs) -> List.of(xs.get(0), b.apply(ScalarOp.SIN, xs.get(0))));
    IllegalArgumentException outputs =
        assertThrows(IllegalArgumentException.class, () -> ad.hvp(two).applyAll(x, vx));
    assertTrue(
        outputs.getMessage().startsWith(
            ad.hvp(two).describe() + ": hvp needs a function with one output, but"),
        outputs.getMessage());
    assertArrayEquals(
        new double[] {-Math.sin(x) * vx}, ad.hvp(ad.outputs(two, 1)).applyAll(x, vx), 1e-15);
  }
}
