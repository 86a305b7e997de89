package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The context type read from a set's operation class, and the check of a context against it. */
class RuleContextTest {

  /** A base that leaves the context a type variable, bound by the sets extending it. */
  abstract static class Base<P extends Base<P, C>, C> implements Primitive<P, C> {
    @Override
    public int inputArity() {
      return 1;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public String name() {
      return "Leaf";
    }
  }

  /** A set whose context, a {@code StringBuilder}, is bound by its superclass's type argument. */
  static final class Leaf extends Base<Leaf, StringBuilder> {
    @Override
    public Leaf add() {
      return this;
    }

    @Override
    public List<ValueRef> jvp(
        PrimitiveBuilder<Leaf> b,
        List<ValueRef> primalIn,
        List<ValueRef> primalOut,
        List<ValueRef> tangentIn,
        StringBuilder ctx) {
      return tangentIn;
    }
  }

  @Test
  void theContextTypeIsTheTypeArgumentOfPrimitive() {
    assertEquals(Void.class, RuleContext.typeOf(RealOp.class));
    assertEquals(StringBuilder.class, RuleContext.typeOf(Leaf.class));
    // a class that leaves it open takes any context
    assertEquals(Object.class, RuleContext.typeOf(Base.class));
  }

  @Test
  void aContextOfTheSetsTypeIsAccepted() {
    StringBuilder log = new StringBuilder();
    assertSame(log, RuleContext.check(Leaf.class, log, "here"));
  }

  @Test
  void aContextOfAnotherTypeIsRefusedNamingTheSetsType() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RuleContext.check(Leaf.class, 3, "here"));
    assertEquals(
        "here: the context of primitive set " + Leaf.class.getName()
            + " is a java.lang.StringBuilder, but a java.lang.Integer is given",
        e.getMessage());
    IllegalArgumentException none =
        assertThrows(
            IllegalArgumentException.class, () -> RuleContext.check(RealOp.class, "x", "there"));
    assertEquals(
        "there: the primitive set " + RealOp.class.getName() + " declares no context type"
            + " (@PrimitiveSet(context = …)), so its rules take no context, but a"
            + " java.lang.String is given",
        none.getMessage());
    assertThrows(NullPointerException.class, () -> RuleContext.check(Leaf.class, null, "here"));
    assertThrows(IllegalArgumentException.class, () -> RuleContext.typeOf(String.class));
  }

  @Test
  void aMissingContextNamesTheRuleTheContextTypeAndHowToPassOne() {
    ADRuleError e = ADRuleError.missingContext("Clip", RuleKind.TRANSPOSE, StringBuilder.class);
    assertEquals(ADRuleError.Reason.MISSING_CONTEXT, e.reason());
    assertEquals("Clip", e.primitiveName());
    assertEquals(RuleKind.TRANSPOSE, e.ruleKind());
    assertEquals(
        "the transpose rule of Clip takes the rule context java.lang.StringBuilder, but the"
            + " transform was given none; pass one: ScalarAutodiff.withContext(ctx), the context"
            + " overloads of Transforms (jvp(f, ctx, …), grad(f, ctx, …), …), the generated eager"
            + " class's newRuntime(ctx), or the ctx argument of AD.linearize, AD.linearTranspose"
            + " and AD.taylor (a transform passes only its own context, so each of nested"
            + " transforms, grad(grad(f)), is given one)",
        e.getMessage());
  }
}
