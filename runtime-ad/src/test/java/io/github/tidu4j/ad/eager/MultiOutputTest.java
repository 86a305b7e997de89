package io.github.tidu4j.ad.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.RuleKind;
import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Graphs with several outputs: only the seeded slots are linearized. */
class MultiOutputTest {

  /** outputs (x·y, floor(x)); floor has no rules at all. */
  static Graph<PartialOp> productAndFloor() {
    GraphBuilder<PartialOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    return b.output(b.apply(PartialOp.MUL, x, y)).output(b.apply(PartialOp.FLOOR, x)).build();
  }

  @Test
  void anUnseededOutputIsNeverLinearized() {
    Tape<PartialOp, Double> t = Tape.of(PartialOp.ADD);
    EagerInput<Double> x = t.variable(2.5);
    EagerInput<Double> y = t.variable(4.0);
    List<EagerOutput<Double>> out = t.rec.record(productAndFloor(), List.of(x, y));
    assertEquals(10.0, out.get(0).value());
    assertEquals(2.0, out.get(1).value());

    // linearizing floor(x) would throw: it has no JVP rule
    Map<Object, Double> grads = t.backward(out.get(0), 1.0);
    assertEquals(4.0, grads.get(x.key()));
    assertEquals(2.5, grads.get(y.key()));
  }

  @Test
  void seedingTheBranchWithoutRulesFailsNamingThePrimitive() {
    Tape<PartialOp, Double> t = Tape.of(PartialOp.ADD);
    EagerInput<Double> x = t.variable(2.5);
    EagerInput<Double> y = t.variable(4.0);
    List<EagerOutput<Double>> out = t.rec.record(productAndFloor(), List.of(x, y));

    ADRuleError e = assertThrows(ADRuleError.class, () -> t.backward(out.get(1), 1.0));
    assertEquals("FLOOR", e.primitiveName());
    assertEquals(RuleKind.JVP, e.ruleKind());
  }

  /** outputs (x·y, exp(x)) over RealOp. */
  static Graph<RealOp> productAndExp() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    return b.output(b.apply(RealOp.MUL, x, y)).output(b.apply(RealOp.EXP, x)).build();
  }

  @Test
  void theTransposedGraphHoldsOnlyTheSeededBranch() {
    Counting exec = new Counting(InterpreterExecutor.of(RealOp.ADD));
    Tape<RealOp, Double> t = new Tape<>(exec);
    EagerInput<Double> x = t.variable(0.5);
    EagerInput<Double> y = t.variable(3.0);
    Graph<RealOp> g = productAndExp();
    List<EagerOutput<Double>> out = t.rec.record(g, List.of(x, y));

    Map<Object, Double> grads = t.backward(out.get(0), 1.0);
    assertEquals(3.0, grads.get(x.key()));
    assertEquals(0.5, grads.get(y.key()));

    assertEquals(1, exec.transposed.size());
    LinearizedGraph<RealOp> transposed = exec.transposed.get(0);
    assertEquals(1, transposed.linearInputs().size(), "one seed: the seeded slot only");
    Graph<RealOp> linear = transposed.graph().parents().get(0);
    ValueKey expX = g.outputKey(1);
    for (int node = 0; node < linear.nodeCount(); node++) {
      for (int j = 0; j < linear.operandCount(node); j++) {
        assertFalse(linear.operandKey(node, j) == expX, "the exp branch was linearized:\n" + linear);
      }
    }
  }

  @Test
  void bothSlotsSeededGiveTheSumOfTheirDerivatives() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    double xv = 0.5;
    EagerInput<Double> x = t.variable(xv);
    EagerInput<Double> y = t.variable(3.0);
    List<EagerOutput<Double>> out = t.rec.record(productAndExp(), List.of(x, y));
    Map<Object, Double> seeds = Map.of(out.get(0).key(), 1.0, out.get(1).key(), 1.0);

    Map<Object, Double> grads =
        Backward.backward(seeds, t.trace, t.exec, null, Backward.Options.DEFAULT);
    double dx = grads.get(x.key());
    assertTrue(dx == 3.0 + Math.exp(xv) || dx == Math.exp(xv) + 3.0, "dx = " + dx);
  }

  @Test
  void anOutputIndependentOfEveryGradInputDoesNotRequireGrad() {
    // only y requires grad: x·y does, exp(x) does not
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.constant(0.5);
    EagerInput<Double> y = t.variable(3.0);
    List<EagerOutput<Double>> out = t.rec.record(productAndExp(), List.of(x, y));
    assertTrue(out.get(0).requiresGrad());
    assertFalse(out.get(1).requiresGrad());

    Map<Object, Double> grads = t.backward(out.get(1), 1.0);
    assertNull(grads.get(y.key()), "exp(x) does not depend on y");
    assertFalse(grads.containsKey(x.key()));
  }

  /** Forwards to another executor, remembering the transposed graphs it runs. */
  static final class Counting implements BackwardExecutor<RealOp, Double> {
    final BackwardExecutor<RealOp, Double> inner;
    final List<LinearizedGraph<RealOp>> transposed = new ArrayList<>();

    Counting(BackwardExecutor<RealOp, Double> inner) {
      this.inner = inner;
    }

    @Override
    public List<Double> executeForward(Graph<RealOp> graph, List<? extends Double> inputs) {
      return inner.executeForward(graph, inputs);
    }

    @Override
    public List<Double> runTransposedLinear(
        LinearizedGraph<RealOp> t,
        Function<Object, ? extends Double> primalInputs,
        List<? extends Double> seeds) {
      transposed.add(t);
      return inner.runTransposedLinear(t, primalInputs, seeds);
    }

    @Override
    public Double addOperands(Double a, Double b) {
      return inner.addOperands(a, b);
    }
  }
}
