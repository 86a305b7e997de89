package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.MaterializedGraph;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A gradient's outputs named by site ({@link LinearizedGraph#linearOutputSite}, {@code
 * Graphs.materializeMergeAt}): the same flat graph and values as by key, with the examples of
 * their Javadoc.
 */
class OutputSiteTest {

  @Test
  void aGradientMaterializedBySiteIsTheGraphMaterializedByKey() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    Graph<RealOp> f = b.output(b.apply(RealOp.SIN, b.apply(RealOp.MUL, x, y))).build();
    ResolvedView<RealOp> view = Graphs.resolve(f);
    List<ValueKey> outputs = f.outputKeys();
    List<ValueKey.Input> wrt = List.of(ValueKey.input("x"), ValueKey.input("y"));

    LinearizedGraph<RealOp> vjp = AD.linearTranspose(AD.linearize(view, outputs, wrt));
    ResolvedView.Site<RealOp> gradX = vjp.linearOutputSite(0);
    assertSame(vjp.graph(), gradX.graph());

    List<ValueKey.Input> inputs = new ArrayList<>(wrt);
    inputs.add(ValueKey.input(vjp.linearInput(0)));
    MaterializedGraph<RealOp> m = Graphs.materializeMergeAt(
        Graphs.resolve(List.of(f, vjp.graph())), inputs, List.of(vjp.linearOutputSite(0)));
    MaterializedGraph<RealOp> byKey =
        Graphs.materializeMerge(
            Graphs.resolve(List.of(f, vjp.graph())), inputs, List.of(vjp.linearOutput(0)));
    assertEquals(byKey.toString(), m.toString());
    assertEquals(List.of(vjp.linearOutput(0)), m.outputKeys());
    // d sin(x·y)/dx = cos(x·y)·y, at x = 0.5, y = 3, seed 1
    List<Double> at = List.of(0.5, 3.0, 1.0);
    double dx = Interpreter.<Double>evalPositional(Graphs.compile(m), at).get(0);
    assertEquals(Math.cos(1.5) * 3.0, dx, 1e-15);
  }
}
