package io.github.tidu4j.bench.ad;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.ad.testing.RealRandDag;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.testing.RandDag;
import java.util.List;
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
 * The AD transforms on RandDAG(n, 42) (bench/README.md), with respect to all four inputs: {@link
 * #linearize} of the resolved primal graph, and {@link #linearTranspose} of a linear graph made in
 * setup. Times are per invocation; divide by n for ns per primal operation. Each invocation makes
 * new keys (every pass id is fresh), as a real pass does.
 *
 * <p>The heap is pre-touched ({@code -XX:+AlwaysPreTouch}): on this machine kind (a Firecracker
 * guest) the first touch of each heap page is slow, and without it iterations at 10^5 that grow the
 * heap run several times slower than the rest, swamping the medians ("Reading these figures" in
 * bench/RESULTS.md).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms6g", "-Xmx6g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class RandDagAdBenchmark {
  private static final List<ValueKey> WRT =
      List.of(ValueKey.input(0), ValueKey.input(1), ValueKey.input(2), ValueKey.input(3));

  @Param({"1000", "10000", "100000", "1000000"})
  public int n;

  private Graph<RealOp> primal;
  private ResolvedView<RealOp> view;
  private LinearizedGraph<RealOp> linear;

  @Setup(Level.Trial)
  public void setUp() {
    primal = RealRandDag.build(RandDag.generate(n, 42));
    view = Graphs.resolve(primal);
    linear = AD.linearize(view, primal.outputKeys(), WRT);
    if (linear.isZero(0)) {
      throw new IllegalStateException("the RandDAG output does not depend on its inputs");
    }
  }

  @Benchmark
  public LinearizedGraph<RealOp> linearize() {
    return AD.linearize(view, primal.outputKeys(), WRT);
  }

  @Benchmark
  public LinearizedGraph<RealOp> linearTranspose() {
    return AD.linearTranspose(linear);
  }
}
