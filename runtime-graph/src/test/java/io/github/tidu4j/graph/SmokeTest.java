package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void randDagMillion() {
    for (int n : new int[] {1000, 1_000_000}) {
      RandDag dag = RandDag.generate(n, 42);
      long t0 = System.nanoTime();
      Graph<ScalarOp> g = dag.build();
      long t1 = System.nanoTime();
      ResolvedView<ScalarOp> view = Graphs.resolve(g);
      MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(view, g.outputKeys());
      long t2 = System.nanoTime();
      CompiledProgram<ScalarOp> p = Graphs.compile(m);
      long t3 = System.nanoTime();
      List<Double> y = Interpreter.eval(p, Map.of(0, 0.1, 1, 0.2, 2, 0.3, 3, 0.4));
      long t4 = System.nanoTime();
      System.out.printf("n=%d build %d ns/op, mat %d, compile %d, eval %d; slots %d nodes %d%n", n,
          (t1 - t0) / n, (t2 - t1) / n, (t3 - t2) / n, (t4 - t3) / n, p.slotCount(), m.nodeCount());
      assertEquals(dag.evaluate(RandDag.INPUT_VALUES), y.get(0), 0.0);
    }
  }
}
