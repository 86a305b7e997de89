package io.github.tidu4j.primitives.taylor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.TaylorGraph;
import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.InputKey;
import io.github.tidu4j.primitives.scalar.ScalarBuilder;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Taylor mode over the shipped {@code Scalar} set: every primitive's derived expansion against its
 * nested-JVP derivatives to order 5, and Chain100 (bench/README.md) against nested linearize to
 * order 4, with its program size per primal op.
 */
class ScalarTaylorTest {
  private static final Object X = InputKey.user("x");
  private static final ValueKey X_KEY = ValueKey.input(X);

  /** k!·y_k for k = 0..order of f's output along x0 + t. */
  static double[] taylorDerivatives(Graph<ScalarOp> f, double x0, int order) {
    TaylorGraph<ScalarOp> t = AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X_KEY), order);
    List<ValueKey> outs = new ArrayList<>();
    outs.add(t.coefficient(0, 0));
    outs.addAll(t.outputKeys());
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.resolve(t.graph()), outs);
    List<Double> c = Interpreter.eval(p, Map.of(X, x0, t.inputKey(0, 1), 1.0));
    double[] d = new double[order + 1];
    double factorial = 1;
    for (int k = 0; k <= order; k++) {
      factorial *= Math.max(k, 1);
      d[k] = factorial * c.get(k);
    }
    return d;
  }

  /** The order-k derivatives by k nested linearize passes, tangent seeds 1 (0 if it became zero). */
  static double[] nestedDerivatives(Graph<ScalarOp> f, double x0, int order) {
    double[] d = new double[order + 1];
    Graph<ScalarOp> current = f;
    ValueKey out = f.outputKey(0);
    Map<Object, Double> in = new HashMap<>(Map.of(X, x0));
    d[0] = Interpreter.<Double>eval(Graphs.compile(Graphs.resolve(f), List.of(out)), in).get(0);
    for (int k = 1; k <= order; k++) {
      LinearizedGraph<ScalarOp> lin =
          AD.linearize(Graphs.resolve(current), List.of(out), List.of(X_KEY));
      in.put(lin.linearInput(0), 1.0);
      if (lin.isZero(0)) {
        return d; // the rest are zero
      }
      current = lin.graph();
      out = lin.linearOutput(0);
      d[k] = Interpreter.<Double>eval(Graphs.compile(Graphs.resolve(current), List.of(out)), in).get(0);
    }
    return d;
  }

  private static void agrees(String what, Graph<ScalarOp> f, double x0, int order, double tol) {
    double[] taylor = taylorDerivatives(f, x0, order);
    double[] nested = nestedDerivatives(f, x0, order);
    for (int k = 0; k <= order; k++) {
      assertEquals(nested[k], taylor[k], tol * Math.max(1, Math.abs(nested[k])), what + " order " + k);
    }
  }

  private static Graph<ScalarOp> unary(UnaryOperator<ScalarValue> op) {
    ScalarBuilder b = ScalarBuilder.create();
    return b.build(op.apply(b.input(X)));
  }

  /** {@code op(exp(x/2), sin x)}: both operands move. */
  private static Graph<ScalarOp> binary(BinaryOperator<ScalarValue> op) {
    ScalarBuilder b = ScalarBuilder.create();
    ScalarValue x = b.input(X);
    return b.build(op.apply(x.scale(0.5).exp(), x.sin().add(x.scale(3))));
  }

  @Test
  void everyScalarPrimitiveAgreesWithNestedJvpsToOrder5() {
    for (Map.Entry<String, Graph<ScalarOp>> c : primitiveCases().entrySet()) {
      agrees(c.getKey(), c.getValue(), 0.7, 5, 1e-11);
    }
  }

  @Test
  void everyScalarPrimitivePassesTheGradientCheckersTaylorCheckToOrder4() {
    GradientChecker<ScalarOp, Void, Double> checker =
        GradientChecker.of(ScalarDomain.INSTANCE);
    Random random = new Random(7);
    for (Map.Entry<String, Graph<ScalarOp>> c : primitiveCases().entrySet()) {
      if (c.getKey().equals("StopGradient")) {
        continue; // its derivatives are zero by declaration, not its differences
      }
      checker.checkTaylor(CheckedFunction.of(c.getValue()), Map.of(X, 0.7), 4, null, random);
    }
  }

  /** One graph per scalar primitive with rules, applying it to moving operands. */
  private static Map<String, Graph<ScalarOp>> primitiveCases() {
    Map<String, Graph<ScalarOp>> cases = new LinkedHashMap<>();
    cases.put("Add", binary(ScalarValue::add));
    cases.put("Mul", binary(ScalarValue::mul));
    cases.put("Div", binary(ScalarValue::div));
    cases.put("Neg", unary(ScalarValue::neg));
    cases.put("Scale", unary(x -> x.scale(-1.5)));
    cases.put("Recip", unary(ScalarValue::recip));
    cases.put("Exp", unary(ScalarValue::exp));
    cases.put("Log", unary(ScalarValue::log));
    cases.put("Sin", unary(ScalarValue::sin));
    cases.put("Cos", unary(ScalarValue::cos));
    cases.put("Tanh", unary(ScalarValue::tanh));
    cases.put("Sech", unary(ScalarValue::sech));
    cases.put("Sqrt", unary(ScalarValue::sqrt));
    cases.put("Abs", unary(x -> x.neg().abs().mul(x)));
    cases.put("Sign", unary(x -> x.sign().mul(x.sin())));
    cases.put("Max", unary(x -> x.max(x.sin())));
    cases.put("Min", unary(x -> x.min(x.sin())));
    cases.put("Step", unary(x -> x.step(x.sin()).mul(x)));
    cases.put("Constant", unary(x -> x.add(1.5).mul(x)));
    cases.put("Greater", unary(x -> x.greater(x.sin()).mul(x)));
    cases.put("Select", unary(x -> x.sin().add(-0.5).select(x.exp(), x.mul(x))));
    cases.put("Mask", unary(x -> x.mask(true).mul(x.sin()).add(x.mask(false).mul(x))));
    cases.put("Log1p", unary(x -> x.mul(x).log1p()));
    cases.put("Recip1p", unary(x -> x.sin().recip1p()));
    cases.put("Expm1", unary(x -> x.sin().expm1()));
    cases.put("StopGradient", unary(x -> x.stopGradient().mul(x.sin()).add(x)));
    return cases;
  }

  /** Chain100 of bench/README.md: x = 0.3, 100 LCG steps Add(v, x), Mul(v, x), Sin(v), Cos(v). */
  static Graph<ScalarOp> chain100() {
    ScalarBuilder b = ScalarBuilder.create();
    ScalarValue x = b.input(X);
    ScalarValue v = x;
    long s = 42;
    for (int i = 0; i < 100; i++) {
      s = s * 6364136223846793005L + 1442695040888963407L;
      v = switch ((int) ((s >>> 33) % 4)) {
        case 0 -> v.add(x);
        case 1 -> v.mul(x);
        case 2 -> v.sin();
        default -> v.cos();
      };
    }
    return b.build(v);
  }

  @Test
  void chain100AgreesWithNestedLinearizeToOrder4() {
    agrees("Chain100", chain100(), 0.3, 4, 1e-10);
  }

  /**
   * The program of order K holds at most (K+1)(K+2) instructions per primal op: twice the terms of
   * one Cauchy product to order K, since a Sin or Cos step needs the series of both sin v and cos v
   * (measured 3.2, 7.1, 13.7, 22.9 at orders 1–4; nested linearize: 3.2, 8.5, 23.5, 67.4).
   */
  @Test
  void chain100ProgramGrowsAsCauchyProductsNotAsNestedPasses() {
    Graph<ScalarOp> f = chain100();
    for (int order = 1; order <= 8; order++) {
      TaylorGraph<ScalarOp> t = AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X_KEY), order);
      int size = Graphs.compile(Graphs.resolve(t.graph()), t.outputKeys()).instructionCount();
      assertTrue(size / 100.0 <= (order + 1) * (order + 2), "order " + order + ": " + size);
    }
  }
}
