package io.github.tidu4j.primitives.taylor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.TaylorGraph;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.InputKey;
import io.github.tidu4j.primitives.scalar.ScalarBuilder;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The {@code Scalar} set's hand-written Taylor rules (Div, Recip, Exp, Log, Sqrt) against the
 * expansion of their JVP rules ({@link AD#taylorDerived}) to order 8, along a line and along a
 * curve with every coefficient given, with moving and constant operands; and the program each
 * gives, no larger than the derived one.
 */
class ScalarTaylorRulesTest {
  private static final int ORDER = 8;
  private static final Object X = InputKey.user("x");
  private static final ValueKey X_KEY = ValueKey.input(X);
  // an input that does not move: its coefficients are symbolic zeros
  private static final Object C = InputKey.user("c");
  private static final double C_VALUE = 2.5;

  private static Graph<ScalarOp> unary(UnaryOperator<ScalarValue> op) {
    ScalarBuilder b = ScalarBuilder.create();
    return b.build(op.apply(b.input(X)));
  }

  private static Graph<ScalarOp> withConstant(BinaryOperator<ScalarValue> op) {
    ScalarBuilder b = ScalarBuilder.create();
    return b.build(op.apply(b.input(X), b.input(C)));
  }

  /** One case per rule: the primitive on a moving operand, and beside constants. */
  private static Map<String, Graph<ScalarOp>> cases() {
    Map<String, Graph<ScalarOp>> cases = new LinkedHashMap<>();
    cases.put("Div(exp(x/2), sin x + 3x)", unary(x -> x.scale(0.5).exp().div(x.sin().add(x.scale(3)))));
    cases.put("Div(x, c)", withConstant(ScalarValue::div));
    cases.put("Div(c, x)", withConstant((x, c) -> c.div(x)));
    cases.put("Div(x, x)", unary(x -> x.div(x)));
    cases.put("Recip(sin x + c)", withConstant((x, c) -> x.sin().add(c).recip()));
    cases.put("Recip(x)", unary(ScalarValue::recip));
    cases.put("Exp(sin x)", unary(x -> x.sin().exp()));
    cases.put("Exp(1.5x)", unary(x -> x.scale(1.5).exp()));
    cases.put("Log(exp(x) + x)", unary(x -> x.exp().add(x).log()));
    cases.put("Log(x)", unary(ScalarValue::log));
    cases.put("Sqrt(x·x + c)", withConstant((x, c) -> x.mul(x).add(c).sqrt()));
    cases.put("Sqrt(x)", unary(ScalarValue::sqrt));
    cases.put("Log(Sqrt(Recip(x)))", unary(x -> x.recip().sqrt().log()));
    return cases;
  }

  /** Coefficients 0..ORDER of f's output, by the rules or derived, along the path with {@code x}. */
  private static double[] coefficients(
      Graph<ScalarOp> f, double x0, double[] path, boolean rules, boolean curve) {
    TaylorGraph<ScalarOp> t =
        rules
            ? curve
                ? AD.taylorPath(Graphs.resolve(f), f.outputKeys(), List.of(X_KEY), ORDER, null)
                : AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X_KEY), ORDER)
            : AD.taylorDerived(Graphs.resolve(f), f.outputKeys(), List.of(X_KEY), ORDER, null, curve);
    Map<Object, Double> in = new HashMap<>();
    in.put(X, x0);
    if (f.inputKeys().contains(C)) {
      in.put(C, C_VALUE);
    }
    for (int m = 1; m <= (curve ? ORDER : 1); m++) {
      in.put(t.inputKey(0, m), path[m - 1]);
    }
    double[] c = new double[ORDER + 1];
    List<ValueKey> outs = new java.util.ArrayList<>();
    outs.add(t.coefficient(0, 0));
    outs.addAll(t.outputKeys());
    List<Double> values = Interpreter.eval(Graphs.compile(Graphs.resolve(t.graph()), outs), in);
    for (int k = 0; k <= ORDER; k++) {
      c[k] = values.get(k);
    }
    return c;
  }

  private static int programSize(Graph<ScalarOp> f, boolean rules) {
    TaylorGraph<ScalarOp> t =
        AD.taylorDerived(Graphs.resolve(f), f.outputKeys(), List.of(X_KEY), ORDER, null, true);
    if (rules) {
      t = AD.taylorPath(Graphs.resolve(f), f.outputKeys(), List.of(X_KEY), ORDER, null);
    }
    return Graphs.compile(Graphs.resolve(t.graph()), t.outputKeys()).instructionCount();
  }

  @Test
  void everyRuleAgreesWithTheDerivedExpansionToOrder8AlongALineAndACurve() {
    Random random = new Random(11);
    for (Map.Entry<String, Graph<ScalarOp>> c : cases().entrySet()) {
      for (boolean curve : new boolean[] {false, true}) {
        double x0 = 0.4 + random.nextDouble();
        double[] path = new double[ORDER];
        for (int m = 0; m < ORDER; m++) {
          path[m] = random.nextDouble() - 0.5;
        }
        double[] rules = coefficients(c.getValue(), x0, path, true, curve);
        double[] derived = coefficients(c.getValue(), x0, path, false, curve);
        for (int k = 0; k <= ORDER; k++) {
          String what = c.getKey() + (curve ? " along a curve" : " along a line") + ", y_" + k;
          double scale = Math.max(1, Math.abs(derived[k]));
          assertEquals(derived[k], rules[k], 1e-12 * scale, what);
        }
      }
    }
  }

  @Test
  void rulesGiveAProgramNoLargerThanTheDerivedOneAndSmallerForDivisionsLogsAndRoots() {
    for (Map.Entry<String, Graph<ScalarOp>> c : cases().entrySet()) {
      int rules = programSize(c.getValue(), true);
      int derived = programSize(c.getValue(), false);
      assertTrue(rules <= derived, c.getKey() + ": " + rules + " instructions, derived " + derived);
    }
    for (String name : List.of("Div(c, x)", "Recip(x)", "Log(x)", "Sqrt(x)")) {
      Graph<ScalarOp> f = cases().get(name);
      int rules = programSize(f, true);
      int derived = programSize(f, false);
      assertTrue(2 * rules < derived, name + ": " + rules + " instructions, derived " + derived);
    }
  }
}
