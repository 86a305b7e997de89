package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.Run;
import io.github.tidu4j.ad.testing.SeriesOp;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Hand-written Taylor rules ({@link Primitive#taylor}): Taylor mode calls them where a primitive
 * has one, {@link AD#taylorDerived} ignores them, and a rule breaking its contract is an {@link
 * ADRuleError} of kind {@link RuleKind#TAYLOR} naming the primitive and the value.
 */
class TaylorRulesTest {
  private static final ValueKey X = ValueKey.input("x");

  /** {@code op(exp(x), sin x + x)}: both operands move. */
  private static Graph<SeriesOp> binary(SeriesOp op) {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    ValueRef a = b.apply(SeriesOp.EXP, x);
    ValueRef d = b.apply(SeriesOp.ADD, b.apply(SeriesOp.SIN, x), x);
    return b.output(b.apply(op, a, d)).build();
  }

  private static List<Double> coefficientsAlongACurve(TaylorGraph<SeriesOp> t, int order) {
    Map<Object, Double> in = new HashMap<>();
    in.put("x", 0.6);
    for (int m = 1; m <= order; m++) {
      in.put(t.inputKey(0, m), 1.0 / (m + 1));
    }
    return Run.eval(List.of(t.graph()), t.outputKeys(), in);
  }

  @Test
  void aRuledExpansionOnAnotherThreadLeavesNothingThisThreadMustBuildOn() throws Exception {
    // the outputs of a Taylor rule are inputs of the transform's scratch graph, which is never
    // built, so its scope stays confined to the thread that made it: its keys must be its pass's
    // own, or a later transform on another thread would find them and build on them
    Graph<SeriesOp> ruled = binary(SeriesOp.RULED_DIV);
    ResolvedView<SeriesOp> view = Graphs.resolve(ruled);
    List<ValueKey> wrt = List.of(X);
    List<List<Double>> values = new ArrayList<>();
    Thread other =
        new Thread(
            () -> values.add(
                coefficientsAlongACurve(AD.taylorPath(view, ruled.outputKeys(), wrt, 3, null), 3)));
    other.start();
    other.join();
    List<Double> here =
        coefficientsAlongACurve(AD.taylorPath(view, ruled.outputKeys(), wrt, 3, null), 3);
    assertEquals(values.get(0), here);
  }

  @Test
  void aDivisionItsJvpRuleCannotExpandIsExpandedByItsTaylorRule() {
    Graph<SeriesOp> ruled = binary(SeriesOp.RULED_DIV);
    ResolvedView<SeriesOp> view = Graphs.resolve(ruled);
    List<ValueKey> outputs = ruled.outputKeys();
    List<ValueKey> wrt = List.of(X);
    TaylorGraph<SeriesOp> rules = AD.taylorPath(view, outputs, wrt, 8, null);
    ADRuleError derivedFails =
        assertThrows(ADRuleError.class, () -> AD.taylorDerived(view, outputs, wrt, 8, null, true));
    assertEquals("RULED_DIV", derivedFails.primitiveName());
    assertEquals(RuleKind.JVP, derivedFails.ruleKind());

    // the reference: a / b as a · recip(b), which the JVP rules expand
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    ValueRef d = b.apply(SeriesOp.ADD, b.apply(SeriesOp.SIN, x), x);
    Graph<SeriesOp> product =
        b.output(b.apply(SeriesOp.MUL, b.apply(SeriesOp.EXP, x), b.apply(SeriesOp.RECIP, d))).build();
    TaylorGraph<SeriesOp> reference =
        AD.taylorPath(Graphs.resolve(product), product.outputKeys(), wrt, 8, null);
    List<Double> expected = coefficientsAlongACurve(reference, 8);
    List<Double> actual = coefficientsAlongACurve(rules, 8);
    for (int k = 1; k <= 8; k++) {
      double e = expected.get(k - 1);
      assertEquals(e, actual.get(k - 1), 1e-13 * Math.max(1, Math.abs(e)), "q_" + k);
    }
  }

  @Test
  void theDerivedExpansionIgnoresTheRulesAndGivesTheSameValues() {
    GraphBuilder<SeriesOp> g = Graph.builder();
    ValueRef x = g.input("x");
    Graph<SeriesOp> f = g.output(g.apply(SeriesOp.broken(2), x)).build();
    ResolvedView<SeriesOp> view = Graphs.resolve(f);
    List<ValueKey> outputs = f.outputKeys();
    List<ValueKey> wrt = List.of(X);
    // f = broken(x), a primitive whose Taylor rule throws: expanded from its JVP rule instead
    TaylorGraph<SeriesOp> derived = AD.taylorDerived(view, outputs, wrt, 8, null, true);
    List<Double> c = coefficientsAlongACurve(derived, 8);
    GraphBuilder<SeriesOp> h = Graph.builder();
    Graph<SeriesOp> exp = h.output(h.apply(SeriesOp.EXP, h.input("x"))).build();
    List<Double> expected =
        coefficientsAlongACurve(AD.taylorPath(Graphs.resolve(exp), exp.outputKeys(), wrt, 8, null), 8);
    assertEquals(expected, c);
  }

  private static ADRuleError brokenRuleError(int mode) {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    Graph<SeriesOp> f = b.output(b.apply(SeriesOp.broken(mode), b.apply(SeriesOp.SIN, x))).build();
    ADRuleError e =
        assertThrows(ADRuleError.class,
            () -> AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X), 3));
    assertEquals("BROKEN", e.primitiveName());
    assertEquals(RuleKind.TAYLOR, e.ruleKind());
    assertTrue(e.getMessage().contains("Taylor rule of BROKEN"), e.getMessage());
    assertTrue(e.getMessage().contains("(while expanding BROKEN("), e.getMessage());
    return e;
  }

  @Test
  void aRuleReturningTwoCoefficientsForOneOutputIsAnADRuleError() {
    ADRuleError e = brokenRuleError(0);
    assertEquals(ADRuleError.Reason.INVALID_RESULT, e.reason());
    assertTrue(e.getMessage().contains("returned 2 coefficient(s) of order 1, but BROKEN has 1"
        + " output(s)"), e.getMessage());
  }

  @Test
  void aRuleReturningAValueItDidNotEmitIsAnADRuleError() {
    ADRuleError e = brokenRuleError(1);
    assertEquals(ADRuleError.Reason.INVALID_RESULT, e.reason());
    assertTrue(e.getMessage().contains("which it did not emit"), e.getMessage());
  }

  @Test
  void aRuleThatThrowsIsAnADRuleErrorWithTheCause() {
    ADRuleError e = brokenRuleError(2);
    assertEquals(ADRuleError.Reason.RULE_FAILED, e.reason());
    assertTrue(e.getCause() instanceof IllegalStateException, String.valueOf(e.getCause()));
    assertTrue(e.getMessage().contains("no coefficient 1 today"), e.getMessage());
  }

  @Test
  void aRuleOnAConstantOperandIsNotCalled() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    ValueRef c = b.input("c");
    Graph<SeriesOp> f =
        b.output(b.apply(SeriesOp.ADD, x, b.apply(SeriesOp.broken(2), c))).build();
    TaylorGraph<SeriesOp> t = AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X), 3);
    List<Double> values =
        Run.eval(List.of(t.graph()), new ArrayList<>(List.of(t.coefficient(0, 1))),
            Map.of("x", 0.5, "c", 2.0, t.inputKey(0, 1), 1.0));
    assertEquals(List.of(1.0), values);
    assertTrue(t.isZero(0, 2));
  }
}
