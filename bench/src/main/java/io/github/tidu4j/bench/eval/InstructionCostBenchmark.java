package io.github.tidu4j.bench.eval;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.primitives.scalar.ScalarOp;
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
 * Where the time of a compiled scalar program goes, on the bytecode tier ({@link CostPrograms}
 * builds the programs):
 *
 * <ul>
 *   <li>{@link #kind}: straight-line programs of {@value CostPrograms#STRAIGHT_LENGTH} instructions
 *       of one primitive, in {@code chains} interleaved dependency chains (1: latency; 4: what the
 *       out-of-order core overlaps). Score / {@value CostPrograms#STRAIGHT_LENGTH} is the cost of
 *       one instruction of that kind. C2 folds {@code Neg(Neg(x))}, so the {@code NEG} programs
 *       measure the cost of an instruction the JIT removes: the floor per instruction.
 *   <li>{@link #cut}: the RandDAG(n, 42) gradient program of {@link RandDagEvaluatorBenchmark} at
 *       several {@link BytecodeOptions#methodBytes}: what cutting the program into methods, and
 *       passing values between them through the frame, costs.
 *   <li>{@link #ablation}: the same gradient program with the real kernels and with {@code Sin}
 *       and {@code Cos} replaced by {@link AffineTrig}: what the sines and cosines cost.
 * </ul>
 *
 * <p>JMH runs one configuration after another; on a loaded machine {@link SideBySide} times the
 * same programs interleaved, which gives usable ratios where these absolute figures do not.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class InstructionCostBenchmark {

  /** A straight-line program of one primitive. */
  @State(Scope.Benchmark)
  public static class Straight {
    @Param({"SIN", "COS", "MUL", "ADD", "NEG"})
    public String op;

    @Param({"1", "4"})
    public int chains;

    BytecodeProgram<ScalarOp> program;
    double[] inputs;

    @Setup(Level.Trial)
    public void setUp() {
      ScalarOp operation = CostPrograms.operation(op);
      program =
          CostPrograms.bytecode(
              CostPrograms.straightLine(operation, chains),
              BytecodeOptions.DEFAULT_METHOD_BYTES,
              CostPrograms.kernels());
      inputs = CostPrograms.straightLineInputs(operation, chains);
    }
  }

  /** The RandDAG gradient program cut into methods of at most {@code methodBytes}. */
  @State(Scope.Benchmark)
  public static class Cut {
    @Param({"1000", "10000"})
    public int n;

    @Param({"1000", "2000", "4000", "8000"})
    public int methodBytes;

    BytecodeProgram<ScalarOp> program;
    double[] inputs;

    @Setup(Level.Trial)
    public void setUp() {
      CompiledProgram<ScalarOp> compiled = CostPrograms.randDagGradient(n);
      program = CostPrograms.bytecode(compiled, methodBytes, CostPrograms.kernels());
      inputs = CostPrograms.randDagGradientInputs();
      System.out.printf(
          "%n[cut] n=%d methodBytes=%d: %d instructions, %d methods, frame of %d%n",
          n, methodBytes, compiled.instructionCount(), program.stepCount(), program.frameSize());
    }
  }

  /** The RandDAG gradient program with real or stand-in sine and cosine kernels. */
  @State(Scope.Benchmark)
  public static class Ablation {
    @Param({"1000", "10000"})
    public int n;

    /** {@code real}: the Scalar kernels; {@code affine}: Sin and Cos by {@link AffineTrig}. */
    @Param({"real", "affine"})
    public String trig;

    BytecodeProgram<ScalarOp> program;
    double[] inputs;

    @Setup(Level.Trial)
    public void setUp() {
      program =
          CostPrograms.bytecode(
              CostPrograms.randDagGradient(n),
              BytecodeOptions.DEFAULT_METHOD_BYTES,
              trig.equals("real") ? CostPrograms.kernels() : CostPrograms.affineTrigKernels());
      inputs = CostPrograms.randDagGradientInputs();
    }
  }

  @Benchmark
  public double[] kind(Straight s) {
    return s.program.evaluate(s.inputs);
  }

  @Benchmark
  public double[] cut(Cut c) {
    return c.program.evaluate(c.inputs);
  }

  @Benchmark
  public double[] ablation(Ablation a) {
    return a.program.evaluate(a.inputs);
  }
}
