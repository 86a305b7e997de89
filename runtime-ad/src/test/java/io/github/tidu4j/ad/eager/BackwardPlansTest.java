package io.github.tidu4j.ad.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.Graph;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Backward passes that share a plan cache linearize and transpose each graph once. */
class BackwardPlansTest {
  private static final Graph<RealOp> SIN = Tape.unary(RealOp.SIN);
  private static final Graph<RealOp> MUL = Tape.binary(RealOp.MUL);

  @Test
  void laterPassesReuseThePlansAndGiveTheSameGradients() {
    BackwardPlans plans = new BackwardPlans(16);
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    for (int step = 0; step < 5; step++) {
      double xv = 0.3 + step;
      EagerInput<Double> x = t.variable(xv);
      EagerInput<Double> c = t.constant(2.0);
      EagerOutput<Double> s = t.call(SIN, x);
      EagerOutput<Double> y = t.call(MUL, s.asInput(), c); // y = 2 sin x
      Map<Object, Double> grads =
          Backward.backward(
              Map.of(y.key(), 1.0), t.trace, t.exec, null, Backward.Options.DEFAULT, plans);
      assertEquals(2 * Math.cos(xv), grads.get(x.key()), 1e-15);
      // SIN w.r.t. its input, MUL w.r.t. its first input only: two plans, made in the first step
      assertEquals(2, plans.made(), "plans made by step " + step);
    }
    assertEquals(2, plans.size());
  }

  @Test
  void theCacheIsBounded() {
    BackwardPlans plans = new BackwardPlans(1);
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(0.5);
    EagerOutput<Double> y = t.call(MUL, t.call(SIN, x).asInput(), x);
    Backward.backward(Map.of(y.key(), 1.0), t.trace, t.exec, null, Backward.Options.DEFAULT, plans);
    assertEquals(1, plans.size());
    assertEquals(2, plans.made());
    assertThrows(IllegalArgumentException.class, () -> new BackwardPlans(0));
  }
}
