package io.github.tidu4j.bench.tensor;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
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
 * The harness that sets {@link FusionParallelism#DEFAULT_THRESHOLD}: one fused region run on the
 * calling thread ({@link #serial}) and split into blocks across {@code threads} threads of the
 * common pool whatever its size ({@link #split}, threshold 0), for regions of three costs per
 * element: {@code add} ({@code x + a}, written out: cost 1), {@code cheap8} (eight cheap kernels
 * and a sum: cost 9) and {@code sumExp} ({@code Σ exp(a·x)}: Mul, Exp, sum, cost 1 + 16 + 1 = 18).
 * The threshold is the work (n × cost) from which {@code split} beats {@code serial}. Both variants
 * give the same bits (checked in setup).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class FusionSplitBenchmark {
  @Param({"16384", "32768", "65536", "131072", "262144", "1048576"})
  public int n;

  @Param({"add", "cheap8", "sumExp"})
  public String function;

  @Param({"2"})
  public int threads;

  private FusedProgram<TensorOp, Tensor> serial;
  private FusedProgram<TensorOp, Tensor> split;
  private List<Tensor> inputs;

  @Setup(Level.Trial)
  public void setUp() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, n);
    TensorValue a = tb.input("a", DType.F64, n);
    TensorValue b = tb.input("b", DType.F64, n);
    TensorValue y =
        switch (function) {
          case "add" -> x.add(a);
          case "cheap8" -> x.mul(a).add(b).neg().mul(a).add(b).neg().mul(a).add(b).sum();
          case "sumExp" -> a.mul(x).exp().sum();
          default -> throw new IllegalArgumentException(function);
        };
    Graph<TensorOp> f = tb.build(y);
    CompiledProgram<TensorOp> p =
        Graphs.compile(
            Graphs.resolve(f),
            List.of(
                ValueKey.input(x.inputKey()), ValueKey.input(a.inputKey()),
                ValueKey.input(b.inputKey())),
            f.outputKeys());
    serial = TensorFusion.set(FusionParallelism.serial()).fuse(p);
    split =
        TensorFusion.set(FusionParallelism.of(ForkJoinPool.commonPool(), threads, 0)).fuse(p);
    SplittableRandom r = new SplittableRandom(42);
    double[] xs = new double[n];
    double[] as = new double[n];
    double[] bs = new double[n];
    for (int i = 0; i < n; i++) {
      xs[i] = r.nextDouble();
      as[i] = 0.5;
      bs[i] = 0.1;
    }
    inputs = List.of(Tensor.of(xs, n), Tensor.of(as, n), Tensor.of(bs, n));
    if (!serial.evalPositional(inputs).equals(split.evalPositional(inputs))) {
      throw new IllegalStateException(function + ": the split loop differs from the serial one");
    }
  }

  /**
   * The same comparison for a loaded machine, where JMH's one variant after the other sees the load
   * change between them: for each function and n, {@code serial} and {@code split} calls alternate
   * in one JVM (warm-up, then {@code rounds} pairs), and it prints the median time of each and the
   * median of the per-pair ratios serial / split, with the load average before and after.
   *
   * <pre>
   * java -cp bench/target/benchmarks.jar io.github.tidu4j.bench.tensor.FusionSplitBenchmark \
   *     [threads] [rounds] [n,n,…]
   * </pre>
   */
  public static void main(String[] args) {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 200;
    String sizes = args.length > 2 ? args[2] : "16384,32768,65536,131072,262144,1048576,10000000";
    System.out.printf("threads %d, rounds %d, load %s%n", threads, rounds, Alternation.load());
    System.out.printf("%-7s %9s %5s %12s %12s %8s%n", "fn", "n", "cost", "serial ns", "split ns",
        "ratio");
    for (String function : new String[] {"add", "cheap8", "sumExp"}) {
      for (String size : sizes.split(",")) {
        FusionSplitBenchmark b = new FusionSplitBenchmark();
        b.function = function;
        b.n = Integer.parseInt(size);
        b.threads = threads;
        b.setUp();
        int pairs = Math.max(5, (int) Math.min(rounds, 4e8 / b.n));
        Alternation.Result r = Alternation.run(1_000_000_000L, pairs, b::serial, b::split);
        int cost = switch (function) {
          case "add" -> 1;
          case "cheap8" -> 9;
          default -> 2 + FusionParallelism.COSTLY_WEIGHT;
        };
        System.out.printf("%-7s %9d %5d %12d %12d %8.2f%n", function, b.n, cost, r.a(), r.b(),
            r.ratio());
      }
    }
    System.out.printf("load %s%n", Alternation.load());
  }

  @Benchmark
  public List<Tensor> serial() {
    return serial.evalPositional(inputs);
  }

  @Benchmark
  public List<Tensor> split() {
    return split.evalPositional(inputs);
  }
}
