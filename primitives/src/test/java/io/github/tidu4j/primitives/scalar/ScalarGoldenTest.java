package io.github.tidu4j.primitives.scalar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.ad.testing.HigherOrder;
import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.check.Mode;
import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The golden derivatives of the scalar set, each evaluated by the {@link Interpreter}, the
 * generated {@link ScalarEvaluator} and a bytecode program, which must agree bit for bit, and equal
 * the exact value.
 */
class ScalarGoldenTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"F", "R", "FF", "RF", "FR", "RR"})
  void xSquaredDerivatives(String modes) {
    ScalarBuilder b = ScalarBuilder.create();
    ScalarValue x = b.input("x");
    double expected = modes.length() == 1 ? 2 * 1.7 : 2.0;
    assertEquals(expected, derivative(b.build(x.mul(x)), Map.of("x", 1.7), modes), 0.0);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"FF", "RF", "FR", "RR"})
  void expAxSecondDerivative(String modes) {
    assertEquals(4 * Math.exp(1), derivative(expAx(), Map.of("a", 2.0, "x", 0.5), modes), 0.0);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"FFF", "FFR", "FRF", "FRR", "RFF", "RFR", "RRF", "RRR"})
  void expAxThirdDerivativeIsACubedExpAx(String modes) {
    assertEquals(8 * Math.exp(1), derivative(expAx(), Map.of("a", 2.0, "x", 0.5), modes), 0.0);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"FFF", "RRR", "FRF", "RFR", "FFR", "RRF"})
  void xCubedThirdDerivativeIsSix(String modes) {
    ScalarBuilder b = ScalarBuilder.create();
    ScalarValue x = b.input("x");
    assertEquals(6.0, derivative(b.build(x.mul(x).mul(x)), Map.of("x", 1.3), modes), 0.0);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"FFFF", "RRRR", "FRFR", "RFRF", "FFRR", "RRFF"})
  void xFourthFourthDerivativeIsTwentyFour(String modes) {
    ScalarBuilder b = ScalarBuilder.create();
    ScalarValue x = b.input("x");
    ScalarValue x2 = x.mul(x);
    assertEquals(24.0, derivative(b.build(x2.mul(x2)), Map.of("x", 0.7), modes), 0.0);
  }

  /** Every primitive of the set, to second order in both modes, against finite differences. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("unaryAndBinary")
  void everyPrimitivePassesTheGradientCheck(
      String name, BiFunction<ScalarValue, ScalarValue, ScalarValue> body, double x, double y) {
    ScalarBuilder b = ScalarBuilder.create();
    ScalarValue u = b.input("u");
    ScalarValue v = b.input("v");
    Graph<ScalarOp> g = b.build(body.apply(u, v));
    GradientChecker.<ScalarOp, Void, Double>of(ScalarDomain.INSTANCE)
        .withEvaluator(ScalarGoldenTest::prepareAllTiers)
        .check(
            CheckedFunction.of(g),
            Map.of("u", x, "v", y),
            2,
            Mode.BOTH,
            null,
            new Random(name.hashCode()));
  }

  static Stream<Arguments> unaryAndBinary() {
    return Stream.of(
        args("Add", ScalarValue::add, 0.3, -1.2),
        args("Mul", ScalarValue::mul, 0.3, -1.2),
        args("Div", ScalarValue::div, 0.3, -1.2),
        args("Neg", (u, v) -> u.neg().mul(v), 0.3, -1.2),
        args("Recip", (u, v) -> u.recip(), 0.8, 0),
        args("Exp", (u, v) -> u.exp(), 0.3, 0),
        args("Log", (u, v) -> u.log(), 1.3, 0),
        args("Sin", (u, v) -> u.sin(), 0.3, 0),
        args("Cos", (u, v) -> u.cos(), 0.3, 0),
        args("Tanh", (u, v) -> u.tanh(), 0.3, 0),
        args("Sech", (u, v) -> u.sech(), 0.3, 0),
        args("Sqrt", (u, v) -> u.sqrt(), 1.3, 0),
        args("Abs", (u, v) -> u.abs().mul(u), -0.3, 0),
        args("Sign", (u, v) -> u.sign().mul(u.sin()), -0.3, 0),
        args("Step", (u, v) -> u.step(v).mul(u.mul(v)), 0.3, -1.2),
        args("Max", (u, v) -> u.max(v).mul(u), 0.3, -1.2),
        args("Min", (u, v) -> u.min(v).mul(u), 0.3, -1.2),
        args("Constant", (u, v) -> u.add(1.5).mul(u), 0.3, 0),
        args("Greater", (u, v) -> u.greater(v).mul(u.mul(v)), 0.3, -1.2),
        args("Select", (u, v) -> v.select(u.sin(), u.mul(v)), 0.3, -1.2),
        args("Select, other branch", (u, v) -> v.select(u.sin(), u.mul(v)), 0.3, 1.2),
        args("Mask", (u, v) -> v.mask(true).mul(u).add(v.mask(false).mul(u.exp())), 0.3, 1.2),
        args("Log1p", (u, v) -> u.log1p(), 0.3, 0),
        args("Log1p, below 0", (u, v) -> u.log1p(), -0.7, 0),
        args("Recip1p", (u, v) -> u.recip1p(), 0.3, 0),
        args("Expm1", (u, v) -> u.expm1(), -0.3, 0),
        args("sub, composed", (u, v) -> u.add(v.neg()).mul(u).sin().div(v.exp()), 0.4, 0.9));
  }

  private static Arguments args(
      String name, BiFunction<ScalarValue, ScalarValue, ScalarValue> body, double x, double y) {
    return Arguments.of(name, body, x, y);
  }

  // ---- helpers ----

  private static double[] positional(CompiledProgram<ScalarOp> program, Map<Object, Double> bound) {
    double[] inputs = new double[program.inputCount()];
    for (int i = 0; i < inputs.length; i++) {
      inputs[i] = bound.get(program.inputKeys().get(i));
    }
    return inputs;
  }

  private static Graph<ScalarOp> expAx() {
    ScalarBuilder b = ScalarBuilder.create();
    ScalarValue a = b.input("a");
    ScalarValue x = b.input("x");
    return b.build(a.mul(x).exp());
  }

  /**
   * The derivative of {@code f}'s output with respect to {@code x}, of order {@code modes.length()},
   * each level forward ('F', tangent 1) or reverse ('R', cotangent 1), innermost first; only
   * resolve happens between levels. Evaluated by all three tiers, which must agree bit for bit.
   */
  static double derivative(Graph<ScalarOp> f, Map<String, Double> primal, String modes) {
    HigherOrder.Derivative<ScalarOp> d =
        HigherOrder.derivative(f, ValueKey.input("x"), modes);
    Map<Object, Double> named = new HashMap<>();
    primal.forEach((name, value) -> named.put(name, value));
    return prepareAllTiers(List.of(d.graph()), List.of(d.output()))
        .apply(d.bindings(named, 1.0))
        .get(0);
  }

  private static final BytecodeCompiler<ScalarOp> BYTECODE =
      new BytecodeCompiler<>(KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode));

  /**
   * Compiles once; evaluates by the interpreter, the generated {@link ScalarEvaluator} (unboxed)
   * and a bytecode program, and checks the three agree bit for bit.
   */
  static java.util.function.Function<Map<Object, Double>, List<Double>> prepareAllTiers(
      List<Graph<ScalarOp>> roots, List<ValueKey> outputs) {
    CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.resolve(roots), outputs);
    ScalarEvaluator evaluator = new ScalarEvaluator(program);
    BytecodeProgram<ScalarOp> bytecode = BYTECODE.compile(program);
    return bound -> {
      List<Double> interpreted = Interpreter.eval(program, bound);
      double[] unboxed = evaluator.evaluate(bound);
      double[] compiled = bytecode.evaluate(positional(program, bound));
      double[] expected = new double[interpreted.size()];
      for (int i = 0; i < expected.length; i++) {
        expected[i] = interpreted.get(i);
      }
      assertArrayEquals(expected, unboxed, 0.0, "ScalarEvaluator differs from the Interpreter");
      assertArrayEquals(expected, compiled, 0.0, "the bytecode program differs from the Interpreter");
      for (int i = 0; i < expected.length; i++) {
        assertEquals(
            Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(unboxed[i]));
        assertEquals(
            Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(compiled[i]));
      }
      return interpreted;
    };
  }
}
