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
import org.junit.jupiter.api.Test;

/** The gradient checker's Taylor check: finite differences to order 2, nested linearize above. */
class TaylorCheckTest {

  @Test
  void correctRulesPassToOrdersFourAndSix() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<SeriesOp> g = b.output(b.apply(SeriesOp.SIN, b.apply(SeriesOp.MUL, x, x))).build();
    GradientChecker.<SeriesOp, Void, Double>of(ScalarDomain.INSTANCE)
        .checkTaylor(CheckedFunction.of(g), Map.of("x", 0.7), 4, null, new Random(0));

    GraphBuilder<SeriesOp> b2 = Graph.builder();
    ValueRef.Local u = b2.input("u");
    ValueRef.Local w = b2.input("w");
    ValueRef.Local q = b2.apply(SeriesOp.MUL, b2.apply(SeriesOp.EXP, u), b2.apply(SeriesOp.RECIP, b2.apply(SeriesOp.ADD, w,
        b2.apply(SeriesOp.TANH, u))));
    Graph<SeriesOp> two = b2.output(q).output(b2.apply(SeriesOp.SIN, w)).build();
    GradientChecker.<SeriesOp, Void, Double>of(ScalarDomain.INSTANCE)
        .checkTaylor(CheckedFunction.of(two), Map.of("u", 0.3, "w", 1.7), 6, null, new Random(1));
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
}
