package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The order of a view of one graph is walked through the graph's own local values and {@link
 * Graph#firstDefinition}, without a key index; every other view by key. Both walks must give the
 * same order: these tests compare a one-graph view with the same graph resolved beside an unrelated
 * graph, which takes the keyed walk.
 */
class LogicalOrderTest {

  /** A graph on another input, which shares nothing with the graphs under test. */
  private static Graph<ScalarOp> unrelated() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    return b.output(b.apply(ScalarOp.EXP, b.input("logical-order-unrelated"))).build();
  }

  private static void assertSameOrder(Graph<ScalarOp> g, List<ValueKey> outputs) {
    LogicalOrder<ScalarOp> single = Graphs.resolve(g).topologicalOrder(outputs);
    LogicalOrder<ScalarOp> keyed = Graphs.resolve(g, unrelated()).topologicalOrder(outputs);
    assertEquals(keyed.size(), single.size(), "operations");
    assertEquals(keyed.valueCount(), single.valueCount(), "values");
    assertEquals(keyed.inputs(), single.inputs(), "inputs");
    for (int k = 0; k < keyed.size(); k++) {
      assertSame(keyed.operationKey(k), single.operationKey(k), "operation " + k);
      assertEquals(keyed.firstValue(k), single.firstValue(k), "first value of operation " + k);
      assertEquals(keyed.operandCount(k), single.operandCount(k));
      for (int j = 0; j < keyed.operandCount(k); j++) {
        assertEquals(keyed.operandValue(k, j), single.operandValue(k, j), "operand " + j + " of " + k);
      }
    }
    for (int i = 0; i < outputs.size(); i++) {
      assertEquals(keyed.outputValue(i), single.outputValue(i), "output " + i);
    }
    for (int v = 0; v < g.valueCount(); v++) {
      ValueKey key = g.valueKey(v);
      assertEquals(keyed.valueOf(key), single.valueOf(key), "value of " + key);
      assertEquals(keyed.ordinalOf(key), single.ordinalOf(key), "ordinal of " + key);
      assertEquals(keyed.inputOrdinalOf(key), single.inputOrdinalOf(key), "input ordinal of " + key);
    }
  }

  @Test
  void aRandomGraphIsOrderedAlikeByBothWalks() {
    Graph<ScalarOp> g = RandDag.generate(3_000, 11).build();
    assertSameOrder(g, g.outputKeys());
  }

  @Test
  void aGraphThatRepeatsKeysIsMergedAlikeByBothWalks() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("logical-order-x");
    ValueRef.Local y = b.input("logical-order-y");
    ValueRef.Local xy1 = b.apply(ScalarOp.MUL, x, y);
    List<ValueRef.Local> sc1 = b.applyMulti(ScalarOp.SIN_COS, xy1);
    ValueRef.Local xy2 = b.apply(ScalarOp.MUL, x, y); // the same key again
    List<ValueRef.Local> sc2 = b.applyMulti(ScalarOp.SIN_COS, xy2);
    // reads the repeats only, so the walk meets them before their first definitions
    ValueRef.Local out = b.apply(ScalarOp.ADD, sc2.get(1), b.apply(ScalarOp.MUL, sc1.get(0), sc2.get(0)));
    Graph<ScalarOp> g = b.output(out).output(sc2.get(0)).output(x).build();
    assertEquals(xy1.id(), g.firstDefinition(xy2.id()));
    assertEquals(sc1.get(1).id(), g.firstDefinition(sc2.get(1).id()));
    assertEquals(sc1.get(0).id(), g.firstDefinition(sc1.get(0).id()));

    LogicalOrder<ScalarOp> order = Graphs.resolve(g).topologicalOrder(g.outputKeys());
    assertEquals(4, order.size(), "Mul, SinCos, Mul, Add: each key once");
    assertSameOrder(g, g.outputKeys());
  }

  @Test
  void aGraphBuiltAgainFindsItsRepeatsByLookup() {
    // every key of the second build existed already, so first definitions are looked up
    Graph<ScalarOp> first = RandDag.generate(500, 3).build();
    Graph<ScalarOp> again = RandDag.generate(500, 3).build();
    for (int v = 0; v < again.valueCount(); v++) {
      assertEquals(again.localValue(again.valueKey(v)), again.firstDefinition(v), "value " + v);
    }
    assertSameOrder(again, again.outputKeys());
    assertSame(first.outputKey(0), again.outputKey(0));
  }

  @Test
  void declaredInputsComeFirstInBothWalks() {
    Graph<ScalarOp> g = RandDag.generate(200, 5).build();
    List<ValueKey.Input> declared = new ArrayList<>();
    for (int i = 3; i >= 0; i--) {
      declared.add(ValueKey.input(i));
    }
    declared.add(ValueKey.input("logical-order-unused"));
    LogicalOrder<ScalarOp> single = LogicalOrder.of(Graphs.resolve(g), declared, g.outputKeys());
    LogicalOrder<ScalarOp> keyed =
        LogicalOrder.of(Graphs.resolve(g, unrelated()), declared, g.outputKeys());
    assertEquals(declared, single.inputs());
    assertEquals(keyed.size(), single.size());
    for (int k = 0; k < single.size(); k++) {
      for (int j = 0; j < single.operandCount(k); j++) {
        assertEquals(keyed.operandValue(k, j), single.operandValue(k, j));
      }
    }
    assertEquals(4, single.inputOrdinalOf(ValueKey.input("logical-order-unused")));
  }

  @Test
  void anUndeclaredInputIsNamedByBothWalks() {
    Graph<ScalarOp> g = RandDag.generate(50, 5).build();
    List<ValueKey.Input> declared = List.of(ValueKey.input(0), ValueKey.input(1));
    GraphException single =
        assertThrows(
            GraphException.class, () -> LogicalOrder.of(Graphs.resolve(g), declared, g.outputKeys()));
    GraphException keyed =
        assertThrows(
            GraphException.class,
            () -> LogicalOrder.of(Graphs.resolve(g, unrelated()), declared, g.outputKeys()));
    assertTrue(single.getMessage().contains("not among the declared inputs"), single.getMessage());
    assertEquals(keyed.getMessage(), single.getMessage());
  }

  @Test
  void anOutputThatIsNotAGraphOutputIsFoundByKey() {
    Graph<ScalarOp> g = RandDag.generate(100, 9).build();
    List<ValueKey> inner = List.of(g.valueKey(40), g.valueKey(2), g.valueKey(70));
    assertSameOrder(g, inner);
    GraphException missing =
        assertThrows(
            GraphException.class,
            () -> Graphs.resolve(g).topologicalOrder(List.of(ValueKey.input("logical-order-none"))));
    assertTrue(missing.getMessage().contains("logical-order-none"), missing.getMessage());
  }

  @Test
  void aDeepChainIsWalkedWithoutRecursion() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef v = b.input("logical-order-deep");
    for (int i = 0; i < 1_000_000; i++) {
      v = b.apply(i % 2 == 0 ? ScalarOp.SIN : ScalarOp.COS, v);
    }
    Graph<ScalarOp> g = b.output(v).build();
    LogicalOrder<ScalarOp> order = Graphs.resolve(g).topologicalOrder(g.outputKeys());
    assertEquals(1_000_000, order.size());
    assertEquals(1_000_000, order.outputValue(0));
  }

  /**
   * A walk hands its presized arrays to the order when they are nearly full (they are sized for
   * every node of the view, plus a little): reading past the order's size must fail, never return
   * what the unused tail holds.
   */
  @Test
  void anOrderReadsNothingPastItsSize() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local v = b.input("logical-order-chain");
    for (int i = 0; i < 100; i++) {
      v = b.apply(i % 2 == 0 ? ScalarOp.SIN : ScalarOp.EXP, v);
    }
    Graph<ScalarOp> g = b.output(v).build();
    for (LogicalOrder<ScalarOp> order :
        List.of(
            Graphs.resolve(g).topologicalOrder(g.outputKeys()),
            Graphs.resolve(g, unrelated()).topologicalOrder(g.outputKeys()))) {
      assertEquals(100, order.size());
      assertSame(g, order.graph(99));
      assertEquals(99, order.ordinalOf(g.outputKeys().get(0)));
      assertEquals(1, order.operandCount(99));
      assertThrows(IndexOutOfBoundsException.class, () -> order.graph(100));
      assertThrows(IndexOutOfBoundsException.class, () -> order.node(100));
      assertThrows(IndexOutOfBoundsException.class, () -> order.operationKey(100));
      assertThrows(IndexOutOfBoundsException.class, () -> order.firstValue(100));
      assertThrows(IndexOutOfBoundsException.class, () -> order.operandCount(100));
      assertThrows(IndexOutOfBoundsException.class, () -> order.operandValue(100, 0));
      assertThrows(IndexOutOfBoundsException.class, () -> order.operandValue(5, 1));
      assertThrows(IndexOutOfBoundsException.class, () -> order.operandValue(5, -1));
    }
    MaterializedGraph<ScalarOp> m =
        Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys());
    assertEquals(100, m.nodeCount());
  }
}
