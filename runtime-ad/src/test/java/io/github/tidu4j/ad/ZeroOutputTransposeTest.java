package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.ad.testing.Run;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Transposing a linear graph with a symbolically zero output: the zero's seed is an input of the
 * transposed graph that nothing reads, the others are transposed as usual. {@code RealOp}
 * declares no zero primitive, so a zero output is not a value: reading it says so.
 */
class ZeroOutputTransposeTest {

  @Test
  void aZeroLinearOutputsSeedIsReadByNothing() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    // (sin y, x·y) with respect to x: the first tangent is zero
    Graph<RealOp> f = b.output(b.apply(RealOp.SIN, y)).output(b.apply(RealOp.MUL, x, y)).build();
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    assertTrue(jvp.isZero(0));

    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    assertEquals(2, vjp.linearInputs().size());
    assertNotNull(vjp.linearInput(0), "a zero output has a seed too");
    assertNotNull(vjp.linearInput(1));
    assertTrue(vjp.graph().inputKeys().contains(vjp.linearInput(0)), "an input of the graph");
    assertEquals(
        -1,
        Graphs.compile(Graphs.resolve(vjp.graph()), vjp.linearOutputs())
            .inputPosition(vjp.linearInput(0)),
        "that no output reads");
    Map<Object, Double> in = new HashMap<>(Map.of("x", 3.0, "y", 5.0));
    in.put(vjp.linearInput(1), 1.0);
    assertEquals(5.0, (double) Run.eval1(vjp.graph(), vjp.linearOutput(0), in));
    in.put(vjp.linearInput(0), 7.0);
    assertEquals(
        5.0, (double) Run.eval1(vjp.graph(), vjp.linearOutput(0), in), "binding it changes nothing");
  }

  @Test
  void aLinearGraphWhoseOnlyOutputIsZeroTransposesToZero() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local y = b.input("y");
    b.input("x");
    Graph<RealOp> f = b.output(b.apply(RealOp.EXP, y)).build();
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    assertEquals(List.of(vjp.linearInput(0)), vjp.graph().inputKeys(), "its seed, read by nothing");
    assertTrue(vjp.isZero(0));
    assertEquals(0, vjp.graph().nodeCount());
  }

  @Test
  void readingAZeroOutputOfASetWithoutAZeroPrimitiveNamesTheSetTheOutputAndTheFix() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    Graph<RealOp> f = b.output(b.apply(RealOp.SIN, y)).output(b.apply(RealOp.MUL, x, y)).build();
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));

    GraphException e = assertThrows(GraphException.class, () -> jvp.linearOutput(0));
    assertEquals(
        "linear output 0 is zero (it does not depend on the linear inputs), and is given as the"
            + " zeros like SIN(y), but the primitive set of RealOp declares no zero primitive;"
            + " declare the set's zero primitive, @Primitive(zero = true) on a unary primitive"
            + " whose eval returns the zero shaped like its operand, or test isZero(0) and skip"
            + " the output",
        e.getMessage());
    assertThrows(GraphException.class, jvp::linearOutputs);
    GraphException bySite = assertThrows(GraphException.class, () -> jvp.linearOutputSite(0));
    assertEquals(e.getMessage(), bySite.getMessage(), "its site is refused as its key is");
    ResolvedView.Site<RealOp> site = jvp.linearOutputSite(1);
    assertSame(jvp.graph(), site.graph());
    assertSame(jvp.linearOutput(1), jvp.graph().valueKey(site.value()), "the output's value");
    // the symbolic form and the other outputs stay readable
    assertNotNull(jvp.linearOutput(1));
    assertEquals(Arrays.asList(null, jvp.linearOutput(1)), jvp.symbolicLinearOutputs());
    assertEquals(1, jvp.graph().outputKeys().size(), "a zero without a zero primitive is no output");
  }

  @Test
  void aZeroOutputOfGraphsWithoutOperationsSaysNoSetCanBeFound() {
    GraphBuilder<RealOp> b = Graph.builder();
    b.input("x");
    Graph<RealOp> identity = b.output(b.input("y")).build();
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(identity), identity.outputKeys(), List.of(ValueKey.input("x")));
    assertTrue(jvp.isZero(0));
    GraphException e = assertThrows(GraphException.class, () -> jvp.linearOutput(0));
    assertTrue(
        e.getMessage().contains("the graphs hold no operation to find the primitive set's zero"),
        e.getMessage());
    // declaring a zero primitive would not help: the graphs name no set
    assertFalse(e.getMessage().contains("declare"), e.getMessage());
    assertTrue(e.getMessage().endsWith("; test isZero(0) and skip the output"), e.getMessage());
  }
}
