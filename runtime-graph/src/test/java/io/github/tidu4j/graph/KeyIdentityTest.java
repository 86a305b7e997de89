package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.Pipeline;
import io.github.tidu4j.graph.testing.Scale;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeyIdentityTest {
  private static final OperationRole PRIMARY = OperationRole.primary();
  static volatile int sink;

  @Test
  void inputKeysAreCanonicalByValue() {
    ValueKey.Input x = ValueKey.input("x");
    assertSame(x, ValueKey.input(new String("x")));
    assertEquals("x", x.key());
    assertEquals("Input(x)", x.toString());
    assertNotSame(x, ValueKey.input("y"));
    // value semantics of the input key itself: Integer 1 and Long 1 are different keys
    assertNotSame(ValueKey.input(1), ValueKey.input(1L));
    assertSame(ValueKey.input(List.of("tangent", 3)), ValueKey.input(List.of("tangent", 3)));
    assertThrows(NullPointerException.class, () -> ValueKey.input(null));
  }

  @Test
  void sameComputationInTwoGraphsHasIdenticalKeys() {
    Graph<ScalarOp> g1 = sinOfProduct("x", "y");
    Graph<ScalarOp> g2 = sinOfProduct("x", "y");
    assertNotSame(g1, g2);
    assertEquals(g1.valueCount(), g2.valueCount());
    for (int v = 0; v < g1.valueCount(); v++) {
      assertSame(g1.valueKey(v), g2.valueKey(v), "value %" + v);
    }
    for (int n = 0; n < g1.nodeCount(); n++) {
      assertSame(g1.operationKey(n), g2.operationKey(n), "node " + n);
    }
    // and the same as building the keys directly
    OperationKey mul =
        OperationKey.of(ScalarOp.MUL, List.of(ValueKey.input("x"), ValueKey.input("y")), PRIMARY);
    OperationKey sin = OperationKey.of(ScalarOp.SIN, new ValueKey[] {mul.output(0)}, PRIMARY);
    assertSame(sin, g1.operationKey(1));
    assertSame(sin.output(0), g2.outputKey(0));
    assertSame(sin.output(0), sin.output(0));
    assertSame(mul, sin.input(0) instanceof ValueKey.Derived d ? d.operationKey() : null);
    assertEquals(List.of(mul.output(0)), sin.inputs());
    assertEquals(1, sin.inputCount());
    assertSame(ScalarOp.SIN, sin.operation());

    assertNotSame(g1.outputKey(0), sinOfProduct("y", "x").outputKey(0), "operand order matters");
  }

  @Test
  void differentRoleOrMaskGivesADifferentKey() {
    ValueKey a = ValueKey.input("a");
    ValueKey b = ValueKey.input("b");
    List<ValueKey> ab = List.of(a, b);
    OperationKey primary = OperationKey.of(ScalarOp.MUL, ab, PRIMARY);
    OperationKey fixedActive =
        OperationKey.of(ScalarOp.MUL, ab, OperationRole.linearized(ActiveMask.of(false, true)));
    OperationKey activeFixed =
        OperationKey.of(ScalarOp.MUL, ab, OperationRole.linearized(ActiveMask.of(true, false)));
    OperationKey bothActive =
        OperationKey.of(ScalarOp.MUL, ab, OperationRole.linearized(ActiveMask.ofActive(2, 0, 1)));

    Set<Object> distinct = new HashSet<>(List.of(primary, fixedActive, activeFixed, bothActive));
    assertEquals(4, distinct.size());
    assertNotSame(primary, fixedActive);
    assertNotSame(primary.output(0), fixedActive.output(0));
    assertNotEquals(primary.output(0), fixedActive.output(0));
    assertNotSame(fixedActive, activeFixed);

    // equal roles built separately are the same key
    assertSame(
        fixedActive,
        OperationKey.of(
            ScalarOp.MUL, ab, OperationRole.linearized(ActiveMask.ofActive(2, 1))));
    assertSame(primary, OperationKey.of(ScalarOp.MUL, ab, OperationRole.primary()));
  }

  @Test
  void primaryAndLinearizedNodesDoNotAliasWhenMerged() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local a = b.input("a");
    ValueRef.Local x = b.input("x");
    ValueRef.Local primal = b.apply(ScalarOp.MUL, a, x);
    ValueRef.Local linear =
        b.apply(ScalarOp.MUL, OperationRole.linearized(ActiveMask.of(false, true)), a, x);
    Graph<ScalarOp> g = b.output(primal).output(linear).build();

    assertNotSame(g.valueKey(primal.id()), g.valueKey(linear.id()));
    MaterializedGraph<ScalarOp> m = Pipeline.materialize(g);
    assertEquals(2, m.nodeCount(), "a linearized Mul must not be merged into the primal Mul");
    assertNotEquals(m.outputValue(0), m.outputValue(1));
    assertEquals(PRIMARY, m.operationKey(0).role());
    assertTrue(m.operationKey(1).role() instanceof OperationRole.Linearized);
  }

  @Test
  void aSingleOutputKeyIsItsOwnValueKey() {
    OperationKey neg = OperationKey.of(ScalarOp.NEG, List.of(ValueKey.input("x")), PRIMARY);
    assertSame(neg, neg.output(0));
    assertSame(neg, neg.operationKey());
    assertEquals(1, neg.outputCount());
    GraphException e = assertThrows(GraphException.class, () -> neg.output(1));
    assertTrue(e.getMessage().contains("slot 1 does not exist"), e.getMessage());
  }

  @Test
  void outputSlotsAreDistinctKeys() {
    OperationKey sc = OperationKey.of(ScalarOp.SIN_COS, List.of(ValueKey.input("x")), PRIMARY);
    assertNotSame(sc.output(0), sc.output(1));
    assertSame(sc, sc.output(1).operationKey());
    assertSame(sc, sc.output(0), "an operation key is the key of its output 0");
    assertSame(sc, sc.output(0).operationKey());
    assertEquals(0, sc.output(0).slot());
    assertNotEquals(sc.output(0).hashCode(), sc.output(1).hashCode());
    assertSame(sc.output(1), OperationKey.of(ScalarOp.SIN_COS, List.of(ValueKey.input("x")), PRIMARY).output(1));
    assertEquals(1, sc.output(1).slot());
    assertTrue(sc.output(1).toString().endsWith(":1"), sc.output(1).toString());
  }

  @Test
  void recordOperationsWithEqualAttributesGiveTheSameKey() {
    Scale first = new Scale(2.0);
    Scale second = new Scale(2.0);
    assertNotSame(first, second);
    ValueKey x = ValueKey.input("x");
    OperationKey k1 = OperationKey.of(first, List.of(x), PRIMARY);
    OperationKey k2 = OperationKey.of(second, List.of(x), PRIMARY);
    assertSame(k1, k2);
    assertNotSame(k1, OperationKey.of(new Scale(3.0), List.of(x), PRIMARY));
    assertNotSame(k1, OperationKey.of(new Scale(-2.0), List.of(x), PRIMARY));

    // the same through two graphs
    GraphBuilder<Scale> b1 = Graph.builder();
    Graph<Scale> g1 = b1.output(b1.apply(new Scale(2.0), b1.input("x"))).build();
    GraphBuilder<Scale> b2 = Graph.builder();
    Graph<Scale> g2 = b2.output(b2.apply(new Scale(2.0), b2.input("x"))).build();
    assertSame(g1.outputKey(0), g2.outputKey(0));
    assertSame(k1.output(0), g1.outputKey(0));
    MaterializedGraph<Scale> merged =
        Graphs.materializeMerge(
            Graphs.resolve(g1, g2), List.of(g1.outputKey(0), g2.outputKey(0)));
    assertEquals(1, merged.nodeCount());
  }

  @Test
  void keyToStringIsShallow() {
    ValueKey x = ValueKey.input("x");
    OperationKey neg = OperationKey.of(ScalarOp.NEG, List.of(x), PRIMARY);
    OperationKey lin =
        OperationKey.of(
            ScalarOp.MUL,
            List.of(x, neg.output(0)),
            OperationRole.linearized(ActiveMask.of(false, true)));
    assertEquals(String.format("NEG#%08x", neg.hashCode()), neg.toString());
    assertEquals(
        String.format("MUL[linearized[fixed, active]]#%08x", lin.hashCode()), lin.toString());
    // output 0 is the operation key itself, so it prints as the operation
    assertEquals(lin.toString(), lin.output(0).toString());
  }

  @Test
  void deepKeysHashCompareAndPrintInConstantTime() {
    int depth = 1_000_000;
    ValueKey deep = chain("deep-x", depth);
    ValueKey again = chain("deep-x", depth);
    ValueKey other = chain("deep-y", depth);
    assertSame(deep, again, "the same million-deep structure built twice is one instance");
    assertNotSame(deep, other);

    long start = System.nanoTime();
    int mix = 0;
    int equalCount = 0;
    for (int i = 0; i < 1_000_000; i++) {
      mix += deep.hashCode() ^ other.hashCode();
      if (deep.equals(again)) {
        equalCount++;
      }
      if (deep.equals(other)) {
        equalCount--;
      }
    }
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;
    assertEquals(1_000_000, equalCount);
    sink = mix; // keep the loop alive
    assertTrue(elapsedMs < 1_000, "10^6 hash/equals on depth-10^6 keys took " + elapsedMs + " ms");

    Set<ValueKey> set = new HashSet<>();
    set.add(deep);
    assertTrue(set.contains(again));
    assertFalse(set.contains(other));

    String text = deep.toString();
    assertTrue(text.length() < 40, "toString must not walk the ancestry: " + text);
    assertTrue(text.startsWith("SIN#") || text.startsWith("NEG#"), text);
  }

  @Test
  void shapeIsCheckedWhenAKeyIsMade() {
    ValueKey x = ValueKey.input("x");
    GraphException arity =
        assertThrows(
            GraphException.class, () -> OperationKey.of(ScalarOp.ADD, List.of(x), PRIMARY));
    assertTrue(arity.getMessage().contains("ADD"), arity.getMessage());
    GraphException mask =
        assertThrows(
            GraphException.class,
            () ->
                OperationKey.of(
                    ScalarOp.NEG, List.of(x), OperationRole.linearized(ActiveMask.of(true, true))));
    assertTrue(mask.getMessage().contains("NEG"), mask.getMessage());
    GraphException noMask =
        assertThrows(GraphException.class, () -> OperationRole.linearized(null));
    assertTrue(noMask.getMessage().contains("mask"), noMask.getMessage());
  }

  @Test
  void keysFoundThroughTheirFirstOperandsLastUseAreTheCanonicalOnes() {
    // each key remembers the last global key made with it as first operand; interleaving
    // different operations, second operands and roles must never return a wrong one
    ValueKey x = ValueKey.input("last-use-x");
    ValueKey a = ValueKey.input("last-use-a");
    ValueKey b = ValueKey.input("last-use-b");
    OperationKey sinX = OperationKey.of(ScalarOp.SIN, List.of(x), PRIMARY);
    OperationKey negX = OperationKey.of(ScalarOp.NEG, List.of(x), PRIMARY);
    OperationKey xa = OperationKey.of(ScalarOp.MUL, List.of(x, a), PRIMARY);
    OperationKey xb = OperationKey.of(ScalarOp.MUL, List.of(x, b), PRIMARY);
    OperationKey xaLinear =
        OperationKey.of(
            ScalarOp.MUL, List.of(x, a), OperationRole.linearized(ActiveMask.ofBits(2, 0b10)));
    OperationKey xaAdd = OperationKey.of(ScalarOp.ADD, List.of(x, a), PRIMARY);
    assertEquals(6, new HashSet<>(List.of(sinX, negX, xa, xb, xaLinear, xaAdd)).size());
    for (int round = 0; round < 3; round++) {
      assertSame(sinX, OperationKey.of(ScalarOp.SIN, List.of(x), PRIMARY));
      assertSame(sinX, OperationKey.of(ScalarOp.SIN, List.of(x), PRIMARY));
      assertSame(xa, OperationKey.of(ScalarOp.MUL, List.of(x, a), PRIMARY));
      assertSame(xb, OperationKey.of(ScalarOp.MUL, List.of(x, b), PRIMARY));
      assertSame(
          xaLinear,
          OperationKey.of(
              ScalarOp.MUL, List.of(x, a), OperationRole.linearized(ActiveMask.of(false, true))));
      assertSame(xaAdd, OperationKey.of(ScalarOp.ADD, List.of(x, a), PRIMARY));
      assertSame(negX, OperationKey.of(ScalarOp.NEG, List.of(x), PRIMARY));
    }
    // a derived first operand remembers too
    ValueKey s = sinX.output(0);
    OperationKey negS = OperationKey.of(ScalarOp.NEG, List.of(s), PRIMARY);
    assertSame(negS, OperationKey.of(ScalarOp.NEG, List.of(s), PRIMARY));
    assertNotSame(negS, OperationKey.of(ScalarOp.SIN, List.of(s), PRIMARY));
    assertSame(negS, OperationKey.of(ScalarOp.NEG, List.of(s), PRIMARY));
  }

  @Test
  void masksFromBitsAreTheSharedMasks() {
    assertSame(ActiveMask.of(false, true), ActiveMask.ofBits(2, 0b10));
    assertSame(ActiveMask.of(true, true, false), ActiveMask.ofBits(3, 0b011));
    assertEquals(ActiveMask.ofActive(40, 0, 39), ActiveMask.ofBits(40, 1L | 1L << 39));
    assertEquals(ActiveMask.ofActive(64, 63), ActiveMask.ofBits(64, 1L << 63));
    GraphException e = assertThrows(GraphException.class, () -> ActiveMask.ofBits(2, 0b100));
    assertTrue(e.getMessage().contains("2 operands"), e.getMessage());
    assertThrows(GraphException.class, () -> ActiveMask.ofBits(65, 1));
    assertThrows(GraphException.class, () -> ActiveMask.ofBits(-1, 0));
  }

  @Test
  void activeMasksAreValues() {
    ActiveMask m = ActiveMask.of(false, true, true);
    assertEquals(3, m.size());
    assertFalse(m.isActive(0));
    assertTrue(m.isActive(1));
    assertEquals(2, m.activeCount());
    assertEquals(m, ActiveMask.ofActive(3, 2, 1));
    assertEquals(m.hashCode(), ActiveMask.ofActive(3, 1, 2).hashCode());
    assertNotEquals(m, ActiveMask.of(false, true));
    assertNotEquals(ActiveMask.of(false), ActiveMask.of(false, false));
    assertEquals("[fixed, active, active]", m.toString());
    assertThrows(GraphException.class, () -> m.isActive(3));
    assertThrows(GraphException.class, () -> ActiveMask.ofActive(2, 2));

    boolean[] wide = new boolean[130];
    wide[0] = wide[64] = wide[129] = true;
    ActiveMask w = ActiveMask.of(wide);
    assertEquals(3, w.activeCount());
    for (int i = 0; i < 130; i++) {
      assertEquals(wide[i], w.isActive(i), "operand " + i);
    }
    assertEquals(w, ActiveMask.ofActive(130, 129, 64, 0));
    assertNotEquals(w, ActiveMask.ofActive(130, 129, 63, 0));
  }

  /** sin/neg alternating, {@code depth} operations over one input, built key by key. */
  private static ValueKey chain(String input, int depth) {
    ValueKey v = ValueKey.input(input);
    ValueKey[] operand = new ValueKey[1];
    for (int i = 0; i < depth; i++) {
      operand[0] = v;
      v = OperationKey.of(i % 2 == 0 ? ScalarOp.SIN : ScalarOp.NEG, operand, PRIMARY).output(0);
    }
    return v;
  }

  private static Graph<ScalarOp> sinOfProduct(String left, String right) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local l = b.input(left);
    ValueRef.Local r = b.input(right);
    return b.output(b.apply(ScalarOp.SIN, b.apply(ScalarOp.MUL, l, r))).build();
  }
}
