package io.github.tidu4j.bench.eval;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.util.Locale;

/**
 * How fast a fresh JVM's compiled RandDAG gradient settles: the bytecode tier with the default
 * kernel set ({@link ScalarKernels#kernelSet()}, one joint {@code sinCos} per pair), evaluated
 * back to back from its first call, timed over consecutive slices; prints ns per primal operation
 * per slice. Run it in a fresh JVM per size, the same sizes with two jars alternately to compare
 * them: how long the JIT takes to compile the program's methods shows as the slices before the
 * figures level off.
 *
 * <pre>{@code
 * java -Xss16m -cp benchmarks.jar io.github.tidu4j.bench.eval.WarmUpCurve 10 500 1000
 * }</pre>
 *
 * <p>Arguments: the seconds to run per size, the slice in milliseconds, then the sizes n.
 */
public final class WarmUpCurve {
  private static double sink;

  private WarmUpCurve() {}

  public static void main(String[] args) {
    if (args.length < 3) {
      throw new IllegalArgumentException("usage: WarmUpCurve <seconds> <slice ms> <n> [n ...]");
    }
    double seconds = Double.parseDouble(args[0]);
    long slice = Long.parseLong(args[1]) * 1_000_000L;
    for (int a = 2; a < args.length; a++) {
      int n = Integer.parseInt(args[a]);
      double[] curve = curve(n, seconds, slice);
      StringBuilder line = new StringBuilder("RandDAG(" + n + ") gradient, ns per primal op per ");
      line.append(args[1]).append(" ms:");
      for (double v : curve) {
        line.append(String.format(Locale.ROOT, " %.1f", v));
      }
      System.out.println(line + " (sink " + sink + ")");
    }
  }

  /**
   * The ns per primal operation of RandDAG(n)'s gradient in each slice of {@code sliceNanos}, for
   * {@code seconds} from its first evaluation (the last slice ends after that).
   */
  static double[] curve(int n, double seconds, long sliceNanos) {
    CompiledProgram<ScalarOp> program = CostPrograms.randDagGradient(n);
    double[] in = CostPrograms.randDagGradientInputs();
    BytecodeProgram<ScalarOp> bytecode =
        CostPrograms.bytecode(
            program, BytecodeOptions.DEFAULT_METHOD_BYTES, ScalarKernels.kernelSet());
    int slices = (int) Math.max(1, Math.ceil(seconds * 1e9 / sliceNanos));
    double[] perOp = new double[slices];
    for (int s = 0; s < slices; s++) {
      long t0 = System.nanoTime();
      long t;
      long calls = 0;
      do {
        sink += bytecode.evaluate(in)[1];
        calls++;
        t = System.nanoTime();
      } while (t - t0 < sliceNanos);
      perOp[s] = (t - t0) / (double) calls / n;
    }
    return perOp;
  }
}
