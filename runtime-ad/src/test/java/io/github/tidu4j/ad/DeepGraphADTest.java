package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.ad.testing.RealRandDag;
import io.github.tidu4j.ad.testing.Run;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.testing.RandDag;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Gradients of RandDAG: exact against a hand-written reverse sweep, and 10^6 operations deep. */
class DeepGraphADTest {
  private static final List<ValueKey> WRT =
      List.of(ValueKey.input(0), ValueKey.input(1), ValueKey.input(2), ValueKey.input(3));

  @Test
  void randDagGradientMatchesAHandWrittenReverseSweep() {
    int checked = 0;
    for (long seed = 1; seed <= 20; seed++) {
      RandDag dag = RandDag.generate(1_000, seed);
      double[] expected = RealRandDag.gradient(dag, RandDag.INPUT_VALUES);
      if (!Double.isFinite(maxAbs(expected))) {
        continue; // this seed's values overflow (bench/README.md: compare only finite values)
      }
      double[] grad = gradient(RealRandDag.build(dag));
      assertArrayEquals(expected, grad, 1e-12 * (1 + maxAbs(expected)), "seed " + seed);
      checked++;
    }
    assertTrue(checked >= 15, "only " + checked + " seeds had finite gradients");
  }

  @Test
  void millionOperationGraphLinearizesAndTransposesOnTheDefaultStack() {
    long t0 = System.nanoTime();
    Graph<RealOp> f = RealRandDag.build(RandDag.generate(1_000_000, 42));
    long t1 = System.nanoTime();
    LinearizedGraph<RealOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), WRT);
    long t2 = System.nanoTime();
    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    long t3 = System.nanoTime();
    System.out.printf(
        "RandDAG(10^6): build %d ms, linearize %d ms, transpose %d ms%n",
        (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000);
    assertEquals(4, vjp.linearOutputs().size());
    // and the gradient program materializes and compiles
    List<ValueKey> outputs = new ArrayList<>(vjp.symbolicLinearOutputs());
    outputs.removeIf(k -> k == null);
    assertEquals(
        outputs.size(),
        Graphs.compile(Graphs.resolve(vjp.graph()), outputs).outputCount());
  }

  private static double[] gradient(Graph<RealOp> f) {
    LinearizedGraph<RealOp> vjp =
        AD.linearTranspose(AD.linearize(Graphs.resolve(f), f.outputKeys(), WRT));
    Map<Object, Double> in = new HashMap<>();
    for (int i = 0; i < 4; i++) {
      in.put(i, RandDag.INPUT_VALUES[i]);
    }
    in.put(vjp.linearInput(0), 1.0);
    double[] grad = new double[4];
    for (int i = 0; i < 4; i++) {
      grad[i] = vjp.isZero(i) ? 0.0 : Run.<RealOp, Double>eval1(vjp.graph(), vjp.linearOutput(i), in);
    }
    return grad;
  }

  private static double maxAbs(double[] values) {
    double m = 0;
    for (double v : values) {
      m = Math.max(m, Math.abs(v));
    }
    return m;
  }
}
