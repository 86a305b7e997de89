package io.github.tidu4j.bench.higher;

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
 * The floor of any ExpAx(order) evaluator: the closed form {@code a^k·e^(a·x)} written by hand,
 * one {@code Math.exp} and {@code k} multiplications, with {@code a} and {@code x} read from state
 * so nothing folds. Run beside {@link HigherOrderBenchmark}: Hipparchus's time divided by this one
 * bounds the ratio any implementation that computes {@code exp} once can reach.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@State(Scope.Benchmark)
public class ExpAxFloorBenchmark {
  @Param({"1", "2", "3", "4"})
  public int order;

  public double a;
  public double x;

  @Setup(Level.Trial)
  public void setUp() {
    a = HigherOrderBenchmark.A;
    x = HigherOrderBenchmark.EXPAX_X;
    double exact = Math.pow(a, order) * Math.exp(a * x);
    if (closedForm() != exact) {
      throw new IllegalStateException("the closed form is off: " + closedForm() + " vs " + exact);
    }
  }

  /** {@code a^k·e^(a·x)}: the k-th derivative of exp(a·x) in x. */
  @Benchmark
  public double closedForm() {
    double d = Math.exp(a * x);
    for (int k = 0; k < order; k++) {
      d *= a;
    }
    return d;
  }
}
