package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Mistakes and corner cases of the transforms used by hand, each named where it is made. */
class LowLevelMistakesTest {
  private static final ValueKey.Input X = ValueKey.input("x");

  @Test
  void theIdentityWithAFannedOutOutputCannotBeTransposedAndIsToldWhy() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> twice = b.output(x).output(x).build(); // x ↦ (x, x): no operation at all
    LinearizedGraph<RealOp> jvp = AD.linearize(Graphs.resolve(twice), twice.outputKeys(), List.of(X));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AD.linearTranspose(jvp));
    assertTrue(e.getMessage().contains("they compute the identity"), e.getMessage());
    // with any operation in the graphs, the set's add is found and the seeds are summed
    GraphBuilder<RealOp> c = Graph.builder();
    ValueRef.Local y = c.input("x");
    Graph<RealOp> withSin = c.output(y).output(y).output(c.apply(RealOp.SIN, y)).build();
    AD.linearTranspose(AD.linearize(Graphs.resolve(withSin), withSin.outputKeys(), List.of(X)));
  }

  @Test
  void aLinearOutputPastTheLastIsNamedWithTheCount() {
    GraphBuilder<RealOp> b = Graph.builder();
    Graph<RealOp> sin = b.output(b.apply(RealOp.SIN, b.input("x"))).build();
    LinearizedGraph<RealOp> jvp = AD.linearize(Graphs.resolve(sin), sin.outputKeys(), List.of(X));
    for (int i : new int[] {1, 3, -1}) {
      IndexOutOfBoundsException e =
          assertThrows(IndexOutOfBoundsException.class, () -> jvp.isZero(i));
      assertEquals(
          "linear output " + i + " of a graph with 1 linear output (0 to 0, aligned with the"
              + " outputs it was linearized for)",
          e.getMessage());
      assertThrows(IndexOutOfBoundsException.class, () -> jvp.linearOutput(i));
      assertThrows(IndexOutOfBoundsException.class, () -> jvp.linearOutputSite(i));
    }
  }
}
