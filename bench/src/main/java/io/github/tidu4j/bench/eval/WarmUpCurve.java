package io.github.tidu4j.bench.eval;

import io.github.tidu4j.export.SourceExport;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * How fast a fresh JVM's compiled RandDAG gradient settles, evaluated back to back from its first
 * call and timed over consecutive slices; prints ns per primal operation per slice. The program
 * runs in one of three forms: {@code joint}, the bytecode tier with the default kernel set ({@link
 * ScalarKernels#kernelSet()}, one joint {@code sinCos} per pair; the default); {@code plain}, the
 * bytecode tier calling every kernel apart ({@link CostPrograms#kernels()}, as a set without a
 * joint kernel does); {@code exported}, the classes {@link SourceExport} writes with those kernels,
 * compiled by javac in this JVM first, as {@code ExportBenchmark} does (checked bit for bit against
 * the bytecode tier). Run it in a fresh JVM per size and form, the same sizes with two jars
 * alternately to compare them: how long the JIT takes to compile the program's methods shows as
 * the slices before the figures level off.
 *
 * <pre>{@code
 * java -Xss16m -cp benchmarks.jar io.github.tidu4j.bench.eval.WarmUpCurve 10 500 1000
 * java -Xss16m -cp benchmarks.jar io.github.tidu4j.bench.eval.WarmUpCurve 30 1000 exported 10000
 * }</pre>
 *
 * <p>Arguments: the seconds to run per size, the slice in milliseconds, optionally the form, then
 * the sizes n.
 */
public final class WarmUpCurve {
  private static double sink;

  /** The form a program runs in (see the class's Javadoc). */
  enum Form {
    JOINT,
    PLAIN,
    EXPORTED
  }

  private WarmUpCurve() {}

  public static void main(String[] args) {
    if (args.length < 3) {
      throw new IllegalArgumentException(
          "usage: WarmUpCurve <seconds> <slice ms> [joint|plain|exported] <n> [n ...]");
    }
    double seconds = Double.parseDouble(args[0]);
    long slice = Long.parseLong(args[1]) * 1_000_000L;
    int first = 2;
    Form form = Form.JOINT;
    if (!Character.isDigit(args[2].charAt(0))) {
      form = Form.valueOf(args[2].toUpperCase(Locale.ROOT));
      first = 3;
    }
    for (int a = first; a < args.length; a++) {
      int n = Integer.parseInt(args[a]);
      double[] curve = curve(n, form, seconds, slice);
      StringBuilder line =
          new StringBuilder("RandDAG(" + n + ") gradient, " + form.name().toLowerCase(Locale.ROOT));
      line.append(", ns per primal op per ").append(args[1]).append(" ms:");
      for (double v : curve) {
        line.append(String.format(Locale.ROOT, " %.1f", v));
      }
      System.out.println(line + " (sink " + sink + ")");
    }
  }

  /**
   * The ns per primal operation of RandDAG(n)'s gradient in {@code form} in each slice of {@code
   * sliceNanos}, for {@code seconds} from its first evaluation (the last slice ends after that).
   */
  static double[] curve(int n, Form form, double seconds, long sliceNanos) {
    CompiledProgram<ScalarOp> program = CostPrograms.randDagGradient(n);
    double[] in = CostPrograms.randDagGradientInputs();
    double[] out = new double[program.outputCount()];
    BytecodeProgram<ScalarOp> bytecode =
        CostPrograms.bytecode(
            program,
            BytecodeOptions.DEFAULT_METHOD_BYTES,
            form == Form.JOINT ? ScalarKernels.kernelSet() : CostPrograms.kernels());
    MethodHandle exported =
        form == Form.EXPORTED
            ? CostPrograms.compileExported(
                SourceExport.of(CostPrograms.kernels())
                    .exportFiles(program, "bench.warmup", "Gradient" + n))
            : null;
    if (exported != null) {
      CostPrograms.sameAsBytecode(exported, bytecode, in);
    }
    int slices = (int) Math.max(1, Math.ceil(seconds * 1e9 / sliceNanos));
    double[] perOp = new double[slices];
    for (int s = 0; s < slices; s++) {
      long t0 = System.nanoTime();
      long t;
      long calls = 0;
      do {
        if (exported != null) {
          CostPrograms.evaluateInto(exported, in, out);
        } else {
          bytecode.evaluateInto(in, out);
        }
        sink += out[1];
        calls++;
        t = System.nanoTime();
      } while (t - t0 < sliceNanos);
      perOp[s] = (t - t0) / (double) calls / n;
    }
    return perOp;
  }
}
