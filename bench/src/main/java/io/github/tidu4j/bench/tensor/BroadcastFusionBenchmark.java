package io.github.tidu4j.bench.tensor;

import static io.github.tidu4j.bench.tensor.ElementwiseBenchmark.maxRelative;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
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
 * A layer with a bias vector: {@code y_i = Σ_j tanh(X_ij·a + b_j)} ({@code function = tanh}) or
 * {@code y_i = Σ_j (X_ij·a + b_j)²} ({@code square}: cheap members only, so the loop's own work
 * shows) over an {@code [m, n]} matrix X, a scalar a and a bias b of n elements broadcast over the
 * rows ({@code BroadcastInDim}), summed over the last axis ({@code ReduceSum} over axis 1),
 * forward and with its VJP with respect to X
 * and b (cotangent of y: m elements, broadcast back over the rows; b's gradient a sum over the
 * first axis). Each is run by {@link TensorEvaluator} (one kernel, one tensor, per operation),
 * fused with {@link TensorFusion#exactSet()} (a {@link Math#tanh} call per element; checked in
 * setup to equal the evaluator's values bit for bit) and with {@link TensorFusion#set()} (its
 * tanh vectorised over blocks; checked within 1e-12 relative to each result's largest element),
 * both on one thread ({@link FusionParallelism#serial()}). Every instruction of the forward program
 * is in its one region, and every broadcast and sum of the gradient program in its regions
 * (printed in setup). Scores are ns per invocation.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar BroadcastFusionBenchmark -p m=1000 -p n=1000
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", "--add-modules", "jdk.incubator.vector"
    })
public class BroadcastFusionBenchmark {

  /** The programs and their inputs, compiled and checked once. */
  @State(Scope.Benchmark)
  public static class Layer {
    @Param({"1000"})
    public int m;

    @Param({"1000"})
    public int n;

    @Param({"tanh", "square"})
    public String function;

    public TensorEvaluator forward;
    public TensorEvaluator gradient;
    public FusedProgram<TensorOp, Tensor> forwardExact;
    public FusedProgram<TensorOp, Tensor> gradientExact;
    public FusedProgram<TensorOp, Tensor> forwardFused;
    public FusedProgram<TensorOp, Tensor> gradientFused;
    public Tensor[] forwardInputs;
    public Tensor[] gradientInputs;
    public List<Tensor> forwardInputList;
    public List<Tensor> gradientInputList;

    @Setup(Level.Trial)
    public void setUp() {
      int[] shape = {m, n};
      TensorBuilder tb = TensorBuilder.create();
      TensorValue x = tb.input("x", DType.F64, shape);
      TensorValue a = tb.input("a", DType.F64);
      TensorValue b = tb.input("b", DType.F64, n);
      TensorValue t = x.mul(a.broadcastInDim(shape)).add(b.broadcastInDim(shape, 1));
      TensorValue y =
          switch (function) {
            case "tanh" -> t.tanh().reduceSum(1);
            case "square" -> t.mul(t).reduceSum(1);
            default -> throw new IllegalArgumentException(function);
          };
      Graph<TensorOp> f = tb.build(y);
      List<ValueKey.Input> inputs =
          List.of(ValueKey.input(x.inputKey()), ValueKey.input(a.inputKey()),
              ValueKey.input(b.inputKey()));
      CompiledProgram<TensorOp> fwd = Graphs.compile(Graphs.resolve(f), inputs, f.outputKeys());
      LinearizedGraph<TensorOp> lin =
          AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(inputs.get(0), inputs.get(2)));
      LinearizedGraph<TensorOp> vjp = AD.linearTranspose(lin);
      List<ValueKey.Input> gradInputs = new ArrayList<>(inputs);
      gradInputs.add(ValueKey.input(vjp.linearInput(0)));
      CompiledProgram<TensorOp> grad =
          Graphs.compile(
              Graphs.resolve(List.of(f, vjp.graph())),
              gradInputs,
              List.of(f.outputKey(0), vjp.linearOutput(0), vjp.linearOutput(1)));

      SplittableRandom r = new SplittableRandom(42);
      double[] xs = new double[m * n];
      double[] bs = new double[n];
      double[] cts = new double[m];
      Arrays.setAll(xs, i -> r.nextDouble(-2, 2));
      Arrays.setAll(bs, i -> r.nextDouble(-1, 1));
      Arrays.setAll(cts, i -> r.nextDouble(-1, 1));
      forwardInputs = new Tensor[] {Tensor.of(xs, m, n), Tensor.scalar(0.5), Tensor.of(bs, n)};
      gradientInputs =
          new Tensor[] {forwardInputs[0], forwardInputs[1], forwardInputs[2], Tensor.of(cts, m)};
      forwardInputList = List.of(forwardInputs);
      gradientInputList = List.of(gradientInputs);

      forward = new TensorEvaluator(fwd);
      gradient = new TensorEvaluator(grad);
      forwardExact = TensorFusion.exactSet(FusionParallelism.serial()).fuse(fwd);
      gradientExact = TensorFusion.exactSet(FusionParallelism.serial()).fuse(grad);
      forwardFused = TensorFusion.set(FusionParallelism.serial()).fuse(fwd);
      gradientFused = TensorFusion.set(FusionParallelism.serial()).fuse(grad);

      List<Tensor> fy = Arrays.asList(forward.evaluate(forwardInputs));
      List<Tensor> gy = Arrays.asList(gradient.evaluate(gradientInputs));
      if (!fy.equals(forwardExact.evalPositional(forwardInputList))
          || !gy.equals(gradientExact.evalPositional(gradientInputList))) {
        throw new IllegalStateException("the exact fused programs differ from TensorEvaluator");
      }
      double forwardRel = maxRelative(fy, forwardFused.evalPositional(forwardInputList));
      double gradientRel = maxRelative(gy, gradientFused.evalPositional(gradientInputList));
      System.out.printf(
          "%n[fusion] %s [%d, %d]: forward %d instruction(s) in %d region(s) %s; gradient %d"
              + " instruction(s) in %d region(s) %s; exact fused = unfused exactly; vectorised"
              + " fused vs unfused: max difference relative to the largest element %.2g forward,"
              + " %.2g gradient%n",
          function, m, n, fwd.instructionCount(), forwardFused.regionCount(),
          regionSizes(forwardFused), grad.instructionCount(), gradientFused.regionCount(),
          regionSizes(gradientFused), forwardRel, gradientRel);
      if (!(forwardRel <= 1e-12 && gradientRel <= 1e-12)) {
        throw new IllegalStateException(
            "the vectorised fused programs differ from TensorEvaluator");
      }
    }

    private static String regionSizes(FusedProgram<TensorOp, Tensor> fused) {
      return fused.regions().stream().map(r -> r.length).toList().toString();
    }
  }

  @Benchmark
  public Tensor[] forwardUnfused(Layer l) {
    return l.forward.evaluate(l.forwardInputs);
  }

  @Benchmark
  public List<Tensor> forwardFusedExact(Layer l) {
    return l.forwardExact.evalPositional(l.forwardInputList);
  }

  @Benchmark
  public List<Tensor> forwardFused(Layer l) {
    return l.forwardFused.evalPositional(l.forwardInputList);
  }

  @Benchmark
  public Tensor[] gradientUnfused(Layer l) {
    return l.gradient.evaluate(l.gradientInputs);
  }

  @Benchmark
  public List<Tensor> gradientFusedExact(Layer l) {
    return l.gradientExact.evalPositional(l.gradientInputList);
  }

  @Benchmark
  public List<Tensor> gradientFused(Layer l) {
    return l.gradientFused.evalPositional(l.gradientInputList);
  }
}
