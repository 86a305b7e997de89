package com.example.softplus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.Evaluator;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.check.Mode;
import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@link Activations} set end to end, the way a user of tidu4j checks their own primitives:
 * values and first and second derivatives of {@code f(x) = softplus(x)·x} against exact values, in
 * every composition of forward and reverse mode; the gradient checker on every rule to second
 * order; the three evaluation tiers against each other.
 */
class SoftplusTest {
  private static final ValueKey X = ValueKey.input("x");
  private static final double RELATIVE = 1e-12;

  /**
   * {@code x, softplus(x), f(x), f'(x), f''(x)} for {@code f(x) = softplus(x)·x}, computed with
   * 400-digit decimals and rounded once to double (Python: {@code getcontext().prec = 400; sp =
   * (1 + x.exp()).ln(); s = 1 / (1 + (-x).exp()); f = sp·x; f' = s·x + sp; f'' = s(1 − s)·x + 2s}).
   */
  private static final double[][] EXACT = {
    {-700.0, 9.85967654375977e-305, -6.90177358063184e-302, -6.891913904088079e-302,
        -6.88205422754432e-302},
    {-40.0, 4.248354255291589e-18, -1.6993417021166355e-16, -1.6568581595637197e-16,
        -1.6143746170108038e-16},
    {-5.0, 0.006715348489118068, -0.03357674244559034, -0.02674890613230621,
        -0.019854581505381063},
    {-0.5, 0.4740769841801067, -0.23703849209005334, 0.285306649781034, 0.6375794814954936},
    {0.0, 0.6931471805599453, 0.0, 0.6931471805599453, 1.0},
    {0.5, 0.9740769841801067, 0.48703849209005334, 1.285306649781034, 1.3624205185045064},
    {3.0, 3.048587351573742, 9.145762054721226, 5.906309732041041, 2.0406782328376027},
    {40.0, 40.0, 1600.0, 80.0, 2.0},
    {700.0, 700.0, 490000.0, 1400.0, 2.0},
  };

  @Test
  void softplusIsAccurateFromVeryNegativeToVeryPositive() {
    ActivationsBuilder b = ActivationsBuilder.create();
    Graph<ActivationsOp> g = b.build(b.input("x").softplus());
    ActivationsEvaluator softplus = new ActivationsEvaluator(Graphs.compile(Graphs.materialize(g)));
    for (double[] row : EXACT) {
      assertClose(row[1], softplus.evaluate(row[0])[0], "softplus(" + row[0] + ")");
    }
    // the textbook formula rounds 1 + e^-40 to 1 and loses the value entirely
    assertEquals(0.0, Math.log(1 + Math.exp(-40.0)));
  }

  @Test
  void sigmoidDerivativeKeepsItsTailsWhereOneMinusYWouldRoundToZero() {
    ActivationsBuilder b = ActivationsBuilder.create();
    Chain chain = derivatives(b.build(b.input("x").sigmoid()), "F");
    ActivationsEvaluator eval = new ActivationsEvaluator(chain.program());
    // {x, σ(x), σ'(x)}, 400-digit decimals rounded once
    double[][] exact = {
      {-700.0, 9.85967654375977e-305, 9.85967654375977e-305},
      {-40.0, 4.248354255291589e-18, 4.248354255291589e-18},
      {0.0, 0.5, 0.25},
      {40.0, 1.0, 4.248354255291589e-18},
      {700.0, 1.0, 9.85967654375977e-305},
    };
    for (double[] row : exact) {
      double[] y = eval.evaluate(chain.bindings(row[0]));
      assertClose(row[1], y[0], "σ(" + row[0] + ")");
      assertClose(row[2], y[1], "σ'(" + row[0] + ")");
    }
  }

  /**
   * Eager mode, PyTorch style, over the same set: the generated {@code EagerActivations} runs
   * {@code softplus(x)·x} at once and {@code backward()} gives {@code f'} to the same accuracy.
   */
  @Test
  void eagerValuesGiveTheExactValueAndDerivative() {
    EagerRuntime<Double, EagerActivations> rt = EagerActivations.newRuntime();
    for (double[] row : EXACT) {
      EagerActivations x = rt.variable(row[0]);
      EagerActivations f = x.softplus().mul(x);
      f.backward();
      assertClose(row[2], f.value(), "eager f(" + row[0] + ")");
      assertClose(row[3], x.grad(), "eager f'(" + row[0] + ")");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"FF", "FR", "RF", "RR"})
  void firstAndSecondDerivativesAreExactInEveryMode(String modes) {
    Chain chain = derivatives(Tour.softplusTimesX(), modes);
    ActivationsEvaluator eval = new ActivationsEvaluator(chain.program());
    for (double[] row : EXACT) {
      double[] y = eval.evaluate(chain.bindings(row[0]));
      assertClose(row[2], y[0], "f(" + row[0] + ")");
      assertClose(row[3], y[1], modes.charAt(0) + " f'(" + row[0] + ")");
      assertClose(row[4], y[2], modes + " f''(" + row[0] + ")");
    }
  }

  @Test
  void theFunctionalApiGivesTheExactSecondDerivative() {
    for (double[] row : EXACT) {
      assertClose(row[4], Tour.secondDerivative(row[0]), "grad(grad(f))(" + row[0] + ")");
    }
  }

  @Test
  void derivativesMatchTheClosedFormsOnASweep() {
    Chain chain = derivatives(Tour.softplusTimesX(), "FR");
    ActivationsEvaluator eval = new ActivationsEvaluator(chain.program());
    for (double x = -60; x <= 60; x += 0.375) {
      double sp = x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
      double s = sigmoid(x);
      double[] y = eval.evaluate(chain.bindings(x));
      // f' = σ(x)·x + softplus(x), f'' = σ(x)σ(−x)·x + 2σ(x); both cancel near their roots, so
      // the error is bounded relative to the terms' magnitudes, not to the sum's
      assertClose(s * x + sp, Math.abs(s * x) + sp, y[1], "f'(" + x + ")");
      double ss = s * sigmoid(-x);
      assertClose(ss * x + 2 * s, Math.abs(ss * x) + 2 * s, y[2], "f''(" + x + ")");
    }
  }

  @Test
  void everyRuleAndTheTourFunctionPassTheGradientCheckerToSecondOrder() {
    List<Graph<ActivationsOp>> functions = new ArrayList<>();
    for (ActivationsOp op :
        List.of(ActivationsOp.NEG, ActivationsOp.SIGMOID, ActivationsOp.SOFTPLUS)) {
      GraphBuilder<ActivationsOp> b = Graph.builder();
      functions.add(b.output(b.apply(op, b.input("x"))).build());
    }
    for (ActivationsOp op : List.of(ActivationsOp.ADD, ActivationsOp.MUL)) {
      GraphBuilder<ActivationsOp> b = Graph.builder();
      functions.add(b.output(b.apply(op, b.input("x"), b.input("y"))).build());
    }
    functions.add(Tour.softplusTimesX());

    GradientChecker<ActivationsOp, Void, Double> checker =
        GradientChecker.<ActivationsOp, Void, Double>of(ScalarDomain.INSTANCE)
            .withEvaluator(Evaluator.of(ActivationsEvaluator::new));
    for (double x : new double[] {-6, -0.8, 0, 0.7, 5}) {
      for (Graph<ActivationsOp> g : functions) {
        checker.check(
            CheckedFunction.of(g), Map.of("x", x, "y", 1.3), 2, Mode.BOTH, null, new Random(11));
      }
    }
  }

  @Test
  void interpreterGeneratedEvaluatorAndBytecodeAgreeBitForBit() {
    Chain chain = derivatives(Tour.softplusTimesX(), "RF");
    ActivationsEvaluator generated = new ActivationsEvaluator(chain.program());
    var bytecode = new BytecodeCompiler<>(ActivationsKernels.kernelSet()).compile(chain.program());
    for (double[] row : EXACT) {
      Map<Object, Double> in = chain.bindings(row[0]);
      double[] expected = generated.evaluate(in);
      List<Double> interpreted = Interpreter.eval(chain.program(), in);
      List<Double> compiled = bytecode.eval(in);
      for (int i = 0; i < expected.length; i++) {
        assertEquals(expected[i], interpreted.get(i), 0.0, "interpreter, output " + i);
        assertEquals(expected[i], compiled.get(i), 0.0, "bytecode, output " + i);
      }
    }
  }

  @Test
  void theTourPrintsTheValuesAndTheGraphs() {
    PrintStream out = System.out;
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
      Tour.main(new String[] {"3.0"});
    } finally {
      System.setOut(out);
    }
    String printed = buffer.toString(StandardCharsets.UTF_8);
    out.print(printed);
    assertTrue(printed.contains("f''(3.0) = 2.04067823283760"), printed);
    assertTrue(printed.contains("  %1 = Softplus(%0)\n"), printed);
    // f' reads softplus(x) from f by key instead of recomputing it
    assertTrue(printed.matches("(?s).*ext\\(Softplus#\\p{XDigit}+ from f %1\\).*"), printed);
  }

  // --- helpers ---

  /**
   * {@code f} and its derivatives up to order {@code modes.length()} in one program, for a
   * single-output {@code f} of {@code x}: one {@code resolve → linearize} per letter of {@code
   * modes}, followed by {@code linearTranspose} where it says {@code R} (innermost first), then one
   * materialization.
   */
  private static Chain derivatives(Graph<ActivationsOp> f, String modes) {
    Graph<ActivationsOp> current = f;
    List<ValueKey> outputs = new ArrayList<>(List.of(f.outputKey(0)));
    List<Object> seeds = new ArrayList<>();
    for (char mode : modes.toCharArray()) {
      LinearizedGraph<ActivationsOp> level =
          AD.linearize(Graphs.resolve(current), List.of(outputs.get(outputs.size() - 1)), List.of(X));
      if (mode == 'R') {
        level = AD.linearTranspose(level);
      }
      seeds.add(level.linearInput(0));
      outputs.add(level.linearOutput(0));
      current = level.graph();
    }
    CompiledProgram<ActivationsOp> program = Graphs.compile(Graphs.resolve(current), outputs);
    return new Chain(program, seeds);
  }

  /** A compiled derivative chain and its seeds (tangent inputs or cotangent seeds). */
  private record Chain(CompiledProgram<ActivationsOp> program, List<Object> seeds) {
    /** {@code x}, and every seed bound to one. */
    Map<Object, Double> bindings(double x) {
      Map<Object, Double> in = new HashMap<>();
      in.put("x", x);
      for (Object seed : seeds) {
        in.put(seed, 1.0);
      }
      return in;
    }
  }

  private static double sigmoid(double x) {
    return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
  }

  private static void assertClose(double expected, double actual, String what) {
    assertClose(expected, Math.abs(expected), actual, what);
  }

  /** {@code |actual − expected| ≤ 1e-12·scale}. */
  private static void assertClose(double expected, double scale, double actual, String what) {
    double error = Math.abs(actual - expected);
    assertTrue(
        error <= RELATIVE * scale,
        () -> what + ": expected " + expected + ", got " + actual + " (error " + error + ")");
  }
}
