package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A builder on a scope confined to its own thread (a transform's pass) makes its nodes' keys only
 * when one is asked for, and they are then the very keys an eager builder would have made.
 */
class DeferredKeysTest {
  private static final OperationRole PRIMARY = OperationRole.primary();
  private static final OperationRole LINEAR_BOTH =
      OperationRole.linearized(ActiveMask.of(true, true));
  private static final ValueKey X = ValueKey.input("deferred-test-x");

  private static ValueKey key(Graph<ScalarOp> g, ValueRef.Local v) {
    return g.valueKey(v.id());
  }

  @Test
  void aPassGraphReadsByNodeWithoutKeysAndMakesThemWhenOneIsAskedFor() {
    KeyScope scope = KeyScope.openConfined();
    GraphBuilder<ScalarOp> b = Graph.builder(scope, 8);
    Object dxKey = new Object();
    ValueRef.Local dx = b.input(dxKey);
    ValueRef.Local mul = b.apply(ScalarOp.MUL, dx, new ValueRef.External(X));
    ValueRef.Local sin = b.apply(ScalarOp.SIN, mul);
    List<ValueRef.Local> sinCos = b.applyMulti(ScalarOp.SIN_COS, sin);
    ValueRef.Local exp = b.apply(ScalarOp.EXP, new ValueRef.External(X)); // on no pass value
    Graph<ScalarOp> g = b.output(sinCos.get(1)).build();

    assertEquals(0, scope.size(), "no key made yet");
    OperationKey expKey = OperationKey.of(ScalarOp.EXP, List.of(X), PRIMARY);
    assertSame(expKey, g.operationKey(3), "a node on no pass value has its key from the start");
    assertSame(PRIMARY, g.role(3));
    assertSame(expKey, key(g, exp));
    assertSame(ScalarOp.MUL, g.operation(0));
    assertSame(PRIMARY, g.role(0));
    assertEquals(2, g.nodeOutputCount(2));
    assertEquals(sinCos.get(1).id(), g.nodeOutput(2, 1));
    assertEquals(mul.id(), g.operandLocal(1, 0));
    assertSame(X, g.operandKey(0, 1), "a key the graph reads from elsewhere is at hand");
    assertEquals(sin.id(), g.firstDefinition(sin.id()));
    assertEquals(0, scope.size(), "reading by node makes no key");

    ValueKey out = g.outputKey(0);
    assertEquals(3, scope.size(), "asking for one key made all of them");
    OperationKey mulKey = OperationKey.of(ScalarOp.MUL, List.of(ValueKey.input(dxKey), X), PRIMARY);
    OperationKey sinKey = OperationKey.of(ScalarOp.SIN, List.of(mulKey), PRIMARY);
    OperationKey sinCosKey = OperationKey.of(ScalarOp.SIN_COS, List.of(sinKey), PRIMARY);
    assertSame(mulKey, g.operationKey(0));
    assertSame(sinKey, key(g, sin));
    assertSame(sinCosKey.output(1), out);
    assertEquals(3, scope.size(), "the keys made later are the canonical ones");
    assertEquals(sin.id(), g.localValue(sinKey));
  }

  @Test
  void aRepeatedStructureIsOneValueAndARoleMakesAnother() {
    KeyScope scope = KeyScope.openConfined();
    GraphBuilder<ScalarOp> b = Graph.builder(scope, 8);
    ValueRef.Local dx = b.input(new Object());
    ValueRef.External x = new ValueRef.External(X);
    int users = 4 * KeyScope.USES_PER_ANCHOR; // past a value's list, into the table
    int[] first = new int[users];
    for (int i = 0; i < users; i++) {
      ValueRef c = new ValueRef.External(ValueKey.input("deferred-test-c" + i));
      first[i] = b.add(ScalarOp.MUL, PRIMARY, i % 2 == 0 ? dx : c, i % 2 == 0 ? c : dx);
    }
    for (int i = users - 1; i >= 0; i--) {
      ValueRef c = new ValueRef.External(ValueKey.input("deferred-test-c" + i));
      assertEquals(
          first[i], b.add(ScalarOp.MUL, PRIMARY, i % 2 == 0 ? dx : c, i % 2 == 0 ? c : dx));
    }
    int linear = b.add(ScalarOp.MUL, LINEAR_BOTH, dx, x);
    int primal = b.add(ScalarOp.MUL, PRIMARY, dx, x);
    assertNotEquals(linear, primal, "the role is part of the structure");
    assertEquals(primal, b.add(ScalarOp.MUL, PRIMARY, dx, x));
    assertNotEquals(primal, b.add(ScalarOp.MUL, PRIMARY, x, dx), "operand order matters");
    Graph<ScalarOp> g = b.build();
    assertEquals(users + 3, g.nodeCount());
    assertEquals(1, g.linearizedNodeCount());
    for (int v = 0; v < g.valueCount(); v++) {
      assertEquals(v, g.firstDefinition(v), "no value repeats another");
      assertEquals(v, g.localValue(g.valueKey(v)));
    }
    assertEquals(users + 3, scope.size());
  }

  @Test
  void aKeyAnotherThreadMadeFirstIsTheOneTheGraphGets() throws Exception {
    KeyScope scope = KeyScope.openConfined();
    GraphBuilder<ScalarOp> b = Graph.builder(scope, 8);
    Object dxKey = new Object();
    ValueRef.Local sin = b.apply(ScalarOp.SIN, b.input(dxKey));
    Graph<ScalarOp> g = b.output(sin).build(); // releases the scope
    OperationKey made =
        CompletableFuture.supplyAsync(
                () -> OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input(dxKey)), PRIMARY))
            .get();
    assertSame(made, g.operationKey(0));
    assertEquals(1, scope.size());
  }

  @Test
  void threadsAskingAtOnceGetTheSameKeys() throws Exception {
    KeyScope scope = KeyScope.openConfined();
    GraphBuilder<ScalarOp> b = Graph.builder(scope, 16);
    Object seed = new Object();
    ValueRef v = b.input(seed);
    int n = 5_000;
    for (int i = 0; i < n; i++) {
      v = b.apply(i % 2 == 0 ? ScalarOp.SIN : ScalarOp.EXP, v);
    }
    Graph<ScalarOp> g = b.output(v).build();
    List<ValueKey[]> seen =
        Concurrently.run(
            4,
            thread -> {
              ValueKey[] keys = new ValueKey[n];
              for (int i = 0; i < n; i++) {
                keys[i] = g.valueKey(n - i); // from the end: the last key needs all before it
              }
              return keys;
            });
    for (ValueKey[] keys : seen) {
      for (int i = 0; i < n; i++) {
        assertSame(seen.get(0)[i], keys[i]);
      }
    }
    ValueKey k = ValueKey.input(seed);
    for (int i = 0; i < n; i++) {
      k = OperationKey.of(i % 2 == 0 ? ScalarOp.SIN : ScalarOp.EXP, List.of(k), PRIMARY).output(0);
    }
    assertSame(k, g.outputKey(0));
    assertEquals(n, scope.size());
  }

  @Test
  void anOperandOfANewerScopeMakesTheKeysSoFar() {
    KeyScope older = KeyScope.openConfined();
    GraphBuilder<ScalarOp> b = Graph.builder(older, 8);
    Object dxKey = new Object();
    ValueRef.Local sin = b.apply(ScalarOp.SIN, b.input(dxKey));
    KeyScope newer = KeyScope.open();
    Object otherKey = new Object();
    Graph.<ScalarOp>builder(newer).input(otherKey);
    ValueKey other = ValueKey.input(otherKey);
    ValueRef.Local sum = b.apply(ScalarOp.ADD, sin, new ValueRef.External(other));
    assertEquals(1, older.size(), "the deferred Sin was made to key the Add");
    assertEquals(1, newer.size(), "a key on a newer scope's value belongs to it");
    Graph<ScalarOp> g = b.output(sum).build();
    OperationKey sinKey = OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input(dxKey)), PRIMARY);
    assertSame(sinKey, key(g, sin));
    assertSame(OperationKey.of(ScalarOp.ADD, List.of(sinKey, other), PRIMARY), key(g, sum));
  }

  @Test
  void askingTheBuilderForAKeyMakesTheKeysSoFarAndLaterNodesGetTheirsAtOnce() {
    KeyScope scope = KeyScope.openConfined();
    GraphBuilder<ScalarOp> b = Graph.builder(scope, 8);
    ValueRef.Local dx = b.input(new Object());
    ValueRef.Local sin = b.apply(ScalarOp.SIN, dx);
    ValueKey sinKey = b.valueKey(sin.id());
    assertEquals(1, scope.size());
    ValueRef.Local again = b.apply(ScalarOp.SIN, dx);
    ValueRef.Local exp = b.apply(ScalarOp.EXP, again);
    assertEquals(2, scope.size());
    Graph<ScalarOp> g = b.output(exp).build();
    assertSame(sinKey, key(g, again), "the same structure, the same key");
    assertEquals(sin.id(), g.firstDefinition(again.id()));
  }

  @Test
  void aBadNodeOnADeferredValueIsRefusedAndLeavesNothingBehind() {
    KeyScope scope = KeyScope.openConfined();
    GraphBuilder<ScalarOp> b = Graph.builder(scope, 8);
    ValueRef.Local dx = b.input(new Object());
    ValueRef.Local sin = b.apply(ScalarOp.SIN, dx);
    GraphException e =
        assertThrows(GraphException.class, () -> b.add(ScalarOp.ADD, PRIMARY, sin));
    assertEquals("ADD takes 2 input(s) but was given 1", e.getMessage());
    GraphException mask =
        assertThrows(GraphException.class, () -> b.add(ScalarOp.SIN, LINEAR_BOTH, sin));
    assertEquals(
        "SIN takes 1 input(s) but its linearized role's active mask covers 2", mask.getMessage());
    assertEquals(2, b.valueCount());
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.EXP, sin)).build();
    assertEquals(2, g.nodeCount());
  }

  @Test
  void aMillionDeferredKeysAreMadeWithoutRecursion() {
    KeyScope scope = KeyScope.openConfined();
    int n = 1_000_000;
    GraphBuilder<ScalarOp> b = Graph.builder(scope, n);
    Object seed = new Object();
    ValueRef v = b.input(seed);
    for (int i = 0; i < n; i++) {
      v = b.apply(i % 2 == 0 ? ScalarOp.SIN : ScalarOp.COS, v);
    }
    Graph<ScalarOp> g = b.output(v).build();
    ValueKey last = g.outputKey(0);
    assertEquals(n, scope.size());
    OperationKey key = (OperationKey) last;
    assertSame(ScalarOp.COS, key.operation());
    assertSame(g.valueKey(n - 1), key.input(0));
  }
}
