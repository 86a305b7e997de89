package io.github.tidu4j.bench.graph;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.MaterializedGraph;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.testing.RandDag;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The graph engine's pipeline on RandDAG(n, 42) of bench/README.md, one phase per benchmark: build,
 * resolve, materializeMerge (of the graph's outputs), compile, and evaluation of the compiled
 * primal program by the {@link Interpreter} — beside the hand-written primal over arrays ({@link
 * RandDag#evaluate}), the limit the interpreter is compared with.
 *
 * <p>Every score is the average time of one whole invocation (the whole graph of {@code n}
 * operations), in ns. JMH's {@code @OperationsPerInvocation} cannot take a {@code @Param}, so the
 * ns per primal operation is computed afterwards, score / n ({@code bench/graph_results.py}).
 *
 * <p>Settings: one JVM per benchmark and n, 3 warmup and 5 measured iterations of 1 s, a 4 GB heap
 * (the 10^6 graphs hold a few hundred MB); resolve and the two evaluations differ, see there. The
 * whole package runs in about 7.5 minutes on 2 cores.
 *
 * <p>Inputs of every measured phase are prepared once per trial, so only that phase is timed. Two
 * state classes keep the build benchmark from being handed a live graph of the same structure: it
 * sees only {@link Workload} (the generated operation sequence). Its interning is still mostly hits
 * in steady state, since the previous invocation's keys stay interned until a GC clears them; see
 * {@link RandDagFreshGraphBenchmark} for both extremes (all keys new, all keys live) and for the
 * first materializeMerge of a graph, which builds the graph's lazy key index.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class RandDagPipelineBenchmark {

  /** The RandDAG workload: the generated operation sequence and the primal inputs. */
  @State(Scope.Benchmark)
  public static class Workload {
    @Param({"1000", "10000", "100000", "1000000"})
    public int n;

    public RandDag dag;
    public double[] inputs;

    @Setup(Level.Trial)
    public void setUp() {
      dag = RandDag.generate(n, 42);
      inputs = RandDag.INPUT_VALUES.clone();
    }
  }

  /** Every phase's input, built once per trial from {@link Workload}, and checked. */
  @State(Scope.Benchmark)
  public static class Pipeline {
    public Graph<ScalarOp> graph;
    public ResolvedView<ScalarOp> view;
    public List<ValueKey> outputs;
    public MaterializedGraph<ScalarOp> materialized;
    public CompiledProgram<ScalarOp> program;
    public List<Double> boxedInputs;

    @Setup(Level.Trial)
    public void setUp(Workload w) {
      graph = w.dag.build();
      view = Graphs.resolve(graph);
      outputs = graph.outputKeys();
      materialized = Graphs.materializeMerge(view, outputs);
      program = Graphs.compile(materialized);
      boxedInputs = Checks.positionalInputs(program, w.inputs);
      Checks.pipeline(w.n, w.dag, w.inputs, materialized, program, boxedInputs);
    }
  }

  /** Graph construction: n {@code apply} calls (each interning an operation key) and build(). */
  @Benchmark
  public Graph<ScalarOp> build(Workload w) {
    return w.dag.build();
  }

  /**
   * {@code Graphs.resolve} of the one graph. Constant time here (nothing is copied or indexed for
   * a view of one graph), so it gets fewer iterations.
   */
  @Benchmark
  @Warmup(iterations = 2, time = 1)
  @Measurement(iterations = 3, time = 1)
  public ResolvedView<ScalarOp> resolve(Pipeline p) {
    return Graphs.resolve(p.graph);
  }

  /**
   * {@code Graphs.materializeMerge} of the resolved view's outputs. The graph is the trial's, so
   * its lazily built key index (made by the first lookup) is already there; {@link
   * RandDagFreshGraphBenchmark#materializeMergeFreshGraph} includes it.
   */
  @Benchmark
  public MaterializedGraph<ScalarOp> materializeMerge(Pipeline p) {
    return Graphs.materializeMerge(p.view, p.outputs);
  }

  /** {@code Graphs.compile} of the materialized graph. */
  @Benchmark
  public CompiledProgram<ScalarOp> compile(Pipeline p) {
    return Graphs.compile(p.materialized);
  }

  /**
   * The compiled primal program run by the reference {@link Interpreter}, boxed Doubles. The
   * positional inputs follow {@code program.inputKeys()}, the order the graph declares them.
   *
   * <p>The two evaluation benchmarks run in three JVMs each (2 warmup, 3 measured iterations per
   * JVM): their fork-to-fork spread on this shared machine is up to 2-4x, larger than the effect
   * they measure, and the ratio of the two is the figure that matters.
   */
  @Benchmark
  @Fork(value = 3, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
  @Warmup(iterations = 2, time = 1)
  @Measurement(iterations = 3, time = 1)
  public List<Double> evalInterpreter(Pipeline p) {
    return Interpreter.evalPositional(p.program, p.boxedInputs);
  }

  /** The limit: the same primal computed directly over arrays ({@link RandDag#evaluate}). */
  @Benchmark
  @Fork(value = 3, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
  @Warmup(iterations = 2, time = 1)
  @Measurement(iterations = 3, time = 1)
  public double evalHandwritten(Workload w) {
    return w.dag.evaluate(w.inputs);
  }
}
