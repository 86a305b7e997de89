package io.github.tidu4j.bench.graph;

import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.bench.eval.ScalarRandDag;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.MaterializedGraph;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.util.ArrayList;
import java.util.List;

/**
 * The heap alive after each phase of {@link GradientPipelineBenchmark}'s pipeline on RandDAG(n, 42)
 * (build, linearize, transpose, materializeMerge, compile, first evaluation with the {@link
 * Interpreter}): after each phase it runs {@code System.gc()} and prints the heap in use, in MiB
 * and bytes per primal operation. Two ways of holding the phases' results: {@code user} holds what
 * {@link GradientPipelineBenchmark#total} holds (the primal graph until the program is compiled,
 * each other result until the next phase has used it), {@code all} holds every result to the end.
 * The peak a run needs lies between phases; the {@code -Xmx} sweep of {@code total} in
 * bench/RESULTS.md measures it.
 *
 * <pre>
 * java -Xmx2g -cp bench/target/benchmarks.jar io.github.tidu4j.bench.graph.GradientPipelineHeap 1000000 user
 * </pre>
 */
public final class GradientPipelineHeap {
  private GradientPipelineHeap() {}

  /** Arguments: n, then {@code user} (the default) or {@code all}. */
  public static void main(String[] args) {
    int n = Integer.parseInt(args[0]);
    boolean all = args.length > 1 && args[1].equals("all");
    if (args.length > 1 && !all && !args[1].equals("user")) {
      throw new IllegalArgumentException("hold " + args[1] + ": expected user or all");
    }
    ScalarRandDag dag = new ScalarRandDag(n, 42);
    List<Object> kept = new ArrayList<>();
    report("before", n);
    Graph<ScalarOp> primal = dag.build();
    report("build", n);
    LinearizedGraph<ScalarOp> linear = ScalarRandDag.linearize(primal);
    report("linearize", n);
    LinearizedGraph<ScalarOp> transposed = ScalarRandDag.transpose(linear);
    keep(all, kept, linear);
    linear = null;
    report("transpose", n);
    MaterializedGraph<ScalarOp> m = ScalarRandDag.materializeGradient(primal, transposed);
    keep(all, kept, transposed);
    transposed = null;
    report("materializeMerge", n);
    CompiledProgram<ScalarOp> program = Graphs.compile(m);
    keep(all, kept, m);
    m = null;
    keep(all, kept, primal);
    primal = null;
    report("compile", n);
    double[] inputs = ScalarRandDag.INPUTS;
    List<Double> out =
        Interpreter.evalPositional(
            program, List.of(inputs[0], inputs[1], inputs[2], inputs[3], 1.0));
    report("first evaluation", n);
    System.out.printf(
        "%d instructions, %d slots, y = %s; %d results held to the end%n",
        program.instructionCount(), program.slotCount(), out.get(0), kept.size());
  }

  private static void keep(boolean all, List<Object> kept, Object result) {
    if (all) {
      kept.add(result);
    }
  }

  private static void report(String phase, int n) {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    Runtime r = Runtime.getRuntime();
    long used = r.totalMemory() - r.freeMemory();
    System.out.printf(
        "%-17s %8.1f MiB %8.1f bytes per primal op%n", phase, used / 1048576.0, (double) used / n);
  }
}
