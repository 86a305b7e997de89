package io.github.tidu4j.bench.eval;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.Trig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * Times several candidates interleaved in one JVM: after a warm-up of every candidate, each round
 * times a batch of each, in a rotating order, so a change of machine load hits all candidates
 * alike. Reports per candidate the 10th percentile and the median over rounds of the time per
 * unit, and the ratio of 10th percentiles to the first candidate's; on a loaded machine the 10th
 * percentile is the least disturbed figure.
 *
 * <p>Experiments (the first argument), over {@link CostPrograms}' programs:
 *
 * <ul>
 *   <li>{@code kind}: straight-line programs of one primitive, ns per instruction;
 *   <li>{@code cut}: the RandDAG gradient at several method sizes, beside the switch evaluator and
 *       the hand-written gradient, ns per primal op;
 *   <li>{@code ablation}: the RandDAG gradient with the real and the stand-in sine and cosine
 *       kernels ({@link AffineTrig}), beside the hand-written gradient, ns per primal op;
 *   <li>{@code export}: the RandDAG gradient's exported source beside the hidden-class backend
 *       ({@link ExportBenchmark.Programs}), ns per primal op;
 *   <li>{@code trig}: the RandDAG gradient with the sine and cosine of {@link Math}, of the set's
 *       own {@code Trig} called apart, and of {@code Trig} with one joint {@code sinCos} call per
 *       pair, beside the hand-written gradient over either, ns per primal op;
 *   <li>{@code trigcall}: the functions alone over 1,024 arguments in [−4, 4], ns per argument.
 * </ul>
 *
 * <pre>{@code
 * java -cp bench/target/benchmarks.jar -Dwarm=4000 io.github.tidu4j.bench.eval.SideBySide ablation 100 1000
 * }</pre>
 *
 * <p>Arguments: the experiment, the number of rounds, then the sizes n for {@code cut} and {@code
 * ablation}. {@code -Dwarm=} sets the warm-up per candidate in ms (default 3000): bytecode of large
 * programs needs the JIT to compile its methods first.
 */
public final class SideBySide {
  private static final long BATCH_NANOS = 5_000_000;
  private static final long WARM_SLICE_NANOS = 50_000_000;

  private static double sink;

  private SideBySide() {}

  public static void main(String[] args) throws Throwable {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: SideBySide kind|cut|ablation|export|trig|trigcall <rounds> [n ...]");
    }
    String experiment = args[0];
    int rounds = Integer.parseInt(args[1]);
    int[] sizes = Arrays.stream(args, 2, args.length).mapToInt(Integer::parseInt).toArray();
    switch (experiment) {
      case "kind" -> kind(rounds);
      case "cut" -> { for (int n : sizes) cut(n, rounds); }
      case "ablation" -> { for (int n : sizes) ablation(n, rounds); }
      case "export" -> { for (int n : sizes) export(n, rounds); }
      case "trig" -> { for (int n : sizes) trig(n, rounds); }
      case "trigcall" -> trigCall(rounds);
      default -> throw new IllegalArgumentException("no experiment " + experiment);
    }
  }

  private static void kind(int rounds) {
    for (int chains : new int[] {1, 4}) {
      Map<String, DoubleSupplier> candidates = new LinkedHashMap<>();
      for (String name : List.of("SIN", "COS", "MUL", "ADD", "NEG")) {
        ScalarOp op = CostPrograms.operation(name);
        BytecodeProgram<ScalarOp> p =
            CostPrograms.bytecode(
                CostPrograms.straightLine(op, chains),
                BytecodeOptions.DEFAULT_METHOD_BYTES,
                CostPrograms.kernels());
        double[] in = CostPrograms.straightLineInputs(op, chains);
        candidates.put(name + ", " + chains + " chain(s)", () -> p.evaluate(in)[0]);
      }
      run("straight-line programs, ns per instruction", CostPrograms.STRAIGHT_LENGTH, candidates,
          rounds);
    }
  }

  private static void cut(int n, int rounds) {
    CompiledProgram<ScalarOp> program = CostPrograms.randDagGradient(n);
    double[] in = CostPrograms.randDagGradientInputs();
    Map<String, DoubleSupplier> candidates = new LinkedHashMap<>();
    for (int bytes : new int[] {BytecodeOptions.DEFAULT_METHOD_BYTES, 1_000, 4_000, 8_000}) {
      BytecodeProgram<ScalarOp> p = CostPrograms.bytecode(program, bytes, CostPrograms.kernels());
      candidates.put(
          "bytecode, methodBytes " + bytes + " (" + p.stepCount() + " methods)",
          () -> p.evaluate(in)[1]);
    }
    ScalarEvaluator switchEvaluator = new ScalarEvaluator(program);
    candidates.put("switch evaluator", () -> switchEvaluator.evaluate(in)[1]);
    ScalarRandDag dag = new ScalarRandDag(n, 42);
    ScalarRandDag trigDag = dag.withTrig();
    candidates.put("hand-written", () -> dag.gradient(ScalarRandDag.INPUTS, 1.0)[1]);
    candidates.put("hand-written, Trig", () -> trigDag.gradient(ScalarRandDag.INPUTS, 1.0)[1]);
    run("RandDAG(" + n + ") gradient, ns per primal op", n, candidates, rounds);
  }

  private static void ablation(int n, int rounds) {
    CompiledProgram<ScalarOp> program = CostPrograms.randDagGradient(n);
    double[] in = CostPrograms.randDagGradientInputs();
    Map<String, DoubleSupplier> candidates = new LinkedHashMap<>();
    int bytes = BytecodeOptions.DEFAULT_METHOD_BYTES;
    BytecodeProgram<ScalarOp> real = CostPrograms.bytecode(program, bytes, CostPrograms.kernels());
    BytecodeProgram<ScalarOp> affine =
        CostPrograms.bytecode(program, bytes, CostPrograms.affineTrigKernels());
    candidates.put("bytecode", () -> real.evaluate(in)[1]);
    candidates.put("bytecode, Sin/Cos by AffineTrig", () -> affine.evaluate(in)[1]);
    ScalarRandDag dag = new ScalarRandDag(n, 42);
    ScalarRandDag trigDag = dag.withTrig();
    candidates.put("hand-written", () -> dag.gradient(ScalarRandDag.INPUTS, 1.0)[1]);
    candidates.put("hand-written, Trig", () -> trigDag.gradient(ScalarRandDag.INPUTS, 1.0)[1]);
    run("RandDAG(" + n + ") gradient, ns per primal op", n, candidates, rounds);
  }

  private static void trig(int n, int rounds) {
    CompiledProgram<ScalarOp> program = CostPrograms.randDagGradient(n);
    double[] in = CostPrograms.randDagGradientInputs();
    int bytes = BytecodeOptions.DEFAULT_METHOD_BYTES;
    BytecodeProgram<ScalarOp> math = CostPrograms.bytecode(program, bytes, CostPrograms.mathTrigKernels());
    BytecodeProgram<ScalarOp> apart = CostPrograms.bytecode(program, bytes, CostPrograms.kernels());
    BytecodeProgram<ScalarOp> joint =
        CostPrograms.bytecode(program, bytes, ScalarKernels.kernelSet());
    if (!Arrays.equals(apart.evaluate(in), joint.evaluate(in))) {
      throw new IllegalStateException("joint kernels changed the gradient");
    }
    Map<String, DoubleSupplier> candidates = new LinkedHashMap<>();
    candidates.put("bytecode, Math.sin/cos", () -> math.evaluate(in)[1]);
    candidates.put("bytecode, Trig apart", () -> apart.evaluate(in)[1]);
    candidates.put("bytecode, Trig + joint sinCos", () -> joint.evaluate(in)[1]);
    ScalarRandDag dag = new ScalarRandDag(n, 42);
    ScalarRandDag trigDag = dag.withTrig();
    candidates.put("hand-written, Math", () -> dag.gradient(ScalarRandDag.INPUTS, 1.0)[1]);
    candidates.put("hand-written, Trig", () -> trigDag.gradient(ScalarRandDag.INPUTS, 1.0)[1]);
    run("RandDAG(" + n + ") gradient, ns per primal op", n, candidates, rounds);
  }

  private static void trigCall(int rounds) {
    double[] x = new double[1024];
    java.util.SplittableRandom random = new java.util.SplittableRandom(1);
    for (int i = 0; i < x.length; i++) {
      x[i] = random.nextDouble(-4, 4);
    }
    double[] out = new double[2 * x.length];
    Map<String, DoubleSupplier> candidates = new LinkedHashMap<>();
    candidates.put("Math.sin", () -> {
      double s = 0;
      for (double v : x) {
        s += Math.sin(v);
      }
      return s;
    });
    candidates.put("Trig.sin", () -> {
      double s = 0;
      for (double v : x) {
        s += Trig.sin(v);
      }
      return s;
    });
    candidates.put("Math.sin + Math.cos", () -> {
      double s = 0;
      for (double v : x) {
        s += Math.sin(v) + Math.cos(v);
      }
      return s;
    });
    candidates.put("Trig.sin + Trig.cos", () -> {
      double s = 0;
      for (double v : x) {
        s += Trig.sin(v) + Trig.cos(v);
      }
      return s;
    });
    candidates.put("Trig.sinCos", () -> {
      for (int i = 0; i < x.length; i++) {
        Trig.sinCos(x[i], out, 2 * i);
      }
      return out[7];
    });
    run("sine and cosine alone, ns per argument", x.length, candidates, rounds);
  }

  private static void export(int n, int rounds) throws Throwable {
    ExportBenchmark.Programs p = new ExportBenchmark.Programs();
    p.n = n;
    p.setUp();
    Map<String, DoubleSupplier> candidates = new LinkedHashMap<>();
    candidates.put("hidden class (bytecode backend)", () -> {
      p.hiddenClass.evaluateInto(p.inputs, p.outputs);
      return p.outputs[1];
    });
    candidates.put("exported source, javac", () -> {
      try {
        p.exported.invokeExact(p.inputs, p.outputs);
      } catch (Throwable t) {
        throw new IllegalStateException(t);
      }
      return p.outputs[1];
    });
    run("RandDAG(" + n + ") gradient, ns per primal op", n, candidates, rounds);
  }

  /** Times {@code candidates} interleaved and prints the figures per {@code unit}s. */
  static void run(String title, double units, Map<String, DoubleSupplier> candidates, int rounds) {
    List<String> names = new ArrayList<>(candidates.keySet());
    List<DoubleSupplier> bodies = new ArrayList<>(candidates.values());
    int m = names.size();
    long warm = Long.getLong("warm", 3_000) * 1_000_000L * m;
    for (long end = System.nanoTime() + warm; System.nanoTime() < end; ) {
      for (DoubleSupplier body : bodies) {
        for (long e = System.nanoTime() + WARM_SLICE_NANOS; System.nanoTime() < e; ) {
          sink += body.getAsDouble();
        }
      }
    }
    int[] batch = new int[m];
    for (int c = 0; c < m; c++) {
      int k = 1;
      while (timeBatch(bodies.get(c), k) < BATCH_NANOS) {
        k *= 2;
      }
      batch[c] = k;
    }
    double[][] perUnit = new double[m][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int j = 0; j < m; j++) {
        int c = (r + j) % m;
        perUnit[c][r] = timeBatch(bodies.get(c), batch[c]) / (double) batch[c] / units;
      }
    }
    System.out.printf("== %s; %d interleaved rounds (sink %s)%n", title, rounds, sink);
    double first = percentile(perUnit[0], 10);
    for (int c = 0; c < m; c++) {
      double p10 = percentile(perUnit[c], 10);
      System.out.printf(
          "  %-44s p10 %9.2f  median %9.2f  p10 ratio to first %.3f%n",
          names.get(c), p10, percentile(perUnit[c], 50), p10 / first);
    }
  }

  private static long timeBatch(DoubleSupplier body, int k) {
    long t0 = System.nanoTime();
    for (int i = 0; i < k; i++) {
      sink += body.getAsDouble();
    }
    return System.nanoTime() - t0;
  }

  private static double percentile(double[] values, int p) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[Math.min(sorted.length - 1, sorted.length * p / 100)];
  }
}
