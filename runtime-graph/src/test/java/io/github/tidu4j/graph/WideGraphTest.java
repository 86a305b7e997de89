package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Graphs wide rather than deep: hundreds of thousands of outputs, or of parent graphs. Each step
 * is linear in their number; a step that scanned them once per output or per parent (as {@code
 * LogicalOrder} and {@code GraphBuilder.parent} once did) would take minutes here, past the
 * timeout, where the linear one takes a second or two.
 */
class WideGraphTest {
  private static final int WIDE = 400_000;

  /** Inputs x0 … x(n−1), outputs sin(x0) … sin(x(n−1)). */
  private static Graph<ScalarOp> sines(int n) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    for (int i = 0; i < n; i++) {
      b.output(b.apply(ScalarOp.SIN, b.input("x" + i)));
    }
    return b.build();
  }

  @Test
  @Timeout(60)
  void aGraphOfManyOutputsIsMergedAndCompiledForThemInAnyOrder() {
    Graph<ScalarOp> g = sines(WIDE);
    List<ValueKey> own = g.outputKeys();
    List<ValueKey> reversed = new ArrayList<>(own);
    Collections.reverse(reversed);
    for (List<ValueKey> outputs : List.of(own, reversed)) {
      MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(Graphs.resolve(g), outputs);
      assertEquals(WIDE, m.outputCount());
      CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.resolve(g), outputs);
      assertEquals(WIDE, p.outputCount());
      List<Double> in = Collections.nCopies(p.inputCount(), 0.5);
      List<Double> out = Interpreter.evalPositional(p, in);
      assertEquals(Math.sin(0.5), out.get(0));
      assertEquals(Math.sin(0.5), out.get(WIDE - 1));
    }
  }

  @Test
  @Timeout(60)
  void aGraphOfManyParentsKeepsEachOnce() {
    int n = 200_000;
    List<Graph<ScalarOp>> parents = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      GraphBuilder<ScalarOp> p = Graph.builder();
      parents.add(p.output(p.input("p" + i)).build());
    }
    GraphBuilder<ScalarOp> b = Graph.builder();
    for (Graph<ScalarOp> p : parents) {
      b.parent(p);
    }
    for (int i = 0; i < n; i += 1_000) {
      b.parent(parents.get(i)); // again: no second entry
    }
    Graph<ScalarOp> g = b.output(b.input("x")).build();
    assertEquals(n, g.parents().size());
    assertSame(parents.get(n - 1), g.parents().get(n - 1));
  }
}
