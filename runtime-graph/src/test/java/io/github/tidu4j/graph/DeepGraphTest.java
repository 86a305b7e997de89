package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.Pipeline;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Graphs of a million operations through the whole pipeline, on the JUnit thread's default stack:
 * nothing in the engine may recurse on graph depth.
 */
class DeepGraphTest {
  private static final int MILLION = 1_000_000;

  private static ScalarOp chainOp(int i) {
    return i % 2 == 0 ? ScalarOp.SIN : ScalarOp.ADD;
  }

  @Test
  @Timeout(60)
  void millionOperationChain() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local v = x;
    for (int i = 0; i < MILLION; i++) {
      v = chainOp(i) == ScalarOp.SIN ? b.apply(ScalarOp.SIN, v) : b.apply(ScalarOp.ADD, v, x);
    }
    Graph<ScalarOp> g = b.output(v).build();
    assertEquals(MILLION, g.nodeCount());

    ResolvedView<ScalarOp> view = Graphs.resolve(g);
    MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(view, g.outputKeys());
    assertEquals(MILLION, m.nodeCount());
    CompiledProgram<ScalarOp> p = Graphs.compile(m);
    assertEquals(MILLION, p.instructionCount());
    assertTrue(p.slotCount() <= 4, "slots: " + p.slotCount());

    double xv = 0.75;
    double expected = xv;
    for (int i = 0; i < MILLION; i++) {
      expected = chainOp(i) == ScalarOp.SIN ? Math.sin(expected) : expected + xv;
    }
    List<Double> y = Interpreter.eval(p, Map.of("x", xv));
    assertEquals(expected, y.get(0), 0.0);

    // the deep output key prints shallowly
    assertTrue(g.outputKey(0).toString().startsWith("ADD#"), g.outputKey(0).toString());
  }

  @Test
  @Timeout(60)
  void randDagOfAThousandAndOfAMillionOperations() {
    for (int n : new int[] {1_000, MILLION}) {
      RandDag dag = RandDag.generate(n, 42);
      Graph<ScalarOp> g = dag.build();
      ResolvedView<ScalarOp> view = Graphs.resolve(g);
      MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(view, g.outputKeys());
      CompiledProgram<ScalarOp> p = Graphs.compile(m);
      List<Double> y = Interpreter.eval(p, Pipeline.bindByIndex(RandDag.INPUT_VALUES));
      assertEquals(dag.evaluate(RandDag.INPUT_VALUES), y.get(0), 0.0, "RandDAG(" + n + ", 42)");
      assertTrue(m.nodeCount() <= n);
      assertTrue(p.slotCount() < 64, "slots: " + p.slotCount());
    }
  }

  @Test
  @Timeout(60)
  void millionOperationsSplitAcrossTwelveGraphs() {
    // a deep chain whose links cross graph boundaries through external references and parents:
    // resolve follows 11 parent links, materialize merges all 12 graphs into one chain
    int graphs = 12;
    int perGraph = MILLION / graphs;
    List<Graph<ScalarOp>> chain = new ArrayList<>();
    for (int gi = 0; gi < graphs; gi++) {
      GraphBuilder<ScalarOp> b = Graph.builder();
      ValueRef.Local w = b.input("w" + gi);
      ValueRef v;
      if (gi == 0) {
        v = w;
      } else {
        b.parent(chain.get(gi - 1));
        v = ValueRef.external(chain.get(gi - 1).outputKey(0));
      }
      for (int i = 0; i < perGraph; i++) {
        v = i % 2 == 0 ? b.apply(ScalarOp.SIN, v) : b.apply(ScalarOp.ADD, v, w);
      }
      chain.add(b.output(v).build());
    }
    Graph<ScalarOp> last = chain.get(graphs - 1);

    ResolvedView<ScalarOp> view = Graphs.resolve(last);
    assertEquals(graphs, view.graphs().size());
    MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(view, last.outputKeys());
    assertEquals(graphs * perGraph, m.nodeCount());
    assertEquals(graphs, m.inputCount());
    CompiledProgram<ScalarOp> p = Graphs.compile(m);

    Map<Object, Double> inputs = new HashMap<>();
    double expected = 0;
    for (int gi = 0; gi < graphs; gi++) {
      double w = 0.1 + gi * 0.05;
      inputs.put("w" + gi, w);
      if (gi == 0) {
        expected = w;
      }
      for (int i = 0; i < perGraph; i++) {
        expected = i % 2 == 0 ? Math.sin(expected) : expected + w;
      }
    }
    assertEquals(expected, Interpreter.<Double>eval(p, inputs).get(0), 0.0);
  }
}
