package io.github.tidu4j.ad.eager;

import static io.github.tidu4j.ad.eager.Tape.binary;
import static io.github.tidu4j.ad.eager.Tape.square;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Recording: input matching, keys, requires-grad, and what the trace holds. */
class RecorderTest {
  private static final Graph<RealOp> MUL = binary(RealOp.MUL);

  @Test
  void inputsAreMatchedByTheGraphsInputKeys() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    EagerInput<Double> c = t.constant(5.0);
    EagerOutput<Double> y = t.rec.record(MUL, Map.of("a", x, "b", c)).get(0);
    assertEquals(15.0, y.value());

    Trace.Invocation<RealOp, Double> inv = t.trace.invocation(0);
    assertEquals(Map.of("a", x.key(), "b", c.key()), inv.inputBinding());
    assertEquals(List.of(y.key()), inv.outputKeys());
    assertTrue(inv.inputRequiresGrad(0));
    assertFalse(inv.inputRequiresGrad(1));
    assertEquals(5.0, inv.retainedValue(1));
    assertEquals(0, t.trace.producerOf(y.key()));
    assertEquals(-1, t.trace.producerOf(x.key()));
  }

  @Test
  void aMissingInputIsNamed() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> t.rec.record(MUL, Map.of("a", t.variable(1.0))));
    assertTrue(e.getMessage().contains("no eager input is given for [b]"), e.getMessage());
  }

  @Test
  void anExtraInputIsNamed() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                t.rec.record(
                    MUL, Map.of("a", t.variable(1.0), "b", t.variable(2.0), "z", t.variable(3.0))));
    assertTrue(e.getMessage().contains("[z] are given but are not inputs"), e.getMessage());
  }

  @Test
  void aWrongPositionalCountIsReported() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> t.rec.record(MUL, List.of(t.variable(1.0))));
    assertTrue(e.getMessage().contains("takes 2 inputs [a, b]"), e.getMessage());
  }

  @Test
  void aGraphReferringToAnotherIsRejected() {
    Graph<RealOp> primal = square(RealOp.MUL);
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local a = b.input("a");
    Graph<RealOp> g =
        b.output(b.apply(RealOp.MUL, a, ValueRef.external(primal.outputKey(0)))).parent(primal).build();
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> t.rec.record(g, List.of(t.variable(1.0))));
    assertTrue(e.getMessage().contains("self-contained"), e.getMessage());
    assertTrue(e.getMessage().endsWith("such as MUL(a, a)"), "names the external's origin: " + e.getMessage());
  }

  @Test
  void invocationsWithoutGradInputsRunButAreNotRecorded() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerOutput<Double> y = t.call(MUL, t.constant(2.0), t.constant(4.0));
    assertEquals(8.0, y.value());
    assertFalse(y.requiresGrad());
    assertEquals(0, t.trace.size());
    t.call(MUL, y.asInput(), t.variable(1.0));
    assertEquals(1, t.trace.size());
  }

  @Test
  void outputsGetFreshReadableKeysAndTheTraceDumps() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    EagerOutput<Double> y = t.call(MUL, x, t.constant(2.0));
    assertEquals("e1", x.key().toString());
    assertEquals("e3", y.key().toString());
    assertEquals("Trace[1 invocations]\n#0 [MUL] (a=e1*, b=e2) -> (e3*)", t.trace.toString());
  }

  @Test
  void keysAreUniqueAcrossThreadsAndSources() throws Exception {
    KeySource keys = new KeySource();
    Set<Object> seen = ConcurrentHashMap.newKeySet();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> jobs = new ArrayList<>();
      for (int j = 0; j < 4; j++) {
        jobs.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 10_000; i++) {
                    seen.add(keys.next());
                  }
                }));
      }
      for (Future<?> job : jobs) {
        job.get();
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(40_000, seen.size());
    assertEquals(40_000, keys.issued());

    KeySource other = new KeySource();
    EagerKey a = new KeySource().next();
    EagerKey b = other.next();
    assertEquals(a.toString(), b.toString());
    assertNotEquals(a, b, "keys of different sources never collide");
    assertEquals(new HashSet<>(List.of(a)), Set.of(a));
  }
}
