package io.github.tidu4j.ad.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.ad.testing.SeriesOp;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ValueRef;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The gradient checker's Taylor check: nested linearize at every order, finite differences to order 2. */
class TaylorCheckTest {

  @Test
  void correctRulesPassToOrdersFourAndSix() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<SeriesOp> g = b.output(b.apply(SeriesOp.SIN, b.apply(SeriesOp.MUL, x, x))).build();
    GradientChecker.<SeriesOp, Void, Double>of(ScalarDomain.INSTANCE)
        .checkTaylor(CheckedFunction.of(g), Map.of("x", 0.7), 4, null, new Random(0));
    GradientChecker.checkTaylor(CheckedFunction.of(g), Map.of("x", 0.7), ScalarDomain.INSTANCE, 4,
        null, new Random(0));

    GraphBuilder<SeriesOp> b2 = Graph.builder();
    ValueRef.Local u = b2.input("u");
    ValueRef.Local w = b2.input("w");
    ValueRef.Local q = b2.apply(SeriesOp.MUL, b2.apply(SeriesOp.EXP, u), b2.apply(SeriesOp.RECIP, b2.apply(SeriesOp.ADD, w,
        b2.apply(SeriesOp.TANH, u))));
    Graph<SeriesOp> two = b2.output(q).output(b2.apply(SeriesOp.SIN, w)).build();
    GradientChecker.<SeriesOp, Void, Double>of(ScalarDomain.INSTANCE)
        .checkTaylor(CheckedFunction.of(two), Map.of("u", 0.3, "w", 1.7), 6, null, new Random(1));
  }

  /**
   * Right rules at large magnitudes and near a pole: the second difference's rounding error grows
   * as |f| / h² (2e-4 for x² at 1000 with the first step, above the default tolerance) and its
   * truncation error as (h / x)² near 1/x's pole; the check allows the one and refines the step
   * against the other.
   */
  @Test
  void rightRulesPassAtLargeMagnitudesAndNearAPole() {
    GradientChecker<SeriesOp, Void, Double> checker =
        GradientChecker.<SeriesOp, Void, Double>of(ScalarDomain.INSTANCE);
    for (int seed = 0; seed < 3; seed++) {
      for (double x : new double[] {1e3, 1e4, 1e6}) {
        GraphBuilder<SeriesOp> b = Graph.builder();
        ValueRef.Local in = b.input("x");
        Graph<SeriesOp> square = b.output(b.apply(SeriesOp.MUL, in, in)).build();
        checker.checkTaylor(CheckedFunction.of(square), Map.of("x", x), 4, null, new Random(seed));
      }
      for (double x : new double[] {0.01, 0.001}) {
        GraphBuilder<SeriesOp> b = Graph.builder();
        Graph<SeriesOp> recip = b.output(b.apply(SeriesOp.RECIP, b.input("x"))).build();
        checker.checkTaylor(CheckedFunction.of(recip), Map.of("x", x), 3, null, new Random(seed));
      }
      GraphBuilder<SeriesOp> b = Graph.builder();
      Graph<SeriesOp> exp = b.output(b.apply(SeriesOp.EXP, b.input("x"))).build();
      checker.checkTaylor(CheckedFunction.of(exp), Map.of("x", 50.0), 3, null, new Random(seed));
    }
  }

  @Test
  void aWrongJvpIsCaughtByFiniteDifferencesAtOrderOne() {
    GraphBuilder<WrongRuleOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<WrongRuleOp> g = b.output(b.apply(WrongRuleOp.SIN_WRONG_SIGN, x)).build();
    GradientCheckFailure e = assertThrows(GradientCheckFailure.class,
        () -> GradientChecker.<WrongRuleOp, Void, Double>of(ScalarDomain.INSTANCE)
            .checkTaylor(CheckedFunction.of(g), Map.of("x", 0.7), 1, null, new Random(2)));
    assertEquals(1, e.order());
    assertEquals("Taylor coefficient 1 against finite differences", e.check());
    assertTrue(e.getMessage().contains("by Taylor mode"), e.getMessage());
    // the static form, as GradientChecker.check has one
    GradientCheckFailure again = assertThrows(GradientCheckFailure.class,
        () -> GradientChecker.checkTaylor(CheckedFunction.of(g), Map.of("x", 0.7),
            ScalarDomain.INSTANCE, 1, null, new Random(2)));
    assertEquals(e.getMessage(), again.getMessage());
  }

  @Test
  void orderZeroIsRejected() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    Graph<SeriesOp> g = b.output(b.apply(SeriesOp.EXP, b.input("x"))).build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GradientChecker.<SeriesOp, Void, Double>of(ScalarDomain.INSTANCE)
            .checkTaylor(CheckedFunction.of(g), Map.of("x", 0.7), 0, null, new Random(0)));
    assertEquals("order must be at least 1, got 0", e.getMessage());
  }

  /**
   * A scale primitive that does not multiply by its factor makes every Taylor coefficient wrong
   * while the JVP and transpose checks, whose rules never emit it, pass: checkTaylor checks it
   * first and names it.
   */
  @Test
  void aScalePrimitiveThatDoesNotMultiplyByItsFactorIsNamed() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    Graph<SeriesOp> g = b.output(b.apply(SeriesOp.EXP_OF_BAD_SCALE_SET, b.input("x"))).build();
    GradientChecker<SeriesOp, Void, Double> checker =
        GradientChecker.<SeriesOp, Void, Double>of(ScalarDomain.INSTANCE);
    checker.check(CheckedFunction.of(g), Map.of("x", 0.7), 3, Mode.BOTH, null, new Random(5));
    GradientCheckFailure e =
        assertThrows(
            GradientCheckFailure.class,
            () -> checker.checkTaylor(CheckedFunction.of(g), Map.of("x", 0.7), 3, null,
                new Random(5)));
    assertEquals("the scale primitive", e.check());
    assertEquals(
        "the scale primitive: BAD_SCALE(2.0) of x = 0.7 is " + (2.0 * 0.7 * 1.001)
            + ", not 1.4 (2.0 times it); its eval must multiply its operand by its factor: Taylor"
            + " mode scales every series with it, so every Taylor coefficient and derivatives(f,"
            + " k) would be wrong",
        e.getMessage());
    // at 0 a kernel wrong by a factor is right: the random direction shows it
    GradientCheckFailure atZero =
        assertThrows(
            GradientCheckFailure.class,
            () -> checker.checkTaylor(CheckedFunction.of(g), Map.of("x", 0.0), 3, null,
                new Random(5)));
    assertEquals("the scale primitive", atZero.check());
    assertTrue(atZero.getMessage().startsWith(
        "the scale primitive: BAD_SCALE(2.0) of the direction along x = "), atZero.getMessage());
  }
}
