package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.ad.testing.RealRandDag;
import io.github.tidu4j.ad.testing.SeriesOp;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.testing.RandDag;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A view of a pass's graph made before that graph's deferred keys exist leaves them unmade; the
 * keys made afterwards (by asking the pass for its output keys) are still found in it, also when
 * the view has meanwhile made its index by key, which then lacks them. Second order the way a user
 * may write it, {@code linearize(resolve(vjp.graph()), vjp.linearOutputs(), wrt)}, resolves first;
 * so may a reader of Taylor coefficients.
 */
class LaterKeysOfAViewTest {
  private static final List<ValueKey.Input> WRT =
      List.of(ValueKey.input(0), ValueKey.input(1), ValueKey.input(2), ValueKey.input(3));

  @Test
  void keysMadeAfterTheViewAreFoundAfterItsIndexByKeyWasMade() {
    RandDag dag = RandDag.generate(50, 31);
    Graph<RealOp> f = RealRandDag.build(dag);
    LinearizedGraph<RealOp> vjp =
        AD.linearTranspose(AD.linearize(Graphs.resolve(f), f.outputKeys(), WRT));
    ResolvedView<RealOp> view = Graphs.resolve(vjp.graph()); // vjp's keys are not made yet
    // the same primal built again takes over the hints of f's keys, so the view's next lookup of
    // one of them misses its hint and makes the view's index by key, before vjp's keys exist
    RealRandDag.build(dag);
    assertTrue(view.defines(f.outputKey(0)));
    List<ValueKey> gradient = vjp.linearOutputs(); // makes vjp's keys
    for (int i = 0; i < gradient.size(); i++) {
      assertTrue(view.defines(gradient.get(i)), "the view finds gradient entry " + i);
    }

    // H·v from that view is the H·v from a view made after the keys, bit for bit
    double[] early = hessianVectorProduct(vjp, AD.linearize(view, gradient, WRT));
    double[] late =
        hessianVectorProduct(vjp, AD.linearize(Graphs.resolve(vjp.graph()), gradient, WRT));
    for (int i = 0; i < late.length; i++) {
      assertEquals(
          Double.doubleToRawLongBits(late[i]), Double.doubleToRawLongBits(early[i]), "(Hv)" + i);
    }
  }

  @Test
  void aTaylorGraphsCoefficientsMadeAfterItsViewAreFound() {
    Graph<SeriesOp> f = TaylorTest.dag(60, 5);
    TaylorGraph<SeriesOp> t =
        AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")), 4);
    ResolvedView<SeriesOp> view = Graphs.resolve(t.graph()); // t's keys are not made yet
    TaylorTest.dag(60, 5); // takes over the hints of f's keys, as above
    assertTrue(view.defines(f.outputKey(0)));
    List<ValueKey> coefficients = t.outputKeys(); // makes t's keys
    for (ValueKey c : coefficients) {
      assertTrue(view.defines(c), "the view finds " + c);
    }
    Map<Object, Double> bindings = Map.of("x", 0.3, "c", 0.7, t.inputKey(0, 1), 1.0);
    List<Double> early =
        Interpreter.eval(Graphs.compile(Graphs.materializeMerge(view, coefficients)), bindings);
    List<Double> late =
        Interpreter.eval(
            Graphs.compile(Graphs.materializeMerge(Graphs.resolve(t.graph()), coefficients)),
            bindings);
    assertEquals(late, early); // Double.equals: bit for bit
  }

  /** H·v along (1, 1, 1, 1) at RandDAG's inputs: the outputs of {@code hvp}, compiled. */
  private static double[] hessianVectorProduct(
      LinearizedGraph<RealOp> vjp, LinearizedGraph<RealOp> hvp) {
    List<ValueKey.Input> inputs = new ArrayList<>(WRT);
    inputs.add(ValueKey.input(vjp.linearInput(0)));
    Map<Object, Double> bindings = new HashMap<>();
    for (int i = 0; i < WRT.size(); i++) {
      bindings.put(i, RandDag.INPUT_VALUES[i]);
      inputs.add(ValueKey.input(hvp.linearInput(i)));
      bindings.put(hvp.linearInput(i), 1.0);
    }
    bindings.put(vjp.linearInput(0), 1.0);
    List<Double> values =
        Interpreter.eval(
            Graphs.compile(
                Graphs.materializeMerge(
                    Graphs.resolve(hvp.graph()), inputs, hvp.linearOutputs())),
            bindings);
    double[] result = new double[values.size()];
    for (int i = 0; i < result.length; i++) {
      result[i] = values.get(i);
    }
    return result;
  }
}
