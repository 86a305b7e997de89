package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.ad.testing.Run;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Transposing a linear graph with a symbolically zero output: the zero gets no seed (a {@code
 * null} tangent input of the transposed graph), the others are transposed as usual.
 */
class ZeroOutputTransposeTest {

  @Test
  void aZeroLinearOutputGetsNoSeed() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    // (sin y, x·y) with respect to x: the first tangent is zero
    Graph<RealOp> f = b.output(b.apply(RealOp.SIN, y)).output(b.apply(RealOp.MUL, x, y)).build();
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    assertNull(jvp.tangentOutput(0));

    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    assertEquals(2, vjp.tangentInputs().size());
    assertNull(vjp.tangentInput(0), "a zero output needs no seed");
    assertNotNull(vjp.tangentInput(1));
    Map<Object, Double> in = new HashMap<>(Map.of("x", 3.0, "y", 5.0));
    in.put(vjp.tangentInput(1), 1.0);
    assertEquals(5.0, (double) Run.eval1(vjp.graph(), vjp.tangentOutput(0), in));
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
    assertNull(vjp.tangentInput(0));
    assertNull(vjp.tangentOutput(0));
    assertEquals(0, vjp.graph().nodeCount());
  }
}
