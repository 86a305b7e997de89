package io.github.tidu4j.primitives.scalar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.OperationKey;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Zero outputs of the transforms are values: with the scalar set's {@code ZerosLike}, every output
 * of a {@link LinearizedGraph} materializes by the README idiom, and evaluates to {@code 0.0} by
 * all three tiers, bit for bit. f(x, y, z) = (exp y, x·x·y); z is an input nothing reads.
 */
class ZeroOutputsTest {
  private static final ValueKey X = ValueKey.input("x");
  private static final ValueKey Y = ValueKey.input("y");
  private static final ValueKey Z = ValueKey.input("z");

  private static Graph<ScalarOp> f() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    b.input("z");
    ValueRef.Local xxy = b.apply(ScalarOp.MUL, b.apply(ScalarOp.MUL, x, x), y);
    return b.output(b.apply(ScalarOp.EXP, y)).output(xxy).build();
  }

  private static Map<Object, Double> point() {
    return new HashMap<>(Map.of("x", 3.0, "y", 5.0, "z", 7.0));
  }

  @Test
  void aJvpOutputThatDoesNotDependOnWrtIsZerosLikeThePrimalOutput() {
    Graph<ScalarOp> f = f();
    LinearizedGraph<ScalarOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(X));
    assertTrue(jvp.isZero(0), "exp y does not depend on x");
    assertFalse(jvp.isZero(1));
    assertFalse(jvp.linearOutputs().contains(null));
    OperationKey zero = ((ValueKey.Derived) jvp.linearOutput(0)).operationKey();
    assertEquals(ScalarOp.ZEROS_LIKE, zero.operation());
    assertEquals(List.of(f.outputKey(0)), zero.inputs(), "zeros like the primal output exp y");
    assertNull(jvp.symbolicLinearOutputs().get(0));

    Map<Object, Double> in = point();
    in.put(jvp.linearInput(0), 1.0);
    // the README idiom, on every output: materializeMerge(resolve(graph), linearOutputs())
    List<Double> values =
        ScalarGoldenTest.prepareAllTiers(List.of(jvp.graph()), jvp.linearOutputs()).apply(in);
    assertEquals(List.of(0.0, 2 * 3.0 * 5.0), values);
  }

  @Test
  void aVjpOutputThatNoOutputDependsOnIsZerosLikeThePrimalInput() {
    Graph<ScalarOp> f = f();
    LinearizedGraph<ScalarOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(X, Z));
    LinearizedGraph<ScalarOp> vjp = AD.linearTranspose(jvp);
    assertEquals(
        -1,
        Graphs.compile(Graphs.resolve(vjp.graph()), vjp.linearOutputs())
            .inputPosition(vjp.linearInput(0)),
        "the zero tangent of exp y has a seed that nothing reads");
    assertFalse(vjp.isZero(0));
    assertTrue(vjp.isZero(1), "nothing depends on z");
    OperationKey zero = ((ValueKey.Derived) vjp.linearOutput(1)).operationKey();
    assertEquals(ScalarOp.ZEROS_LIKE, zero.operation());
    assertEquals(List.of(Z), zero.inputs(), "zeros like the primal input z");

    Map<Object, Double> in = point();
    in.put(vjp.linearInput(1), 1.0);
    List<Double> values =
        ScalarGoldenTest.prepareAllTiers(List.of(vjp.graph()), vjp.linearOutputs()).apply(in);
    assertEquals(List.of(2 * 3.0 * 5.0, 0.0), values);
  }

  @Test
  void aZeroOutputPrints() {
    Graph<ScalarOp> f = f();
    LinearizedGraph<ScalarOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(X));
    String dump = GraphPrinter.print(jvp.graph());
    assertTrue(dump.contains("ZerosLike"), dump);
    String merged =
        GraphPrinter.print(
            Graphs.materializeMerge(Graphs.resolve(jvp.graph()), jvp.linearOutputs()));
    assertTrue(merged.contains("ZerosLike"), merged);
    assertTrue(merged.contains("EXP") || merged.contains("Exp"), "zeros like exp y reads it: " + merged);
  }

  @Test
  void aSecondLinearizeDifferentiatesThroughTheZerosNodeToAZero() {
    Graph<ScalarOp> f = f();
    LinearizedGraph<ScalarOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(X));
    // ZerosLike(exp y) depends on y: its generated JVP runs, and gives a symbolic zero
    LinearizedGraph<ScalarOp> jvp2 =
        AD.linearize(Graphs.resolve(jvp.graph()), jvp.linearOutputs(), List.of(Y));
    assertTrue(jvp2.isZero(0));
    assertFalse(jvp2.isZero(1));
    Map<Object, Double> in = point();
    in.put(jvp.linearInput(0), 1.0);
    in.put(jvp2.linearInput(0), 1.0);
    assertEquals(
        List.of(0.0, 2 * 3.0), // d/dy (2xy·dx) = 2x·dx·dy
        ScalarGoldenTest.prepareAllTiers(List.of(jvp2.graph()), jvp2.linearOutputs()).apply(in));

    // transposing a linear graph that holds zeros nodes: they are primal nodes, never transposed
    LinearizedGraph<ScalarOp> vjp2 = AD.linearTranspose(jvp2);
    in.put(vjp2.linearInput(0), 1.0); // the zero output's seed: read by nothing
    in.put(vjp2.linearInput(1), 1.0);
    assertEquals(
        List.of(2 * 3.0),
        ScalarGoldenTest.prepareAllTiers(List.of(vjp2.graph()), vjp2.linearOutputs()).apply(in));
    assertEquals(0, count(vjp2.graph(), ScalarOp.ZEROS_LIKE), "no zero output, no zeros node");
  }

  private static int count(Graph<ScalarOp> g, ScalarOp op) {
    int n = 0;
    for (int node = 0; node < g.nodeCount(); node++) {
      if (g.operation(node).equals(op)) {
        n++;
      }
    }
    return n;
  }
}
