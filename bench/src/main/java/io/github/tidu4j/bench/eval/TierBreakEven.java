package io.github.tidu4j.bench.eval;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The break-even call count of the bytecode tier against the generated switch evaluator, the
 * measurement behind {@code TieredRunners.DEFAULT_THRESHOLD}: for RandDAG programs of 10^2 to
 * 10^5 primal operations (primal and gradient programs), each a structure the JVM has not seen, it
 * runs the program K = 1, 2, 4, … times on a fresh {@link ScalarEvaluator} (whose class is warm, as
 * it is in a process that has run any program of the set) and on a freshly generated {@link
 * BytecodeProgram} (generation included, and the JIT warm-up of its new class), and prints the
 * cumulative time of each at every K, the first K at which the bytecode's total (generation + K
 * calls) is no larger than the switch evaluator's, and the ns per call of each over the last
 * doubling. A harness rather than JMH because the quantity is a cold-start curve, not a steady
 * state: every trial is a new structure, and the two tiers alternate within one JVM so a loaded
 * machine slows both alike.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.github.tidu4j.bench.eval.TierBreakEven [n ...]
 * </pre>
 */
public final class TierBreakEven {
  private static final KernelSet<ScalarOp> KERNELS = ScalarKernels.kernelSet();
  private static final BytecodeOptions OPTIONS = BytecodeOptions.defaults();

  private TierBreakEven() {}

  public static void main(String[] args) {
    int[] sizes =
        args.length == 0
            ? new int[] {100, 1_000, 10_000, 100_000}
            : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
    warmUp();
    long seed = 1_000;
    System.out.println(
        "program  n  instructions  trial  generation_ms  breakeven_calls  switch_ns_per_call"
            + "  bytecode_ns_per_call  last_K  (cumulative ms at K: switch / bytecode+generation)");
    for (int n : sizes) {
      for (String kind : List.of("primal", "gradient")) {
        for (int trial = 0; trial < 3; trial++) {
          CompiledProgram<ScalarOp> p = program(n, seed++, kind);
          measure(kind, n, trial, p);
        }
      }
    }
  }

  /**
   * The program of RandDAG(n, seed), or of the next seed whose output depends on all four inputs
   * (a gradient with a symbolically zero entry is refused).
   */
  private static CompiledProgram<ScalarOp> program(int n, long seed, String kind) {
    for (long s = seed; ; s += 1_000_000) {
      var primal = new ScalarRandDag(n, s).build();
      try {
        return kind.equals("primal")
            ? ScalarRandDag.primalProgram(primal)
            : ScalarRandDag.gradientProgram(primal);
      } catch (IllegalStateException symbolicallyZero) {
        // try another seed
      }
    }
  }

  private static double[] inputs(CompiledProgram<ScalarOp> p) {
    double[] in = new double[p.inputCount()];
    for (int i = 0; i < in.length; i++) {
      in[i] = i < 4 ? ScalarRandDag.INPUTS[i] : 1.0;
    }
    return in;
  }

  /** Warms the switch evaluator's class and the generator on structures not measured after. */
  private static void warmUp() {
    for (int s = 0; s < 40; s++) {
      CompiledProgram<ScalarOp> p = program(1_000, s, s % 2 == 0 ? "primal" : "gradient");
      double[] in = inputs(p);
      ScalarEvaluator e = new ScalarEvaluator(p);
      for (int i = 0; i < 3_000; i++) {
        e.evaluate(in);
      }
      BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, KERNELS, OPTIONS);
      for (int i = 0; i < 300; i++) {
        b.evaluate(in);
      }
    }
  }

  private static void measure(String kind, int n, int trial, CompiledProgram<ScalarOp> p) {
    double[] in = inputs(p);
    int instructions = p.instructionCount();
    int maxCalls = Integer.highestOneBit((int) Math.max(64, Math.min(1 << 20, 6e8 / instructions)));
    List<Long> switchTotals = new ArrayList<>();
    List<Long> bytecodeTotals = new ArrayList<>();
    long generation = 0;
    double[] sw = null;
    double[] bc = null;
    for (int tier = 0; tier < 2; tier++) {
      boolean bytecodeFirst = trial % 2 == 1;
      boolean bytecode = (tier == 0) == bytecodeFirst;
      List<Long> totals = bytecode ? bytecodeTotals : switchTotals;
      long start = System.nanoTime();
      if (bytecode) {
        BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, KERNELS, OPTIONS);
        generation = System.nanoTime() - start;
        int done = 0;
        for (int k = 1; k <= maxCalls; k *= 2) {
          for (; done < k; done++) {
            bc = b.evaluate(in);
          }
          totals.add(System.nanoTime() - start);
        }
      } else {
        ScalarEvaluator e = new ScalarEvaluator(p);
        int done = 0;
        for (int k = 1; k <= maxCalls; k *= 2) {
          for (; done < k; done++) {
            sw = e.evaluate(in);
          }
          totals.add(System.nanoTime() - start);
        }
      }
    }
    for (int o = 0; o < sw.length; o++) {
      if (Double.doubleToLongBits(sw[o]) != Double.doubleToLongBits(bc[o])
          && !(Double.isNaN(sw[o]) && Double.isNaN(bc[o]))) {
        throw new IllegalStateException("tiers differ at output " + o + ": " + sw[o] + " vs " + bc[o]);
      }
    }
    String breakEven = "> " + maxCalls;
    for (int i = 0, k = 1; i < switchTotals.size(); i++, k *= 2) {
      if (bytecodeTotals.get(i) <= switchTotals.get(i)) {
        breakEven = Integer.toString(k);
        break;
      }
    }
    int last = switchTotals.size() - 1;
    double half = maxCalls / 2.0;
    double swPerCall = (switchTotals.get(last) - switchTotals.get(last - 1)) / half;
    double bcPerCall = (bytecodeTotals.get(last) - bytecodeTotals.get(last - 1)) / half;
    StringBuilder curve = new StringBuilder();
    for (int i = 0, k = 1; i < switchTotals.size(); i++, k *= 2) {
      if (i % 2 == 0 || i == last) {
        curve.append(String.format(" K=%d:%.2f/%.2f", k, switchTotals.get(i) / 1e6, bytecodeTotals.get(i) / 1e6));
      }
    }
    System.out.printf(
        "%s %d %d %d %.2f %s %.0f %.0f %d |%s%n",
        kind, n, instructions, trial, generation / 1e6, breakEven, swPerCall, bcPerCall, maxCalls,
        curve);
  }
}
