package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code linearize} accepts as {@code wrt}: the inputs of the view's graphs, and only them. */
class WrtKeysTest {

  private static Graph<RealOp> sinOfX() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    b.input("unused");
    return b.output(b.apply(RealOp.SIN, x)).build();
  }

  @Test
  void anInputNoGraphHasIsAnErrorNamingIt() {
    Graph<RealOp> f = sinOfX();
    GraphException e =
        assertThrows(
            GraphException.class,
            () ->
                AD.linearize(
                    Graphs.resolve(f),
                    f.outputKeys(),
                    List.of(ValueKey.input("x"), ValueKey.input("nope"))));
    assertTrue(e.getMessage().contains("wrt[1]"), e.getMessage());
    assertTrue(e.getMessage().contains("nope"), e.getMessage());
    assertTrue(e.getMessage().contains("x") && e.getMessage().contains("unused"), e.getMessage());
  }

  @Test
  void aDerivedValueIsRefusedNamedByItsOrigin() {
    Graph<RealOp> f = sinOfX();
    GraphException e =
        assertThrows(
            GraphException.class,
            () -> AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(f.outputKey(0))));
    assertTrue(
        e.getMessage().contains("but wrt[0] is SIN(x), a value computed by SIN;"), e.getMessage());
    assertFalse(e.getMessage().contains("#"), "no bare hash: " + e.getMessage());
  }

  @Test
  void anInputListedTwiceIsNamedByItsInputKey() {
    Graph<RealOp> f = sinOfX();
    ValueKey x = ValueKey.input("x");
    GraphException e =
        assertThrows(
            GraphException.class,
            () -> AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(x, x)));
    assertEquals("wrt lists the input x twice (at 0 and 1)", e.getMessage());
  }

  @Test
  void anInputTheOutputsDoNotReachHasAZeroTangent() {
    Graph<RealOp> f = sinOfX();
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("unused")));
    assertTrue(jvp.isZero(0));
  }

  @Test
  void anInputOfAParentGraphIsAnInputOfTheView() {
    Graph<RealOp> f = sinOfX();
    ValueKey x = ValueKey.input("x");
    LinearizedGraph<RealOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(x));
    // second order: the linear graph's view reaches f, whose input x is differentiated again
    LinearizedGraph<RealOp> jvp2 =
        AD.linearize(Graphs.resolve(jvp.graph()), jvp.linearOutputs(), List.of(x));
    assertNotNull(jvp2.linearOutput(0));
  }
}
