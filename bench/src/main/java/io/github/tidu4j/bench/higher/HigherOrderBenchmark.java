package io.github.tidu4j.bench.higher;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.TaylorGraph;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.primitives.InputKey;
import io.github.tidu4j.primitives.scalar.ScalarBuilder;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.hipparchus.analysis.differentiation.DSFactory;
import org.hipparchus.analysis.differentiation.DerivativeStructure;
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
 * Higher-order derivatives, ExpAx(order) and Chain100(order) of bench/README.md, order 1..4 by
 * default (Taylor mode runs to order 8: {@code -p mode=T -p order=1,2,3,4,5,6,7,8}): the
 * derivative program is built once ((resolve → linearize) × k with respect to x, tangent seeds 1:
 * mode {@code F}; or each level linearize + linearTranspose, cotangent seeds 1: mode {@code R}; or
 * {@link AD#taylor} to order k, direction 1, times k!: mode {@code T}),
 * materialized and compiled once, then evaluated many times by the bytecode backend and by the
 * generated {@link ScalarEvaluator}. Beside them, Hipparchus {@link DerivativeStructure} ({@code
 * DSFactory(1, order)}, factory made once) computing the same derivative per evaluation.
 *
 * <p>Scores are ns per evaluation. The trial setups check the values (see {@link Tidu#setUp}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class HigherOrderBenchmark {
  /** ExpAx: a = 2 at x = 0.5. */
  static final double A = 2.0;

  static final double EXPAX_X = 0.5;

  /** Chain100: x = 0.3, 100 steps of the LCG (seed 42, one next() per step). */
  static final double CHAIN_X = 0.3;

  static final int CHAIN_STEPS = 100;

  /** The Chain100 step kinds: 0 Add(v, x), 1 Mul(v, x), 2 Sin(v), 3 Cos(v). */
  static int[] chainKinds() {
    int[] kinds = new int[CHAIN_STEPS];
    long s = 42;
    for (int i = 0; i < CHAIN_STEPS; i++) {
      s = s * 6364136223846793005L + 1442695040888963407L;
      kinds[i] = (int) ((s >>> 33) % 4);
    }
    return kinds;
  }

  /** The workload and order, and the Hipparchus peer. */
  @State(Scope.Benchmark)
  public static class Workload {
    @Param({"ExpAx", "Chain100"})
    public String workload;

    @Param({"1", "2", "3", "4"})
    public int order;

    public boolean expAx;
    public double x;
    public int[] kinds;
    public DSFactory factory;
    public int[] derivativeOrder;
    /** Hipparchus's value of the derivative, computed once in setup. */
    public double hipparchusValue;

    @Setup(Level.Trial)
    public void setUp() {
      expAx = workload.equals("ExpAx");
      x = expAx ? EXPAX_X : CHAIN_X;
      kinds = chainKinds();
      factory = new DSFactory(1, order);
      derivativeOrder = new int[] {order};
      hipparchusValue = derivative(this);
      if (expAx) {
        double exact = Math.pow(A, order) * Math.exp(A * EXPAX_X);
        double rel = Math.abs(hipparchusValue - exact) / exact;
        System.out.printf(
            "%n[check] Hipparchus ExpAx order %d: %s, exact a^k e^(ax) %s, relative error %.3g%n",
            order, hipparchusValue, exact, rel);
        if (rel > 1e-14) {
          throw new IllegalStateException("Hipparchus is off the exact value");
        }
      }
    }
  }

  /** The derivative program of the workload at its order, in one mode, ready to evaluate. */
  @State(Scope.Benchmark)
  public static class Tidu {
    /**
     * {@code F}: all forward (linearize × k); {@code R}: all reverse (linearize + transpose × k);
     * {@code T}: Taylor mode ({@link HigherOrderBenchmark#derivativeOf}); {@code TD}: Taylor mode
     * with every primitive expanded from its JVP rule, the hand-written Taylor rules ignored
     * ({@link AD#taylorDerived}), to compare with {@code T} in the same run ({@code -p mode=T,TD}).
     */
    @Param({"F", "R", "T"})
    public String mode;

    public double[] inputs;
    public ScalarEvaluator switchEvaluator;
    public BytecodeProgram<ScalarOp> bytecode;
    public double[] outputs;

    /**
     * Builds and compiles the derivative program; checks that interpreter, switch evaluator and
     * bytecode agree bit for bit; for ExpAx, that the value equals a^k e^(ax) (reporting the
     * error); for both, that it agrees with Hipparchus within a relative 1e-12 (reporting the
     * difference).
     */
    @Setup(Level.Trial)
    public void setUp(Workload w) {
      ScalarBuilder b = ScalarBuilder.create();
      Map<Object, Double> values = new HashMap<>();
      ScalarValue x = b.input(InputKey.user("x"));
      values.put(InputKey.user("x"), w.x);
      ScalarValue y;
      if (w.expAx) {
        ScalarValue a = b.input(InputKey.user("a"));
        values.put(InputKey.user("a"), A);
        y = a.mul(x).exp();
      } else {
        y = x;
        for (int kind : w.kinds) {
          y = switch (kind) {
            case 0 -> y.add(x);
            case 1 -> y.mul(x);
            case 2 -> y.sin();
            default -> y.cos();
          };
        }
      }
      Graph<ScalarOp> current = b.build(y);
      ValueKey out = current.outputKey(0);
      List<ValueKey> wrt = List.of(ValueKey.input(InputKey.user("x")));
      long t0 = System.nanoTime();
      boolean taylor = mode.equals("T") || mode.equals("TD");
      if (taylor) {
        TaylorGraph<ScalarOp> t =
            mode.equals("T")
                ? AD.taylor(Graphs.resolve(current), List.of(out), wrt, w.order)
                : AD.taylorDerived(Graphs.resolve(current), List.of(out), wrt, w.order, null, false);
        values.put(t.inputKey(0, 1), 1.0);
        current = derivativeOf(t);
        out = current.outputKey(0);
      }
      for (int level = 0; level < (taylor ? 0 : w.order); level++) {
        LinearizedGraph<ScalarOp> lin = AD.linearize(Graphs.resolve(current), List.of(out), wrt);
        if (mode.equals("F")) {
          values.put(lin.linearInput(0), 1.0);
          current = lin.graph();
          out = lin.isZero(0) ? null : lin.linearOutput(0);
        } else {
          LinearizedGraph<ScalarOp> t = AD.linearTranspose(lin);
          values.put(t.linearInput(0), 1.0);
          current = t.graph();
          out = t.isZero(0) ? null : t.linearOutput(0);
        }
        if (out == null) {
          throw new IllegalStateException("the derivative became zero at level " + level);
        }
      }
      CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.resolve(current), List.of(out));
      long t1 = System.nanoTime();
      inputs = new double[program.inputCount()];
      Double[] boxed = new Double[inputs.length];
      for (int i = 0; i < inputs.length; i++) {
        inputs[i] = values.get(program.inputKeys().get(i));
        boxed[i] = inputs[i];
      }
      switchEvaluator = new ScalarEvaluator(program);
      bytecode =
          new BytecodeCompiler<>(KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode))
              .compile(program);
      long t2 = System.nanoTime();

      double interpreted = Interpreter.<Double>evalPositional(program, List.of(boxed)).get(0);
      double sw = switchEvaluator.evaluate(inputs)[0];
      double bc = bytecode.evaluate(inputs)[0];
      outputs = new double[program.outputCount()];
      bytecode.evaluateInto(inputs, outputs);
      if (Double.doubleToLongBits(outputs[0]) != Double.doubleToLongBits(bc)) {
        throw new IllegalStateException("evaluateInto differs from evaluate: " + outputs[0]);
      }
      if (Double.doubleToLongBits(interpreted) != Double.doubleToLongBits(sw)
          || Double.doubleToLongBits(interpreted) != Double.doubleToLongBits(bc)) {
        throw new IllegalStateException(
            "tiers differ: interpreter " + interpreted + ", switch " + sw + ", bytecode " + bc);
      }
      double relHipparchus =
          Math.abs(interpreted - w.hipparchusValue) / Math.abs(w.hipparchusValue);
      String exact = "";
      if (w.expAx) {
        double e = Math.pow(A, w.order) * Math.exp(A * EXPAX_X);
        exact = String.format(", exact a^k e^(ax) = %s, relative error %.3g", e,
            Math.abs(interpreted - e) / e);
      }
      System.out.printf(
          "%n[check] %s order %d mode %s: %d instructions, %d inputs; tidu4j %s (3 tiers bit-identical), "
              + "Hipparchus %s, relative difference %.3g%s; build+compile %.1f ms, bytecode %.1f ms%n",
          w.workload, w.order, mode, program.instructionCount(), inputs.length, interpreted,
          w.hipparchusValue, relHipparchus, exact, (t1 - t0) / 1e6, (t2 - t1) / 1e6);
      if (!(relHipparchus <= 1e-12)) {
        throw new IllegalStateException("tidu4j and Hipparchus disagree");
      }
    }
  }

  /**
   * Taylor mode's order-K derivative: K! times the last coefficient of {@link AD#taylor} along x +
   * t, one scale appended to the Taylor graph (as Hipparchus multiplies its last coefficient by
   * K! when asked for the derivative).
   */
  static Graph<ScalarOp> derivativeOf(TaylorGraph<ScalarOp> t) {
    double factorial = 1;
    for (int k = 2; k <= t.order(); k++) {
      factorial *= k;
    }
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef last = new ValueRef.External(t.coefficient(0, t.order()));
    return b.output(b.apply(ScalarOp.scale(factorial), last)).parent(t.graph()).build();
  }

  static double derivative(Workload w) {
    DerivativeStructure x = w.factory.variable(0, w.x);
    DerivativeStructure v;
    if (w.expAx) {
      v = x.multiply(A).exp();
    } else {
      v = x;
      for (int kind : w.kinds) {
        switch (kind) {
          case 0 -> v = v.add(x);
          case 1 -> v = v.multiply(x);
          case 2 -> v = v.sin();
          default -> v = v.cos();
        }
      }
    }
    return v.getPartialDerivative(w.derivativeOrder);
  }

  /** Hipparchus: a new variable, the function, and the order-k partial derivative. */
  @Benchmark
  public double hipparchus(Workload w) {
    return derivative(w);
  }

  @Benchmark
  public double[] bytecode(Tidu t) {
    return t.bytecode.evaluate(t.inputs);
  }

  /** The bytecode program writing into a reused output array: no allocation per evaluation. */
  @Benchmark
  public double[] bytecodeInto(Tidu t) {
    t.bytecode.evaluateInto(t.inputs, t.outputs);
    return t.outputs;
  }

  @Benchmark
  public double[] switchEvaluator(Tidu t) {
    return t.switchEvaluator.evaluate(t.inputs);
  }
}
