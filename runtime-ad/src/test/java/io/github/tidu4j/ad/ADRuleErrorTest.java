package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.BrokenOp;
import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Missing and broken rules surface as {@link ADRuleError}s naming the primitive and the rule. */
class ADRuleErrorTest {

  private static Graph<BrokenOp> unary(BrokenOp op) {
    GraphBuilder<BrokenOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    return b.output(b.apply(op, x)).build();
  }

  /** {@code op(x, y)}. */
  private static Graph<BrokenOp> binary(BrokenOp op) {
    GraphBuilder<BrokenOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    return b.output(b.apply(op, x, y)).build();
  }

  private static LinearizedGraph<BrokenOp> jvp(Graph<BrokenOp> f) {
    return AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
  }

  @Test
  void missingJvpRuleNamesThePrimitive() {
    ADRuleError e = assertThrows(ADRuleError.class, () -> jvp(unary(BrokenOp.NO_JVP)));
    assertEquals("NO_JVP", e.primitiveName());
    assertEquals(RuleKind.JVP, e.ruleKind());
    assertEquals(ADRuleError.Reason.UNSUPPORTED, e.reason());
    assertTrue(e.getMessage().contains("NO_JVP has no JVP rule"), e.getMessage());
    assertTrue(e.getMessage().endsWith(" (while differentiating NO_JVP(x))"), e.getMessage());
  }

  @Test
  void missingTransposeRuleNamesThePrimitive() {
    LinearizedGraph<BrokenOp> lin = jvp(unary(BrokenOp.NO_TRANSPOSE));
    ADRuleError e = assertThrows(ADRuleError.class, () -> AD.linearTranspose(lin));
    assertEquals("NO_TRANSPOSE", e.primitiveName());
    assertEquals(RuleKind.TRANSPOSE, e.ruleKind());
    assertEquals(ADRuleError.Reason.UNSUPPORTED, e.reason());
    assertTrue(e.getMessage().contains("NO_TRANSPOSE has no transpose rule"), e.getMessage());
    // the linear node its JVP emitted, on the tangent of x in the linearize pass
    String pass = String.valueOf(((TangentKey) lin.linearInput(0)).pass());
    assertTrue(
        e.getMessage().endsWith(" (while transposing NO_TRANSPOSE(d[x]@" + pass + "))"),
        e.getMessage());
  }

  @Test
  void jvpWithTheWrongNumberOfResultsIsInvalid() {
    ADRuleError e = assertThrows(ADRuleError.class, () -> jvp(unary(BrokenOp.WRONG_ARITY)));
    assertEquals("WRONG_ARITY", e.primitiveName());
    assertEquals(RuleKind.JVP, e.ruleKind());
    assertEquals(ADRuleError.Reason.INVALID_RESULT, e.reason());
    assertTrue(e.getMessage().contains("returned 2 result(s) but 1"), e.getMessage());
    assertTrue(e.getMessage().endsWith(" (while differentiating WRONG_ARITY(x))"), e.getMessage());
  }

  @Test
  void transposeWithTheWrongNumberOfResultsIsInvalid() {
    Graph<BrokenOp> f = binary(BrokenOp.SHORT_TRANSPOSE);
    LinearizedGraph<BrokenOp> lin =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x"), ValueKey.input("y")));
    ADRuleError e = assertThrows(ADRuleError.class, () -> AD.linearTranspose(lin));
    assertEquals("SHORT_TRANSPOSE", e.primitiveName());
    assertEquals(RuleKind.TRANSPOSE, e.ruleKind());
    assertTrue(e.getMessage().contains("returned 1 result(s) but 2"), e.getMessage());
  }

  @Test
  void aTransposeGivingItsCotangentToAFixedOperandAndNoneToTheLinearOneIsInvalid() {
    // dropped without a word, this would be a zero gradient (y is fixed: jvp is wrt x alone)
    LinearizedGraph<BrokenOp> lin = jvp(binary(BrokenOp.SWAPPED_TRANSPOSE));
    ADRuleError e = assertThrows(ADRuleError.class, () -> AD.linearTranspose(lin));
    assertEquals("SWAPPED_TRANSPOSE", e.primitiveName());
    assertEquals(RuleKind.TRANSPOSE, e.ruleKind());
    assertEquals(ADRuleError.Reason.INVALID_RESULT, e.reason());
    assertTrue(
        e.getMessage().contains(
            "operand cotangent 1 is given, but operand 1 is fixed here (its cotangent is"
                + " ignored), and the linear operand 0 gets none: return the cotangents in the"
                + " order of the primitive's operands, one per operand"),
        e.getMessage());
  }

  @Test
  void jvpReturningAPrimalValueIsInvalid() {
    ADRuleError e = assertThrows(ADRuleError.class, () -> jvp(unary(BrokenOp.RETURNS_PRIMAL)));
    assertEquals(ADRuleError.Reason.INVALID_RESULT, e.reason());
    assertTrue(e.getMessage().contains("carries no tangent flow"), e.getMessage());
  }

  @Test
  void aLocalValueTheGraphDoesNotHaveIsAnInvalidResult() {
    ADRuleError e =
        assertThrows(ADRuleError.class, () -> jvp(unary(BrokenOp.RETURNS_A_MISSING_LOCAL)));
    assertEquals("RETURNS_A_MISSING_LOCAL", e.primitiveName());
    assertEquals(ADRuleError.Reason.INVALID_RESULT, e.reason());
    assertTrue(
        e.getMessage().contains("output tangent 0 is %1000000, which is no value of the graph"),
        e.getMessage());
  }

  @Test
  void aTangentAnUntypedRuleKeptFromAnEarlierPassIsAnInvalidResult() {
    // the kept tangent is %1 (dx + dx) or %0 (dx) of the first pass, values the second pass's
    // graph has too, and linear: numbers alone would name another pass's value without an error
    for (BrokenOp op : List.of(BrokenOp.KEEPS_ITS_TANGENT, BrokenOp.KEEPS_ITS_TANGENT_INPUT)) {
      BrokenOp.kept = null;
      try {
        jvp(unary(op)); // the first pass returns its own tangent
        ADRuleError e = assertThrows(ADRuleError.class, () -> jvp(unary(op)));
        assertEquals(op.name(), e.primitiveName());
        assertEquals(ADRuleError.Reason.INVALID_RESULT, e.reason());
        assertTrue(
            e.getMessage().contains("output tangent 0 is " + BrokenOp.kept + ", which is no value")
                && e.getMessage().contains("such as one kept from an earlier pass"),
            e.getMessage());
      } finally {
        BrokenOp.kept = null;
      }
    }
  }

  @Test
  void aFixedValueWrappedAsATangentIsRefusedWhereTheRuleEmitsIt() {
    ADRuleError e = assertThrows(ADRuleError.class, () -> jvp(unary(BrokenOp.PRIMAL_AS_TANGENT)));
    assertEquals("PRIMAL_AS_TANGENT", e.primitiveName());
    assertEquals(RuleKind.JVP, e.ruleKind());
    assertEquals(ADRuleError.Reason.RULE_FAILED, e.reason());
    assertTrue(e.getCause() instanceof IllegalArgumentException);
    assertTrue(
        e.getMessage().contains("ADD operand 1 is a Tangent wrapping ext(")
            && e.getMessage().contains("which is not a linear value of the graph being emitted"),
        e.getMessage());
    assertTrue(
        e.getMessage().endsWith(" (while differentiating PRIMAL_AS_TANGENT(x))"), e.getMessage());
  }

  @Test
  void ruleThatThrowsIsReportedWithItsCause() {
    ADRuleError e = assertThrows(ADRuleError.class, () -> jvp(unary(BrokenOp.THROWS)));
    assertEquals("THROWS", e.primitiveName());
    assertEquals(ADRuleError.Reason.RULE_FAILED, e.reason());
    assertTrue(e.getCause() instanceof IllegalStateException);
    assertTrue(e.getMessage().contains("deliberately broken"), e.getMessage());
    assertTrue(e.getMessage().endsWith(" (while differentiating THROWS(x))"), e.getMessage());
    assertTrue(e.getStackTrace().length > 0, "keeps a stack trace");
  }

  @Test
  void inThisThreadIsAnErrorOfItsOwnWithEverythingButTheStackTrace() throws Exception {
    ADRuleError e = assertThrows(ADRuleError.class, () -> jvp(unary(BrokenOp.THROWS)));
    ADRuleError[] other = new ADRuleError[1];
    Thread waiter = new Thread(() -> other[0] = e.inThisThread(), "waiter");
    waiter.start();
    waiter.join();
    ADRuleError own = other[0];
    assertTrue(own != e);
    assertEquals(e.getMessage(), own.getMessage());
    assertEquals(e.primitiveName(), own.primitiveName());
    assertEquals(e.ruleKind(), own.ruleKind());
    assertEquals(e.reason(), own.reason());
    assertSame(e.getCause(), own.getCause(), "the rule's own exception stays the cause");
    assertSame(e, own.getSuppressed()[0], "the thread where the rule ran is seen too");
    assertTrue(
        java.util.Arrays.stream(own.getStackTrace())
            .noneMatch(f -> f.getMethodName().equals("ruleThatThrowsIsReportedWithItsCause")));
  }

  @Test
  void rulesAreNotCalledForInactiveOperations() {
    // NO_JVP applied to an input that is not differentiated: no rule is needed
    GraphBuilder<BrokenOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local c = b.input("c");
    Graph<BrokenOp> f = b.output(b.apply(BrokenOp.ADD, x, b.apply(BrokenOp.NO_JVP, c))).build();
    LinearizedGraph<BrokenOp> lin = jvp(f);
    assertEquals(ValueKey.input(lin.linearInput(0)), lin.linearOutput(0));
  }

  /** Two linear copies of their operand, whose set names a unary accumulator: wrong by design. */
  enum UnaryAccumulatorOp implements Primitive<UnaryAccumulatorOp, Void> {
    COPY,
    ALSO_COPY;

    @Override
    public int inputArity() {
      return 1;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public UnaryAccumulatorOp add() {
      return COPY;
    }

    @Override
    public List<ValueRef> jvp(
        PrimitiveBuilder<UnaryAccumulatorOp> b,
        List<ValueRef> x,
        List<ValueRef> y,
        List<ValueRef> dx,
        Void ctx) {
      return Arrays.asList(b.apply(this, dx.get(0)));
    }

    @Override
    public List<ValueRef> transpose(
        PrimitiveBuilder<UnaryAccumulatorOp> b,
        List<ValueRef> ct,
        List<ValueRef> in,
        ActiveMask mask,
        Void ctx) {
      return Arrays.asList(ct.get(0));
    }
  }

  @Test
  void accumulatorThatIsNotBinaryIsNamedWhenFanOutMustBeSummed() {
    GraphBuilder<UnaryAccumulatorOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<UnaryAccumulatorOp> f =
        b.output(b.apply(UnaryAccumulatorOp.COPY, x))
            .output(b.apply(UnaryAccumulatorOp.ALSO_COPY, x))
            .build();
    LinearizedGraph<UnaryAccumulatorOp> lin =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    ADRuleError e = assertThrows(ADRuleError.class, () -> AD.linearTranspose(lin));
    assertEquals("COPY", e.primitiveName());
    assertEquals(RuleKind.TRANSPOSE, e.ruleKind());
    assertEquals(ADRuleError.Reason.INVALID_RESULT, e.reason());
    assertTrue(
        e.getMessage().contains("must take 2 inputs and give 1 output, but takes 1 and gives 1"),
        e.getMessage());
  }
}
