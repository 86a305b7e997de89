package io.github.tidu4j.bench.tensor;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.graph.fusion.SumOrder;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Elementwise;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.VectorMath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
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
 * Elementwise(n) of bench/README.md: f64 vectors of n elements, three functions, each summed to a
 * scalar y, forward and gradient (the VJP of y with respect to x), compiled once and evaluated by
 * the generated {@link TensorEvaluator}:
 *
 * <ul>
 *   <li>{@code sumExp}: {@code y = Σ exp(a·x)} (Mul, Exp, ReduceSum);
 *   <li>{@code chain8}: {@code y = Σ a·(−tanh(cos(sin(exp(a·x + b)))))}: 8 elementwise primitives
 *       (Mul, Add, Exp, Sin, Cos, Tanh, Neg, Mul), then ReduceSum;
 *   <li>{@code cheap8}: {@code y = Σ (−(−(x·a + b)·a + b)·a + b)}: 8 cheap elementwise primitives
 *       (Mul, Add, Neg, Mul, Add, Neg, Mul, Add), then ReduceSum — memory-bound kernels only.
 * </ul>
 *
 * <p>{@code a} and {@code b} are vector inputs of the same shape (no broadcasting). Beside them, in
 * the same run: {@link #copy} ({@code System.arraycopy} into a preallocated array), {@link #triad}
 * ({@code a[i] = b[i] + s·c[i]}, preallocated) and {@link #kernelNeg} (one allocating unary
 * kernel, {@link Elementwise#neg}, called directly), {@link #fusedSumExp}, a hand-written fused
 * loop computing sumExp's y with {@link Math#exp}, and {@link #fusedSumExpVector}, the same over
 * blocks with {@link VectorMath#exp}. {@link #forwardFused} and {@link #gradientFused} run the
 * same programs through {@link TensorFusion#set()} on one thread (each elementwise region one
 * generated loop, its transcendental operations over blocks of {@code blockSize} elements through
 * {@link VectorMath}), checked in setup to be within 1e-12 of {@link TensorEvaluator}'s values
 * relative to each result's largest element (the difference is printed); {@link
 * #forwardFusedParallel} and {@link #gradientFusedParallel} run them split across {@code threads}
 * threads of the common pool, checked alike; {@link
 * #forwardFusedExact} and {@link #gradientFusedExact} through {@link TensorFusion#exactSet()} on
 * one thread (a {@link Math} call per element), checked to equal {@link TensorEvaluator}'s values
 * exactly; {@link #forwardFusedSequential} and {@link #gradientFusedSequential} through {@link
 * TensorFusion#set()} with its sums in index order instead of its eight lanes ({@link SumOrder}).
 * The limits, hand-written over arrays ({@link HandLoops}, checked in setup against the fused
 * programs): {@link #handForwardExact} and {@link #handGradientExact}, {@link Math} calls per
 * element, sums in index order (the exact fused programs' values, bit for bit); {@link
 * #handForward} and {@link #handGradient}, chunks of {@code blockSize} through {@link VectorMath},
 * sums in lane order (the fused programs' values); {@link #handGradientInto}, the latter writing dy/dx into an
 * array allocated once, and {@link #allocate}, a fresh {@code double[n]} alone, which together
 * show what the gradient's fresh output costs. {@link #read3} reads what cheap8's forward must read
 * (x, a, b: 24 B per element) for its bandwidth figure, beside {@link #copy}'s 16.
 * The forks resolve {@code jdk.incubator.vector}, so that {@link VectorMath} is
 * vectorised (a command line's {@code -jvmArgsAppend} replaces the annotation's: repeat {@code
 * --add-modules jdk.incubator.vector} there). Scores are ns per invocation; {@code
 * bench/eval_results.py} turns them into ns per element and GB/s.
 *
 * <p>The heap is pre-touched ({@code -XX:+AlwaysPreTouch}): on this machine kind (a Firecracker
 * VM) the first touch of a heap page costs so much that, without it, allocating kernels run
 * several times slower for the first tens of seconds of a fork, changing from one iteration to the
 * next ("Reading these figures" in bench/RESULTS.md). 4 GB holds the n = 10^7 gradients; for n up
 * to 10^5 a 1 GB heap is enough ({@code -jvmArgsAppend '-Xms1g -Xmx1g -XX:+AlwaysPreTouch'}, as
 * the command in bench/RESULTS.md gives), which pre-touches in 0.5 s.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch", "--add-modules", "jdk.incubator.vector"
    })
public class ElementwiseBenchmark {
  private static final HandLoops.Limit SUM_EXP_EXACT = HandLoops.exact("sumExp");

  /** The vectors: x in [0, 1), a = 0.5, b = 0.1, as arrays and as tensors. */
  @State(Scope.Benchmark)
  public static class Vectors {
    @Param({"1000", "10000", "100000", "1000000", "10000000"})
    public int n;

    public double[] x;
    public double[] a;
    public double[] b;
    public double[] dst;
    public Tensor xt;
    public Tensor at;
    public Tensor bt;

    @Setup(Level.Trial)
    public void setUp() {
      SplittableRandom r = new SplittableRandom(42);
      x = new double[n];
      a = new double[n];
      b = new double[n];
      dst = new double[n];
      for (int i = 0; i < n; i++) {
        x[i] = r.nextDouble();
        a[i] = 0.5;
        b[i] = 0.1;
      }
      xt = Tensor.of(x, n);
      at = Tensor.of(a, n);
      bt = Tensor.of(b, n);
    }

    /** The vectors of n elements, set up: for harnesses that run outside JMH. */
    static Vectors of(int n) {
      Vectors v = new Vectors();
      v.n = n;
      v.setUp();
      return v;
    }
  }

  /** One function's forward and gradient programs, compiled once and checked. */
  @State(Scope.Benchmark)
  public static class Programs {
    @Param({"sumExp", "chain8", "cheap8"})
    public String function;

    /** The elements per block kernel call in the fused loops ({@link FusionSet#blockSize()}). */
    @Param({"256"})
    public int blockSize;

    /** The threads of {@link #forwardFusedParallel} and {@link #gradientFusedParallel}. */
    @Param({"2"})
    public int threads;

    /**
     * {@code function}'s programs over {@code v}, set up with {@code threads} and {@code
     * blockSize}: for harnesses that run outside JMH.
     */
    static Programs of(String function, Vectors v, int threads, int blockSize) {
      Programs p = new Programs();
      p.function = function;
      p.threads = threads;
      p.blockSize = blockSize;
      p.setUp(v);
      return p;
    }

    public TensorEvaluator forward;
    public TensorEvaluator gradient;
    public FusedProgram<TensorOp, Tensor> forwardFused;
    public FusedProgram<TensorOp, Tensor> gradientFused;
    public FusedProgram<TensorOp, Tensor> forwardFusedSequential;
    public FusedProgram<TensorOp, Tensor> gradientFusedSequential;
    public FusedProgram<TensorOp, Tensor> forwardFusedExact;
    public FusedProgram<TensorOp, Tensor> gradientFusedExact;
    public FusedProgram<TensorOp, Tensor> forwardParallel;
    public FusedProgram<TensorOp, Tensor> gradientParallel;
    public Tensor[] forwardInputs;
    public Tensor[] gradientInputs;
    public List<Tensor> forwardInputList;
    public List<Tensor> gradientInputList;
    /** The per-element {@link Math} hand-written loops: the limit of the exact fused programs. */
    HandLoops.Limit handExact;
    /** The {@link VectorMath} block hand-written loops: the limit of the fused programs. */
    HandLoops.Limit handBlocks;
    /** dy/dx's array for {@link ElementwiseBenchmark#handGradientInto}, allocated once. */
    double[] handDx;

    @Setup(Level.Trial)
    public void setUp(Vectors v) {
      CompiledProgram<TensorOp>[] programs = programs(function, v.n);
      CompiledProgram<TensorOp> fwd = programs[0];
      CompiledProgram<TensorOp> grad = programs[1];
      forward = new TensorEvaluator(fwd);
      gradient = new TensorEvaluator(grad);
      FusionSet<TensorOp, Tensor> vectorised =
          TensorFusion.set()
              .withBlockKernels(TensorFusion.blockKernels(), blockSize)
              .withParallelism(FusionParallelism.serial());
      FusionSet<TensorOp, Tensor> parallel =
          vectorised.withParallelism(
              FusionParallelism.of(ForkJoinPool.commonPool(), threads, 0)); // any 2 blocks split
      forwardFused = vectorised.fuse(fwd);
      gradientFused = vectorised.fuse(grad);
      FusionSet<TensorOp, Tensor> sequential = vectorised.withSumOrder(SumOrder.SEQUENTIAL);
      forwardFusedSequential = sequential.fuse(fwd);
      gradientFusedSequential = sequential.fuse(grad);
      forwardParallel = parallel.fuse(fwd);
      gradientParallel = parallel.fuse(grad);
      FusionSet<TensorOp, Tensor> exact = TensorFusion.exactSet(FusionParallelism.serial());
      forwardFusedExact = exact.fuse(fwd);
      gradientFusedExact = exact.fuse(grad);
      forwardInputs = new Tensor[] {v.xt, v.at, v.bt};
      gradientInputs = new Tensor[] {v.xt, v.at, v.bt, Tensor.scalar(1.0)};
      forwardInputList = List.of(forwardInputs);
      gradientInputList = List.of(gradientInputs);
      check(v, fwd, grad);
      List<Tensor> fy = Arrays.asList(forward.evaluate(forwardInputs));
      List<Tensor> gy = Arrays.asList(gradient.evaluate(gradientInputs));
      if (!fy.equals(forwardFusedExact.evalPositional(forwardInputList))
          || !gy.equals(gradientFusedExact.evalPositional(gradientInputList))) {
        throw new IllegalStateException("the exact fused programs differ from TensorEvaluator");
      }
      double forwardRel = maxRelative(fy, forwardFused.evalPositional(forwardInputList));
      double gradientRel = maxRelative(gy, gradientFused.evalPositional(gradientInputList));
      double forwardSplitRel = maxRelative(fy, forwardParallel.evalPositional(forwardInputList));
      double gradientSplitRel = maxRelative(gy, gradientParallel.evalPositional(gradientInputList));
      System.out.printf(
          "[fusion] %s: forward %d region(s), gradient %d region(s); exact fused = unfused"
              + " exactly; VectorMath (%s, blocks of %d) fused vs unfused: max difference"
              + " relative to the largest element %.2g forward, %.2g gradient; on %d threads"
              + " %.2g, %.2g%n",
          function, forwardFused.regionCount(), gradientFused.regionCount(),
          VectorMath.implementation(), blockSize, forwardRel, gradientRel, threads,
          forwardSplitRel, gradientSplitRel);
      if (!(forwardRel <= 1e-12 && gradientRel <= 1e-12
          && forwardSplitRel <= 1e-12 && gradientSplitRel <= 1e-12)) {
        throw new IllegalStateException("the VectorMath fused programs differ from TensorEvaluator");
      }
      handExact = HandLoops.exact(function);
      handBlocks = HandLoops.blocks(function, blockSize);
      handDx = new double[v.n];
      checkHand(v);
    }

    /**
     * The hand-written loops against the fused programs they are the limit of: the {@link Math}
     * loops must equal the exact fused programs bit for bit (the same operations in the same
     * order, sums in {@link SumOrder#SEQUENTIAL}). The block loops compute what the fused programs
     * do in the same order too ({@link SumOrder#LANES}, the same {@link VectorMath} kernels), so
     * they are expected bit for bit; as vectorised kernels may round a last bit otherwise until C2
     * has compiled them ({@link TensorFusion}), the check allows 1e-12 relative to each result's
     * largest element, as the fused check above does, and prints whether they were identical.
     */
    private void checkHand(Vectors v) {
      List<Tensor> exactForward = forwardFusedExact.evalPositional(forwardInputList);
      List<Tensor> exactGradient = gradientFusedExact.evalPositional(gradientInputList);
      if (!hand(handExact.forward(v.x, v.a, v.b)).equals(exactForward.subList(0, 1))
          || !hand(handExact.gradient(v.x, v.a, v.b, 1.0)).equals(exactGradient)) {
        throw new IllegalStateException(
            "the hand-written Math loops of " + function + " differ from the exact fused programs");
      }
      List<Tensor> fusedForward = forwardFused.evalPositional(forwardInputList);
      List<Tensor> fusedGradient = gradientFused.evalPositional(gradientInputList);
      List<Tensor> blockForward = hand(handBlocks.forward(v.x, v.a, v.b));
      List<Tensor> blockGradient = hand(handBlocks.gradient(v.x, v.a, v.b, 1.0));
      double forwardRel = maxRelative(fusedForward.subList(0, 1), blockForward);
      double gradientRel = maxRelative(fusedGradient, blockGradient);
      System.out.printf(
          "[hand] %s: Math loops = exact fused programs exactly; VectorMath block loops vs fused"
              + " programs: %s forward, %s gradient%n",
          function,
          blockForward.equals(fusedForward.subList(0, 1)) ? "identical" : "rel " + forwardRel,
          blockGradient.equals(fusedGradient) ? "identical" : "rel " + gradientRel);
      if (!(forwardRel <= 1e-12 && gradientRel <= 1e-12)) {
        throw new IllegalStateException(
            "the hand-written block loops of " + function + " differ from the fused programs");
      }
    }

    /** A hand-written forward's y as the programs return it. */
    private static List<Tensor> hand(double y) {
      return List.of(Tensor.scalar(y));
    }

    /** A hand-written gradient as the programs return it: y, then dy/dx of x's shape. */
    private static List<Tensor> hand(HandLoops.Gradient g) {
      return List.of(Tensor.scalar(g.y()), Tensor.of(g.dx(), g.dx().length));
    }


    /**
     * The evaluator must equal the Interpreter exactly; y must equal the gradient program's y
     * exactly, and a hand-written loop's y and dy/dx within a relative 1e-12 (sums may be
     * associated differently). Prints each program's instructions and the bytes its kernels move.
     */
    private void check(Vectors v, CompiledProgram<TensorOp> fwd, CompiledProgram<TensorOp> grad) {
      Tensor[] f = forward.evaluate(forwardInputs);
      Tensor[] g = gradient.evaluate(gradientInputs);
      if (!Arrays.asList(f).equals(Interpreter.evalPositional(fwd, Arrays.asList(forwardInputs)))
          || !Arrays.asList(g)
              .equals(Interpreter.evalPositional(grad, Arrays.asList(gradientInputs)))) {
        throw new IllegalStateException("TensorEvaluator differs from the Interpreter");
      }
      if (!f[0].equals(g[0])) {
        throw new IllegalStateException("forward y " + f[0] + " but gradient program y " + g[0]);
      }
      double[] ref = reference(function, v.x, v.a, v.b);
      double[] dx = g[1].toDoubleArray();
      double yRel = Math.abs(f[0].scalarValue() - ref[0]) / Math.abs(ref[0]);
      double gRel = 0;
      int exact = 0;
      for (int i = 0; i < v.n; i++) {
        double want = ref[1 + i];
        if (Double.compare(dx[i], want) == 0) {
          exact++;
        }
        gRel = Math.max(gRel, Math.abs(dx[i] - want) / Math.abs(want));
      }
      long fb = bytes(fwd, forwardInputs);
      long gb = bytes(grad, gradientInputs);
      System.out.printf(
          "%n[check] %s n=%d: evaluator = interpreter exactly; y %s vs hand-written %s (rel %.2g); "
              + "dy/dx vs hand-written: max rel %.2g, %d of %d bit-identical%n"
              + "[program] %s forward: %s; kernel bytes %d (%.1f B/elem)%n"
              + "[program] %s gradient: %s; kernel bytes %d (%.1f B/elem)%n",
          function, v.n, f[0].scalarValue(), ref[0], yRel, gRel, exact, v.n,
          function, names(fwd), fb, fb / (double) v.n, function, names(grad), gb, gb / (double) v.n);
      if (!(yRel <= 1e-12) || !(gRel <= 1e-12)) {
        throw new IllegalStateException("values differ from the hand-written reference");
      }
    }
  }

  /**
   * One thread against {@code threads} on a loaded machine: for each function and n, the fused
   * forward and gradient programs run on one thread and split, call by call in turn in one JVM
   * ({@link Alternation}), printing median times and the median speed-up with the load average.
   *
   * <pre>
   * java -Xms4g -Xmx4g -cp bench/target/benchmarks.jar \
   *     io.github.tidu4j.bench.tensor.ElementwiseBenchmark [threads] [pairs] [n,n,…]
   * </pre>
   */
  public static void main(String[] args) {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
    int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 40;
    String sizes = args.length > 2 ? args[2] : "1000000,10000000";
    System.out.printf("threads %d, load %s%n", threads, Alternation.load());
    List<String> rows = new ArrayList<>();
    for (String function : new String[] {"sumExp", "chain8", "cheap8"}) {
      for (String size : sizes.split(",")) {
        Vectors v = Vectors.of(Integer.parseInt(size));
        Programs p = Programs.of(function, v, threads, FusionSet.DEFAULT_BLOCK_SIZE);
        ElementwiseBenchmark b = new ElementwiseBenchmark();
        Alternation.Result fwd =
            Alternation.run(2_000_000_000L, pairs, () -> b.forwardFused(p),
                () -> b.forwardFusedParallel(p));
        Alternation.Result grad =
            Alternation.run(2_000_000_000L, pairs, () -> b.gradientFused(p),
                () -> b.gradientFusedParallel(p));
        rows.add(String.format(
            "%-7s %9d  forward %6.2f / %6.2f ns per element: %5.2fx   gradient %6.2f / %6.2f:"
                + " %5.2fx   (load %s)",
            function, v.n, fwd.a() / (double) v.n, fwd.b() / (double) v.n, fwd.ratio(),
            grad.a() / (double) v.n, grad.b() / (double) v.n, grad.ratio(), Alternation.load()));
        System.out.println(rows.get(rows.size() - 1));
      }
    }
    System.out.printf("%nfunction n  one thread / %d threads%n", threads);
    rows.forEach(System.out::println);
  }

  /** {y, dy/dx[0..n)} computed directly over arrays. */
  static double[] reference(String function, double[] x, double[] a, double[] b) {
    int n = x.length;
    double[] out = new double[n + 1];
    double y = 0;
    for (int i = 0; i < n; i++) {
      double ai = a[i];
      double bi = b[i];
      switch (function) {
        case "sumExp" -> {
          double e = Math.exp(ai * x[i]);
          y += e;
          out[1 + i] = ai * e;
        }
        case "chain8" -> {
          double t3 = Math.exp(x[i] * ai + bi);
          double t4 = Math.sin(t3);
          double t5 = Math.cos(t4);
          double t6 = Math.tanh(t5);
          y += -t6 * ai;
          // d/dx: a · (−1) · (1 − t6²) · (−sin t4) · cos t3 · t3 · a
          out[1 + i] = ai * -(1 - t6 * t6) * -Math.sin(t4) * Math.cos(t3) * t3 * ai;
        }
        default -> {
          y += -(-(x[i] * ai + bi) * ai + bi) * ai + bi;
          out[1 + i] = ai * ai * ai;
        }
      }
    }
    out[0] = y;
    return out;
  }

  private static String names(CompiledProgram<TensorOp> p) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < p.instructionCount(); i++) {
      s.append(i == 0 ? "" : " ").append(p.operation(i).name());
    }
    return p.instructionCount() + " instructions [" + s + "]";
  }

  /**
   * The bytes the program's kernels read and write, counting every operand and result of every
   * instruction once (8 bytes per f64 element), by tracing one evaluation.
   */
  @SuppressWarnings("unchecked")
  static long bytes(CompiledProgram<TensorOp> p, Tensor[] inputs) {
    Tensor[] slots = new Tensor[p.slotCount()];
    for (int i = 0; i < inputs.length; i++) {
      slots[p.inputSlot(i)] = inputs[i];
    }
    long total = 0;
    for (int i = 0; i < p.instructionCount(); i++) {
      List<Tensor> args = new ArrayList<>();
      for (int j = 0; j < p.argumentCount(i); j++) {
        Tensor t = slots[p.argumentSlot(i, j)];
        args.add(t);
        total += 8L * t.size();
      }
      List<Tensor> out = ((EvaluableGraphOperation<Tensor>) (Object) p.operation(i)).eval(args);
      for (int r = 0; r < p.resultCount(i); r++) {
        slots[p.resultSlot(i, r)] = out.get(r);
        total += 8L * out.get(r).size();
      }
    }
    return total;
  }

  @Benchmark
  public Tensor[] forward(Programs p) {
    return p.forward.evaluate(p.forwardInputs);
  }

  @Benchmark
  public Tensor[] gradient(Programs p) {
    return p.gradient.evaluate(p.gradientInputs);
  }

  /** The forward program with its elementwise region fused into one generated loop, one thread. */
  @Benchmark
  public List<Tensor> forwardFused(Programs p) {
    return p.forwardFused.evalPositional(p.forwardInputList);
  }

  /** The gradient program with its elementwise regions fused, one thread. */
  @Benchmark
  public List<Tensor> gradientFused(Programs p) {
    return p.gradientFused.evalPositional(p.gradientInputList);
  }

  /**
   * {@link #forwardFused} with its full sums in index order ({@link SumOrder#SEQUENTIAL}, the
   * unfused order) instead of {@link TensorFusion#set()}'s eight lanes.
   */
  @Benchmark
  public List<Tensor> forwardFusedSequential(Programs p) {
    return p.forwardFusedSequential.evalPositional(p.forwardInputList);
  }

  /** {@link #gradientFused} with its full sums in index order, as {@link #forwardFusedSequential}. */
  @Benchmark
  public List<Tensor> gradientFusedSequential(Programs p) {
    return p.gradientFusedSequential.evalPositional(p.gradientInputList);
  }

  /** The gradient program's regions fused with a {@link Math} call per element (bit-identical). */
  @Benchmark
  public List<Tensor> gradientFusedExact(Programs p) {
    return p.gradientFusedExact.evalPositional(p.gradientInputList);
  }

  /** The forward program's regions fused with a {@link Math} call per element (bit-identical). */
  @Benchmark
  public List<Tensor> forwardFusedExact(Programs p) {
    return p.forwardFusedExact.evalPositional(p.forwardInputList);
  }

  /**
   * {@link #forwardFused} with its loops split across {@code threads} threads (the common pool)
   * whatever their work (threshold 0: every region of at least two blocks).
   */
  @Benchmark
  public List<Tensor> forwardFusedParallel(Programs p) {
    return p.forwardParallel.evalPositional(p.forwardInputList);
  }

  /** {@link #gradientFused} split across {@code threads} threads, as {@link #forwardFusedParallel}. */
  @Benchmark
  public List<Tensor> gradientFusedParallel(Programs p) {
    return p.gradientParallel.evalPositional(p.gradientInputList);
  }

  /**
   * The limit of {@link #forwardFusedExact}: the hand-written per-element {@link Math} loop
   * ({@link HandLoops#exact}), checked in setup to give the same bits.
   */
  @Benchmark
  public double handForwardExact(Vectors v, Programs p) {
    return p.handExact.forward(v.x, v.a, v.b);
  }

  /** The limit of {@link #gradientFusedExact}: y and dy/dx in a fresh array, per element. */
  @Benchmark
  public HandLoops.Gradient handGradientExact(Vectors v, Programs p) {
    return p.handExact.gradient(v.x, v.a, v.b, 1.0);
  }

  /**
   * The limit of {@link #forwardFused}: the hand-written loop over chunks of {@code blockSize}
   * elements calling {@link VectorMath}, sums in lane order ({@link HandLoops#blocks}), checked
   * in setup to give the same values.
   */
  @Benchmark
  public double handForward(Vectors v, Programs p) {
    return p.handBlocks.forward(v.x, v.a, v.b);
  }

  /** The limit of {@link #gradientFused}: y and dy/dx in a fresh array, in blocks. */
  @Benchmark
  public HandLoops.Gradient handGradient(Vectors v, Programs p) {
    return p.handBlocks.gradient(v.x, v.a, v.b, 1.0);
  }

  /**
   * {@link #handGradient} writing dy/dx into an array allocated once: beside it, what allocating
   * (and the JVM's zeroing of) the fresh output costs the gradient.
   */
  @Benchmark
  public double handGradientInto(Vectors v, Programs p) {
    return p.handBlocks.gradientInto(v.x, v.a, v.b, 1.0, p.handDx);
  }

  /**
   * Allocation alone: a fresh {@code double[n]}, which the JVM zeroes (8 B per element written),
   * as every gradient's dy/dx is allocated.
   */
  @Benchmark
  public double[] allocate(Vectors v) {
    return new double[v.n];
  }

  /**
   * Memory-bandwidth reference for what cheap8's forward must move: read x, a and b (24 B per
   * element) and sum them, in eight independent partial sums so that the loop is not bound by the
   * latency of one chain of additions.
   */
  @Benchmark
  public double read3(Vectors v) {
    return read3(v.x, v.a, v.b);
  }

  /** Σ (x + a + b) in eight partial sums: {@link #read3(Vectors)}'s loop. */
  static double read3(double[] x, double[] a, double[] b) {
    int n = x.length;
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    double s4 = 0;
    double s5 = 0;
    double s6 = 0;
    double s7 = 0;
    int i = 0;
    for (; i <= n - 8; i += 8) {
      s0 += x[i] + a[i] + b[i];
      s1 += x[i + 1] + a[i + 1] + b[i + 1];
      s2 += x[i + 2] + a[i + 2] + b[i + 2];
      s3 += x[i + 3] + a[i + 3] + b[i + 3];
      s4 += x[i + 4] + a[i + 4] + b[i + 4];
      s5 += x[i + 5] + a[i + 5] + b[i + 5];
      s6 += x[i + 6] + a[i + 6] + b[i + 6];
      s7 += x[i + 7] + a[i + 7] + b[i + 7];
    }
    for (; i < n; i++) {
      s0 += x[i] + a[i] + b[i];
    }
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
  }

  /** Memory-bandwidth reference: copy n doubles into a preallocated array (16 B per element). */
  @Benchmark
  public double[] copy(Vectors v) {
    System.arraycopy(v.x, 0, v.dst, 0, v.n);
    return v.dst;
  }

  /** Memory-bandwidth reference: STREAM triad into a preallocated array (24 B per element). */
  @Benchmark
  public double[] triad(Vectors v) {
    double[] dst = v.dst;
    double[] b = v.x;
    double[] c = v.a;
    double s = 3.0;
    for (int i = 0; i < dst.length; i++) {
      dst[i] = b[i] + s * c[i];
    }
    return dst;
  }

  /** One unfused kernel as the evaluator calls it: allocates its result (16 B per element). */
  @Benchmark
  public Tensor kernelNeg(Vectors v) {
    return Elementwise.neg(v.xt);
  }

  /**
   * The compute limit of sumExp's forward: one fused loop of {@link Math#exp}, no intermediate
   * arrays, summed in the unfused order ({@link #handForwardExact} for sumExp, per n only).
   */
  @Benchmark
  public double fusedSumExp(Vectors v) {
    return SUM_EXP_EXACT.forward(v.x, v.a, v.b);
  }

  /**
   * The compute limit of sumExp's forward with vectorised exp: blocks of 256 products a·x in a
   * scratch array, {@link VectorMath#exp} in place, then summed in index order, as the fused loop
   * computes it.
   */
  @Benchmark
  public double fusedSumExpVector(Vectors v) {
    double[] x = v.x;
    double[] a = v.a;
    int n = x.length;
    double[] scratch = new double[Math.min(256, n)];
    double y = 0;
    for (int start = 0; start < n; start += scratch.length) {
      int length = Math.min(scratch.length, n - start);
      for (int j = 0; j < length; j++) {
        scratch[j] = a[start + j] * x[start + j];
      }
      VectorMath.exp(scratch, 0, scratch, 0, length);
      for (int j = 0; j < length; j++) {
        y += scratch[j];
      }
    }
    return y;
  }

  /** The forward and gradient programs of {@code function}, on vectors of n elements. */
  @SuppressWarnings("unchecked")
  static CompiledProgram<TensorOp>[] programs(String function, int n) {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, n);
    TensorValue a = tb.input("a", DType.F64, n);
    TensorValue b = tb.input("b", DType.F64, n);
    TensorValue y =
        switch (function) {
          case "sumExp" -> a.mul(x).exp().sum();
          case "chain8" -> x.mul(a).add(b).exp().sin().cos().tanh().neg().mul(a).sum();
          case "cheap8" -> x.mul(a).add(b).neg().mul(a).add(b).neg().mul(a).add(b).sum();
          default -> throw new IllegalArgumentException(function);
        };
    Graph<TensorOp> f = tb.build(y);
    List<ValueKey.Input> inputs =
        List.of(
            ValueKey.input(x.inputKey()), ValueKey.input(a.inputKey()),
            ValueKey.input(b.inputKey()));
    CompiledProgram<TensorOp> fwd = Graphs.compile(Graphs.resolve(f), inputs, f.outputKeys());
    LinearizedGraph<TensorOp> lin =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(inputs.get(0)));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(lin);
    List<ValueKey.Input> gradInputs = new ArrayList<>(inputs);
    gradInputs.add(ValueKey.input(vjp.linearInput(0)));
    CompiledProgram<TensorOp> grad =
        Graphs.compile(
            Graphs.resolve(List.of(f, vjp.graph())),
            gradInputs,
            List.of(f.outputKey(0), vjp.linearOutput(0)));
    return new CompiledProgram[] {fwd, grad};
  }

  /**
   * The largest difference between corresponding elements of two results relative to the
   * largest magnitude of the result (norm-wise: an element near zero, such as chain8's
   * gradient where cos(exp(·)) crosses zero, has no relative accuracy to speak of).
   */
  static double maxRelative(List<Tensor> want, List<Tensor> got) {
    double worst = 0;
    for (int k = 0; k < want.size(); k++) {
      double[] w = want.get(k).toDoubleArray();
      double[] h = got.get(k).toDoubleArray();
      double scale = 0;
      double diff = 0;
      for (int i = 0; i < w.length; i++) {
        scale = Math.max(scale, Math.abs(w[i]));
        double d = Math.abs(w[i] - h[i]);
        diff = Math.max(diff, w[i] == h[i] ? 0 : Double.isNaN(d) ? Double.POSITIVE_INFINITY : d);
      }
      worst = Math.max(worst, diff == 0 ? 0 : diff / scale);
    }
    return worst;
  }
}
