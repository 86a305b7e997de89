package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ValueDescriptionTest {
  private static final OperationRole PRIMARY = OperationRole.primary();

  private static OperationKey apply(ScalarOp op, ValueKey... inputs) {
    return OperationKey.of(op, List.of(inputs), PRIMARY);
  }

  @Test
  void anInputIsNamedByItsInputKey() {
    assertEquals("x", ValueDescription.of(ValueKey.input("x")));
  }

  @Test
  void aDerivedValueIsTheExpressionComputingIt() {
    ValueKey x = ValueKey.input("x");
    ValueKey y = ValueKey.input("y");
    assertEquals("COS(SIN(x))", ValueDescription.of(apply(ScalarOp.COS, apply(ScalarOp.SIN, x))));
    assertEquals(
        "MUL(SIN(x), ADD(x, y))",
        ValueDescription.of(apply(ScalarOp.MUL, apply(ScalarOp.SIN, x), apply(ScalarOp.ADD, x, y))));
  }

  @Test
  void anOutputOfAMultiOutputOperationNamesItsSlot() {
    OperationKey sinCos = apply(ScalarOp.SIN_COS, ValueKey.input("x"));
    assertEquals("SIN_COS(x):0", ValueDescription.of(sinCos.output(0)));
    assertEquals("SIN_COS(x):1", ValueDescription.of(sinCos.output(1)));
    assertEquals("NEG(SIN_COS(x):1)", ValueDescription.of(apply(ScalarOp.NEG, sinCos.output(1))));
  }

  @Test
  void aLinearizedRoleIsLeftOutAndItsTangentInputNamed() {
    ValueKey x = ValueKey.input("x");
    ValueKey dx = ValueKey.input("dx");
    OperationKey mul =
        OperationKey.of(
            ScalarOp.MUL,
            List.of(apply(ScalarOp.COS, x), dx),
            OperationRole.linearized(ActiveMask.of(false, true)));
    assertEquals("MUL(COS(x), dx)", ValueDescription.of(mul));
  }

  @Test
  void operandsBelowTheDepthBudgetPrintAsAnEllipsis() {
    ValueKey v = ValueKey.input("x");
    for (int i = 0; i < 6; i++) {
      v = apply(ScalarOp.SIN, v);
    }
    assertEquals("SIN(SIN(…))", ValueDescription.of(v, 1, 100));
    assertEquals("SIN(SIN(SIN(SIN(SIN(…)))))", ValueDescription.of(v));
    assertEquals("SIN(SIN(SIN(SIN(SIN(SIN(x))))))", ValueDescription.of(v, 6, 100));
  }

  @Test
  void aLongDescriptionIsCutAtTheLengthBudget() {
    ValueKey v = ValueKey.input("x");
    for (int i = 0; i < 40; i++) {
      v = apply(ScalarOp.ADD, v, ValueKey.input("input number " + i));
    }
    String d = ValueDescription.of(v, 40, 60);
    assertEquals(60, d.length(), d);
    assertTrue(d.startsWith("ADD(ADD(ADD("), d);
    assertTrue(d.endsWith("…"), d);
  }

  @Test
  @Timeout(60)
  void describingTheEndOfAMillionLongChainIsFastAndShort() {
    ValueKey v = ValueKey.input("x");
    for (int i = 0; i < 1_000_000; i++) {
      v = i % 2 == 0 ? apply(ScalarOp.SIN, v) : apply(ScalarOp.ADD, v, ValueKey.input("x"));
    }
    ValueKey last = v;
    long start = System.nanoTime();
    String d = null;
    for (int i = 0; i < 1000; i++) {
      d = ValueDescription.of(last);
    }
    long perCall = (System.nanoTime() - start) / 1000;
    assertEquals("ADD(SIN(ADD(SIN(ADD(…)), x)), x)", d);
    assertTrue(d.length() <= ValueDescription.MAX_LENGTH, d);
    // a bounded walk: a few keys, so microseconds, where walking the chain would take milliseconds
    assertTrue(perCall < 1_000_000, perCall + " ns per description");
  }

  @Test
  void anUndefinedValueIsNamedByItsOriginAndTheGraphHoldingItsOperand() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.SIN, x)).build();
    ResolvedView<ScalarOp> view = Graphs.resolve(g);
    ValueKey cos = apply(ScalarOp.COS, g.outputKey(0));

    GraphException e = assertThrows(GraphException.class, () -> view.site(cos));
    assertEquals(
        "no graph of the view defines COS(SIN(x)) (1 graph(s) resolved; its operand 0, SIN(x),"
            + " is %1 of graph 0 of the view)",
        e.getMessage());
    assertFalse(e.getMessage().contains("#"), e.getMessage());
  }

  @Test
  void anUndefinedOutputOfAMergeIsNamedByItsPositionAndOrigin() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.SIN, x)).build();
    ValueKey neg = apply(ScalarOp.NEG, ValueKey.input("y"));
    for (ResolvedView<ScalarOp> view : List.of(Graphs.resolve(g), Graphs.resolve(g, other()))) {
      GraphException e =
          assertThrows(
              GraphException.class,
              () -> Graphs.materializeMerge(view, List.of(g.outputKey(0), neg)));
      assertTrue(
          e.getMessage().startsWith("no graph of the view defines output 1, NEG(y) ("),
          e.getMessage());
      assertFalse(e.getMessage().contains("#"), e.getMessage());
    }
  }

  @Test
  void aNullOutputKeyIsNamedByItsPosition() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.SIN, b.input("x"))).build();
    java.util.ArrayList<ValueKey> outputs = new java.util.ArrayList<>();
    outputs.add(g.outputKey(0));
    outputs.add(null);
    for (ResolvedView<ScalarOp> view : List.of(Graphs.resolve(g), Graphs.resolve(g, other()))) {
      GraphException e =
          assertThrows(GraphException.class, () -> Graphs.materializeMerge(view, outputs));
      assertEquals("output 1 of 2 is a null key", e.getMessage());
    }
  }

  @Test
  void anUnresolvedExternalIsNamedByItsOriginAndItsUse() {
    ValueKey sinW = apply(ScalarOp.SIN, ValueKey.input("w"));
    GraphBuilder<ScalarOp> b = Graph.builder();
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.NEG, ValueRef.external(sinW))).build();
    GraphException e = assertThrows(GraphException.class, () -> Graphs.resolve(g));
    assertTrue(
        e.getMessage()
            .startsWith(
                "unresolved external reference to SIN(w) in graph 0 of the view (operand 0 of"
                    + " node 0, NEG(SIN(w))): "),
        e.getMessage());
    assertFalse(e.getMessage().contains("#"), e.getMessage());
  }

  /** A graph of its own, so that a view of two graphs takes the general (multi-graph) walk. */
  private static Graph<ScalarOp> other() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    return b.output(b.apply(ScalarOp.COS, b.input("z"))).build();
  }

  @Test
  void listedWritesTheFirstEightItemsAndCountsTheRest() {
    List<Integer> nine = List.of(0, 1, 2, 3, 4, 5, 6, 7, 8);
    assertEquals("[0, 1, 2, 3, 4, 5, 6, 7, ... (9 in all)]", ValueDescription.listed(nine));
    assertEquals("[0, 1, 2, 3, 4, 5, 6, 7]", ValueDescription.listed(nine.subList(0, 8)));
    assertEquals("(0,1)", ValueDescription.listed(List.of(0, 1), "(", ",", ")"));
    assertEquals("[]", ValueDescription.listed(List.of()));
  }
}
