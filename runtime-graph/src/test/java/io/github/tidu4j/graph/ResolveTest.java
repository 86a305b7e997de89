package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResolveTest {

  /** A: x -> sin(x). */
  private static Graph<ScalarOp> graphA() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    return b.output(b.apply(ScalarOp.SIN, x)).build();
  }

  /** B: y -> A.out * y, referring to A's output by key; A recorded as parent if asked. */
  private static Graph<ScalarOp> graphB(Graph<ScalarOp> a, boolean recordParent) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local y = b.input("y");
    b.output(b.apply(ScalarOp.MUL, ValueRef.external(a.outputKey(0)), y));
    if (recordParent) {
      b.parent(a);
    }
    return b.build();
  }

  private static List<Double> evalOutputs(ResolvedView<ScalarOp> view, List<ValueKey> outputs,
      Map<?, Double> inputs) {
    return Interpreter.eval(Graphs.compile(view, outputs), inputs);
  }

  @Test
  void aGraphFindsAnotherGraphsValueThroughItsParent() {
    Graph<ScalarOp> a = graphA();
    Graph<ScalarOp> b = graphB(a, true);
    ValueKey aOut = a.outputKey(0);

    ResolvedView<ScalarOp> view = Graphs.resolve(b);

    assertEquals(2, view.graphs().size());
    assertSame(b, view.graphs().get(0), "no copying: the view holds the graphs themselves");
    assertSame(a, view.graphs().get(1));
    assertTrue(view.defines(aOut));
    ResolvedView.Site<ScalarOp> site = view.site(aOut);
    assertSame(a, site.graph());
    assertEquals(1, site.value());
    assertEquals(0, site.node());
    ResolvedView.Site<ScalarOp> input = view.site(ValueKey.input("x"));
    assertSame(a, input.graph());
    assertEquals(-1, input.node());

    List<Double> y = evalOutputs(view, b.outputKeys(), Map.of("x", 0.3, "y", 4.0));
    assertEquals(Math.sin(0.3) * 4.0, y.get(0), 0.0);
  }

  @Test
  void resolvingBothGraphsTogetherNeedsNoParent() {
    Graph<ScalarOp> a = graphA();
    Graph<ScalarOp> b = graphB(a, false);

    ResolvedView<ScalarOp> view = Graphs.resolve(a, b);
    assertEquals(List.of(a, b), view.graphs());
    assertTrue(view.defines(a.outputKey(0)));
    List<Double> y = evalOutputs(view, b.outputKeys(), Map.of("x", 0.3, "y", 4.0));
    assertEquals(Math.sin(0.3) * 4.0, y.get(0), 0.0);
    // the list form agrees
    assertEquals(view.graphs(), Graphs.resolve(List.of(a, b)).graphs());
  }

  @Test
  void parentsAreFollowedTransitively() {
    Graph<ScalarOp> a = graphA();
    Graph<ScalarOp> b = graphB(a, true);
    GraphBuilder<ScalarOp> cb = Graph.builder();
    ValueRef.Local z = cb.input("z");
    // C uses B's output and, two levels up, A's output
    ValueRef.Local sum = cb.apply(ScalarOp.ADD, ValueRef.external(b.outputKey(0)), z);
    ValueRef.Local c = cb.apply(ScalarOp.MUL, sum, ValueRef.external(a.outputKey(0)));
    Graph<ScalarOp> graphC = cb.parent(b).output(c).build();

    ResolvedView<ScalarOp> view = Graphs.resolve(graphC);
    assertEquals(List.of(graphC, b, a), view.graphs());
    double x = 0.3;
    double y = 4.0;
    double zz = -1.5;
    List<Double> out = evalOutputs(view, graphC.outputKeys(), Map.of("x", x, "y", y, "z", zz));
    assertEquals((Math.sin(x) * y + zz) * Math.sin(x), out.get(0), 0.0);
  }

  @Test
  void sharedAncestorsAppearOnce() {
    Graph<ScalarOp> a = graphA();
    Graph<ScalarOp> left = graphB(a, true);
    GraphBuilder<ScalarOp> rb = Graph.builder();
    Graph<ScalarOp> right =
        rb.parent(a).output(rb.apply(ScalarOp.EXP, ValueRef.external(a.outputKey(0)))).build();
    GraphBuilder<ScalarOp> db = Graph.builder();
    ValueRef.Local sum =
        db.apply(
            ScalarOp.ADD,
            ValueRef.external(left.outputKey(0)),
            ValueRef.external(right.outputKey(0)));
    Graph<ScalarOp> diamond = db.parent(left).parent(right).output(sum).build();

    ResolvedView<ScalarOp> view = Graphs.resolve(diamond, left);
    assertEquals(List.of(diamond, left, right, a), view.graphs());
    List<Double> out = evalOutputs(view, diamond.outputKeys(), Map.of("x", 0.25, "y", 3.0));
    assertEquals(Math.sin(0.25) * 3.0 + Math.exp(Math.sin(0.25)), out.get(0), 0.0);
  }

  @Test
  void externalReferenceToAnInputOfAnotherGraph() {
    Graph<ScalarOp> a = graphA();
    GraphBuilder<ScalarOp> bb = Graph.builder();
    Graph<ScalarOp> b =
        bb.parent(a).output(bb.apply(ScalarOp.COS, ValueRef.external(ValueKey.input("x")))).build();
    ResolvedView<ScalarOp> view = Graphs.resolve(b);
    CompiledProgram<ScalarOp> p = Graphs.compile(view, b.outputKeys());
    assertEquals(List.of("x"), p.inputKeys());
    assertEquals(Math.cos(0.8), Interpreter.<Double>eval(p, Map.of("x", 0.8)).get(0), 0.0);
  }

  @Test
  void danglingExternalReferenceIsReportedByKey() {
    Graph<ScalarOp> a = graphA();
    Graph<ScalarOp> b = graphB(a, false);

    GraphException e = assertThrows(GraphException.class, () -> Graphs.resolve(b));
    // the missing key a.outputKey(0), named by its origin
    assertTrue(e.getMessage().contains("reference to SIN(x) "), e.getMessage());
    assertTrue(e.getMessage().contains("MUL"), "names the user: " + e.getMessage());
    assertTrue(e.getMessage().contains("operand 0"), e.getMessage());
  }

  @Test
  void danglingExternalOutputIsReportedByKey() {
    ValueKey nowhere =
        OperationKey.of(ScalarOp.EXP, List.of(ValueKey.input("nowhere")), OperationRole.primary())
            .output(0);
    GraphBuilder<ScalarOp> b = Graph.builder();
    b.input("q");
    Graph<ScalarOp> g = b.output(ValueRef.external(nowhere)).build();
    GraphException e = assertThrows(GraphException.class, () -> Graphs.resolve(g));
    assertTrue(e.getMessage().contains("reference to EXP(nowhere) "), e.getMessage());
    assertTrue(e.getMessage().contains("output"), e.getMessage());
  }

  @Test
  void manyGraphsResolveThroughOneIndex() {
    // more graphs than the per-graph lookup limit: a chain of 12 graphs, each using the last one
    List<Graph<ScalarOp>> chain = new ArrayList<>();
    chain.add(graphA());
    for (int i = 1; i < 12; i++) {
      Graph<ScalarOp> previous = chain.get(i - 1);
      GraphBuilder<ScalarOp> b = Graph.builder();
      ValueRef.Local w = b.input("w" + i);
      chain.add(
          b.parent(previous)
              .output(b.apply(ScalarOp.ADD, ValueRef.external(previous.outputKey(0)), w))
              .build());
    }
    Graph<ScalarOp> last = chain.get(chain.size() - 1);
    ResolvedView<ScalarOp> view = Graphs.resolve(last);
    assertEquals(12, view.graphs().size());
    for (int i = 0; i < chain.size(); i++) {
      assertSame(chain.get(i), view.site(chain.get(i).outputKey(0)).graph(), "graph " + i);
    }
    assertFalse(view.defines(ValueKey.input("w99")));

    Map<Object, Double> inputs = new java.util.HashMap<>();
    inputs.put("x", 0.5);
    double expected = Math.sin(0.5);
    for (int i = 1; i < 12; i++) {
      inputs.put("w" + i, (double) i);
      expected += i;
    }
    assertEquals(expected, evalOutputs(view, last.outputKeys(), inputs).get(0), 0.0);

    // and a dangling reference is still found among many graphs
    GraphBuilder<ScalarOp> bad = Graph.builder();
    ValueKey missing = ValueKey.input("w-missing");
    Graph<ScalarOp> dangling =
        bad.parent(last).output(bad.apply(ScalarOp.NEG, ValueRef.external(missing))).build();
    GraphException e = assertThrows(GraphException.class, () -> Graphs.resolve(dangling));
    assertTrue(e.getMessage().contains("reference to w-missing "), e.getMessage());
  }

  @Test
  void siteOfAnUndefinedKeyNamesTheKey() {
    ResolvedView<ScalarOp> view = Graphs.resolve(graphA());
    ValueKey undefined = ValueKey.input("undefined");
    assertFalse(view.defines(undefined));
    GraphException e = assertThrows(GraphException.class, () -> view.site(undefined));
    assertTrue(e.getMessage().contains("defines undefined "), e.getMessage());
  }

  @Test
  void resolveNeedsGraphs() {
    assertThrows(GraphException.class, () -> Graphs.<ScalarOp>resolve());
    assertThrows(GraphException.class, () -> Graphs.resolve(graphA(), null));
    assertThrows(GraphException.class, () -> Graphs.resolve(Arrays.asList(graphA(), null)));
  }
}
