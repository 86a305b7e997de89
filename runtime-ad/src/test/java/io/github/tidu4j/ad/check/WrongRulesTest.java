package io.github.tidu4j.ad.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.RuleKind;
import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The checker catches wrong rules, at the order and in the mode where they are wrong. */
class WrongRulesTest {
  private static final Map<Object, Double> POINT = Map.of("x", 0.7, "y", 1.9);

  @Test
  void aWrongSignInAJvpIsCaughtByFiniteDifferencesInForwardMode() {
    GradientCheckFailure e = assertThrows(GradientCheckFailure.class, () -> check(unary(WrongRuleOp.SIN_WRONG_SIGN), 1, Set.of(Mode.FWD)));
    assertEquals(1, e.order());
    assertEquals("JVP", e.check());
    // along the tangent t, the finite difference is cos(x)·t and the wrong JVP -cos(x)·t
    assertEquals(-(Double) e.expected(), (Double) e.actual(), 1e-6);
    assertEquals(Tolerance.F64, e.tolerance());
    assertTrue(e.getMessage().startsWith("order 1, JVP: output 0"), e.getMessage());
    // refining the step does not rescue a wrong rule: every step is tried and listed
    assertTrue(e.getMessage().contains("(eps 1.0E-7) by central differences but"), e.getMessage());
    assertTrue(e.getMessage().contains("tolerance |actual - expected| <= 1.0E-5 + 1.0E-5·|expected|"), e.getMessage());
  }

  /** A test run that serializes its failures (a forked test worker) keeps the checker's. */
  @Test
  void aFailureSerializesWithItsOrderCheckAndTolerance() throws Exception {
    GradientCheckFailure e = assertThrows(GradientCheckFailure.class, () -> check(unary(WrongRuleOp.SIN_WRONG_SIGN), 1, Set.of(Mode.FWD)));
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
      out.writeObject(e);
    }
    try (java.io.ObjectInputStream in =
        new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
      GradientCheckFailure read = (GradientCheckFailure) in.readObject();
      assertEquals(e.getMessage(), read.getMessage());
      assertEquals(e.order(), read.order());
      assertEquals(e.check(), read.check());
      assertEquals(Tolerance.F64, read.tolerance());
    }
  }

  @Test
  void aWrongSignInAJvpIsCaughtByTheDotProductTestInReverseMode() {
    // the dot-product test compares with finite differences, not with the (wrong) JVP
    GradientCheckFailure e = assertThrows(GradientCheckFailure.class, () -> check(unary(WrongRuleOp.SIN_WRONG_SIGN), 1, Set.of(Mode.REV)));
    assertEquals(1, e.order());
    assertEquals("VJP", e.check());
    assertTrue(e.getMessage().startsWith("order 1, VJP: the dot-product test fails"), e.getMessage());
  }

  @Test
  void aJvpClaimingAZeroIsCaught() {
    GradientCheckFailure e = assertThrows(GradientCheckFailure.class, () -> check(unary(WrongRuleOp.SIN_ZERO_JVP), 1, Mode.BOTH));
    assertEquals("JVP", e.check());
    assertEquals(0.0, (Double) e.actual());
    assertTrue(e.getMessage().contains("(a symbolic zero)"), e.getMessage());
  }

  @Test
  void aTransposeForgettingAFactorPassesForwardButFailsTheDotProductTest() {
    Graph<WrongRuleOp> g = binary(WrongRuleOp.MUL_LOSSY_TRANSPOSE);
    // the JVP is right, to any order
    check(g, 3, Set.of(Mode.FWD));
    GradientCheckFailure e = assertThrows(GradientCheckFailure.class, () -> check(g, 1, Set.of(Mode.REV)));
    assertEquals(1, e.order());
    assertEquals("VJP", e.check());
    assertTrue(e.getMessage().contains("<J^T ybar, t>"), e.getMessage());
    // with both modes the forward check passes first, then the reverse one fails
    assertEquals("VJP", assertThrows(GradientCheckFailure.class, () -> check(g, 2, Mode.BOTH)).check());
  }

  @Test
  void aWrongRuleOfAPrimitiveUsedOnlyInsideARuleIsWrongOnlyAtSecondOrder() {
    Graph<WrongRuleOp> g = unary(WrongRuleOp.SIN_VIA_BAD_COS);
    check(g, 1, Mode.BOTH);

    GradientCheckFailure both = assertThrows(GradientCheckFailure.class, () -> check(g, 2, Mode.BOTH));
    assertEquals(2, both.order());
    assertEquals("JVP of JVP", both.check());
    assertTrue(both.getMessage().startsWith("order 2, JVP of JVP: output 0"), both.getMessage());

    GradientCheckFailure rev = assertThrows(GradientCheckFailure.class, () -> check(g, 2, Set.of(Mode.REV)));
    assertEquals(2, rev.order());
    assertEquals("VJP of VJP", rev.check());
    assertTrue(rev.getMessage().startsWith("order 2, VJP of VJP: the dot-product test fails"), rev.getMessage());
  }

  /**
   * The search for the failing operation checks every primitive, then every distinct operation,
   * before a second application of one, within its bound: a wrong rule applied once after many
   * applications of correct ones is found first.
   */
  @Test
  void theSearchChecksEveryPrimitiveBeforeASecondApplicationOfOne() {
    GraphBuilder<WrongRuleOp> b = Graph.builder();
    ValueRef v = b.input("x");
    for (int i = 0; i < 300; i++) {
      v = b.apply(WrongRuleOp.SIN, v);
    }
    Graph<WrongRuleOp> g = b.output(b.apply(WrongRuleOp.SIN_WRONG_SIGN, v)).build();
    GradientCheckFailure e = assertThrows(GradientCheckFailure.class, () -> check(g, 1, Mode.BOTH));
    assertEquals("SIN_WRONG_SIGN", e.failingOperation().orElseThrow());

    List<io.github.tidu4j.graph.OperationKey> applications = new java.util.ArrayList<>();
    for (int node = 0; node < g.nodeCount(); node++) {
      applications.add(g.operationKey(node));
    }
    List<io.github.tidu4j.graph.OperationKey> turns = FailingOperations.inTurns(applications);
    assertEquals(FailingOperations.MAX_CHECKS, turns.size());
    assertEquals(WrongRuleOp.SIN, turns.get(0).operation());
    assertEquals(WrongRuleOp.SIN_WRONG_SIGN, turns.get(1).operation());
  }

  /**
   * A failure above first order names the derivative inputs of its point with their passes
   * numbered by appearance, so the same failure reads the same whatever ran before it.
   */
  @Test
  void aFailuresMessageDoesNotDependOnHowManyPassesRanBefore() {
    String first =
        assertThrows(GradientCheckFailure.class,
            () -> check(unary(WrongRuleOp.SIN_VIA_BAD_COS), 2, Set.of(Mode.FWD))).getMessage();
    check(binary(WrongRuleOp.MUL), 3, Mode.BOTH); // passes in between
    String again =
        assertThrows(GradientCheckFailure.class,
            () -> check(unary(WrongRuleOp.SIN_VIA_BAD_COS), 2, Set.of(Mode.FWD))).getMessage();
    assertEquals(first, again);
    assertTrue(first.contains(", d[x]@1="), first);
    assertEquals("{x=1, d[x]@1=2, d[d[x]@1]@2=3, ct[0]@3=4}",
        GradientChecker.passesInOrder("{x=1, d[x]@46=2, d[d[x]@46]@51=3, ct[0]@52=4}"));
  }

  @Test
  void theSameOperationsWithCorrectRulesPass() {
    check(unary(WrongRuleOp.SIN), 3, Mode.BOTH);
    check(unary(WrongRuleOp.COS), 3, Mode.BOTH);
    check(binary(WrongRuleOp.MUL), 3, Mode.BOTH);
  }

  @Test
  void aMissingTransposeRuleSurfacesAsTheTransformsRuleError() {
    Graph<WrongRuleOp> g = unary(WrongRuleOp.TWICE_NO_TRANSPOSE);
    check(g, 2, Set.of(Mode.FWD));
    ADRuleError e = assertThrows(ADRuleError.class, () -> check(g, 1, Set.of(Mode.REV)));
    assertEquals("TWICE_NO_TRANSPOSE", e.primitiveName());
    assertEquals(RuleKind.TRANSPOSE, e.ruleKind());
  }

  @Test
  void aZeroPrimitiveGivingOtherThanZerosIsCaughtWhereADerivativeIsASymbolicZero() {
    GraphBuilder<StepOp> b = Graph.builder();
    Graph<StepOp> g = b.output(b.apply(StepOp.FLOOR, b.input("x"))).build();
    GradientCheckFailure e =
        assertThrows(
            GradientCheckFailure.class,
            () ->
                GradientChecker.check(
                    CheckedFunction.of(g), POINT, ScalarDomain.INSTANCE, 1, Mode.BOTH, null,
                    new Random(11)));
    assertEquals("the zero primitive", e.check());
    assertEquals(1.0, (Double) e.actual());
    assertTrue(e.getMessage().contains("linearOutputs() gives as the set's zero primitive"),
        e.getMessage());
    // the derivative of floor(x) + x is not zero: nothing for the zero primitive to give
    GraphBuilder<StepOp> c = Graph.builder();
    ValueRef.Local x = c.input("x");
    Graph<StepOp> h = c.output(c.apply(StepOp.ADD, c.apply(StepOp.FLOOR, x), x)).build();
    GradientChecker.check(
        CheckedFunction.of(h), POINT, ScalarDomain.INSTANCE, 2, Mode.BOTH, null, new Random(11));
  }

  /**
   * A rule's shortcut for an operand without a tangent runs only when some inputs are not
   * differentiated ({@code grad(f, 0)}): each input is checked alone too, the others held fixed.
   */
  @Test
  void aShortcutForAnOperandWithoutATangentIsCaughtByCheckingEachInputAlone() {
    Graph<WrongRuleOp> g = binary(WrongRuleOp.MUL_PARTIAL_SHORTCUT);
    GradientChecker<WrongRuleOp, Void, Double> checker =
        GradientChecker.<WrongRuleOp, Void, Double>of(ScalarDomain.INSTANCE);
    assertTrue(checker.eachInputAlone());
    checker
        .withEachInputAlone(false)
        .check(CheckedFunction.of(g), POINT, 2, Mode.BOTH, null, new Random(11));
    GradientCheckFailure e =
        assertThrows(
            GradientCheckFailure.class,
            () -> checker.check(CheckedFunction.of(g), POINT, 1, Mode.BOTH, null, new Random(11)));
    assertEquals("JVP", e.check());
    assertTrue(
        e.getMessage()
            .startsWith("order 1, JVP, with respect to x alone (the other inputs held fixed):"),
        e.getMessage());
    // the same operation with a right rule passes every input alone
    checker.check(CheckedFunction.of(binary(WrongRuleOp.MUL)), POINT, 3, Mode.BOTH, null,
        new Random(11));
  }

  /** A function of some of its graph's inputs holds the others at the point's values. */
  @Test
  void aFunctionOfSomeInputsHoldsTheOthersAtThePoint() {
    Graph<WrongRuleOp> mul = binary(WrongRuleOp.MUL);
    CheckedFunction<WrongRuleOp> ofX =
        CheckedFunction.of(List.of(mul), List.of(ValueKey.input("x")), mul.outputKeys());
    GradientChecker.check(ofX, POINT, ScalarDomain.INSTANCE, 2, Mode.BOTH, null, new Random(11));
    Graph<WrongRuleOp> shortcut = binary(WrongRuleOp.MUL_PARTIAL_SHORTCUT);
    GradientCheckFailure e =
        assertThrows(
            GradientCheckFailure.class,
            () ->
                GradientChecker.check(
                    CheckedFunction.of(
                        List.of(shortcut), List.of(ValueKey.input("x")), shortcut.outputKeys()),
                    POINT, ScalarDomain.INSTANCE, 1, Set.of(Mode.FWD), null, new Random(11)));
    assertTrue(e.getMessage().startsWith("order 1, JVP: output 0"), e.getMessage());
  }

  /** A failure of a composition names the operation whose rule fails the same check alone. */
  @Test
  void aFailureNamesTheOperationWhoseRuleFailsAlone() {
    Graph<WrongRuleOp> g = sinTimesOfProduct(WrongRuleOp.SIN_WRONG_SIGN);
    GradientCheckFailure e =
        assertThrows(GradientCheckFailure.class, () -> check(g, 1, Mode.BOTH));
    assertEquals("SIN_WRONG_SIGN", e.failingOperation().orElseThrow());
    assertTrue(e.getMessage().startsWith("order 1, JVP: output 0"), e.getMessage());
    assertTrue(
        e.getMessage()
            .contains(
                "\n  SIN_WRONG_SIGN fails this check alone, applied to inputs of its operands'"
                    + " values here: order 1, JVP: output 0"),
        e.getMessage());
    // at {operand 0 = x·y}: the value its operand has at the point
    assertTrue(e.getMessage().endsWith("at {operand 0=" + (0.7 * 1.9) + "}"), e.getMessage());

    // a rule that is right but NaN at one point (x·y = 0) is blamed, not taken for a kink: a NaN
    // derivative is no convention, though the rule passes at points near it
    Graph<WrongRuleOp> nan = sinTimesOfProduct(WrongRuleOp.SIN_NAN_AT_ZERO);
    GradientCheckFailure nanFailure =
        assertThrows(
            GradientCheckFailure.class,
            () ->
                GradientChecker.check(
                    CheckedFunction.of(nan), Map.of("x", 0.0, "y", 1.9), ScalarDomain.INSTANCE, 1,
                    Set.of(Mode.FWD), null, new Random(11)));
    assertTrue(
        nanFailure.getMessage().contains("SIN_NAN_AT_ZERO fails this check alone, applied to"),
        nanFailure.getMessage());

    // a rule wrong only inside another's derivative: the operation the rule emitted is named
    GradientCheckFailure second =
        assertThrows(
            GradientCheckFailure.class, () -> check(unary(WrongRuleOp.SIN_VIA_BAD_COS), 2, Mode.BOTH));
    assertEquals("JVP of JVP", second.check());
    assertEquals("COS_WRONG_SIGN", second.failingOperation().orElseThrow());

    // a function that is one operation on its inputs: nothing more to name
    GradientCheckFailure single =
        assertThrows(
            GradientCheckFailure.class, () -> check(unary(WrongRuleOp.SIN_WRONG_SIGN), 1, Mode.BOTH));
    assertTrue(single.failingOperation().isEmpty());
    assertTrue(!single.getMessage().contains("alone"), single.getMessage());
  }

  private static void check(Graph<WrongRuleOp> g, int order, Set<Mode> modes) {
    GradientChecker.check(CheckedFunction.of(g), POINT, ScalarDomain.INSTANCE, order, modes, null, new Random(11));
  }

  /** {@code sin(x)·op(x·y)}: {@code op}'s rule inside a composition. */
  private static Graph<WrongRuleOp> sinTimesOfProduct(WrongRuleOp op) {
    GraphBuilder<WrongRuleOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local product = b.apply(WrongRuleOp.MUL, x, y);
    return b.output(b.apply(WrongRuleOp.MUL, b.apply(WrongRuleOp.SIN, x), b.apply(op, product)))
        .build();
  }

  private static Graph<WrongRuleOp> unary(WrongRuleOp op) {
    GraphBuilder<WrongRuleOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    return b.output(b.apply(op, x)).build();
  }

  private static Graph<WrongRuleOp> binary(WrongRuleOp op) {
    GraphBuilder<WrongRuleOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    return b.output(b.apply(op, x, y)).build();
  }
}
