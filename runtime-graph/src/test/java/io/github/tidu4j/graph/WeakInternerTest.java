package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.Pipeline;
import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class WeakInternerTest {
  private static final OperationRole PRIMARY = OperationRole.primary();

  /**
   * A plain value for exercising the table directly; {@code hash} is chosen by the test. A
   * canonical key, as everything the table holds is: it links the value to its batch.
   */
  private static final class Box extends CanonicalKey {
    final String name;

    Box(String name, int hash) {
      super(hash, 0, null);
      this.name = name;
    }
  }

  private static WeakInterner<Box> boxInterner() {
    return new WeakInterner<>((a, b) -> a.name.equals(b.name));
  }

  private static Box intern(WeakInterner<Box> interner, String name, int hash) {
    return interner.intern(new Box(name, hash), hash);
  }

  @Test
  void equalStructuresGetOneInstance() {
    WeakInterner<Box> interner = boxInterner();
    Box first = intern(interner, "a", 17);
    Box second = intern(interner, new String("a"), 17);
    assertSame(first, second);
    assertEquals(1, interner.size());
    Reference.reachabilityFence(first);
  }

  @Test
  void distinctStructuresGetDistinctInstancesEvenWhenHashesCollide() {
    WeakInterner<Box> interner = boxInterner();
    List<Box> boxes = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      boxes.add(intern(interner, "b" + i, 42)); // all in one bucket chain
    }
    assertEquals(100, interner.size());
    for (int i = 0; i < 100; i++) {
      assertSame(boxes.get(i), intern(interner, "b" + i, 42));
      for (int j = 0; j < i; j++) {
        assertNotSame(boxes.get(i), boxes.get(j));
      }
    }
    assertEquals(100, interner.size());
    Reference.reachabilityFence(boxes);
  }

  @Test
  void growingKeepsEveryCanonicalInstance() {
    WeakInterner<Box> interner = boxInterner();
    int n = 50_000;
    Box[] held = new Box[n];
    for (int i = 0; i < n; i++) {
      held[i] = intern(interner, "g" + i, Hashing.mix(i));
    }
    assertEquals(n, interner.size());
    for (int i = 0; i < n; i++) {
      assertSame(held[i], intern(interner, "g" + i, Hashing.mix(i)), "entry " + i);
    }
    assertEquals(n, interner.size());
    // held is not read after the loop: without the fence the JIT may let a GC clear the entries
    // while size() counts them (the test failed that way, rarely)
    Reference.reachabilityFence(held);
  }

  @Test
  void valueAndOperationKeysAreDeduplicated() {
    ValueKey.Input x = ValueKey.input(new String("dedup-x"));
    assertSame(x, ValueKey.input(new String("dedup-x")));
    assertNotSame(x, ValueKey.input("dedup-y"));
    OperationKey exp = OperationKey.of(ScalarOp.EXP, List.of(x), PRIMARY);
    ValueKey[] sameInputs = {ValueKey.input("dedup-x")};
    assertSame(exp, OperationKey.of(ScalarOp.EXP, sameInputs, PRIMARY));
    assertNotSame(exp, OperationKey.of(ScalarOp.SIN, List.of(x), PRIMARY));
  }

  @Test
  void unreachableEntriesAreReclaimedAndReachableOnesKept() throws InterruptedException {
    WeakInterner<Box> interner = boxInterner();
    List<Box> kept = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      kept.add(intern(interner, "kept" + i, Hashing.mix(i)));
    }
    for (int i = 0; i < 100_000; i++) {
      intern(interner, "dropped" + i, Hashing.mix(1_000_000 + i));
    }
    awaitAfterGc(() -> interner.size() < 1_000);
    int size = interner.size();
    assertTrue(size >= 100 && size < 1_000, "live entries after GC: " + size);
    for (int i = 0; i < 100; i++) {
      assertSame(kept.get(i), intern(interner, "kept" + i, Hashing.mix(i)), "kept " + i);
    }
  }

  @Test
  @Timeout(60)
  void concurrentInterningAgreesOnCanonicalInstances() throws Exception {
    int threads = 8;
    int perThread = 20_000;
    // thread t covers [t * perThread / 4, t * perThread / 4 + perThread): up to 4 threads per key
    int span = (threads - 1) * perThread / 4 + perThread;
    ValueKey.Input[][] inputs = new ValueKey.Input[threads][span];
    OperationKey[][] ops = new OperationKey[threads][span];
    ValueKey[] chainTips = new ValueKey[threads];
    Concurrently.run(
        threads,
        thread -> {
          int from = thread * perThread / 4;
          for (int i = from; i < from + perThread; i++) {
            // a fresh String each time: only interning can make the keys identical
            ValueKey.Input in = ValueKey.input(new String("conc-" + i));
            inputs[thread][i] = in;
            ops[thread][i] =
                OperationKey.of(
                    i % 2 == 0 ? ScalarOp.ADD : ScalarOp.MUL,
                    List.of(in, ValueKey.input("conc-shared")),
                    PRIMARY);
          }
          // every thread also builds the same chain, contending on every level
          ValueKey v = ValueKey.input("conc-chain");
          for (int i = 0; i < 5_000; i++) {
            v = OperationKey.of(ScalarOp.SIN, List.of(v), PRIMARY).output(0);
          }
          chainTips[thread] = v;
          return null;
        });

    int checked = 0;
    for (int i = 0; i < span; i++) {
      ValueKey.Input canonicalInput = null;
      OperationKey canonicalOp = null;
      for (int t = 0; t < threads; t++) {
        if (inputs[t][i] == null) {
          continue;
        }
        if (canonicalInput == null) {
          canonicalInput = inputs[t][i];
          canonicalOp = ops[t][i];
        } else {
          assertSame(canonicalInput, inputs[t][i], "input " + i + " in thread " + t);
          assertSame(canonicalOp, ops[t][i], "operation " + i + " in thread " + t);
          checked++;
        }
      }
      if (canonicalInput != null) {
        assertSame(canonicalInput, ValueKey.input("conc-" + i));
        assertSame(canonicalOp.input(0), canonicalInput);
      }
    }
    assertEquals(threads * perThread - span, checked, "every repeated interning was compared");
    for (int t = 1; t < threads; t++) {
      assertSame(chainTips[0], chainTips[t], "chain tip of thread " + t);
    }
  }

  @Test
  @Timeout(30)
  void buildingAndDroppingGraphsKeepsTheInternersBounded() throws InterruptedException {
    // a graph built before the soak and kept alive must keep its keys canonical throughout
    Graph<ScalarOp> survivor = smallGraph("soak-survivor");
    ValueKey survivorOut = survivor.outputKey(0);

    settle(); // garbage of earlier tests must not count as reclaimed by this one
    int graphs = 100_000;
    int opsBefore = OperationKey.internedCount();
    int inputsBefore = ValueKey.Input.internedCount();
    for (int i = 0; i < graphs; i++) {
      Graph<ScalarOp> g = smallGraph("soak-" + i);
      if (i % 10_000 == 0) {
        List<Double> y = Pipeline.eval(g, Map.of("soak-" + i, 0.5, "soak-shared", 2.0));
        assertEquals(Math.sin(0.5) * 2.0 + 2.0, y.get(0), 0.0);
      }
    }
    int operationsCreated = graphs * 3;
    int inputsCreated = graphs;

    awaitAfterGc(
        () ->
            OperationKey.internedCount() - opsBefore < operationsCreated / 10
                && ValueKey.Input.internedCount() - inputsBefore < inputsCreated / 10);
    int opsGrowth = OperationKey.internedCount() - opsBefore;
    int inputsGrowth = ValueKey.Input.internedCount() - inputsBefore;
    assertTrue(
        opsGrowth < operationsCreated / 10,
        "operation keys still interned: +" + opsGrowth + " of " + operationsCreated + " created");
    assertTrue(
        inputsGrowth < inputsCreated / 10,
        "input keys still interned: +" + inputsGrowth + " of " + inputsCreated + " created");

    assertSame(survivorOut, smallGraph("soak-survivor").outputKey(0));
  }

  @Test
  @Timeout(30)
  void aLongLivedKeyKeepsOnlyItsLastUseAlive() throws InterruptedException {
    // x outlives everything built on it; each key remembers only the last global key made with it
    // as first operand, so keys built on x and dropped are reclaimed all but one
    ValueKey x = ValueKey.input("last-use-survivor");
    settle();
    int before = OperationKey.internedCount();
    int created = 50_000;
    for (int i = 0; i < created; i++) {
      OperationKey.of(ScalarOp.MUL, List.of(x, ValueKey.input("last-use-" + i)), OperationRole.primary());
    }
    awaitAfterGc(() -> OperationKey.internedCount() - before < created / 10);
    int growth = OperationKey.internedCount() - before;
    assertTrue(growth < created / 10, "keys built on x still interned: +" + growth + " of " + created);
    OperationKey last =
        OperationKey.of(
            ScalarOp.MUL, List.of(x, ValueKey.input("last-use-" + (created - 1))), OperationRole.primary());
    assertSame(last, OperationKey.of(ScalarOp.MUL, List.of(x, last.input(1)), OperationRole.primary()));
  }

  @Test
  @Timeout(30)
  void aLongLivedOperationKeyKeepsOnlyItsFirstTwoUsesBatchesAlive() throws InterruptedException {
    // x = sin(a) outlives every graph built on it; its two use slots hold keys of other builders
    // (the first two graphs' x * y), and so those graphs' batches, but no later graph's
    OperationKey x =
        OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input("across-survivor")), PRIMARY);
    settle();
    int before = OperationKey.internedCount();
    int graphs = 20_000;
    List<ValueKey> firstTwo = new ArrayList<>();
    for (int i = 0; i < graphs; i++) {
      GraphBuilder<ScalarOp> b = Graph.builder();
      ValueRef.Local y = b.input("across-" + i);
      ValueRef.Local prod = b.apply(ScalarOp.MUL, b.apply(ScalarOp.SIN, b.input("across-survivor")), y);
      ValueRef.Local sum = b.apply(ScalarOp.ADD, prod, y);
      if (i < 2) {
        firstTwo.add(b.valueKey(prod.id()));
      }
      b.output(sum).build();
    }
    assertSame(firstTwo.get(0), CanonicalKey.of(x).lastUse, "a slot across builders");
    assertSame(firstTwo.get(1), x.nextUse(), "the second slot: the second graph's");
    firstTwo.clear();
    int created = graphs * 2;
    awaitAfterGc(() -> OperationKey.internedCount() - before < created / 10);
    int growth = OperationKey.internedCount() - before;
    assertTrue(growth < created / 10, "keys built on x still interned: +" + growth + " of " + created);
  }

  /** sin(x) * y + y over a unique input x and a shared input y: three operation keys. */
  private static Graph<ScalarOp> smallGraph(String uniqueInput) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input(uniqueInput);
    ValueRef.Local y = b.input("soak-shared");
    ValueRef.Local prod = b.apply(ScalarOp.MUL, b.apply(ScalarOp.SIN, x), y);
    return b.output(b.apply(ScalarOp.ADD, prod, y)).build();
  }

  /**
   * Collects garbage until {@code done} holds, for at most about ten seconds. One collection clears
   * every unreachable key, but the reference handler thread hands the cleared entries to the
   * interners' queues afterwards (about 0.1 s per million), so this mostly waits, and collects
   * again only now and then: back-to-back collections would keep interrupting that hand-over.
   */
  private static void awaitAfterGc(BooleanSupplier done) throws InterruptedException {
    for (int attempt = 0; attempt < 200 && !done.getAsBoolean(); attempt++) {
      if (attempt % 10 == 0) {
        System.gc();
      }
      Thread.sleep(50);
    }
  }

  /** Collects garbage until the interned counts stop falling: then only reachable keys remain. */
  private static void settle() throws InterruptedException {
    int previous = -1;
    for (int attempt = 0; attempt < 40; attempt++) {
      System.gc();
      Thread.sleep(100);
      int now = OperationKey.internedCount() + ValueKey.Input.internedCount();
      if (now == previous) {
        return;
      }
      previous = now;
    }
  }
}
