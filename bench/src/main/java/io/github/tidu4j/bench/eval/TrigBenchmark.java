package io.github.tidu4j.bench.eval;

import io.github.tidu4j.primitives.scalar.Trig;
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
 * The Scalar set's own {@link Trig} against {@link Math}: sine alone, and sine and cosine of one
 * argument (two calls each, or {@link Trig#sinCos}), over 1,024 arguments drawn uniformly from
 * [−range, range]. Scores are ns per 1,024 arguments.
 *
 * <pre>{@code
 * java -jar bench/target/benchmarks.jar TrigBenchmark -p range=4
 * }</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TrigBenchmark {

  /** The arguments, and where results go. */
  @State(Scope.Thread)
  public static class Arguments {
    /** Arguments are uniform in [−range, range]. */
    @Param({"4", "100"})
    public double range;

    public double[] x;
    public double[] out;

    @Setup(Level.Trial)
    public void setUp() {
      SplittableRandom random = new SplittableRandom(1);
      x = new double[1024];
      for (int i = 0; i < x.length; i++) {
        x[i] = random.nextDouble(-range, range);
      }
      out = new double[2 * x.length];
    }
  }

  @Benchmark
  public double[] mathSin(Arguments a) {
    for (int i = 0; i < a.x.length; i++) {
      a.out[i] = Math.sin(a.x[i]);
    }
    return a.out;
  }

  @Benchmark
  public double[] trigSin(Arguments a) {
    for (int i = 0; i < a.x.length; i++) {
      a.out[i] = Trig.sin(a.x[i]);
    }
    return a.out;
  }

  @Benchmark
  public double[] mathSinAndCos(Arguments a) {
    for (int i = 0; i < a.x.length; i++) {
      a.out[2 * i] = Math.sin(a.x[i]);
      a.out[2 * i + 1] = Math.cos(a.x[i]);
    }
    return a.out;
  }

  @Benchmark
  public double[] trigSinAndCos(Arguments a) {
    for (int i = 0; i < a.x.length; i++) {
      a.out[2 * i] = Trig.sin(a.x[i]);
      a.out[2 * i + 1] = Trig.cos(a.x[i]);
    }
    return a.out;
  }

  @Benchmark
  public double[] trigSinCos(Arguments a) {
    for (int i = 0; i < a.x.length; i++) {
      Trig.sinCos(a.x[i], a.out, 2 * i);
    }
    return a.out;
  }
}
