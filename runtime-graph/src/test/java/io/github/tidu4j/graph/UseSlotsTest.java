package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The two use slots of a global operation key (I2): the first two keys of the global table made
 * with {@code x} as first input are held in {@code x}'s slots, filled once, a graph builder's in
 * the first free one from the first, a transform's pass's (a rule's {@code cos(x)}) from the
 * second; every later key on {@code x} goes to the table. So a graph rebuilt and differentiated
 * again finds each key in the slot its builder reads first, and a new key on {@code x} with a free
 * slot is made without probing the table.
 */
class UseSlotsTest {
  private static final OperationRole PRIMARY = OperationRole.primary();

  /** Builds y·sin(a) with a plain builder; returns the key of the product. */
  private static OperationKey buildPrimal() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.apply(ScalarOp.SIN, b.input("slots-a"));
    ValueRef.Local product = b.apply(ScalarOp.MUL, x, b.input("slots-y"));
    OperationKey key = (OperationKey) b.valueKey(product.id());
    b.output(product).build();
    return key;
  }

  /** Emits cos(x) as a transform's pass does, on its own confined scope; returns its key. */
  private static OperationKey emitInPass(ValueKey x) {
    GraphBuilder<ScalarOp> pass = Graph.builder(KeyScope.openConfined());
    ValueRef.Local cos = pass.apply(ScalarOp.COS, new ValueRef.External(x));
    OperationKey key = (OperationKey) pass.valueKey(cos.id());
    pass.output(cos).build();
    return key;
  }

  @Test
  void aPassFillsTheSecondSlotAndTheBuilderTheFirst() {
    OperationKey x = OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input("slots-a")), PRIMARY);
    OperationKey product = buildPrimal();
    assertSame(product, CanonicalKey.of(x).lastUse, "the builder's key, in the first slot");
    OperationKey cos = emitInPass(x);
    assertSame(product, CanonicalKey.of(x).lastUse, "the builder's key stays first");
    assertSame(cos, x.nextUse(), "the pass's key, in the second slot");

    // built and differentiated again: each finds its key where it looks first, and moves nothing
    assertSame(product, buildPrimal());
    assertSame(cos, emitInPass(x));
    assertSame(product, CanonicalKey.of(x).lastUse);
    assertSame(cos, x.nextUse());
  }

  /** x = sin(input), then cos(x), neg(x) and exp(x), in that order: {x, cos, neg, exp}. */
  private static OperationKey[] threeKeysOn(String input) {
    OperationKey x = OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input(input)), PRIMARY);
    return new OperationKey[] {
      x,
      OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY),
      OperationKey.of(ScalarOp.NEG, List.of(x), PRIMARY),
      OperationKey.of(ScalarOp.EXP, List.of(x), PRIMARY)
    };
  }

  @Test
  void theSlotsAreFilledOnceAndLaterKeysGoToTheTable() {
    OperationKey[] keys = threeKeysOn("slots-b");
    OperationKey x = keys[0];
    OperationKey cos = keys[1];
    OperationKey neg = keys[2];
    OperationKey exp = keys[3];
    assertSame(cos, CanonicalKey.of(x).lastUse, "the first key, in the first slot");
    assertSame(neg, x.nextUse(), "the second, in the second");
    assertSame(exp, OperationKey.of(ScalarOp.EXP, List.of(x), PRIMARY), "the third, in the table");
    assertSame(cos, OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY));
    assertSame(neg, OperationKey.of(ScalarOp.NEG, List.of(x), PRIMARY));
    assertSame(cos, CanonicalKey.of(x).lastUse, "a hit moves nothing");
    assertSame(neg, x.nextUse());
  }

  @Test
  void aKeyInASlotHasNoTableEntryButInTheChecksMode() {
    OperationKey[] keys = threeKeysOn("slots-c");
    // the checks mode keeps the table complete, as the reference the slots are compared with
    assertEquals(Checks.ENABLED, OperationKey.hasTableEntry(keys[1]), "first slot");
    assertEquals(Checks.ENABLED, OperationKey.hasTableEntry(keys[2]), "second slot");
    assertTrue(OperationKey.hasTableEntry(keys[3]), "a third key on x is in the table");
    assertTrue(OperationKey.hasTableEntry(keys[0]), "x's first input is an input key: x is in the table");
  }

  @Test
  @Timeout(60)
  void threadsMakingKeysOnOneOperationKeyGetOneInstanceEach() throws Exception {
    // four threads make the same six keys (two in x's slots, four in the table) on a new x each round, each in its own order: whoever
    // fills a slot first, every thread must get the one canonical instance of each structure
    ScalarOp[] ops = {
      ScalarOp.COS, ScalarOp.NEG, ScalarOp.EXP, ScalarOp.SIN, ScalarOp.ADD, ScalarOp.MUL
    };
    int threads = 4;
    int rounds = 2_000;
    CyclicBarrier start = new CyclicBarrier(threads);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<OperationKey[][]>> results = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Random random = new Random(t);
        results.add(
            pool.submit(
                () -> {
                  OperationKey[][] made = new OperationKey[rounds][ops.length];
                  List<Integer> order = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5));
                  for (int r = 0; r < rounds; r++) {
                    OperationKey x =
                        OperationKey.of(
                            ScalarOp.SIN, List.of(ValueKey.input("slots-race-" + r)), PRIMARY);
                    Collections.shuffle(order, random);
                    start.await();
                    for (int i : order) {
                      List<ValueKey> in = ops[i].inputArity() == 1 ? List.of(x) : List.of(x, x);
                      made[r][i] = OperationKey.of(ops[i], in, PRIMARY);
                    }
                  }
                  return made;
                }));
      }
      OperationKey[][] first = results.get(0).get();
      for (int t = 1; t < threads; t++) {
        OperationKey[][] other = results.get(t).get();
        for (int r = 0; r < rounds; r++) {
          for (int i = 0; i < ops.length; i++) {
            assertSame(first[r][i], other[r][i], "round " + r + ", " + ops[i]);
          }
        }
      }
      assertEquals(ops.length, Arrays.stream(first[0]).distinct().count());
    } finally {
      pool.shutdownNow();
    }
  }
}
