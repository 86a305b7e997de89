package io.github.tidu4j.ad;

import io.github.tidu4j.graph.ValueRef;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.OperationKey;
import io.github.tidu4j.graph.OperationRole;
import io.github.tidu4j.graph.ValueKey;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rule-facing builder: role inference, the fixed-arity {@code apply} overloads (which emit
 * without a varargs array) agreeing with the varargs one, and rejected operands leaving nothing
 * behind.
 */
class PrimitiveBuilderTest {
  private static final ValueRef X = new ValueRef.External(ValueKey.input("pb-x"));
  private static final ValueRef Y = new ValueRef.External(ValueKey.input("pb-y"));

  private static OperationKey keyOf(PrimitiveBuilder<RealOp> b, ValueRef v) {
    GraphBuilder<RealOp> g = b.graphBuilder();
    return ((ValueKey.Derived) g.valueKey(((ValueRef.Local) v).id())).operationKey();
  }

  @Test
  void fixedArityAppliesMakeTheSameKeysAsTheVarargsOne() {
    PrimitiveBuilder<RealOp> fixed = new PrimitiveBuilder<>(4);
    ValueRef dx = fixed.linearInput("pb-dx");
    ValueRef mul = fixed.apply(RealOp.MUL, X, dx);
    ValueRef neg = fixed.apply(RealOp.NEG, mul);

    PrimitiveBuilder<RealOp> varargs = new PrimitiveBuilder<>(4);
    ValueRef dx2 = varargs.linearInput("pb-dx");
    ValueRef mul2 = varargs.apply(RealOp.MUL, new ValueRef[] {X, dx2});
    ValueRef neg2 = varargs.apply(RealOp.NEG, new ValueRef[] {mul2});

    // keys are structural: the same operations on the same input keys are one canonical key
    assertSame(keyOf(varargs, mul2), keyOf(fixed, mul));
    assertSame(keyOf(varargs, neg2), keyOf(fixed, neg));
    assertEquals(
        OperationRole.linearized(ActiveMask.of(false, true)), keyOf(fixed, mul).role());
    assertEquals(2, keyOf(fixed, mul).inputCount());
    assertSame(ValueKey.input("pb-x"), keyOf(fixed, mul).input(0));
  }

  @Test
  void aValueOfAnotherPassIsRefused() {
    PrimitiveBuilder<RealOp> first = new PrimitiveBuilder<>(4);
    ValueRef kept = first.linearInput("pb-kept");
    PrimitiveBuilder<RealOp> b = new PrimitiveBuilder<>(4);
    b.linearInput("pb-dx");
    GraphException e = assertThrows(GraphException.class, () -> b.apply(RealOp.NEG, kept));
    assertEquals(
        RealOp.NEG.name() + " operand 0 is %0 of another graph builder (another pass's, or one of"
            + " a graph being built), not a value of the pass being emitted: a rule emits on the"
            + " values it is given and those it emits",
        e.getMessage());
  }

  @Test
  void rolesAreInferredFromWhichOperandsCarryTangentFlow() {
    PrimitiveBuilder<RealOp> b = new PrimitiveBuilder<>(4);
    ValueRef dx = b.linearInput("pb-dx");
    ValueRef primal = b.apply(RealOp.MUL, X, Y);
    ValueRef linear = b.apply(RealOp.MUL, primal, dx);
    ValueRef both = b.apply(RealOp.ADD, linear, dx);

    assertFalse(b.isLinear(primal));
    assertEquals(OperationRole.primary(), keyOf(b, primal).role());
    assertTrue(b.isLinear(linear));
    assertEquals(
        OperationRole.linearized(ActiveMask.of(false, true)), keyOf(b, linear).role());
    assertEquals(OperationRole.linearized(ActiveMask.of(true, true)), keyOf(b, both).role());
  }

  @Test
  void anAbsentOperandIsRejectedAndLeavesNothingStaged() {
    PrimitiveBuilder<RealOp> b = new PrimitiveBuilder<>(4);
    ValueRef dx = b.linearInput("pb-dx");
    int before = b.valueCount();

    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> b.apply(RealOp.MUL, dx, null));
    assertTrue(e.getMessage().contains("MUL operand 1 is absent"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> b.apply(RealOp.NEG, (ValueRef) null));
    assertEquals(before, b.valueCount());

    // the next node sees only its own operands
    ValueRef neg = b.apply(RealOp.NEG, dx);
    assertEquals(1, keyOf(b, neg).inputCount());
    assertSame(b.graphBuilder().valueKey(((ValueRef.Local) dx).id()), keyOf(b, neg).input(0));
  }

  @Test
  void theWrongNumberOfOperandsNamesTheOperation() {
    PrimitiveBuilder<RealOp> b = new PrimitiveBuilder<>(4);
    ValueRef dx = b.linearInput("pb-dx");
    GraphException unary = assertThrows(GraphException.class, () -> b.apply(RealOp.NEG, dx, dx));
    assertTrue(unary.getMessage().contains("NEG takes 1 input(s) but was given 2"), unary.getMessage());
    GraphException binary = assertThrows(GraphException.class, () -> b.apply(RealOp.MUL, dx));
    assertTrue(binary.getMessage().contains("MUL takes 2 input(s) but was given 1"), binary.getMessage());

    ValueRef sum = b.apply(RealOp.ADD, dx, dx);
    assertEquals(2, keyOf(b, sum).inputCount());
  }

  @Test
  void anOperandOfNoValueIsRejected() {
    PrimitiveBuilder<RealOp> b = new PrimitiveBuilder<>(4);
    GraphException e =
        assertThrows(GraphException.class, () -> b.apply(RealOp.NEG, new ValueRef.Local(7)));
    assertTrue(e.getMessage().contains("local value %7 does not exist"), e.getMessage());
  }

  /** A primitive with two outputs: apply refuses it, applyMulti emits it. */
  enum Split implements Primitive<Split, Void> {
    SPLIT,
    JOIN;

    @Override
    public int inputArity() {
      return this == SPLIT ? 1 : 2;
    }

    @Override
    public int outputArity() {
      return this == SPLIT ? 2 : 1;
    }

    @Override
    public Split add() {
      return JOIN;
    }
  }

  @Test
  void aMultiOutputOperationGoesThroughApplyMulti() {
    PrimitiveBuilder<Split> b = new PrimitiveBuilder<>(4);
    ValueRef dx = b.linearInput("pb-dx");
    GraphException e = assertThrows(GraphException.class, () -> b.apply(Split.SPLIT, dx));
    assertTrue(e.getMessage().contains("SPLIT has 2 outputs; use applyMulti"), e.getMessage());
    assertEquals(1, b.valueCount());

    List<ValueRef> parts = b.applyMulti(Split.SPLIT, dx);
    assertEquals(2, parts.size());
    assertTrue(b.isLinear(parts.get(0)) && b.isLinear(parts.get(1)));
    ValueRef joined = b.apply(Split.JOIN, parts.get(0), parts.get(1));
    assertEquals(3, ((ValueRef.Local) joined).id(), "after dx and the two outputs");
  }

  @Test
  void aCotangentSumIsTheAddOfTwoLinearValuesAndRefusesAnyOther() {
    PrimitiveBuilder<RealOp> b = new PrimitiveBuilder<>(4);
    int da = ((ValueRef.Local) b.linearInput("pb-da")).id();
    int db = ((ValueRef.Local) b.linearInput("pb-db")).id();
    ValueRef viaApply =
        b.apply(RealOp.ADD, new ValueRef.Local(da), new ValueRef.Local(db));
    int sum = b.sumLinear(RealOp.ADD, da, db);
    assertEquals(((ValueRef.Local) viaApply).id(), sum, "a pass emits a structure once");
    assertTrue(b.isLinear(new ValueRef.Local(sum)));

    int primal = ((ValueRef.Local) b.apply(RealOp.MUL, X, Y)).id();
    GraphException e = assertThrows(GraphException.class, () -> b.sumLinear(RealOp.ADD, da, primal));
    assertTrue(e.getMessage().contains("ADD sums cotangents, but %" + primal), e.getMessage());
    assertTrue(
        e.getMessage().contains("%" + primal + ", MUL(pb-x, pb-y), carries no tangent flow"),
        "names the refused value's origin: " + e.getMessage());
    assertThrows(GraphException.class, () -> b.sumLinear(RealOp.ADD, 99, da));
    assertEquals(primal + 1, b.valueCount(), "a refused sum adds nothing");
  }
}
