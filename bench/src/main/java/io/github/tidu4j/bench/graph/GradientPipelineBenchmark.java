package io.github.tidu4j.bench.graph;

import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.bench.eval.ScalarRandDag;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.MaterializedGraph;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.util.Arrays;
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
 * The gradient pipeline as a user runs it, on RandDAG(n, 42) of bench/README.md over the shipped
 * Scalar set ({@link ScalarRandDag}), with respect to all four inputs: one benchmark per phase —
 * {@link #build}, {@link #linearize}, {@link #transpose}, {@link #materializeMerge} (outputs y and
 * dy/dx0..dy/dx3, inputs x0..x3 and the seed), {@link #compile} — then {@link #total}, build to
 * compiled program in one invocation, and {@link #bytecode}, generation of the compiled gradient
 * program's class, beside {@link #define}, the JVM's definition of the same class files alone.
 *
 * <p>Every phase runs on a graph built fresh for its invocation: the phase's input (the primal
 * graph, its linearization, the transpose or the materialized graph) is made by an untimed
 * {@code @Setup(Level.Invocation)} running the earlier phases, so no invocation sees a graph a
 * previous one has already indexed or looked up. Level.Invocation is sound here: the smallest
 * phase, at n = 10^3, takes tens of microseconds or more, far above the timestamps' cost. Mode is
 * average time: at n = 10^6 an iteration of 1 s holds a single invocation (a single shot), and at
 * small n it holds thousands, which single-shot mode would leave unwarmed. The phases call the
 * steps of {@link ScalarRandDag#gradientProgram}, so the benchmark measures the code that builds
 * the program the evaluator benchmarks run. Resolve of the primal graph is timed inside {@link
 * #linearize}, resolve of the primal and transposed graphs inside {@link #materializeMerge}, as a
 * user calls them.
 *
 * <p>Scores are ns per invocation (the whole graph); divide by n for ns per primal operation.
 * With {@code same} and {@code distinct}, the pipeline finds nearly every global key an earlier
 * build made (through the inputs' last-use memos), as in {@link RandDagPipelineBenchmark#build};
 * only {@code fresh} makes them all anew. The transforms' own tangent keys are new every
 * invocation in every mode (their pass ids are fresh).
 *
 * <p>{@code graphs} says which DAG each invocation builds. With {@code same}, RandDAG(n, 42) every
 * time: at small n the processor then runs the same work thousands of times in a row, and that
 * work's keys, tables and branches stay in its caches and predictors from one invocation to the
 * next, which at n = 10^6 they cannot. With {@code distinct}, invocations take in turn enough
 * different DAGs of n steps (two at n = 10^6) that at least 10^6 steps of others pass between two
 * builds of one of them: the per-op figures of different n are then taken under the same
 * conditions, and the small-n ones are what a program that differentiates many different graphs
 * of that size pays. With {@code fresh}, RandDAG(n, 42) every time but with inputs of new names,
 * so the same work on keys none of which an earlier invocation made: beside {@code same} it tells
 * how much of {@code same}'s small-n figure is finding the last invocation's keys interned.
 * {@link #bytecode} and {@link #define} read only the RandDAG(n, 42) program, whatever {@code
 * graphs} is.
 *
 * <p>{@link #bytecode} runs at every n. The backend cuts a program of a few thousand instructions
 * or more into a few classes, defined on a second thread while the next is generated, and at n =
 * 10^6 the gradient program (3,248,817 instructions, about 3.25 per primal operation) is more than
 * one class's constant pool can name in any case. The trial setup checks the pipeline's values
 * (see {@code check}) for n up to 10^4, where the values are finite.
 *
 * <p>Settings: one JVM per benchmark and n, 5 warmup and 3 measured iterations of 1 s (two warmup
 * iterations leave linearize at n = 10^3 several times slower than once the JIT has compiled it),
 * a pre-touched 4 GB heap (on this machine kind the first touch of a heap page is slow; see
 * {@link io.github.tidu4j.bench.ad.RandDagAdBenchmark}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
public class GradientPipelineBenchmark {
  /** With {@code graphs = distinct}, the steps of the DAGs the invocations go through in turn. */
  static final int DISTINCT_STEPS = 1_000_000;

  /**
   * The workload: RandDAG(n, 42)'s operation sequence, checked once per trial for n ≤ 10^4; with
   * {@code graphs = distinct}, also the other DAGs of n steps that the invocations take in turn.
   */
  @State(Scope.Benchmark)
  public static class Workload {
    @Param({"1000", "10000", "100000", "1000000"})
    public int n;

    /**
     * {@code same}: every invocation builds RandDAG(n, 42) again. {@code distinct}: invocations
     * take in turn {@link #DISTINCT_STEPS} / n different DAGs of n steps, and at least two ({@link
     * ScalarRandDag#distinct}), so that between two builds of one DAG the pipeline has run at
     * least 10^6 steps of others.
     */
    @Param({"same", "distinct", "fresh"})
    public String graphs;

    public ScalarRandDag dag;
    private ScalarRandDag[] dags;
    private int next;
    /** With {@code fresh}, the name of the next build's input x0 (x1..x3 follow it). */
    private int nextInput;

    @Setup(Level.Trial)
    public void setUp() {
      dag = new ScalarRandDag(n, 42);
      switch (graphs) {
        case "same", "fresh" -> dags = new ScalarRandDag[] {dag};
        case "distinct" -> dags = ScalarRandDag.distinct(n, 42, Math.max(2, DISTINCT_STEPS / n));
        default -> throw new IllegalArgumentException(
            "graphs is " + graphs + "; it must be same, distinct or fresh");
      }
      if (n <= 10_000) {
        CompiledProgram<ScalarOp> program = run(dag);
        System.out.printf(
            "%n[check] RandDAG n=%d gradient: %s%n",
            n, Arrays.toString(check(dag, program, generate(program, ScalarKernels.kernelSet()))));
      }
    }

    /** The DAG the next invocation builds. */
    public ScalarRandDag next() {
      ScalarRandDag d = dags[next];
      next = next + 1 == dags.length ? 0 : next + 1;
      return d;
    }

    /** The primal graph of the next invocation, built: the next DAG, with its inputs' names. */
    public Graph<ScalarOp> buildNext() {
      ScalarRandDag d = next();
      if (graphs.equals("fresh")) {
        nextInput += 4;
        return d.build(nextInput);
      }
      return d.build();
    }
  }

  /** A primal graph built before each invocation. */
  @State(Scope.Thread)
  public static class Primal {
    public Graph<ScalarOp> primal;

    @Setup(Level.Invocation)
    public void setUp(Workload w) {
      primal = w.buildNext();
    }
  }

  /** A fresh primal graph and its linearization. */
  @State(Scope.Thread)
  public static class Linearized {
    public LinearizedGraph<ScalarOp> linear;

    @Setup(Level.Invocation)
    public void setUp(Workload w) {
      linear = ScalarRandDag.linearize(w.buildNext());
    }
  }

  /** A fresh primal graph and the transpose of its linearization. */
  @State(Scope.Thread)
  public static class Transposed {
    public Graph<ScalarOp> primal;
    public LinearizedGraph<ScalarOp> transposed;

    @Setup(Level.Invocation)
    public void setUp(Workload w) {
      primal = w.buildNext();
      transposed = ScalarRandDag.transpose(ScalarRandDag.linearize(primal));
    }
  }

  /** The materialized gradient graph of a fresh primal graph. */
  @State(Scope.Thread)
  public static class Materialized {
    public MaterializedGraph<ScalarOp> materialized;

    @Setup(Level.Invocation)
    public void setUp(Workload w) {
      Graph<ScalarOp> primal = w.buildNext();
      materialized =
          ScalarRandDag.materializeGradient(
              primal, ScalarRandDag.transpose(ScalarRandDag.linearize(primal)));
    }
  }

  /**
   * The compiled gradient program and the set's kernel set, made once per trial: bytecode
   * generation reads the program and keeps nothing of it between invocations (no cache). The kernel
   * set is what a {@link BytecodeCompiler} holds for all its programs, resolved once per process,
   * not per program. The setup prints the program's size and how the backend lays it out.
   */
  @State(Scope.Benchmark)
  public static class Compiled {
    public CompiledProgram<ScalarOp> program;
    public KernelSet<ScalarOp> kernels;
    /** The class files {@link #bytecode} generates, for {@link #define}. */
    public List<byte[]> classFiles;

    @Setup(Level.Trial)
    public void setUp(Workload w) {
      program = run(w.dag);
      kernels = ScalarKernels.kernelSet();
      BytecodeProgram<ScalarOp> once = generate(program, kernels);
      classFiles = once.classFiles();
      System.out.printf(
          "%n[bytecode] RandDAG n=%d gradient: %d instructions, %d methods in %d classes%n",
          w.n, program.instructionCount(), once.stepCount(), once.classCount());
    }
  }

  @Benchmark
  public Graph<ScalarOp> build(Workload w) {
    return w.buildNext();
  }

  @Benchmark
  public LinearizedGraph<ScalarOp> linearize(Primal p) {
    return ScalarRandDag.linearize(p.primal);
  }

  @Benchmark
  public LinearizedGraph<ScalarOp> transpose(Linearized l) {
    return ScalarRandDag.transpose(l.linear);
  }

  @Benchmark
  public MaterializedGraph<ScalarOp> materializeMerge(Transposed t) {
    return ScalarRandDag.materializeGradient(t.primal, t.transposed);
  }

  @Benchmark
  public CompiledProgram<ScalarOp> compile(Materialized m) {
    return Graphs.compile(m.materialized);
  }

  /** Build → linearize → transpose → materializeMerge → compile, in one invocation. */
  @Benchmark
  public CompiledProgram<ScalarOp> total(Workload w) {
    return ScalarRandDag.gradientProgram(w.buildNext());
  }

  /**
   * The bytecode classes of the compiled gradient program, generated and defined without cache, as
   * {@link BytecodeCompiler} does: a program of a few thousand instructions or more is cut into a
   * few classes, each defined on a second thread while the next is generated.
   */
  @Benchmark
  public BytecodeProgram<ScalarOp> bytecode(Compiled c) {
    return generate(c.program, c.kernels);
  }

  /**
   * The JVM's part of {@link #bytecode}: defining the class files the backend generates for the
   * program (made once per trial), one after another on one thread, with {@link
   * java.lang.invoke.MethodHandles.Lookup#defineHiddenClass} in the kernel set's lookup, as the
   * backend does. The JVM parses, verifies and links each class (a hidden class is linked when
   * defined, initialized or not); not initialized here, since their constants come as class data.
   * This is the work of definition; {@link #bytecode} does it partly on a second thread, beside
   * generation, so with two processors it takes less than this plus generation.
   */
  @Benchmark
  public Class<?>[] define(Compiled c) throws IllegalAccessException {
    Class<?>[] defined = new Class<?>[c.classFiles.size()];
    for (int i = 0; i < defined.length; i++) {
      defined[i] = c.kernels.lookup().defineHiddenClass(c.classFiles.get(i), false).lookupClass();
    }
    return defined;
  }

  /** The whole pipeline, from the operation sequence to the compiled gradient program. */
  static CompiledProgram<ScalarOp> run(ScalarRandDag dag) {
    return ScalarRandDag.gradientProgram(dag.build());
  }

  static BytecodeProgram<ScalarOp> generate(
      CompiledProgram<ScalarOp> program, KernelSet<ScalarOp> kernels) {
    return BytecodeCompiler.compileUncached(program, kernels, BytecodeOptions.defaults());
  }

  /**
   * Evaluates {@code program} (inputs x0..x3, seed 1.0) with the {@link Interpreter} and {@code
   * bytecode}, and returns {y, dy/dx0, .., dy/dx3}. Fails unless the bytecode agrees with the
   * interpreter bit for bit, and the interpreter with the hand-written gradient ({@link
   * ScalarRandDag#gradient}) bit for bit or, where fan-out contributions are summed in another
   * order, within a relative 1e-12 — the same products in both, so nothing looser is tolerated.
   * Meant for n up to 10^4 (the values overflow beyond).
   */
  static double[] check(
      ScalarRandDag dag, CompiledProgram<ScalarOp> program, BytecodeProgram<ScalarOp> bytecode) {
    double[] inputs = Arrays.copyOf(ScalarRandDag.INPUTS, 5);
    inputs[4] = 1.0;
    Double[] boxed = new Double[inputs.length];
    for (int i = 0; i < boxed.length; i++) {
      boxed[i] = inputs[i];
    }
    List<Double> reference = Interpreter.evalPositional(program, List.of(boxed));
    double[] interpreted = new double[reference.size()];
    for (int i = 0; i < interpreted.length; i++) {
      interpreted[i] = reference.get(i);
    }
    double[] generated = bytecode.evaluate(inputs);
    if (!Arrays.equals(interpreted, generated)) {
      throw new IllegalStateException(
          "bytecode " + Arrays.toString(generated) + " differs from the interpreter "
              + Arrays.toString(interpreted) + " (n = " + dag.size() + ")");
    }
    double[] hand = dag.withTrig().gradient(ScalarRandDag.INPUTS, 1.0);
    for (int i = 0; i < hand.length; i++) {
      double rel = Math.abs(interpreted[i] - hand[i]) / Math.abs(hand[i]);
      if (Double.compare(interpreted[i], hand[i]) != 0 && !(rel <= 1e-12)) {
        throw new IllegalStateException(
            "output " + i + ": the pipeline gives " + interpreted[i]
                + ", the hand-written gradient " + hand[i] + " (n = " + dag.size() + ")");
      }
    }
    return interpreted;
  }
}
