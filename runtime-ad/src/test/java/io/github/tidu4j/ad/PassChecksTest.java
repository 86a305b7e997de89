package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.Checks;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Invariant I8 of docs/identity-core.md broken on purpose: an input key whose tangent key ignores
 * the pass makes a second pass declare the first pass's tangent input. With the checks mode on,
 * the pass throws naming I8; without, the two passes' tangents silently share one key.
 */
class PassChecksTest {

  /** An input key breaking the ADKey contract: one tangent key for every pass. */
  record StaleTangents(String name) implements ADKey {
    @Override
    public Object tangentOf(long pass) {
      return "d" + name; // the pass is ignored
    }
  }

  private static Graph<RealOp> sinOf(Object inputKey) {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input(inputKey);
    return b.output(b.apply(RealOp.SIN, x)).build();
  }

  @Test
  void aTangentKeyReusedAcrossPassesBreaksI8() {
    assumeTrue(Checks.ENABLED, "run with -Dtidu4j.checks=true (the build does)");
    Object x = new StaleTangents("checks-i8-x");
    Graph<RealOp> f = sinOf(x);
    List<ValueKey> wrt = List.of(ValueKey.input(x));
    LinearizedGraph<RealOp> first = AD.linearize(Graphs.resolve(f), f.outputKeys(), wrt);

    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> AD.linearize(Graphs.resolve(f), f.outputKeys(), wrt));
    assertTrue(e.getMessage().startsWith("identity-core invariant I8 "), e.getMessage());

    LinearizedGraph<RealOp> second =
        Checks.withoutChecks(() -> AD.linearize(Graphs.resolve(f), f.outputKeys(), wrt));
    assertNotEquals(first.pass(), second.pass());
    assertEquals(first.linearInput(0), second.linearInput(0), "two passes, one tangent key");
  }

  @Test
  void passesOfAKeyKeepingTheContractDeclareNewTangents() {
    Object x = new TangentKey("checks-i8-y", -1);
    Graph<RealOp> f = sinOf(x);
    List<ValueKey> wrt = List.of(ValueKey.input(x));
    LinearizedGraph<RealOp> first = AD.linearize(Graphs.resolve(f), f.outputKeys(), wrt);
    LinearizedGraph<RealOp> second = AD.linearize(Graphs.resolve(f), f.outputKeys(), wrt);
    assertNotEquals(first.linearInput(0), second.linearInput(0));
  }
}
