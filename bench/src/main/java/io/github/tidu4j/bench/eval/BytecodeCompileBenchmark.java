package io.github.tidu4j.bench.eval;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
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
 * Compilation cost of the bytecode backend: generating and defining the hidden class of a
 * RandDAG(n, 42) program of the Scalar set, primal or gradient, without the cache. Time per
 * invocation; divide by the instruction count (printed in setup with the class size) for ns per
 * instruction. At n = 10^6 ({@code -p n=1000000}) the gradient program has 3.25 million instructions
 * and needs a larger heap ({@code -jvmArgsAppend -Xmx4g}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@State(Scope.Benchmark)
public class BytecodeCompileBenchmark {
  @Param({"1000", "10000", "100000"})
  public int n;

  @Param({"primal", "gradient"})
  public String program;

  private CompiledProgram<ScalarOp> compiled;
  private KernelSet<ScalarOp> kernels;

  @Setup(Level.Trial)
  public void setUp() {
    ScalarRandDag dag = new ScalarRandDag(n, 42);
    compiled =
        program.equals("gradient")
            ? ScalarRandDag.gradientProgram(dag.build())
            : ScalarRandDag.primalProgram(dag.build());
    kernels = ScalarKernels.kernelSet();
    BytecodeProgram<ScalarOp> once = compile();
    long bytes = once.classFiles().stream().mapToLong(f -> f.length).sum();
    System.out.printf(
        "%n%s RandDAG(%d): %d instructions, %d classes of %d bytes (%.1f per instruction), %d"
            + " steps%n",
        program,
        n,
        compiled.instructionCount(),
        once.classCount(),
        bytes,
        bytes / (double) compiled.instructionCount(),
        once.stepCount());
  }

  @Benchmark
  public BytecodeProgram<ScalarOp> compile() {
    return BytecodeCompiler.compileUncached(compiled, kernels, BytecodeOptions.defaults());
  }
}
