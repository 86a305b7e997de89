package io.github.tidu4j.bench.startup;

import static io.github.tidu4j.primitives.func.TensorAutodiff.grad;

import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.bench.eval.ScalarRandDag;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.MaterializedGraph;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.primitives.func.Fn;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.io.FileInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One first call in a fresh JVM: the time from the JVM's start and from entering {@code main} to
 * the first gradient value, with a breakdown by phase. {@link StartupRuns} launches it in many
 * fresh JVMs and reports medians; run alone it measures one JVM:
 *
 * <pre>{@code
 * java -cp bench/target/benchmarks.jar io.github.tidu4j.bench.startup.FirstCall randdag
 * java -cp bench/target/benchmarks.jar io.github.tidu4j.bench.startup.FirstCall tour
 * }</pre>
 *
 * <p>Workloads:
 *
 * <ul>
 *   <li>{@code randdag [switch|bytecode] [n]}: the gradient of RandDAG(n, 42) (n = 1000 unless
 *       given) over the shipped Scalar set with respect to its four inputs, as a user runs it
 *       through the public API — build → linearize → transpose → materializeMerge → compile →
 *       evaluate — with the evaluator chosen explicitly: the generated switch evaluator ({@code
 *       ScalarEvaluator}, the default here) or the bytecode backend;
 *   <li>{@code tour}: the README tour's first gradient, {@code grad(f).apply(x)} of f(x) =
 *       Σ exp(a·x) through {@code TensorAutodiff} (trace, transform, compile and evaluate in one
 *       call);
 *   <li>{@code empty}: nothing, so that the result is the JVM's own start;
 *   <li>{@code classes FILE}: loads, links and initialises the classes FILE names (one binary name
 *       a line) and does nothing else — given the classes a workload loads before its first
 *       gradient ({@link StartupRuns} writes such a list from a class-load log), it measures what
 *       loading them costs without the workload's code running.
 * </ul>
 *
 * <p>The code before the first gradient loads nothing the workload does not (the tour's function is
 * the README's lambda, as a user writes it; the harness adds no lambda, no string formatting, no
 * management bean); it takes {@code System.nanoTime()} stamps into locals, and only
 * after the gradient is computed prints the marker line {@value #MARKER} (so a class-load log can
 * be cut there), asks the {@code RuntimeMXBean} for the JVM's start time and prints one result
 * line: {@value #RESULT} followed by {@code key=value} fields, times in microseconds. Wall times
 * on a loaded machine stretch with everything else that runs; the {@code cpu_} fields (Linux
 * only) count the CPU time of the thread running {@code main}, which stretches far less, and so
 * compare runs made under different load better.
 */
public final class FirstCall {
  /** The line printed right after the first gradient, before anything else is loaded. */
  public static final String MARKER = "tidu4j-first-gradient-done";

  /** The first word of the result line. */
  public static final String RESULT = "FIRSTCALL";

  private FirstCall() {}

  public static void main(String[] args) {
    long mainMillis = System.currentTimeMillis();
    long t0 = System.nanoTime();
    long cpu0 = threadCpuNanos();
    String workload = args.length > 0 ? args[0] : "randdag";
    StringBuilder fields = new StringBuilder();
    double value;
    long tEnd;
    long cpuEnd;
    if (workload.equals("randdag")) {
      boolean bytecode = args.length > 1 && args[1].equals("bytecode");
      int n = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
      ScalarRandDag dag = new ScalarRandDag(n, 42);
      long t1 = System.nanoTime();
      Graph<ScalarOp> primal = dag.build();
      long t2 = System.nanoTime();
      LinearizedGraph<ScalarOp> linear = ScalarRandDag.linearize(primal);
      long t3 = System.nanoTime();
      LinearizedGraph<ScalarOp> transposed = ScalarRandDag.transpose(linear);
      long t4 = System.nanoTime();
      MaterializedGraph<ScalarOp> materialized =
          ScalarRandDag.materializeGradient(primal, transposed);
      long t5 = System.nanoTime();
      CompiledProgram<ScalarOp> program = Graphs.compile(materialized);
      long t6 = System.nanoTime();
      double[] inputs = Arrays.copyOf(ScalarRandDag.INPUTS, 5);
      inputs[4] = 1.0;
      double[] gradient =
          bytecode
              ? BytecodeCompiler.compileUncached(
                      program, ScalarKernels.kernelSet(), BytecodeOptions.defaults())
                  .evaluate(inputs)
              : new ScalarEvaluator(program).evaluate(inputs);
      tEnd = System.nanoTime();
      cpuEnd = threadCpuNanos();
      value = gradient[1];
      System.out.println(MARKER);
      fields.append(" evaluator=").append(bytecode ? "bytecode" : "switch");
      fields.append(" n=").append(n);
      phase(fields, "workload", t0, t1);
      phase(fields, "build", t1, t2);
      phase(fields, "linearize", t2, t3);
      phase(fields, "transpose", t3, t4);
      phase(fields, "materializeMerge", t4, t5);
      phase(fields, "compile", t5, t6);
      phase(fields, "evaluate", t6, tEnd);
    } else if (workload.equals("tour")) {
      Tensor a = Tensor.vector(2, 3);
      Tensor x = Tensor.vector(1, 2);
      long t1 = System.nanoTime();
      Fn f = y -> y.mul(a).exp().sum(); // the README's lambda, as a user writes it
      Tensor g = grad(f).apply(x);
      tEnd = System.nanoTime();
      cpuEnd = threadCpuNanos();
      value = g.get(0);
      System.out.println(MARKER);
      phase(fields, "tensors", t0, t1);
      phase(fields, "grad_apply", t1, tEnd);
    } else if (workload.equals("empty")) {
      tEnd = System.nanoTime();
      cpuEnd = threadCpuNanos();
      value = 0;
      System.out.println(MARKER);
    } else if (workload.equals("classes")) {
      if (args.length < 2) {
        throw new IllegalArgumentException("workload classes needs a file of class names");
      }
      int loaded = loadClasses(args[1]);
      tEnd = System.nanoTime();
      cpuEnd = threadCpuNanos();
      value = loaded;
      System.out.println(MARKER);
    } else {
      throw new IllegalArgumentException("unknown workload " + workload
          + ": expected randdag [switch|bytecode] [n], tour, empty or classes FILE");
    }
    long endMillis = mainMillis + (tEnd - t0) / 1_000_000;
    long startMillis = ManagementFactory.getRuntimeMXBean().getStartTime();
    System.out.println(
        RESULT
            + " workload=" + workload
            + fields
            + " jvm_to_main_us=" + (mainMillis - startMillis) * 1000
            + " main_to_first_us=" + (tEnd - t0) / 1000
            + " jvm_to_first_us=" + (endMillis - startMillis) * 1000
            + (cpu0 < 0 || cpuEnd < 0
                ? ""
                : " cpu_jvm_to_main_us=" + cpu0 / 1000 + " cpu_main_to_first_us="
                    + (cpuEnd - cpu0) / 1000 + " cpu_jvm_to_first_us=" + cpuEnd / 1000)
            + " value=" + value);
  }

  /**
   * The CPU time this thread has run, in ns, from Linux's {@code /proc/thread-self/schedstat}
   * (its first field); -1 where there is none. The JVM runs {@code main} on the thread that
   * created it, so this counts the JVM's start-up on that thread too. Read with FileInputStream,
   * which the JVM has loaded before {@code main}, so reading it loads nothing.
   */
  private static long threadCpuNanos() {
    byte[] text = new byte[64];
    int length;
    try (FileInputStream in = new FileInputStream("/proc/thread-self/schedstat")) {
      length = in.read(text);
    } catch (IOException e) {
      return -1;
    }
    long nanos = 0;
    for (int i = 0; i < length && text[i] >= '0' && text[i] <= '9'; i++) {
      nanos = nanos * 10 + (text[i] - '0');
    }
    return length > 0 ? nanos : -1;
  }

  /**
   * Loads, links and initialises the classes named in {@code file} (one binary name a line, in
   * the order a class-load log lists them) with the class loader that loads this class, and
   * returns how many it named. The file is read with FileInputStream and decoded as ISO-8859-1,
   * which the JVM has loaded before {@code main}, so that what this loads is what the file names.
   */
  private static int loadClasses(String file) {
    byte[] text = new byte[1 << 16];
    int length = 0;
    try (FileInputStream in = new FileInputStream(file)) {
      for (int read; (read = in.read(text, length, text.length - length)) > 0; ) {
        length += read;
        if (length == text.length) {
          text = Arrays.copyOf(text, 2 * length);
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read class list " + file, e);
    }
    ClassLoader loader = FirstCall.class.getClassLoader();
    int count = 0;
    for (int start = 0, end; start < length; start = end + 1) {
      end = start;
      while (end < length && text[end] != '\n') {
        end++;
      }
      if (end > start) {
        String name = new String(text, start, end - start, StandardCharsets.ISO_8859_1);
        try {
          Class.forName(name, true, loader);
        } catch (ClassNotFoundException e) {
          throw new IllegalArgumentException("class list " + file + " names " + name
              + ", which the class path does not hold", e);
        }
        count++;
      }
    }
    return count;
  }

  private static void phase(StringBuilder fields, String name, long from, long to) {
    fields.append(' ').append(name).append("_us=").append((to - from) / 1000);
  }
}
