package io.github.tidu4j.bench.eval;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * The four evaluators of a compiled {@code ScalarOp} program on RandDAG(n, 42) (bench/README.md),
 * for the primal program (output y) and the gradient program (outputs y and dy/dx0..dy/dx3):
 *
 * <ul>
 *   <li>{@link #interpreter}: the reference {@link Interpreter}, boxed Doubles;
 *   <li>{@link #switchEvaluator}: the generated {@link ScalarEvaluator}, a switch over opcodes on
 *       {@code double[]} slots;
 *   <li>{@link #bytecode}: the bytecode backend ({@link BytecodeCompiler} with {@code
 *       KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode)}: every kernel called
 *       apart); {@link #bytecodeJoint} with {@code ScalarKernels.kernelSet()}, one joint {@code
 *       sinCos} call per sine and cosine of one value; {@link #bytecodeMath} with {@link Math}'s
 *       sine and cosine as kernels ({@link CostPrograms#mathTrigKernels}), as before the set had
 *       its own;
 *   <li>{@link #handwritten}: the same values computed directly over arrays ({@link
 *       ScalarRandDag#primal}, {@link ScalarRandDag#gradient}), the limit.
 * </ul>
 *
 * <p>Scores are ns per invocation (the whole graph); ns per primal operation is score / n ({@code
 * bench/eval_results.py}). The trial setup checks that all four agree (see {@link Programs}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-Xss16m"})
public class RandDagEvaluatorBenchmark {

  /** The workload and its compiled program, with every evaluator prepared and cross-checked. */
  @State(Scope.Benchmark)
  public static class Programs {
    @Param({"1000", "10000", "100000"})
    public int n;

    /** {@code primal} (y only) or {@code gradient} (y and the four gradient entries). */
    @Param({"primal", "gradient"})
    public String program;

    public ScalarRandDag dag;
    public boolean gradient;
    public double[] inputs;
    public List<Double> boxedInputs;
    public CompiledProgram<ScalarOp> compiled;
    public ScalarEvaluator switchEvaluator;
    public BytecodeProgram<ScalarOp> bytecode;
    public BytecodeProgram<ScalarOp> bytecodeJoint;
    public BytecodeProgram<ScalarOp> bytecodeMath;

    @Setup(Level.Trial)
    public void setUp() {
      dag = new ScalarRandDag(n, 42);
      gradient = program.equals("gradient");
      Graph<ScalarOp> primal = dag.build();
      long t0 = System.nanoTime();
      compiled =
          gradient ? ScalarRandDag.gradientProgram(primal) : ScalarRandDag.primalProgram(primal);
      long t1 = System.nanoTime();
      inputs =
          gradient
              ? new double[] {
                ScalarRandDag.INPUTS[0], ScalarRandDag.INPUTS[1],
                ScalarRandDag.INPUTS[2], ScalarRandDag.INPUTS[3], 1.0
              }
              : ScalarRandDag.INPUTS.clone();
      Double[] boxed = new Double[inputs.length];
      for (int i = 0; i < boxed.length; i++) {
        boxed[i] = inputs[i];
      }
      boxedInputs = List.of(boxed);
      switchEvaluator = new ScalarEvaluator(compiled);
      BytecodeCompiler<ScalarOp> compiler =
          new BytecodeCompiler<>(
              KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode));
      long t2 = System.nanoTime();
      bytecode = compiler.compile(compiled);
      long t3 = System.nanoTime();
      bytecodeJoint = new BytecodeCompiler<>(ScalarKernels.kernelSet()).compile(compiled);
      bytecodeMath = new BytecodeCompiler<>(CostPrograms.mathTrigKernels()).compile(compiled);
      if (!Arrays.equals(bytecode.evaluate(inputs), bytecodeJoint.evaluate(inputs))) {
        throw new IllegalStateException("joint kernels changed the results");
      }
      check(t1 - t0, t3 - t2);
    }

    /**
     * Interpreter, switch evaluator and bytecode must agree bit for bit (they run the same
     * kernels in the same order). The hand-written primal, with the set's own sine and cosine
     * ({@link ScalarRandDag#withTrig}), must agree bit for bit too. The hand-written gradient computes the same products but may sum fan-out contributions in
     * another order: it must agree bit for bit or within a relative 1e-12 (reported which), for n
     * up to 10^4; from 10^5 on the values overflow to inf/NaN (bench/README.md) and only the tiers'
     * mutual bit-identity is required.
     */
    private void check(long buildNanos, long bytecodeNanos) {
      double[] ref = unbox(Interpreter.evalPositional(compiled, boxedInputs));
      double[] sw = switchEvaluator.evaluate(inputs);
      double[] bc = bytecode.evaluate(inputs);
      // Arrays.equals compares doubles as Double.equals does: by their bits
      if (!Arrays.equals(ref, sw) || !Arrays.equals(ref, bc)) {
        throw new IllegalStateException(
            "tiers differ: interpreter " + Arrays.toString(ref) + ", switch " + Arrays.toString(sw)
                + ", bytecode " + Arrays.toString(bc));
      }
      ScalarRandDag reference = dag.withTrig();
      double[] hand =
          gradient
              ? reference.gradient(ScalarRandDag.INPUTS, 1.0)
              : new double[] {reference.primal(inputs)};
      boolean bitIdentical = Arrays.equals(ref, hand);
      double maxRel = 0;
      for (int i = 0; i < ref.length; i++) {
        if (Double.compare(ref[i], hand[i]) == 0) {
          continue;
        }
        double rel = Math.abs(ref[i] - hand[i]) / Math.max(Math.abs(hand[i]), Double.MIN_NORMAL);
        maxRel = Double.isNaN(rel) ? Double.POSITIVE_INFINITY : Math.max(maxRel, rel);
      }
      String verdict =
          bitIdentical ? "bit-identical" : "max relative difference " + maxRel;
      System.out.printf(
          "%n[check] RandDAG n=%d %s: %d instructions (%.2f per primal op), %d slots; "
              + "interpreter = switch = bytecode bit for bit; vs hand-written: %s; "
              + "outputs %s; graph->program %.1f ms, bytecode compile %.1f ms (%d methods)%n",
          n, program, compiled.instructionCount(), compiled.instructionCount() / (double) n,
          compiled.slotCount(), verdict, Arrays.toString(ref), buildNanos / 1e6,
          bytecodeNanos / 1e6, bytecode.stepCount());
      if (!bitIdentical && n <= 10_000 && !(maxRel <= 1e-12)) {
        throw new IllegalStateException(
            "hand-written " + Arrays.toString(hand) + " vs engine " + Arrays.toString(ref));
      }
      if (!gradient && !bitIdentical && n <= 10_000) {
        throw new IllegalStateException("the primal must be bit-identical");
      }
    }

    private static double[] unbox(List<Double> values) {
      double[] out = new double[values.size()];
      for (int i = 0; i < out.length; i++) {
        out[i] = values.get(i);
      }
      return out;
    }
  }

  @Benchmark
  public List<Double> interpreter(Programs p) {
    return Interpreter.evalPositional(p.compiled, p.boxedInputs);
  }

  @Benchmark
  public double[] switchEvaluator(Programs p) {
    return p.switchEvaluator.evaluate(p.inputs);
  }

  @Benchmark
  public double[] bytecode(Programs p) {
    return p.bytecode.evaluate(p.inputs);
  }

  @Benchmark
  public double[] bytecodeJoint(Programs p) {
    return p.bytecodeJoint.evaluate(p.inputs);
  }

  @Benchmark
  public double[] bytecodeMath(Programs p) {
    return p.bytecodeMath.evaluate(p.inputs);
  }

  /** The limit: the same values directly over arrays (forward sweep; + reverse for gradient). */
  @Benchmark
  public void handwritten(Programs p, Blackhole bh) {
    if (p.gradient) {
      bh.consume(p.dag.gradient(ScalarRandDag.INPUTS, 1.0));
    } else {
      bh.consume(p.dag.primal(ScalarRandDag.INPUTS));
    }
  }
}
