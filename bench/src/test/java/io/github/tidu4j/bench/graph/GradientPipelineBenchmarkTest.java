package io.github.tidu4j.bench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.bench.eval.ScalarRandDag;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The benchmarked pipeline computes the real gradient of RandDAG(10^3, 42); its phases, its
 * {@code distinct} graphs and its definition floor run what they say.
 */
class GradientPipelineBenchmarkTest {

  @Test
  void compiledGradientMatchesTheReferenceAndTheBytecodeMatchesTheInterpreter() {
    ScalarRandDag dag = new ScalarRandDag(1000, 42);
    CompiledProgram<ScalarOp> program = GradientPipelineBenchmark.run(dag);
    double[] values =
        GradientPipelineBenchmark.check(
            dag, program, GradientPipelineBenchmark.generate(program, ScalarKernels.kernelSet()));
    double[] hand = dag.withTrig().gradient(ScalarRandDag.INPUTS, 1.0);
    assertEquals(5, values.length);
    for (int i = 0; i < 5; i++) {
      assertTrue(Double.isFinite(values[i]), "output " + i + " = " + values[i]);
      assertEquals(hand[i], values[i], Math.abs(hand[i]) * 1e-12, "output " + i);
    }
    assertEquals(dag.withTrig().primal(ScalarRandDag.INPUTS), values[0], "y, bit for bit");
  }

  @Test
  void everyPhaseOfTheBenchmarkRunsOnAFreshGraph() {
    GradientPipelineBenchmark.Workload w = workload(1000, "same");
    GradientPipelineBenchmark b = new GradientPipelineBenchmark();
    GradientPipelineBenchmark.Primal p = new GradientPipelineBenchmark.Primal();
    p.setUp(w);
    GradientPipelineBenchmark.Linearized l = new GradientPipelineBenchmark.Linearized();
    l.setUp(w);
    GradientPipelineBenchmark.Transposed t = new GradientPipelineBenchmark.Transposed();
    t.setUp(w);
    GradientPipelineBenchmark.Materialized m = new GradientPipelineBenchmark.Materialized();
    m.setUp(w);
    GradientPipelineBenchmark.Compiled c = new GradientPipelineBenchmark.Compiled();
    c.setUp(w);
    assertEquals(1000, b.build(w).nodeCount());
    LinearizedGraph<ScalarOp> linear = b.linearize(p);
    assertEquals(4, linear.linearInputs().size(), "tangents of x0..x3");
    assertEquals(1, linear.linearOutputs().size(), "tangent of y");
    assertEquals(4, b.transpose(l).linearOutputs().size(), "cotangents of x0..x3");
    assertEquals(5, b.materializeMerge(t).outputCount());
    CompiledProgram<ScalarOp> compiled = b.compile(m);
    assertEquals(c.program.instructionCount(), compiled.instructionCount());
    assertEquals(compiled.instructionCount(), b.total(w).instructionCount());
    assertEquals(5, b.bytecode(c).evaluate(new double[] {0.1, 0.2, 0.3, 0.4, 1.0}).length);
  }

  @Test
  void defineDefinesTheClassFilesTheBackendGeneratesAgainEachTime() throws Exception {
    GradientPipelineBenchmark.Workload w = workload(1000, "same");
    GradientPipelineBenchmark.Compiled c = new GradientPipelineBenchmark.Compiled();
    c.setUp(w);
    GradientPipelineBenchmark b = new GradientPipelineBenchmark();
    Class<?>[] first = b.define(c);
    Class<?>[] second = b.define(c);
    assertEquals(b.bytecode(c).classCount(), first.length);
    assertNotSame(first[0], second[0], "a new hidden class each time");
    assertEquals(b.bytecode(c).classBytes().length, c.classFiles.get(0).length);
  }

  @Test
  void distinctGraphsTakesInTurnDifferentDagsWhoseGradientsAreAllDefined() {
    GradientPipelineBenchmark.Workload w = workload(10_000, "distinct");
    Set<ScalarRandDag> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    List<ScalarRandDag> order = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      ScalarRandDag d = w.next();
      assertTrue(seen.add(d), "invocation " + i + " builds a DAG not built since the first");
      assertEquals(10_000, d.size());
      order.add(d);
    }
    assertSame(order.get(0), w.next(), "after 10^6 steps, the first again");
    assertEquals(
        GradientPipelineBenchmark.run(order.get(1)).instructionCount(),
        new GradientPipelineBenchmark().total(w).instructionCount(),
        "total builds the DAG next() gives");
  }

  @Test
  void freshGraphsAreTheSameDagOnNewInputKeysWithTheSameGradient() {
    GradientPipelineBenchmark.Workload w = workload(1000, "fresh");
    List<Object> first = w.buildNext().inputKeys();
    List<Object> second = w.buildNext().inputKeys();
    assertEquals(4, first.size());
    assertTrue(
        Collections.disjoint(first, second) && Collections.disjoint(first, List.of(0, 1, 2, 3)),
        first + " then " + second);
    CompiledProgram<ScalarOp> fresh = new GradientPipelineBenchmark().total(w);
    CompiledProgram<ScalarOp> same = GradientPipelineBenchmark.run(w.dag);
    assertEquals(same.instructionCount(), fresh.instructionCount());
    List<Double> inputs = List.of(0.1, 0.2, 0.3, 0.4, 1.0);
    assertEquals(
        Interpreter.evalPositional(same, inputs),
        Interpreter.evalPositional(fresh, inputs),
        "y and dy/dx0..dy/dx3, bit for bit");
  }

  @Test
  void distinctLeavesOutExactlyTheDagsWhoseGradientHasASymbolicZero() {
    int kept = 0;
    int refused = 0;
    for (long seed = 42; seed < 142; seed++) {
      ScalarRandDag dag = new ScalarRandDag(100, seed);
      if (dag.readsEveryInput()) {
        kept++;
        assertEquals(5, GradientPipelineBenchmark.run(dag).outputCount(), "seed " + seed);
      } else {
        refused++;
        IllegalStateException e =
            assertThrows(IllegalStateException.class, () -> GradientPipelineBenchmark.run(dag));
        assertTrue(e.getMessage().contains("symbolically zero"), e.getMessage());
      }
    }
    assertTrue(kept > 0 && refused > 0, kept + " kept, " + refused + " refused");
    ScalarRandDag[] distinct = ScalarRandDag.distinct(100, 42, kept);
    for (ScalarRandDag dag : distinct) {
      assertTrue(dag.readsEveryInput());
    }
  }

  private static GradientPipelineBenchmark.Workload workload(int n, String graphs) {
    GradientPipelineBenchmark.Workload w = new GradientPipelineBenchmark.Workload();
    w.n = n;
    w.graphs = graphs;
    w.setUp();
    return w;
  }
}
