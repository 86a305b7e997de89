package io.github.tidu4j.bench.func;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a call of a kept {@code ScalarAutodiff} function costs over its program run by hand, on
 * the gradient of {@code x·sin(x)} (a program of a handful of instructions, so the call's own
 * work is most of it):
 *
 * <ul>
 *   <li>{@link #evaluator}: the function's compiled program, run by the generated {@link
 *       ScalarEvaluator} on a {@code double[]} (the limit);
 *   <li>{@link #apply}: {@code grad.apply(x)}, one thread;
 *   <li>{@link #applyTwoThreads}: the same on two threads calling one function object, as a
 *       service's request threads do.
 * </ul>
 *
 * <p>Scores are ns per call; the setup checks that both give the same gradient.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class ScalarCallBenchmark {
  private ScalarFunction<ScalarOp> grad;
  private ScalarEvaluator evaluator;
  private double x;

  @Setup
  public void setUp() {
    ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
    grad = ad.grad(ad.function(ScalarValue.unary(v -> v.mul(v.sin()))));
    x = 0.7;
    CompiledProgram<ScalarOp> program = grad.program();
    evaluator = new ScalarEvaluator(program);
    double viaApi = grad.apply(x);
    double byHand = evaluator();
    if (Double.compare(viaApi, byHand) != 0) {
      throw new IllegalStateException("apply gives " + viaApi + ", the evaluator " + byHand);
    }
  }

  @Benchmark
  public double evaluator() {
    // the program's inputs: x, then grad's unit seed
    return evaluator.evaluate(x, 1.0)[0];
  }

  @Benchmark
  public double apply() {
    return grad.apply(x);
  }

  @Benchmark
  @Threads(2)
  public double applyTwoThreads() {
    return grad.apply(x);
  }
}
