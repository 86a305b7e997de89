package io.github.tidu4j.bench.eval;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.lang.invoke.MethodHandles;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * How a fresh JVM runs a chain of n operations that each carry an attribute of their own, from the
 * program's first call as bytecode: {@code scale}, the shipped set's {@code Scale} by a different
 * factor at every step (a kernel of arithmetic on its attribute, {@code factor() * x}); {@code
 * clamp}, a hand-written operation whose kernel branches on its attribute ({@code x > bound() ? x :
 * 0.5 * bound() + 0.5 * x}), so that it is called on the operation. Prints the generation and the
 * first evaluation in milliseconds, then ns per operation over consecutive slices; for {@code
 * scale} the switch evaluator's figure over the last slice too. A harness rather than JMH because
 * the quantity is a warm-up curve of a program the JVM has not seen (see {@link WarmUpCurve}); run
 * it in a fresh JVM per kind, with two jars alternately to compare them.
 *
 * <pre>{@code
 * java -cp benchmarks.jar io.github.tidu4j.bench.eval.AttributeChainCurve scale 100000 30 5000
 * }</pre>
 *
 * <p>Arguments: the kind, n, the seconds to run, the slice in milliseconds.
 */
public final class AttributeChainCurve {
  private static double sink;

  private AttributeChainCurve() {}

  /** The kernel of {@link ClampOp}: called, since it branches. */
  public interface Clamp {
    double bound();

    default double eval(double x) {
      return x > bound() ? x : 0.5 * bound() + 0.5 * x;
    }
  }

  /** A hand-written operation with an attribute, whose kernel is {@link Clamp#eval}. */
  public record ClampOp(double bound) implements Clamp, EvaluableGraphOperation<Double> {
    @Override
    public int inputArity() {
      return 1;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public List<Double> eval(List<Double> inputs) {
      return List.of(eval(inputs.get(0).doubleValue()));
    }
  }

  private static final KernelSet<ClampOp> CLAMP_KERNELS =
      KernelSet.<ClampOp>of(
              double.class,
              List.of(
                  new KernelDescriptor(
                      0, "Clamp", Clamp.class.getName().replace('.', '/'), "eval", "(D)D", false,
                      true, 1, 1)),
              op -> 0,
              MethodHandles.lookup());

  public static void main(String[] args) {
    if (args.length != 4) {
      throw new IllegalArgumentException(
          "usage: AttributeChainCurve <scale|clamp> <n> <seconds> <slice ms>");
    }
    String kind = args[0];
    int n = Integer.parseInt(args[1]);
    double seconds = Double.parseDouble(args[2]);
    long slice = Long.parseLong(args[3]) * 1_000_000L;
    if (kind.equals("scale")) {
      GraphBuilder<ScalarOp> b = Graph.builder();
      ValueRef.Local v = b.input("x");
      for (int i = 0; i < n; i++) {
        v = b.apply(ScalarOp.scale(1.0 + (i % 2 == 0 ? 1e-9 : -1e-9) * i), v);
      }
      CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.materialize(b.output(v).build()));
      double reference = new ScalarEvaluator(p).evaluate(0.5)[0];
      double[] curve = curve(p, ScalarKernels.kernelSet(), reference, n, seconds, slice);
      ScalarEvaluator switchEvaluator = new ScalarEvaluator(p);
      double perOp = perOp(() -> switchEvaluator.evaluate(0.5)[0], n, slice);
      print(kind, n, curve, String.format(Locale.ROOT, "  switch %.2f", perOp));
    } else if (kind.equals("clamp")) {
      GraphBuilder<ClampOp> b = Graph.builder();
      ValueRef.Local v = b.input("x");
      for (int i = 0; i < n; i++) {
        v = b.apply(new ClampOp(0.25 + 1e-9 * i), v);
      }
      CompiledProgram<ClampOp> p = Graphs.compile(Graphs.materialize(b.output(v).build()));
      double reference = (Double) Interpreter.evalPositional(p, List.of(0.5)).get(0);
      print(kind, n, curve(p, CLAMP_KERNELS, reference, n, seconds, slice), "");
    } else {
      throw new IllegalArgumentException("kind scale or clamp, not " + kind);
    }
  }

  /** Generation and first call (ms), then ns per operation per slice, of the bytecode tier. */
  private static <Op extends GraphOperation> double[] curve(
      CompiledProgram<Op> p, KernelSet<Op> kernels, double reference, int n, double seconds,
      long slice) {
    int slices = (int) Math.round(seconds * 1e9 / slice);
    double[] curve = new double[2 + slices];
    long t0 = System.nanoTime();
    BytecodeProgram<Op> code = BytecodeCompiler.compileUncached(p, kernels, BytecodeOptions.defaults());
    long t1 = System.nanoTime();
    double first = code.evaluate(new double[] {0.5})[0];
    long t2 = System.nanoTime();
    if (Double.compare(first, reference) != 0) {
      throw new AssertionError("bytecode " + first + " != interpreter " + reference);
    }
    curve[0] = (t1 - t0) / 1e6;
    curve[1] = (t2 - t1) / 1e6;
    for (int s = 0; s < slices; s++) {
      curve[2 + s] = perOp(() -> code.evaluate(new double[] {0.5})[0], n, slice);
    }
    return curve;
  }

  /** ns per operation of {@code call}, called back to back for {@code slice} ns. */
  private static double perOp(DoubleSupplier call, int n, long slice) {
    long start = System.nanoTime();
    long end = start + slice;
    long calls = 0;
    long now;
    do {
      sink += call.getAsDouble();
      calls++;
      now = System.nanoTime();
    } while (now < end);
    return (double) (now - start) / calls / n;
  }

  private static void print(String kind, int n, double[] curve, String tail) {
    StringBuilder line =
        new StringBuilder(
            String.format(
                Locale.ROOT, "%s n=%d: generation %.1f ms, first call %.1f ms; ns per op:", kind, n,
                curve[0], curve[1]));
    for (int s = 2; s < curve.length; s++) {
      line.append(String.format(Locale.ROOT, " %.2f", curve[s]));
    }
    System.out.println(line.append(tail).append(sink == 0.1 ? " " : ""));
  }
}
