package io.github.tidu4j.bench.tensor;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The break-even of the fusion tier against the switch evaluator, the measurement behind {@code
 * TieredRunners.DEFAULT_WORK_THRESHOLD}: for the {@link ElementwiseBenchmark} functions' forward
 * and gradient programs over f64[n], each trial fuses the program in a fusion set that has
 * generated nothing yet (its own loop classes, run by the JVM's interpreter until the JIT compiles
 * them) and runs it K times, against K calls of a {@link TensorEvaluator} (whose class and kernels
 * are warm, as in a process that has run any tensor program); it prints the first K at which the
 * fused side's total (fusing included) is no larger than the evaluator's, and that K × n, the
 * work at which promotion pays. The sides alternate which runs first from trial to trial, in one
 * JVM, so load slows both alike; a harness rather than JMH because the quantity is a cold-start
 * curve. Each trial's set has another block size ({@code 256 + trial}), which makes it generate its
 * own loops.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar \
 *     io.github.tidu4j.bench.tensor.FusionBreakEven [trials] [n ...]
 * </pre>
 */
public final class FusionBreakEven {
  private FusionBreakEven() {}

  public static void main(String[] args) {
    int trials = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int[] sizes =
        args.length > 1
            ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
            : new int[] {10, 1_000, 1_000_000};
    System.out.println("load " + Alternation.load());
    warmUp();
    System.out.println(
        "function  program  n  trial  fuse_ms  breakeven_K  breakeven_work  switch_us_per_call"
            + "  fused_us_per_call(last)");
    int trialId = 0;
    List<String> summary = new ArrayList<>();
    for (int n : sizes) {
      for (String function : new String[] {"sumExp", "chain8", "cheap8"}) {
        ElementwiseBenchmark.Programs p = programs(function, n);
        for (String kind : new String[] {"forward", "gradient"}) {
          long[] works = new long[trials];
          for (int t = 0; t < trials; t++) {
            works[t] = measure(function, kind, n, p, t, 1 + trialId++ % 200);
          }
          Arrays.sort(works);
          summary.add(String.format("%-7s %-8s n=%-8d median break-even work %d (min %d, max %d)",
              function, kind, n, works[trials / 2], works[0], works[trials - 1]));
        }
      }
    }
    System.out.println();
    summary.forEach(System.out::println);
    System.out.println("load " + Alternation.load());
  }

  private static ElementwiseBenchmark.Programs programs(String function, int n) {
    return ElementwiseBenchmark.Programs.of(
        function, ElementwiseBenchmark.Vectors.of(n), 1, FusionSet.DEFAULT_BLOCK_SIZE);
  }

  /** Runs every kernel and the evaluator warm, so that only the fused side is cold. */
  private static void warmUp() {
    for (String function : new String[] {"sumExp", "chain8", "cheap8"}) {
      ElementwiseBenchmark.Programs p = programs(function, 1_000);
      for (int i = 0; i < 20_000; i++) {
        p.forward.run(p.forwardInputList);
        p.gradient.run(p.gradientInputList);
      }
    }
  }

  /** One trial; returns the break-even work K × n (Long.MAX_VALUE if not reached). */
  private static long measure(
      String function, String kind, int n, ElementwiseBenchmark.Programs p, int trial, int offset) {
    boolean forward = kind.equals("forward");
    CompiledProgram<TensorOp> program =
        forward ? p.forwardFused.program() : p.gradientFused.program();
    List<Tensor> inputs = forward ? p.forwardInputList : p.gradientInputList;
    // enough calls for the work to pass 2^22, at least 4, at most 2^17
    int calls = (int) Math.max(4, Math.min(1 << 17, (1L << 22) / n));
    long[] unfused = new long[calls + 1];
    long[] fused = new long[calls + 1];
    FusionSet<TensorOp, Tensor> set =
        TensorFusion.exactSet()
            .withBlockKernels(TensorFusion.blockKernels(), FusionSet.DEFAULT_BLOCK_SIZE + offset)
            .withParallelism(FusionParallelism.serial());
    if (trial % 2 == 0) {
      runUnfused(program, inputs, unfused);
      runFused(set, program, inputs, fused);
    } else {
      runFused(set, program, inputs, fused);
      runUnfused(program, inputs, unfused);
    }
    int k = 1;
    while (k <= calls && fused[k] > unfused[k]) {
      k++;
    }
    long work = k <= calls ? (long) k * n : Long.MAX_VALUE;
    int last = Math.max(1, calls / 4);
    System.out.printf("%-7s %-8s %8d %3d %8.3f %8s %12s %10.2f %10.2f%n",
        function, kind, n, trial, fused[0] / 1e6, k <= calls ? k : ">" + calls,
        k <= calls ? work : "-",
        (unfused[calls] - unfused[calls - last]) / 1e3 / last,
        (fused[calls] - fused[calls - last]) / 1e3 / last);
    return work;
  }

  /** Cumulative ns after each call of a fresh evaluator; [0] is 0. */
  private static void runUnfused(
      CompiledProgram<TensorOp> program, List<Tensor> inputs, long[] cumulative) {
    long t0 = System.nanoTime();
    TensorEvaluator evaluator = new TensorEvaluator(program);
    for (int k = 1; k < cumulative.length; k++) {
      evaluator.run(inputs);
      cumulative[k] = System.nanoTime() - t0;
    }
  }

  /** Cumulative ns after fusing ([0]) and after each call. */
  private static void runFused(
      FusionSet<TensorOp, Tensor> set,
      CompiledProgram<TensorOp> program,
      List<Tensor> inputs,
      long[] cumulative) {
    long t0 = System.nanoTime();
    FusedProgram<TensorOp, Tensor> fused = set.fuse(program);
    cumulative[0] = System.nanoTime() - t0;
    for (int k = 1; k < cumulative.length; k++) {
      fused.evalPositional(inputs);
      cumulative[k] = System.nanoTime() - t0;
    }
  }
}
