package io.github.tidu4j.bench.graph;

import io.github.tidu4j.bench.eval.ScalarRandDag;
import io.github.tidu4j.bench.graph.GradientPipelineFloor.Interning;
import io.github.tidu4j.bench.graph.GradientPipelineFloor.Nodes;
import io.github.tidu4j.bench.graph.GradientPipelineFloor.Program;
import java.util.Arrays;
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
 * The floor of {@link GradientPipelineBenchmark}: the same job (RandDAG(n, 42) over the Scalar set,
 * build → linearize → transpose → materializeMerge → compile, outputs y and dy/dx0..dy/dx3) done by
 * {@link GradientPipelineFloor}, by hand over {@code int} arrays with no object per node. What any
 * implementation pays for interning, the two sweeps, reachability and slots on this machine, and
 * above all how that cost per operation grows from n = 10^3 to 10^6 once the arrays leave the
 * caches: the bound on how flat the framework's pipeline can be.
 *
 * <p>The phases have the framework benchmark's names and states: each runs on inputs made fresh for
 * its invocation by an untimed {@code @Setup(Level.Invocation)} running the earlier phases, and
 * {@link #total} runs the whole pipeline in one invocation. The trial setup checks the floor's
 * program against the hand-written gradient ({@link ScalarRandDag#gradient}) for n up to 10^4.
 * Settings are {@link GradientPipelineBenchmark}'s, so the two run side by side in one command:
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar 'GradientPipeline(Floor)?Benchmark\.total$' -p n=1000,1000000
 * </pre>
 *
 * <p>{@code interning} chooses how every graph finds an equal node ({@link Interning}): {@code
 * TABLE}, one open-addressing table per graph, whose lookups land at random places of a table as
 * large as the graph, or {@code USE_LISTS}, a list per first operand, as the framework looks keys
 * up, whose lookups stay near the values just made. Both give the same program; the gap between
 * them at large n is what the interning's memory access costs.
 *
 * <p>Scores are ns per invocation (the whole graph); divide by n for ns per primal operation.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
public class GradientPipelineFloorBenchmark {

  /** The workload: RandDAG(n, 42)'s operation sequence, checked once per trial for n ≤ 10^4. */
  @State(Scope.Benchmark)
  public static class Workload {
    @Param({"1000", "10000", "100000", "1000000"})
    public int n;

    @Param({"TABLE", "USE_LISTS"})
    public Interning interning;

    public GradientPipelineFloor floor;

    @Setup(Level.Trial)
    public void setUp() {
      floor = new GradientPipelineFloor(n, 42, interning);
      if (n <= 10_000) {
        System.out.printf(
            "%n[check] RandDAG n=%d floor (%s) gradient: %s%n",
            n, interning, Arrays.toString(check(new ScalarRandDag(n, 42), floor.gradientProgram())));
      }
    }
  }

  /** A primal graph built before each invocation. */
  @State(Scope.Thread)
  public static class Primal {
    public Nodes primal;

    @Setup(Level.Invocation)
    public void setUp(Workload w) {
      primal = w.floor.build();
    }
  }

  /** A fresh primal graph and its linearization. */
  @State(Scope.Thread)
  public static class Linearized {
    public Nodes linear;

    @Setup(Level.Invocation)
    public void setUp(Workload w) {
      linear = GradientPipelineFloor.linearize(w.floor.build());
    }
  }

  /** A fresh primal graph, its linearization and the transpose. */
  @State(Scope.Thread)
  public static class Transposed {
    public Nodes primal;
    public Nodes linear;
    public Nodes transposed;

    @Setup(Level.Invocation)
    public void setUp(Workload w) {
      primal = w.floor.build();
      linear = GradientPipelineFloor.linearize(primal);
      transposed = GradientPipelineFloor.transpose(linear);
    }
  }

  /** The merged gradient program of a fresh primal graph. */
  @State(Scope.Thread)
  public static class Merged {
    public Nodes merged;

    @Setup(Level.Invocation)
    public void setUp(Workload w) {
      Nodes primal = w.floor.build();
      Nodes linear = GradientPipelineFloor.linearize(primal);
      merged =
          GradientPipelineFloor.merge(primal, linear, GradientPipelineFloor.transpose(linear));
    }
  }

  @Benchmark
  public Nodes build(Workload w) {
    return w.floor.build();
  }

  @Benchmark
  public Nodes linearize(Primal p) {
    return GradientPipelineFloor.linearize(p.primal);
  }

  @Benchmark
  public Nodes transpose(Linearized l) {
    return GradientPipelineFloor.transpose(l.linear);
  }

  @Benchmark
  public Nodes materializeMerge(Transposed t) {
    return GradientPipelineFloor.merge(t.primal, t.linear, t.transposed);
  }

  @Benchmark
  public Program compile(Merged m) {
    return GradientPipelineFloor.compile(m.merged);
  }

  /** Build → linearize → transpose → merge → compile, in one invocation. */
  @Benchmark
  public Program total(Workload w) {
    return w.floor.gradientProgram();
  }

  /**
   * Evaluates {@code program} at x0..x3 with seed 1.0 and returns {y, dy/dx0, .., dy/dx3}. Fails
   * unless y equals the hand-written primal ({@link ScalarRandDag#withTrig}, the functions the
   * program calls) bit for bit, and each gradient entry the hand-written gradient bit for bit or,
   * where fan-out contributions are summed in another order, within a relative 1e-12 (as {@link
   * GradientPipelineBenchmark} checks the framework). Meant for n up to 10^4 (the values overflow
   * beyond).
   */
  static double[] check(ScalarRandDag dag, Program program) {
    double[] values = program.evaluate(ScalarRandDag.INPUTS, 1.0);
    ScalarRandDag hand = dag.withTrig();
    double y = hand.primal(ScalarRandDag.INPUTS);
    if (Double.compare(values[0], y) != 0) {
      throw new IllegalStateException(
          "y: the floor gives " + values[0] + ", the hand-written primal " + y
              + " (n = " + dag.size() + ")");
    }
    double[] gradient = hand.gradient(ScalarRandDag.INPUTS, 1.0);
    for (int i = 0; i < gradient.length; i++) {
      double rel = Math.abs(values[i] - gradient[i]) / Math.abs(gradient[i]);
      if (Double.compare(values[i], gradient[i]) != 0 && !(rel <= 1e-12)) {
        throw new IllegalStateException(
            "output " + i + ": the floor gives " + values[i] + ", the hand-written gradient "
                + gradient[i] + " (n = " + dag.size() + ")");
      }
    }
    return values;
  }
}
