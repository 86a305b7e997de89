package io.github.tidu4j.bench.tensor;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.Contraction;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Random;
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
 * An f64 matrix product {@code [n, n]·[n, n]} as one DotGeneral node (contracting {1}/{0}),
 * compiled once and run by the generated {@link TensorEvaluator}, beside the direct kernel call
 * {@link Contraction#dotGeneral}. GFLOP/s = 2n³ / score. Setup checks the two are bit-identical.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@State(Scope.Benchmark)
public class MatmulBenchmark {
  private static final int[] CONTRACT_LHS = {1};
  private static final int[] CONTRACT_RHS = {0};
  private static final int[] NONE = {};

  @Param({"256", "1024"})
  public int n;

  private Tensor a;
  private Tensor b;
  private Tensor[] inputs;
  private TensorEvaluator evaluator;

  @Setup(Level.Trial)
  public void setUp() {
    Random r = new Random(42);
    a = Tensor.random(DType.F64, new int[] {n, n}, r);
    b = Tensor.random(DType.F64, new int[] {n, n}, r);
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("a", DType.F64, n, n);
    TensorValue y = tb.input("b", DType.F64, n, n);
    Graph<TensorOp> g = tb.build(x.dotGeneral(y, CONTRACT_LHS, CONTRACT_RHS));
    CompiledProgram<TensorOp> program = Graphs.compile(Graphs.materialize(g));
    evaluator = new TensorEvaluator(program);
    inputs = new Tensor[] {a, b};
    Tensor viaEvaluator = evaluator.evaluate(inputs)[0];
    Tensor direct = direct();
    System.out.printf("%n[check] matmul n=%d: %d instruction(s) %s; evaluator = direct kernel: %s%n",
        n, program.instructionCount(), program.operation(0).name(), viaEvaluator.equals(direct));
    if (!viaEvaluator.equals(direct)) {
      throw new IllegalStateException("the evaluator differs from the kernel");
    }
  }

  @Benchmark
  public Tensor[] evaluator() {
    return evaluator.evaluate(inputs);
  }

  @Benchmark
  public Tensor direct() {
    return Contraction.dotGeneral(a, b, CONTRACT_LHS, CONTRACT_RHS, NONE, NONE);
  }
}
