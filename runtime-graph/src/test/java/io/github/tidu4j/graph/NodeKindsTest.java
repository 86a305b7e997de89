package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.Scale;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A graph reads each node's operation and role from its kind, a byte per node while the graph has
 * at most 256 distinct (operation, role) pairs and an int past that; a materialized graph numbers
 * roles per kind of each graph it gathers from, and each node's role past 256 distinct roles. In
 * every case the operations, roles and keys read are those the nodes were added with.
 */
class NodeKindsTest {
  private static final OperationRole PRIMARY = OperationRole.primary();
  private static final int MANY = KindNumbering.BYTE_KINDS + 44;

  /** A sum of nine operands, whose linearized roles (one per active mask) number 511. */
  private record Sum9() implements GraphOperation {
    @Override
    public int inputArity() {
      return 9;
    }

    @Override
    public int outputArity() {
      return 1;
    }
  }

  private static OperationRole nineMask(int bits) {
    return OperationRole.linearized(ActiveMask.ofBits(9, bits));
  }

  @Test
  void aNumberingGivesOneKindPerEqualPairAndFreezesThem() {
    KindNumbering kinds = new KindNumbering(16);
    kinds.add(kinds.shapedKind(new Scale(2), PRIMARY, 1));
    kinds.add(kinds.shapedKind(new Scale(2), OperationRole.linearized(ActiveMask.of(true)), 1));
    kinds.add(kinds.shapedKind(new Scale(2), PRIMARY, 1)); // equal, not the same instance
    kinds.add(kinds.shapedKind(ScalarOp.SIN, PRIMARY, 1));
    NodeKinds frozen = kinds.freeze(null);

    assertEquals(3, frozen.kindCount());
    int[] expected = {0, 1, 0, 2};
    for (int node = 0; node < expected.length; node++) {
      assertEquals(expected[node], frozen.kind(node), "node " + node);
    }
    assertSame(ScalarOp.SIN, frozen.operationOf(frozen.kind(3)));
    assertEquals(new Scale(2), frozen.operationOf(frozen.kind(2)));
    assertEquals(OperationRole.linearized(ActiveMask.of(true)), frozen.roleOf(frozen.kind(1)));
    assertNull(frozen.scope());
  }

  @Test
  void aShapeIsCheckedUntilItsPairHasAKindAndARejectedShapeNumbersNone() {
    KindNumbering kinds = new KindNumbering(16);
    OperationRole two = OperationRole.linearized(ActiveMask.of(true, true));
    GraphException mask =
        assertThrows(GraphException.class, () -> kinds.shapedKind(ScalarOp.SIN, two, 1));
    assertTrue(mask.getMessage().contains("active mask covers 2"), mask.getMessage());
    assertEquals(0, kinds.shapedKind(ScalarOp.SIN, PRIMARY, 1));
    assertEquals(0, kinds.shapedKind(ScalarOp.SIN, PRIMARY, 1), "known: no check, same kind");
    GraphException count =
        assertThrows(GraphException.class, () -> kinds.shapedKind(ScalarOp.SIN, PRIMARY, 2));
    assertTrue(count.getMessage().contains("takes 1 input(s) but was given 2"), count.getMessage());
    assertThrows(GraphException.class, () -> kinds.shapedKind(ScalarOp.SIN, two, 1));
    assertEquals(1, kinds.freeze(null).kindCount(), "only the pair that passed has a kind");
  }

  @Test
  void aFrozenNumberingReadsItsNodes() {
    KindNumbering kinds = new KindNumbering(16);
    kinds.add(kinds.shapedKind(ScalarOp.SIN, OperationRole.primary(), 1)); // node 0
    NodeKinds frozen = kinds.freeze(null); // no key deferred
    assertSame(ScalarOp.SIN, frozen.operationOf(frozen.kind(0)));
    assertSame(PRIMARY, frozen.roleOf(frozen.kind(0)));
  }

  @Test
  void aGraphOfFewKindsReadsOperationsAndRolesFromThem() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("kinds-few-x");
    OperationRole linear = OperationRole.linearized(ActiveMask.of(true));
    ValueRef.Local sin = b.apply(ScalarOp.SIN, x);
    ValueRef.Local cos = b.apply(ScalarOp.COS, linear, sin);
    ValueRef.Local sin2 = b.apply(ScalarOp.SIN, linear, cos);
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.SIN, sin2)).build();

    assertEquals(3, g.kindCount(), "sin primary, cos linear, sin linear");
    assertEquals(g.kind(0), g.kind(3));
    ScalarOp[] ops = {ScalarOp.SIN, ScalarOp.COS, ScalarOp.SIN, ScalarOp.SIN};
    OperationRole[] roles = {PRIMARY, linear, linear, PRIMARY};
    for (int node = 0; node < 4; node++) {
      assertSame(ops[node], g.operation(node));
      assertEquals(roles[node], g.role(node));
      assertSame(g.operationKey(node).operation(), g.operation(node));
      assertEquals(g.operationKey(node).role(), g.role(node));
    }
  }

  @Test
  void aGraphOfMoreKindsThanAByteNumbersReadsThemAll() {
    GraphBuilder<Scale> b = Graph.builder();
    ValueRef.Local v = b.input("kinds-many-x");
    for (int i = 0; i < MANY; i++) {
      v = b.apply(new Scale(i), v);
    }
    v = b.apply(new Scale(3), v); // a kind again, past the byte numbers' switch to ints
    Graph<Scale> g = b.output(v).build();

    assertEquals(MANY, g.kindCount());
    for (int node = 0; node < MANY; node++) {
      assertEquals(new Scale(node), g.operation(node));
      assertEquals(node, g.kind(node));
      assertSame(PRIMARY, g.role(node));
    }
    assertEquals(3, g.kind(MANY));
    MaterializedGraph<Scale> m = Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys());
    assertEquals(MANY + 1, m.nodeCount());
    for (int k = 0; k <= MANY; k++) {
      assertEquals(g.operation(k), m.operation(k));
    }
    assertSame(g.outputKey(0), m.outputKeys().get(0), "the materialized keys are the graph's");
  }

  @Test
  void aPassOfMoreKindsThanAByteNumbersMakesItsKeysFromThem() {
    Object dx = new Object();
    List<OperationKey> expected = new ArrayList<>();
    KeyScope scope = KeyScope.openConfined();
    GraphBuilder<Scale> b = Graph.builder(scope, 8);
    ValueRef.Local v = b.input(dx);
    for (int i = 0; i < MANY; i++) {
      v = b.apply(new Scale(i), v);
    }
    Graph<Scale> g = b.output(v).build();
    assertEquals(0, scope.size(), "no key made yet");
    assertEquals(new Scale(MANY - 1), g.operation(MANY - 1));

    ValueKey previous = ValueKey.input(dx);
    for (int i = 0; i < MANY; i++) {
      OperationKey key = OperationKey.of(new Scale(i), List.of(previous), PRIMARY);
      expected.add(key);
      previous = key;
    }
    for (int node = 0; node < MANY; node++) {
      assertSame(expected.get(node), g.operationKey(node));
    }
  }

  @Test
  void aMaterializedGraphOfMoreRolesThanAByteNumbersKeepsEachNodesRole() {
    // two graphs of 200 roles each, 100 shared: numbered per kind for the first, then past 256
    // distinct roles in the second, kept per node from there
    List<Graph<Sum9>> graphs = new ArrayList<>();
    for (int gi = 0; gi < 2; gi++) {
      GraphBuilder<Sum9> b = Graph.builder();
      ValueRef.Local[] in = new ValueRef.Local[9];
      for (int j = 0; j < 9; j++) {
        in[j] = b.input("kinds-roles-" + gi + "-" + j);
      }
      for (int i = 0; i < 200; i++) {
        ValueRef.Local sum = b.apply(new Sum9(), nineMask(1 + gi * 100 + i), in);
        b.output(sum);
      }
      graphs.add(b.build());
    }
    List<ValueKey> outputs = new ArrayList<>(graphs.get(0).outputKeys());
    outputs.addAll(graphs.get(1).outputKeys());
    MaterializedGraph<Sum9> m = Graphs.materializeMerge(Graphs.resolve(graphs), outputs);

    assertEquals(400, m.nodeCount());
    List<ValueKey> keys = m.outputKeys();
    for (int i = 0; i < 400; i++) {
      assertSame(outputs.get(i), keys.get(i), "output " + i + ": its role kept");
      assertEquals(nineMask(1 + (i / 200) * 100 + i % 200), ((OperationKey) keys.get(i)).role());
    }
  }
}
