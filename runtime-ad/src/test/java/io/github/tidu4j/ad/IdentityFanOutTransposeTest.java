package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
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
 * A function of no operation whose input is two outputs, {@code f(x) = (x, x)}: its transpose sums
 * the two seeds with the set's accumulator, which a graph of no operation finds through the
 * operation its builder named the set by ({@code GraphBuilder.declareSet}), as the functional
 * front ends and generated builders do.
 */
class IdentityFanOutTransposeTest {
  @Test
  void aGraphNamingItsSetTransposesTheFanOutToTheSumOfTheSeeds() {
    GraphBuilder<RealOp> b = Graph.<RealOp>builder().declareSet(RealOp.ADD);
    ValueRef.Local x = b.input("x");
    Graph<RealOp> twice = b.output(x).output(x).build();
    assertEquals(RealOp.ADD, twice.setMember());
    LinearizedGraph<RealOp> vjp =
        AD.linearTranspose(
            AD.linearize(Graphs.resolve(twice), twice.outputKeys(), List.of(ValueKey.input("x"))));
    Map<Object, Double> in = new HashMap<>(Map.of("x", 0.3));
    in.put(vjp.linearInput(0), 1.0);
    in.put(vjp.linearInput(1), 10.0);
    assertEquals(11.0, (double) Run.eval1(vjp.graph(), vjp.linearOutput(0), in));
  }

  @Test
  void aPlainGraphOfNoOperationSaysHowToNameItsSet() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> twice = b.output(x).output(x).build();
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(twice), twice.outputKeys(), List.of(ValueKey.input("x")));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AD.linearTranspose(jvp));
    assertTrue(e.getMessage().contains("GraphBuilder.declareSet(anyOperation)"), e.getMessage());
  }

  @Test
  void theFunctionalApiTransposesAFunctionReturningItsInputTwice() {
    ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
    ScalarFunction<RealOp> f = ad.function(1, (b, xs) -> List.of(xs.get(0), xs.get(0)));
    // (x, x, x̄ = ȳ₀ + ȳ₁)
    assertArrayEquals(new double[] {0.3, 0.3, 11.0}, ad.vjp(f, 2).applyAll(0.3, 1.0, 10.0));
  }
}
