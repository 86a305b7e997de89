package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.primitives.scalar.EagerScalar;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A graph of two hundred thousand outputs called on an eager runtime and back-propagated from every
 * output: which outputs require grad is found in one sweep, and the backward pass is linear too;
 * a sweep per output would take minutes here, past the timeout.
 */
class WideCallTest {
  private static final int WIDE = 200_000;

  @Test
  @Timeout(60)
  void aCallOfAGraphOfManyOutputsRecordsAndBackPropagatesInLinearTime() {
    // y_i = sin(x_i) for even i, and 2 for odd i (no input: no grad)
    GraphBuilder<ScalarOp> b = Graph.builder();
    for (int i = 0; i < WIDE; i++) {
      b.output(b.apply(ScalarOp.SIN, b.input("x" + i)));
    }
    Graph<ScalarOp> g = b.build();
    EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime(ScalarEvaluator::new);
    List<EagerScalar> inputs = new ArrayList<>(WIDE);
    for (int i = 0; i < WIDE; i++) {
      inputs.add(i % 2 == 0 ? rt.variable(0.1 * (i % 7)) : rt.constant(0.5));
    }
    List<EagerScalar> ys = rt.call(g, inputs);
    assertEquals(WIDE, ys.size());
    Map<EagerScalar, Double> seeds = new HashMap<>();
    for (int i = 0; i < WIDE; i++) {
      assertEquals(i % 2 == 0, ys.get(i).requiresGrad(), "output " + i);
      if (i % 2 == 0) {
        seeds.put(ys.get(i), 1.0);
      }
    }
    rt.backward(seeds, false);
    for (int i = 0; i < WIDE; i += 2) {
      assertEquals(Math.cos(0.1 * (i % 7)), inputs.get(i).grad(), 1e-15, "dy/dx" + i);
    }
    assertTrue(inputs.get(0).requiresGrad());
    assertFalse(inputs.get(1).requiresGrad());
  }
}
