package io.github.tidu4j.bench.eval;

import com.palantir.javapoet.JavaFile;
import io.github.tidu4j.export.InProcessJavac;
import io.github.tidu4j.export.SourceExport;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
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
 * The RandDAG(n, 42) gradient program of {@link RandDagEvaluatorBenchmark} run two ways on the
 * same inputs into the same output array: {@link #exported}, the classes {@link
 * SourceExport#exportFiles} writes (one class, or a main class and parts from n = 10^5 on),
 * compiled by javac in this JVM at setup ({@link InProcessJavac}) and called through the main
 * class's {@code evaluateInto}; and {@link #hiddenClass}, the bytecode backend's {@link
 * BytecodeProgram#evaluateInto}, both over the kernel set {@code kernels} names (the shipped
 * default, with its joint kernel of Sin and Cos, or every kernel called apart). Setup checks that
 * the two agree bit for bit and prints the export time, the javac time and the source size in
 * bytes per instruction.
 *
 * <p>Scores are ns per invocation (the whole graph); ns per primal operation is score / n.
 * {@link #exportSource} is the export itself: the time to write the program's source (score / the
 * instruction count printed at setup is ns per instruction).
 *
 * <pre>{@code
 * java -jar bench/target/benchmarks.jar ExportBenchmark -f 1 -wi 3 -i 5
 * java -jar bench/target/benchmarks.jar 'ExportBenchmark.(exported|hiddenClass)' -p n=100000
 * java -jar bench/target/benchmarks.jar 'ExportBenchmark.exportSource' -f 1 -wi 3 -i 5
 * }</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-Xss16m"})
public class ExportBenchmark {

  /** The gradient program, its exported class and its hidden class, cross-checked. */
  @State(Scope.Benchmark)
  public static class Programs {
    @Param({"1000", "10000"})
    public int n;

    /**
     * {@code joint}: the set's kernel set as a user gets it ({@code ScalarKernels.kernelSet()}),
     * whose joint kernel computes the sine and the cosine of one value in one call; {@code plain}:
     * every kernel called apart ({@link CostPrograms#kernels}).
     */
    @Param({"joint", "plain"})
    public String kernels;

    public CompiledProgram<ScalarOp> program;
    public double[] inputs;
    public double[] outputs;
    /** The exported class's {@code evaluateInto(double[], double[])}. */
    public MethodHandle exported;
    public BytecodeProgram<ScalarOp> hiddenClass;

    @Setup(Level.Trial)
    public void setUp() throws Throwable {
      program = CostPrograms.randDagGradient(n);
      inputs = CostPrograms.randDagGradientInputs();
      outputs = new double[program.outputCount()];
      KernelSet<ScalarOp> set =
          switch (kernels) {
            case "joint" -> ScalarKernels.kernelSet();
            case "plain" -> CostPrograms.kernels();
            default -> throw new IllegalArgumentException(
                "kernels is " + kernels + "; it must be joint or plain");
          };
      long t0 = System.nanoTime();
      List<JavaFile> files =
          SourceExport.of(set)
              .exportFiles(program, "bench.exported", "Gradient" + n);
      int bytes = 0;
      for (JavaFile file : files) {
        bytes += file.toString().getBytes(StandardCharsets.UTF_8).length;
      }
      long t1 = System.nanoTime();
      exported = CostPrograms.compileExported(files);
      long t2 = System.nanoTime();
      hiddenClass =
          CostPrograms.bytecode(program, BytecodeOptions.DEFAULT_METHOD_BYTES, set);
      double[] viaExport = CostPrograms.sameAsBytecode(exported, hiddenClass, inputs);
      System.out.printf(
          "%n[export] RandDAG n=%d gradient, %s kernels: %d instructions; export %.1f ms, javac %.1f ms; "
              + "source %d bytes in %d file(s) (%.1f per instruction); exported = hidden class "
              + "bit for bit: %s%n",
          n, kernels, program.instructionCount(), (t1 - t0) / 1e6, (t2 - t1) / 1e6, bytes, files.size(),
          bytes / (double) program.instructionCount(), Arrays.toString(viaExport));
    }
  }

  /** The gradient program alone, for {@link #exportSource}: no javac, so larger sizes fit. */
  @State(Scope.Benchmark)
  public static class Sources {
    @Param({"1000", "10000", "100000"})
    public int exportN;

    public CompiledProgram<ScalarOp> program;
    public SourceExport<ScalarOp> export;

    @Setup(Level.Trial)
    public void setUp() {
      program = CostPrograms.randDagGradient(exportN);
      export = SourceExport.of(CostPrograms.kernels());
      System.out.printf(
          "%n[export] RandDAG n=%d gradient: %d instructions (ns per instruction = score / %d)%n",
          exportN, program.instructionCount(), program.instructionCount());
    }
  }

  /**
   * Export time: the program's source text, every file of {@link SourceExport#exportFiles} written
   * to a string, as a build would write them.
   */
  @Benchmark
  public int exportSource(Sources s) {
    int chars = 0;
    for (JavaFile file : s.export.exportFiles(s.program, "bench.exported", "Gradient")) {
      chars += file.toString().length();
    }
    return chars;
  }

  @Benchmark
  public double[] exported(Programs p) throws Throwable {
    p.exported.invokeExact(p.inputs, p.outputs);
    return p.outputs;
  }

  @Benchmark
  public double[] hiddenClass(Programs p) {
    p.hiddenClass.evaluateInto(p.inputs, p.outputs);
    return p.outputs;
  }
}
