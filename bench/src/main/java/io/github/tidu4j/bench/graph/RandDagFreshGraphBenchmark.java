package io.github.tidu4j.bench.graph;

import io.github.tidu4j.bench.graph.RandDagPipelineBenchmark.Workload;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.MaterializedGraph;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Variants of {@link RandDagPipelineBenchmark}'s phases that pin down state the engine keeps
 * between calls, on the same RandDAG(n, 42) workload and with the same units (ns per invocation;
 * divide by n):
 *
 * <ul>
 *   <li>{@link #buildFreshKeys}: every key is new, so every interning inserts (a graph built for
 *       the first time);
 *   <li>{@link #buildKeysLive}: a graph of the same structure is alive, so every interning finds
 *       its key (a graph built again);
 *   <li>{@link #materializeMergeFreshGraph}: materializeMerge of a graph nothing has looked up
 *       yet, so it includes building the graph's lazy key index (as in a real pipeline, where the
 *       graph was just built);
 *   <li>{@link #endToEnd}: build, resolve, materializeMerge and compile in one invocation.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class RandDagFreshGraphBenchmark {

  /** A graph of the workload's structure held for the whole trial. */
  @State(Scope.Benchmark)
  public static class LiveGraph {
    public Graph<ScalarOp> graph;

    @Setup(Level.Trial)
    public void setUp(Workload w) {
      graph = w.dag.build();
      Graph<ScalarOp> again = Checks.build(w.dag, new Object[] {0, 1, 2, 3});
      if (again.outputKey(0) != graph.outputKey(0)) {
        throw new IllegalStateException("Checks.build differs from RandDag.build");
      }
    }
  }

  /** A graph built before each invocation (untimed), never looked up. */
  @State(Scope.Thread)
  public static class FreshGraph {
    public ResolvedView<ScalarOp> view;
    public List<ValueKey> outputs;

    @Setup(Level.Invocation)
    public void setUp(Workload w) {
      Graph<ScalarOp> graph = w.dag.build();
      view = Graphs.resolve(graph);
      outputs = graph.outputKeys();
    }
  }

  @Benchmark
  public Graph<ScalarOp> buildFreshKeys(Workload w) {
    return Checks.build(
        w.dag,
        new Object[] {
          new Checks.FreshKey(), new Checks.FreshKey(), new Checks.FreshKey(), new Checks.FreshKey()
        });
  }

  @Benchmark
  public Graph<ScalarOp> buildKeysLive(Workload w, LiveGraph live) {
    return w.dag.build();
  }

  @Benchmark
  public MaterializedGraph<ScalarOp> materializeMergeFreshGraph(FreshGraph f) {
    return Graphs.materializeMerge(f.view, f.outputs);
  }

  @Benchmark
  public CompiledProgram<ScalarOp> endToEnd(Workload w) {
    Graph<ScalarOp> graph = w.dag.build();
    ResolvedView<ScalarOp> view = Graphs.resolve(graph);
    return Graphs.compile(view, graph.outputKeys());
  }
}
