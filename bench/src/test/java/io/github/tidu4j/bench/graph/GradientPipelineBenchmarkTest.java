package io.github.tidu4j.bench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.bench.eval.ScalarRandDag;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import org.junit.jupiter.api.Test;

/** The benchmarked pipeline computes the real gradient of RandDAG(10^3, 42). */
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
    GradientPipelineBenchmark.Workload w = new GradientPipelineBenchmark.Workload();
    w.n = 1000;
    w.setUp();
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
}
