package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** Keys built on a scope's inputs are interned in the scope, and stay canonical. */
class KeyScopeTest {
  private static final OperationRole PRIMARY = OperationRole.primary();
  /** Created outside any scope, so global even when a scoped builder declares it. */
  private static final ValueKey.Input X = ValueKey.input("scope-test-x");

  /** The key of a new input declared in {@code scope}, so keys built on it are interned there. */
  private static ValueKey newInput(KeyScope scope) {
    Object dx = new Object();
    Graph.<ScalarOp>builder(scope).input(dx);
    return ValueKey.input(dx);
  }

  /** A graph of a new scope: sin(dx · x), with dx new in the scope and x global. */
  private static Graph<ScalarOp> scopedGraph(KeyScope scope, Object dxKey) {
    GraphBuilder<ScalarOp> b = Graph.builder(scope);
    ValueRef.Local dx = b.input(dxKey);
    ValueRef.Local x = b.input("scope-test-x");
    return b.output(b.apply(ScalarOp.SIN, b.apply(ScalarOp.MUL, dx, x))).build();
  }

  @Test
  void keysOnAScopedInputAreInternedInTheScopeAndStayCanonical() {
    KeyScope scope = KeyScope.open();
    Object dx = new Object();
    Graph<ScalarOp> g = scopedGraph(scope, dx);
    assertEquals(2, scope.size(), "Mul and Sin");
    // the same structure built again, in another graph and by OperationKey.of, is the same key
    Graph<ScalarOp> again = scopedGraph(scope, dx);
    assertSame(g.outputKey(0), again.outputKey(0));
    OperationKey mul =
        OperationKey.of(
            ScalarOp.MUL, List.of(ValueKey.input(dx), ValueKey.input("scope-test-x")), PRIMARY);
    assertSame(g.operationKey(0), mul);
    assertEquals(2, scope.size());
    // a key on global inputs only goes to the global table
    assertSame(X, ValueKey.input("scope-test-x"));
    OperationKey global =
        OperationKey.of(ScalarOp.EXP, List.of(ValueKey.input("scope-test-x")), PRIMARY);
    assertEquals(2, scope.size());
    assertSame(global, OperationKey.of(ScalarOp.EXP, List.of(ValueKey.input("scope-test-x")), PRIMARY));
  }

  @Test
  void aKeyOnInputsOfTwoScopesBelongsToTheNewer() {
    KeyScope older = KeyScope.open();
    KeyScope newer = KeyScope.open();
    Graph.<ScalarOp>builder(older).input("older-a");
    ValueKey a = ValueKey.input("older-a");
    GraphBuilder<ScalarOp> b = Graph.builder(newer);
    b.input("newer-b");
    ValueKey bKey = ValueKey.input("newer-b");
    OperationKey sum = OperationKey.of(ScalarOp.ADD, List.of(a, bKey), PRIMARY);
    assertEquals(1, newer.size());
    assertEquals(0, older.size());
    assertSame(sum, OperationKey.of(ScalarOp.ADD, List.of(a, bKey), PRIMARY));
    assertNotSame(sum, OperationKey.of(ScalarOp.ADD, List.of(bKey, a), PRIMARY));
    assertEquals(2, newer.size());
  }

  @Test
  void anInputThatExistedBeforeKeepsItsTable() {
    ValueKey before = ValueKey.input("scope-test-existing");
    KeyScope scope = KeyScope.open();
    GraphBuilder<ScalarOp> b = Graph.builder(scope);
    ValueRef.Local x = b.input("scope-test-existing");
    b.output(b.apply(ScalarOp.EXP, x)).build();
    assertSame(before, b.valueKey(x.id()));
    assertEquals(0, scope.size(), "keys on a global input stay global");
  }

  @Test
  void growingKeepsEveryCanonicalInstance() {
    KeyScope scope = KeyScope.open();
    Object seed = new Object();
    GraphBuilder<ScalarOp> b = Graph.builder(scope);
    ValueRef v = b.input(seed);
    int n = 20_000;
    ValueKey[] chain = new ValueKey[n];
    for (int i = 0; i < n; i++) {
      v = b.apply(ScalarOp.SIN, v);
      chain[i] = b.valueKey(((ValueRef.Local) v).id());
    }
    assertEquals(n, scope.size());
    ValueKey current = ValueKey.input(seed);
    for (int i = 0; i < n; i++) {
      current = OperationKey.of(ScalarOp.SIN, List.of(current), PRIMARY).output(0);
      assertSame(chain[i], current, "key " + i);
    }
    assertEquals(n, scope.size());
  }

  @Test
  void aValueWithMoreUsersThanItsListHoldsKeepsEveryKeyCanonical() {
    KeyScope scope = KeyScope.open();
    Object dxKey = new Object();
    Graph.<ScalarOp>builder(scope).input(dxKey);
    ValueKey dx = ValueKey.input(dxKey);
    int users = 4 * KeyScope.USES_PER_ANCHOR;
    OperationKey[] first = new OperationKey[users];
    for (int i = 0; i < users; i++) {
      // anchored on dx whichever side it is on: its first input of the scope
      ValueKey c = ValueKey.input("scope-test-c" + i);
      first[i] = OperationKey.of(ScalarOp.MUL, List.of(i % 2 == 0 ? dx : c, i % 2 == 0 ? c : dx), PRIMARY);
    }
    assertEquals(users, scope.size());
    for (int i = users - 1; i >= 0; i--) {
      ValueKey c = ValueKey.input("scope-test-c" + i);
      assertSame(
          first[i],
          OperationKey.of(ScalarOp.MUL, List.of(i % 2 == 0 ? dx : c, i % 2 == 0 ? c : dx), PRIMARY),
          "key " + i);
    }
    assertEquals(users, scope.size());
  }

  @Test
  void aKeyNoOneCanReachIsReclaimedWhileItsScopeLives() throws InterruptedException {
    KeyScope scope = KeyScope.open();
    GraphBuilder<ScalarOp> b = Graph.builder(scope);
    ValueRef.Local dx = b.input(new Object());
    WeakReference<ValueKey> sin = new WeakReference<>(b.valueKey(b.apply(ScalarOp.SIN, dx).id()));
    b = null;
    for (int attempt = 0; attempt < 100 && sin.get() != null; attempt++) {
      System.gc();
      Thread.sleep(20);
    }
    assertNull(sin.get(), "the scope does not hold keys that neither a user nor an input reaches");
    assertEquals(1, scope.size());
  }

  @Test
  void aScopeIsReclaimedWithItsKeys() throws InterruptedException {
    WeakReference<KeyScope> scope = new WeakReference<>(KeyScope.open());
    WeakReference<Graph<ScalarOp>> graph =
        new WeakReference<>(scopedGraph(scope.get(), new Object()));
    for (int attempt = 0; attempt < 100 && (scope.get() != null || graph.get() != null); attempt++) {
      System.gc();
      Thread.sleep(20);
    }
    assertNull(graph.get());
    assertNull(scope.get(), "nothing outside the scope's keys holds it");
  }

  @Test
  void threadsInterningTheSameStructuresGetTheSameInstances() throws Exception {
    KeyScope scope = KeyScope.open();
    ValueKey root = newInput(scope);
    int n = 5_000;
    List<ValueKey[]> chains =
        Concurrently.run(
            4,
            thread -> {
              ValueKey[] keys = new ValueKey[n];
              ValueKey k = root;
              for (int i = 0; i < n; i++) {
                k = OperationKey.of(i % 2 == 0 ? ScalarOp.SIN : ScalarOp.EXP, List.of(k), PRIMARY)
                    .output(0);
                keys[i] = k;
              }
              return keys;
            });
    for (ValueKey[] chain : chains) {
      for (int i = 0; i < n; i++) {
        assertSame(chains.get(0)[i], chain[i]);
      }
    }
    assertEquals(n, scope.size());
    Reference.reachabilityFence(root);
  }

  @Test
  void scopesAreOrderedByOpening() {
    KeyScope a = KeyScope.open();
    KeyScope b = KeyScope.open();
    assertSame(b, KeyScope.newer(a, b));
    assertSame(b, KeyScope.newer(b, a));
    assertSame(a, KeyScope.newer(null, a));
    assertNull(KeyScope.newer(null, null));
    assertTrue(b.id() > a.id());
  }

  /** What another thread gets when it makes {@code sin(key)}: the key, or the exception. */
  private static Object sinOnAnotherThread(ValueKey key) throws Exception {
    try {
      return CompletableFuture.supplyAsync(
              () -> OperationKey.of(ScalarOp.SIN, List.of(key), PRIMARY).output(0))
          .get();
    } catch (ExecutionException e) {
      return e.getCause();
    }
  }

  @Test
  void aConfinedScopeRefusesOtherThreadsUntilItsGraphIsBuilt() throws Exception {
    KeyScope scope = KeyScope.openConfined();
    Object dx = new Object();
    GraphBuilder<ScalarOp> b = Graph.builder(scope);
    ValueRef.Local in = b.input(dx);
    ValueRef.Local mul = b.apply(ScalarOp.MUL, in, b.input("scope-test-x"));
    ValueKey mulKey = b.valueKey(mul.id());

    Object refused = sinOnAnotherThread(mulKey);
    IllegalStateException e = assertInstanceOf(IllegalStateException.class, refused);
    assertTrue(e.getMessage().contains(scope + " is confined to thread "), e.getMessage());
    assertThrows(
        IllegalStateException.class,
        () -> {
          try {
            CompletableFuture.runAsync(scope::release).get();
          } catch (ExecutionException x) {
            throw x.getCause();
          }
        },
        "only the confining thread releases");
    assertEquals(1, scope.size(), "the refused key was not made");

    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.SIN, mul)).build();
    // built: released, and every key the owner made is seen, canonical, by another thread
    assertSame(g.outputKey(0), sinOnAnotherThread(mulKey));
    assertEquals(2, scope.size());
    Object exp =
        CompletableFuture.supplyAsync(
                () -> OperationKey.of(ScalarOp.EXP, List.of(mulKey), PRIMARY).output(0))
            .get();
    assertSame(exp, OperationKey.of(ScalarOp.EXP, List.of(mulKey), PRIMARY).output(0));
    assertEquals(3, scope.size());
  }

  @Test
  void anOpenScopeTakesKeysFromAnyThreadAndReleasingItDoesNothing() throws Exception {
    KeyScope scope = KeyScope.open();
    scope.release();
    ValueKey root = newInput(scope);
    Object theirs = sinOnAnotherThread(root); // before any graph of the scope is built
    assertSame(OperationKey.of(ScalarOp.SIN, List.of(root), PRIMARY).output(0), theirs);
    assertEquals(1, scope.size());
  }

  @Test
  void aConfinedScopeReleasedByHandIsOpenToAnyThread() throws Exception {
    KeyScope scope = KeyScope.openConfined();
    ValueKey root = newInput(scope);
    ValueKey mine = OperationKey.of(ScalarOp.SIN, List.of(root), PRIMARY).output(0);
    scope.release();
    assertSame(mine, sinOnAnotherThread(root));
  }
}
