package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.OperationKey;
import io.github.tidu4j.graph.OperationRole;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import org.junit.jupiter.api.Test;

class PrimalValuesTest {
  private static final ValueKey X = ValueKey.input("x");
  private static final ValueKey Y = ValueKey.input("y");

  @Test
  void inputsAreExternalValuesOfTheInputKeys() {
    OperationKey mul = OperationKey.of(ScalarOp.MUL, List.of(X, Y), OperationRole.primary());
    List<ValueRef> in = PrimalValues.inputsOf(mul);
    assertEquals(2, in.size());
    assertEquals(new ValueRef.External(X), in.get(0));
    assertEquals(new ValueRef.External(Y), in.get(1));
    assertEquals(List.of(new ValueRef.External(X), new ValueRef.External(Y)), in);
  }

  // a graph of one node, op(x, y) in the given role, reading x and y by key
  private static Graph<ScalarOp> oneNode(ScalarOp op, ActiveMask mask) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    b.output(
        new ValueRef.Local(
            b.add(
                op,
                OperationRole.linearized(mask),
                new ValueRef.External(X),
                new ValueRef.External(Y))));
    return b.build();
  }

  @Test
  void fixedInputsReadActiveOperandsAsAbsent() {
    ActiveMask mask = ActiveMask.of(true, false);
    List<ValueRef> in = PrimalValues.fixedInputsOf(oneNode(ScalarOp.MUL, mask), 0, mask);
    assertEquals(2, in.size());
    assertNull(in.get(0), "the active operand is linear: a transpose rule gets no primal for it");
    assertEquals(new ValueRef.External(Y), in.get(1));
    assertThrows(IndexOutOfBoundsException.class, () -> in.get(2));
  }

  @Test
  void fixedInputsOfAnAllLinearOperationAreAllAbsentAndShared() {
    ActiveMask both = ActiveMask.of(true, true);
    List<ValueRef> in = PrimalValues.fixedInputsOf(oneNode(ScalarOp.ADD, both), 0, both);
    assertEquals(2, in.size());
    assertNull(in.get(0));
    assertNull(in.get(1));
    assertThrows(IndexOutOfBoundsException.class, () -> in.get(2));
    assertThrows(UnsupportedOperationException.class, () -> in.set(0, null));
    assertSame(
        in,
        PrimalValues.fixedInputsOf(oneNode(ScalarOp.MUL, both), 0, both),
        "one list for every all-linear pair");
  }

  @Test
  void outputsAreExternalValuesOfEverySlot() {
    OperationKey sinCos = OperationKey.of(ScalarOp.SIN_COS, List.of(X), OperationRole.primary());
    List<ValueRef> out = PrimalValues.outputsOf(sinCos);
    assertEquals(2, out.size());
    assertSame(sinCos.output(0), ((ValueRef.External) out.get(0)).key());
    assertSame(sinCos.output(1), ((ValueRef.External) out.get(1)).key());
  }

  @Test
  void theListsAreFixedSizeAndReadOnly() {
    OperationKey sin = OperationKey.of(ScalarOp.SIN, List.of(X), OperationRole.primary());
    List<ValueRef> in = PrimalValues.inputsOf(sin);
    assertThrows(IndexOutOfBoundsException.class, () -> in.get(1));
    assertThrows(IndexOutOfBoundsException.class, () -> in.get(-1));
    assertThrows(IndexOutOfBoundsException.class, () -> PrimalValues.outputsOf(sin).get(1));
    assertThrows(UnsupportedOperationException.class, () -> in.set(0, null));
    assertThrows(UnsupportedOperationException.class, () -> in.add(null));
  }
}
