package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.tidu4j.graph.testing.Scale;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each fast path of the identity core broken on purpose (docs/identity-core.md): with the checks
 * mode on, the next use of it throws naming the invariant; with the checks off on this thread,
 * the same breakage gives a silently wrong answer, which is what the mode is for.
 */
class IdentityCoreChecksTest {
  private static final OperationRole PRIMARY = OperationRole.primary();

  @BeforeEach
  void checksAreOn() {
    assumeTrue(Checks.ENABLED, "run with -Dtidu4j.checks=true (the build does)");
  }

  private static void assertBroken(String invariant, Runnable use) {
    IllegalStateException e = assertThrows(IllegalStateException.class, use::run);
    assertTrue(
        e.getMessage().startsWith("identity-core invariant " + invariant + " "), e.getMessage());
  }

  private static <T> T unchecked(Supplier<T> body) {
    return Checks.withoutChecks(body);
  }

  // ---- breaking tools: state no correct code produces ----

  /** A second, non-canonical instance of {@code key}'s structure, made as interning makes one. */
  private static OperationKey duplicateOf(OperationKey key) throws Exception {
    Method create =
        OperationKey.class.getDeclaredMethod(
            "create",
            GraphOperation.class,
            ValueKey[].class,
            int.class,
            OperationRole.class,
            int.class,
            KeyScope.class);
    create.setAccessible(true);
    ValueKey[] inputs = key.inputs().toArray(new ValueKey[0]);
    return (OperationKey)
        create.invoke(
            null, key.operation(), inputs, inputs.length, key.role(), key.hashCode(), key.scope());
  }

  private static Object field(Object owner, String name) throws Exception {
    Field f = owner.getClass().getDeclaredField(name);
    f.setAccessible(true);
    return f.get(owner);
  }

  /** A key of an input new in {@code scope}, so keys built on it are interned there. */
  private static ValueKey newInput(KeyScope scope) {
    Object dx = new Object();
    Graph.<ScalarOp>builder(scope).input(dx);
    return ValueKey.input(dx);
  }

  // ---- I1 ----

  /** A value for exercising the weak table directly, with a hash the test chooses. */
  private static final class Named extends CanonicalKey {
    final String name;

    Named(String name, int hash) {
      super(hash, 0, null);
      this.name = name;
    }

    static boolean same(Named a, Named b) {
      return a.name.equals(b.name);
    }
  }

  private static Named intern(WeakInterner<Named> interner, String name, int hash) {
    return interner.intern(new Named(name, hash), hash);
  }

  /** A misspelt value turns nothing off silently: {@code -Dtidu4j.checks=yes} is an error. */
  /**
   * The tables the checks recompute for a graph hold its keys, and through them its operations: kept
   * anywhere but on the graph, they would keep a set's classes (and an application's class loader)
   * alive after the graph is gone.
   */
  @Test
  void theChecksTablesOfAGraphGoWithIt() throws InterruptedException {
    Scale op = new Scale(2.5); // an operation only this graph refers to
    WeakReference<Scale> operation = new WeakReference<>(op);
    GraphBuilder<Scale> b = Graph.builder();
    ValueRef.Local y = b.apply(op, b.input("x"));
    Graph<Scale> g = b.output(y).build();
    assertEquals(y.id(), g.localValue(g.valueKey(y.id()))); // checked against the tables
    op = null;
    b = null;
    y = null;
    g = null;
    for (int attempt = 0; attempt < 100 && operation.get() != null; attempt++) {
      System.gc();
      Thread.sleep(10);
    }
    assertEquals(null, operation.get(), "the checks' tables keep the graph's operations");
  }

  @Test
  void theChecksPropertyIsTrueFalseOrUnsetAndAnythingElseIsNamed() {
    assertTrue(Checks.enabled("true"));
    assertTrue(Checks.enabled(" TRUE "));
    assertFalse(Checks.enabled("false"));
    assertFalse(Checks.enabled(null));
    assertFalse(Checks.enabled(""));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Checks.enabled("yes"));
    assertEquals("system property tidu4j.checks = 'yes': expected 'false' or 'true'",
        e.getMessage());
  }

  @Test
  void aWeakTableEntryOutsideTheProbeRunItsHashPicksBreaksI1() {
    WeakInterner<Named> interner = new WeakInterner<>(Named::same);
    Named first = intern(interner, "checks-i1-entry", 0x10);
    // one segment (same high bits), another probe run: as if an entry were filed under a wrong hash
    assertBroken("I1", () -> intern(interner, "checks-i1-entry", 0x11));
    Named unchecked = unchecked(() -> intern(interner, "checks-i1-entry", 0x11));
    assertNotSame(first, unchecked, "two canonical instances of one structure");
  }

  // ---- I10 ----

  @Test
  void aKeyLinkedToAnotherBatchThanItsTableEntryNamesBreaksI10() throws InterruptedException {
    WeakInterner<Named> interner = new WeakInterner<>(Named::same);
    Named first = intern(interner, "checks-i10", 0x20);
    // as if the table had filed the key in one batch and linked it to another: nothing keeps the
    // batch its entry names alive while the key lives
    first.joinBatch(new Object[KeyBatches.SIZE + 1]);
    assertBroken("I10", () -> intern(interner, "checks-i10", 0x20));
    Named again =
        unchecked(
            () -> {
              // the batch the entry names is held by nothing now: the collector clears it
              for (int attempt = 0; attempt < 100 && interner.size() > 0; attempt++) {
                System.gc();
                sleep(20);
              }
              return intern(interner, "checks-i10", 0x20);
            });
    assertNotSame(first, again, "two canonical instances of one structure while the first is held");
    Reference.reachabilityFence(first);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ---- I2 ----

  @Test
  void aLastUseMemoHoldingANonCanonicalKeyBreaksI2() throws Exception {
    ValueKey x = ValueKey.input("checks-i2-x");
    OperationKey canonical = OperationKey.of(ScalarOp.SIN, List.of(x), PRIMARY);
    OperationKey copy = duplicateOf(canonical);
    CanonicalKey.of(x).lastUse = copy;
    assertBroken("I2", () -> OperationKey.of(ScalarOp.SIN, List.of(x), PRIMARY));
    OperationKey unchecked = unchecked(() -> OperationKey.of(ScalarOp.SIN, List.of(x), PRIMARY));
    assertSame(copy, unchecked);
    assertNotSame(canonical, unchecked, "equal structures, unequal keys");
  }

  @Test
  void anOperationKeysMemoAcrossBuildersHoldingANonCanonicalKeyBreaksI2() throws Exception {
    OperationKey x =
        OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input("checks-i2-across")), PRIMARY);
    // cos(x) made by a graph builder, whose batches are not x's: an operation key's memo holds it
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local in = b.input("checks-i2-across");
    OperationKey cos = (OperationKey) b.valueKey(b.apply(ScalarOp.COS, b.apply(ScalarOp.SIN, in)).id());
    assertFalse(KeyBatches.sameFiller(x, cos), "x and cos(x) come from different fillers");
    assertSame(cos, CanonicalKey.of(x).lastUse, "a memo across builders");
    assertSame(cos, OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY), "a valid memo passes");
    OperationKey copy = duplicateOf(cos);
    CanonicalKey.of(x).lastUse = copy;
    assertBroken("I2", () -> OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY));
    OperationKey unchecked = unchecked(() -> OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY));
    assertSame(copy, unchecked, "the memo answers without the table");
    assertNotSame(cos, unchecked, "equal structures, unequal keys");
  }

  @Test
  void aSecondUseSlotHoldingANonCanonicalKeyBreaksI2() throws Exception {
    ValueKey x = OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input("checks-i2-y")), PRIMARY);
    OperationKey cos = OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY);
    OperationKey canonical = OperationKey.of(ScalarOp.NEG, List.of(x), PRIMARY);
    // x's use slots now hold cos(x), the first key made on it, and neg(x): replace the second
    OperationKey copy = duplicateOf(canonical);
    ((OperationKey) x).setNextUse(copy);
    assertSame(cos, OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY), "the first slot hits");
    assertBroken("I2", () -> OperationKey.of(ScalarOp.NEG, List.of(x), PRIMARY));
    OperationKey unchecked = unchecked(() -> OperationKey.of(ScalarOp.NEG, List.of(x), PRIMARY));
    assertSame(copy, unchecked);
    assertNotSame(canonical, unchecked, "equal structures, unequal keys");
  }

  @Test
  void aUseSlotThatForgetsItsKeyBreaksI2() {
    ValueKey x = OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input("checks-i2-z")), PRIMARY);
    OperationKey cos = OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY);
    assertSame(cos, CanonicalKey.of(x).lastUse, "the first key made on x, in its first slot");
    // the slot freed: a key on x that is in no slot while one is free is taken for a new one
    CanonicalKey.of(x).lastUse = null;
    assertBroken("I2", () -> OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY));
    CanonicalKey.of(x).lastUse = null;
    OperationKey unchecked = unchecked(() -> OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY));
    assertNotSame(cos, unchecked, "made again without the table: a second instance");
  }

  @Test
  void anInputKeysMemoHoldingAKeyOfAnotherBuilderBreaksI2() {
    ValueKey x = ValueKey.input("checks-i2-filler");
    // cos(x) made by a graph builder, whose batches are not x's: no memo of the input x may hold it
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local in = b.input("checks-i2-filler");
    OperationKey cos = (OperationKey) b.valueKey(b.apply(ScalarOp.COS, in).id());
    assertNotSame(cos, CanonicalKey.of(x).lastUse, "no memo across builders");
    CanonicalKey.of(x).lastUse = cos;
    assertBroken("I2", () -> OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY));
    // unchecked the memo gives the canonical key, and keeps the builder's batch alive with x
    assertSame(cos, unchecked(() -> OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY)));
  }

  // ---- I3 ----

  @Test
  void aScopedKeyInTheTableWhileItsListIsNotFullBreaksI3() throws Exception {
    KeyScope scope = KeyScope.open();
    ValueKey dx = newInput(scope);
    OperationKey canonical = OperationKey.of(ScalarOp.SIN, List.of(dx), PRIMARY);
    // move the key from its anchor's list (which holds one key, far from full) to the table
    CanonicalKey.of(dx).lastUse = null;
    Method internInTable =
        KeyScope.class.getDeclaredMethod("internInTable", OperationKey.class, int.class);
    internInTable.setAccessible(true);
    internInTable.invoke(scope, canonical, canonical.hashCode());

    assertBroken("I3", () -> OperationKey.of(ScalarOp.SIN, List.of(dx), PRIMARY));
    OperationKey unchecked = unchecked(() -> OperationKey.of(ScalarOp.SIN, List.of(dx), PRIMARY));
    assertNotSame(canonical, unchecked, "the lookup stopped at the list and made a second key");
  }

  // ---- I4 ----

  @Test
  void aDeferredNodeMissingFromItsAnchorsListBreaksI4() throws Exception {
    KeyScope scope = KeyScope.openConfined();
    GraphBuilder<ScalarOp> b = Graph.builder(scope, 8);
    ValueRef.Local dx = b.input(new Object());
    ValueRef.External x = new ValueRef.External(ValueKey.input("checks-i4-x"));
    int first = b.add(ScalarOp.MUL, PRIMARY, dx, x);
    int[] lastUse = (int[]) field(field(b, "deferred"), "lastUse");
    Arrays.fill(lastUse, 0); // the builder forgets which deferred nodes use dx

    assertBroken("I4", () -> b.add(ScalarOp.MUL, PRIMARY, dx, x));
    int second = unchecked(() -> b.add(ScalarOp.MUL, PRIMARY, dx, x));
    assertNotEquals(first, second, "one structure, two nodes");
    Graph<ScalarOp> g = unchecked(b::build);
    assertSame(g.valueKey(first), g.valueKey(second), "... with one key");
    assertEquals(second, (int) unchecked(() -> g.firstDefinition(second)), "each its own first");
  }

  // ---- I5 ----

  @Test
  void aClearedKeyExistedBitBreaksI5() throws Exception {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("checks-i5-x");
    ValueRef.Local first = b.apply(ScalarOp.SIN, x);
    ValueRef.Local again = b.apply(ScalarOp.SIN, x); // the same key: its bit is set
    Graph<ScalarOp> g = b.output(again).build();
    assertEquals(first.id(), g.firstDefinition(again.id()));

    Arrays.fill((long[]) field(g, "keyExisted"), 0L);
    assertBroken("I5", () -> g.firstDefinition(again.id()));
    assertEquals(again.id(), (int) unchecked(() -> g.firstDefinition(again.id())),
        "the repeat claims to be the first definition");
  }

  // ---- I11 ----

  @Test
  void aClaimNotCheckedWhenTheGraphIsBuiltBreaksI5() throws Exception {
    Object x = new Object();
    OperationKey sinKey = OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input(x)), PRIMARY);
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local in = b.input(x);
    ValueRef.Local first = b.apply(ScalarOp.SIN, in);
    Graph.<ScalarOp>builder().apply(ScalarOp.COS, new ValueRef.External(sinKey)); // its hint
    ValueRef.Local again = b.apply(ScalarOp.SIN, in); // claimed a second time
    ((java.util.BitSet) field(b, "claimed")).clear(); // so build() checks no claim
    Graph<ScalarOp> g = b.output(again).build();

    assertBroken("I5", () -> g.firstDefinition(again.id()));
    assertEquals(again.id(), (int) unchecked(() -> g.firstDefinition(again.id())),
        "the repeat claims to be the first definition");
    assertEquals(first.id(), (int) unchecked(() -> g.localValue(sinKey)));
  }

  // ---- I12 ----

  @Test
  void aNodeKindNamingAnotherOperationThanItsKeyBreaksI12() throws Exception {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("checks-i12-x");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.EXP, b.apply(ScalarOp.SIN, x))).build();
    assertEquals(0, g.kind(0));
    assertEquals(1, g.kind(1));

    byte[] kinds = (byte[]) field(field(g, "kinds"), "bytes");
    kinds[1] = 0; // exp's node now has sin's kind
    assertBroken("I12", () -> g.operation(1));
    assertBroken("I12", () -> Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys()));
    assertSame(ScalarOp.SIN, unchecked(() -> g.operation(1)), "unchecked, the exp reads as sin");
    MaterializedGraph<ScalarOp> m =
        unchecked(() -> Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys()));
    assertSame(ScalarOp.SIN, m.operation(1), "unchecked, the materialized graph computes sin(sin x)");
  }

  @Test
  void aKindKeepingAnotherHashThanItsOperationBreaksI12() throws Exception {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("checks-i12-hash-x");
    b.apply(ScalarOp.SIN, x); // numbers sin's kind, with its hash codes
    int[] operationHashes = (int[]) field(field(b, "kinds"), "operationHashes");
    operationHashes[0] ^= 1; // sin's kind now keeps another hash
    assertBroken("I12", () -> b.apply(ScalarOp.SIN, b.apply(ScalarOp.COS, x)));
    ValueRef.Local wrong = unchecked(() -> b.apply(ScalarOp.SIN, b.apply(ScalarOp.COS, x)));
    Graph<ScalarOp> g = b.output(wrong).build();
    // unchecked too: the wrong key is in the global table under another hash, and the check of a
    // lookup finds it when that hash falls in the same segment (about one run in 256: SIN's hash
    // is its identity hash)
    ValueKey sinCos =
        unchecked(
            () ->
                OperationKey.of(
                    ScalarOp.SIN, List.of(g.valueKey(wrong.id() - 1)), OperationRole.primary()));
    assertNotSame(sinCos, g.valueKey(wrong.id()),
        "unchecked, the node's key is a second instance of sin(cos x), not the canonical one");
  }

  // ---- I6 ----

  @Test
  void aViewSitePointingAtAnotherValueBreaksI6() throws Exception {
    List<Graph<ScalarOp>> graphs = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      GraphBuilder<ScalarOp> b = Graph.builder();
      ValueRef.Local x = b.input("checks-i6-x" + i);
      graphs.add(b.output(b.apply(ScalarOp.SIN, x)).build());
    }
    ResolvedView<ScalarOp> view = Graphs.resolve(graphs);
    ValueKey sin = graphs.get(3).outputKey(0);
    assertEquals(1, view.site(sin).value());

    ViewSites sites = (ViewSites) field(view, "sites");
    int x3 = sites.base(3); // value 0 of graph 3: its input
    assertEquals(x3 + 1, sites.site(x3 + 1), "sin(x3), its own site");
    // sin(x3) becomes the one repeat of the view (20 values, one word of bits), of the input x3
    long[] repeats = (long[]) field(sites, "repeats");
    repeats[0] |= 1L << (x3 + 1);
    Field repeatSites = ViewSites.class.getDeclaredField("repeatSites");
    repeatSites.setAccessible(true);
    repeatSites.set(sites, new int[] {x3});
    assertBroken("I6", () -> view.site(sin));
    assertEquals(0, unchecked(() -> view.site(sin)).value(), "the input x3, not sin(x3)");
  }

  @Test
  void anExternalResolvedToAnotherSiteBreaksI6() throws Exception {
    SinThenCos two = SinThenCos.of("checks-i6-external-x");
    ValueRef.Local x = two.x();
    Graph<ScalarOp> g1 = two.sin();
    Graph<ScalarOp> g2 = two.cos();
    // g2, then g1: g2's external 0 is sin(x), value 1 of g1
    ResolvedView<ScalarOp> view = Graphs.resolve(g2);
    ViewSites sites = (ViewSites) field(view, "sites");
    Graph<?>[] graphs = view.graphs().toArray(new Graph<?>[0]);
    int sin = sites.base(1) + g1.outputLocal(0);
    assertEquals(sin, sites.external(0, 0));

    IntChunks externalSites = (IntChunks) field(sites, "externalSites");
    externalSites.set(0, sites.base(1) + x.id()); // g2's external 0 now names the input x
    // what a walk follows unchecked: see aWalkFollowingAnExternalToTheWrongSiteBreaksI7
    assertBroken("I6", () -> GraphChecks.checkExternalSites(sites, graphs));
  }

  // ---- I7 ----

  @Test
  void anOrderWhoseOperandIsAnotherValueBreaksI7() throws Exception {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("checks-i7-x");
    ValueRef.Local y = b.input("checks-i7-y");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.MUL, b.apply(ScalarOp.SIN, x), y)).build();
    LogicalOrder<ScalarOp> order = Graphs.resolve(g).topologicalOrder(g.outputKeys());
    GraphChecks.checkOrder(order);
    int sin = order.operandValue(1, 0);

    IntBlocks operands = (IntBlocks) field(order, "operandValues");
    for (int p = 0; p < operands.size(); p++) {
      if (operands.get(p) == sin) {
        operands.set(p, 0); // Mul now reads the input x where it read sin(x)
      }
    }
    assertBroken("I7", () -> GraphChecks.checkOrder(order));
    assertEquals(0, order.operandValue(1, 0), "unchecked, the order computes x·y");
  }

  @Test
  void aWalkFollowingAnExternalToTheWrongSiteBreaksI7() throws Exception {
    SinThenCos two = SinThenCos.of("checks-i7-walk-x");
    ValueRef.Local x = two.x();
    Graph<ScalarOp> g1 = two.sin();
    Graph<ScalarOp> g2 = two.cos();
    ResolvedView<ScalarOp> view = Graphs.resolve(g2); // g2, then its parent g1
    assertEquals(2, view.topologicalOrder(g2.outputKeys()).size(), "sin, then cos");

    // the walk reads each external's site once, as it starts: name x's where sin(x)'s was
    ViewSites sites = (ViewSites) field(view, "sites");
    IntChunks externalSites = (IntChunks) field(sites, "externalSites");
    externalSites.set(0, sites.base(1) + x.id()); // graph 0's external 0, the first of all
    assertBroken("I7", () -> view.topologicalOrder(g2.outputKeys()));
    LogicalOrder<ScalarOp> order = unchecked(() -> view.topologicalOrder(g2.outputKeys()));
    assertEquals(1, order.size(), "unchecked, the order computes cos(x)");
    assertEquals(ScalarOp.COS, order.operation(0));
    assertEquals(0, order.operandValue(0, 0), "cos reads the input x");
  }

  @Test
  void aMaterializedGraphWhoseOutputsOverlapTheNextOperationsBreaksI7() throws Exception {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("checks-i7-span-x");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.COS, b.apply(ScalarOp.SIN, x))).build();
    MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys());
    assertEquals(2, Graphs.compile(m).slotCount(), "x, then sin(x) in one slot, cos in x's");

    int[] firstOutput = m.firstOutputArray(); // the array compile reads, made on first use
    assertEquals(2, firstOutput[1]);
    firstOutput[1] = 3; // compile now reads sin as giving values 1 and 2, cos none
    assertBroken("I7", () -> Graphs.compile(m));
    assertEquals(3, unchecked(() -> Graphs.compile(m)).slotCount(),
        "unchecked, compile gives sin a second slot");
  }

  // ---- I9 ----

  @Test
  void aProducerEntryNamingTheWrongNodeBreaksI9() throws Exception {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("checks-i9-x");
    ValueRef.Local sin = b.apply(ScalarOp.SIN, x);
    ValueRef.Local cos = b.apply(ScalarOp.COS, sin);
    Graph<ScalarOp> g = b.output(cos).build();
    int sinNode = g.producer(sin.id());
    assertEquals(1, g.nodeOutputCount(sinNode));

    ((int[]) field(g, "producer"))[cos.id()] = sinNode; // cos(sin x)'s value now says sin made it
    assertBroken("I9", () -> g.nodeOutputCount(sinNode));
    assertEquals(2, (int) unchecked(() -> g.nodeOutputCount(sinNode)),
        "sin claims cos(sin x) as its second output");
  }

  @Test
  void anOrderOfOneGraphKeepingASecondOutputForAFirstValueBreaksI9() throws Exception {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("checks-i9-order-x");
    List<ValueRef.Local> sinCos = b.applyMulti(ScalarOp.SIN_COS, x);
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.MUL, sinCos.get(0), sinCos.get(1))).build();
    LogicalOrder<ScalarOp> order = Graphs.resolve(g).topologicalOrder(g.outputKeys());
    assertEquals(ScalarOp.SIN_COS, order.operation(0));
    assertEquals(sinCos.get(0).id(), order.graphFirstValue(0));

    // cos x, not the node's first value (the order's nodes are blocks: the first holds them all)
    ((int[]) field(field(order, "nodes"), "first"))[0] = sinCos.get(1).id();
    assertBroken("I9", () -> GraphChecks.checkOrder(order));
    assertThrows(ClassCastException.class, () -> unchecked(() -> order.operationKey(0)),
        "unchecked, the order reads cos x's key as sin_cos's operation key");
  }

  @Test
  void aProducerEntryNamingTheNextNodeBreaksI9ForAWalkFindingItsFirstValue() throws Exception {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("checks-i9-first-x");
    ValueRef.Local sin = b.apply(ScalarOp.SIN, x);
    ValueRef.Local cos = b.apply(ScalarOp.COS, sin);
    Graph<ScalarOp> g = b.output(cos).build();
    int cosNode = g.producer(cos.id());
    assertEquals(cos.id(), g.firstValueFrom(cosNode, cos.id()));

    ((int[]) field(g, "producer"))[sin.id()] = cosNode; // sin x's value now says cos made it
    assertBroken("I9", () -> g.firstValueFrom(cosNode, cos.id()));
    assertEquals(sin.id(), (int) unchecked(() -> g.firstValueFrom(cosNode, cos.id())),
        "cos claims sin x as its first output");
  }

  /**
   * A graph of sin(x), and one of cos of it, referred to as an external: a view of the second
   * (then its parent) has one external, to a site in another graph.
   */
  private record SinThenCos(ValueRef.Local x, Graph<ScalarOp> sin, Graph<ScalarOp> cos) {
    static SinThenCos of(String input) {
      GraphBuilder<ScalarOp> b1 = Graph.builder();
      ValueRef.Local x = b1.input(input);
      Graph<ScalarOp> sin = b1.output(b1.apply(ScalarOp.SIN, x)).build();
      GraphBuilder<ScalarOp> b2 = Graph.builder();
      b2.parent(sin);
      Graph<ScalarOp> cos =
          b2.output(b2.apply(ScalarOp.COS, new ValueRef.External(sin.outputKey(0)))).build();
      return new SinThenCos(x, sin, cos);
    }
  }
}
