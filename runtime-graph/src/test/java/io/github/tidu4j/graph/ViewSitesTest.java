package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A view of several graphs finds each value's site, the first value of the view with its key, by
 * the hint each key carries; these tests check every site against a search by key, with hints
 * that are stale or overwritten, and check that the keys a builder deferred are left unmade only
 * when no other graph can have them.
 */
class ViewSitesTest {

  /**
   * Three graphs that share keys: one on the outputs of RandDAG(n, seed), a repeat of it, and it
   * (the last, {@code primal}).
   */
  private static List<Graph<ScalarOp>> sharingGraphs(int n, long seed) {
    Graph<ScalarOp> primal = RandDag.generate(n, seed).build();
    Graph<ScalarOp> again = RandDag.generate(n, seed).build(); // the same keys as primal's
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.External y = new ValueRef.External(primal.outputKey(0));
    ValueRef.Local sin = b.apply(ScalarOp.SIN, y);
    ValueRef.Local sinAgain = b.apply(ScalarOp.SIN, y); // the same key, twice in one graph
    ValueRef.Local x = b.input("view-sites-x");
    Graph<ScalarOp> user =
        b.parent(primal)
            .output(b.apply(ScalarOp.MUL, sin, sinAgain))
            .output(b.apply(ScalarOp.EXP, x))
            .build();
    return List.of(user, again, primal);
  }

  /** Checks every site of {@code view} against the first value found by key, in view order. */
  private static void assertSitesAreFirstDefinitions(ResolvedView<ScalarOp> view) {
    ViewSites sites = view.sites();
    Map<ValueKey, Integer> first = new HashMap<>(); // keys are canonical: equal is identical
    int at = 0;
    for (Graph<ScalarOp> g : view.graphs()) {
      for (int v = 0; v < g.valueCount(); v++, at++) {
        ValueKey key = g.valueKey(v);
        first.putIfAbsent(key, at);
        int site = first.get(key);
        assertEquals(site, sites.site(at), "site of value " + at);
        assertEquals(site, sites.siteOf(key), "site of key " + key);
        ResolvedView.Site<ScalarOp> found = view.find(key);
        int gi = sites.graphOf(site);
        assertSame(view.graphs().get(gi), found.graph(), "graph of " + key);
        assertEquals(site - sites.base(gi), found.value(), "value of " + key);
      }
    }
    for (int gi = 0; gi < view.graphs().size(); gi++) {
      Graph<ScalarOp> g = view.graphs().get(gi);
      for (int e = 0; e < g.externalCount(); e++) {
        assertEquals(first.get(g.external(e)), sites.external(gi, e), "external " + e);
      }
    }
    assertEquals(-1, sites.siteOf(ValueKey.input("view-sites-undefined")));
    assertNull(view.find(ValueKey.input("view-sites-undefined")));
  }

  private static void setEveryHint(List<Graph<ScalarOp>> graphs, int hint) {
    for (Graph<ScalarOp> g : graphs) {
      for (int v = 0; v < g.valueCount(); v++) {
        CanonicalKey.of(g.valueKey(v)).externalHint = hint;
      }
    }
  }

  @Test
  void everySiteIsTheFirstValueWithItsKey() {
    assertSitesAreFirstDefinitions(Graphs.resolve(sharingGraphs(400, 5)));
  }

  @Test
  void theClassExampleGivesEqualKeysOneSite() {
    List<Graph<ScalarOp>> graphs = sharingGraphs(100, 3);
    Graph<ScalarOp> primal = graphs.get(2);
    ResolvedView<ScalarOp> view = Graphs.resolve(graphs);
    int gi = 1; // the repeat of primal, whose keys primal defines later in the view
    int value = 20;
    ViewSites sites = new ViewSites(view.graphs());
    int site = sites.site(sites.base(gi) + value);   // equal keys, one site
    assertEquals(sites.base(1) + value, site, "the repeat comes first in the view");
    assertEquals(site, sites.siteOf(primal.valueKey(value)));
  }

  @Test
  void staleHintsFindTheSameSites() {
    List<Graph<ScalarOp>> graphs = sharingGraphs(400, 5);
    // each key's hint names some earlier value of another key, or the value itself from the
    // other end: a hint from another view, that the pass must not trust
    for (int hint : new int[] {0, 1, 7, 399, 1_000_000}) {
      setEveryHint(graphs, hint);
      assertSitesAreFirstDefinitions(Graphs.resolve(graphs));
    }
  }

  @Test
  void hintsOverwrittenAfterTheViewIsMadeAreLookedUp() {
    List<Graph<ScalarOp>> graphs = sharingGraphs(400, 5);
    ResolvedView<ScalarOp> view = Graphs.resolve(graphs);
    List<ValueKey> outputs = graphs.get(0).outputKeys();
    String expected = Graphs.materializeMerge(view, outputs).toString();
    setEveryHint(graphs, 3); // as a graph builder or another view would
    assertSitesAreFirstDefinitions(view);
    assertEquals(expected, Graphs.materializeMerge(view, outputs).toString());
  }

  /**
   * {@code count} graphs, each referring to the outputs of RandDAG(60, seed), last, in its own
   * order, and defining {@code sin} of the first of them: the graphs refer to the same keys by
   * different slots, and repeat each other's {@code sin}.
   */
  private static List<Graph<ScalarOp>> referringGraphs(int count, long seed) {
    Graph<ScalarOp> primal = RandDag.generate(60, seed).build();
    List<Graph<ScalarOp>> graphs = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      GraphBuilder<ScalarOp> b = Graph.builder();
      b.parent(primal);
      int values = primal.valueCount();
      for (int k = 0; k < values; k++) {
        int v = (k * (2 * i + 1) + i) % values; // every value once, from graph to graph reordered
        b.output(b.apply(ScalarOp.EXP, new ValueRef.External(primal.valueKey(v))));
      }
      graphs.add(b.output(b.apply(ScalarOp.SIN, new ValueRef.External(primal.valueKey(0)))).build());
    }
    graphs.add(primal);
    return graphs;
  }

  @Test
  void externalsReferredToByManyGraphsFindTheirSites() {
    // views of 3 graphs and of 12, each graph repeating the others' keys and referring to one
    // primal's values by slots of its own
    for (int count : new int[] {2, 11}) {
      List<Graph<ScalarOp>> graphs = referringGraphs(count, 13);
      assertSitesAreFirstDefinitions(Graphs.resolve(graphs));
      for (int hint : new int[] {0, 5, 59}) { // builders' slots, of other keys mostly
        setEveryHint(graphs, hint);
        assertSitesAreFirstDefinitions(Graphs.resolve(graphs));
      }
    }
  }

  @Test
  void eachValueIsInTheGraphGraphOfNames() {
    for (int count : new int[] {2, 7, 8, 11}) { // views of 3, 8, 9 and 12 graphs
      ResolvedView<ScalarOp> view = Graphs.resolve(referringGraphs(count, 17));
      ViewSites sites = view.sites();
      int graphs = view.graphs().size();
      for (int at = 0; at < sites.valueCount(); at++) {
        int gi = sites.graphOf(at);
        int end = gi + 1 < graphs ? sites.base(gi + 1) : sites.valueCount();
        assertTrue(sites.base(gi) <= at && at < end, "value " + at + " in graph " + gi);
      }
    }
  }

  @Test
  void outputsNamedBySiteLeaveAPassGraphsKeysUnmadeAndGiveTheGraphOfTheirKeys() {
    Graph<ScalarOp> primal = RandDag.generate(50, 9).build();
    KeyScope scope = KeyScope.openConfined();
    GraphBuilder<ScalarOp> b = Graph.builder(scope, 8);
    Object seed = new Object();
    ValueRef.Local dx = b.input(seed);
    ValueRef.Local mul = b.apply(ScalarOp.MUL, dx, new ValueRef.External(primal.outputKey(0)));
    Graph<ScalarOp> linear = b.parent(primal).output(b.apply(ScalarOp.SIN, mul)).build();
    List<ValueKey.Input> inputs = new ArrayList<>();
    for (int i = 0; i < primal.inputCount(); i++) {
      inputs.add((ValueKey.Input) primal.valueKey(primal.inputValue(i)));
    }
    inputs.add(ValueKey.input(seed));
    ResolvedView<ScalarOp> view = Graphs.resolve(List.of(primal, linear));
    List<ResolvedView.Site<ScalarOp>> sites =
        List.of(
            new ResolvedView.Site<>(linear, linear.outputLocal(0)),
            new ResolvedView.Site<>(primal, primal.outputLocal(0)),
            new ResolvedView.Site<>(linear, mul.id()));

    MaterializedGraph<ScalarOp> bySite = Graphs.materializeMergeAt(view, inputs, sites);
    assertEquals(0, scope.size(), "naming the outputs by site makes no key of the pass");
    List<ValueKey> keys =
        List.of(linear.outputKey(0), primal.outputKey(0), linear.valueKey(mul.id()));
    MaterializedGraph<ScalarOp> byKey = Graphs.materializeMerge(view, inputs, keys);
    assertEquals(byKey.toString(), bySite.toString());
    assertEquals(keys, bySite.outputKeys());

    // one graph alone is walked by its local values: the same there
    MaterializedGraph<ScalarOp> single =
        Graphs.materializeMergeAt(
            Graphs.resolve(primal), inputs.subList(0, primal.inputCount()), sites.subList(1, 2));
    assertEquals(
        Graphs.materializeMerge(
                Graphs.resolve(primal), inputs.subList(0, primal.inputCount()), keys.subList(1, 2))
            .toString(),
        single.toString());

    GraphException outside =
        assertThrows(
            GraphException.class,
            () -> Graphs.materializeMergeAt(Graphs.resolve(primal), inputs, sites));
    assertEquals(
        "output 0 names value %" + linear.outputLocal(0)
            + " of a graph that is not in the view (1 graph(s) resolved)",
        outside.getMessage());
    GraphException noValue =
        assertThrows(
            GraphException.class,
            () ->
                Graphs.materializeMergeAt(
                    view, inputs, List.of(new ResolvedView.Site<>(linear, 99))));
    assertEquals(
        "output 0 names value %99 of a graph of " + linear.valueCount() + " values",
        noValue.getMessage());
  }

  /**
   * A pass's graph on {@code primal}'s output y, its keys deferred in {@code scope}: value 0 the
   * pass's input dx, value 1 {@code MUL(dx, y)}, value 2 its sine, the output.
   */
  private static Graph<ScalarOp> passGraph(Graph<ScalarOp> primal, KeyScope scope) {
    GraphBuilder<ScalarOp> b = Graph.builder(scope, 8);
    ValueRef.Local dx = b.input(new Object());
    ValueRef.Local mul = b.apply(ScalarOp.MUL, dx, new ValueRef.External(primal.outputKey(0)));
    return b.parent(primal).output(b.apply(ScalarOp.SIN, mul)).build();
  }

  @Test
  void aPassGraphsKeysStayUnmadeUntilAskedFor() {
    Graph<ScalarOp> primal = RandDag.generate(50, 9).build();
    KeyScope scope = KeyScope.openConfined();
    Graph<ScalarOp> linear = passGraph(primal, scope);

    ResolvedView<ScalarOp> view = Graphs.resolve(linear);
    MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(view, primal.outputKeys());
    assertEquals(0, scope.size(), "no key of the pass is made for values nobody asked for");
    int primalCount =
        Graphs.materializeMerge(Graphs.resolve(primal), primal.outputKeys()).nodeCount();
    assertEquals(primalCount, m.nodeCount());

    List<ValueKey> outputs = linear.outputKeys(); // makes the pass's keys
    assertEquals(2, scope.size());
    MaterializedGraph<ScalarOp> both = Graphs.materializeMerge(view, outputs);
    assertEquals(primalCount + 2, both.nodeCount());
    assertSame(outputs.get(0), both.outputKeys().get(0));
    assertSitesAreFirstDefinitions(Graphs.resolve(linear));
  }

  @Test
  void aPassGraphsKeysMadeAfterTheViewMadeItsIndexByKeyAreFound() {
    Graph<ScalarOp> primal = RandDag.generate(50, 9).build();
    KeyScope scope = KeyScope.openConfined();
    Graph<ScalarOp> linear = passGraph(primal, scope);
    int mul = 1;
    ResolvedView<ScalarOp> view = Graphs.resolve(linear); // the pass's keys left unmade
    ViewSites sites = view.sites();
    int linearBase = sites.base(view.graphs().indexOf(linear));

    // another view of the primal takes over its keys' hints, so the next lookup by key in this
    // view misses the hint and makes the view's index by key, which has none of the pass's keys
    Graphs.resolve(RandDag.generate(50, 9).build()).sites();
    assertEquals(
        sites.base(view.graphs().indexOf(primal)) + primal.outputLocal(0),
        sites.siteOf(primal.outputKey(0)));
    assertEquals(0, scope.size());

    List<ValueKey> outputs = linear.outputKeys(); // makes the pass's keys
    ValueKey sin = outputs.get(0);
    assertEquals(linearBase + linear.outputLocal(0), sites.siteOf(sin));
    assertEquals(linearBase + mul, sites.siteOf(linear.valueKey(mul)));
    assertSame(linear, view.find(sin).graph());
    assertEquals(linear.outputLocal(0), view.find(sin).value());
    assertEquals(-1, sites.siteOf(ValueKey.input("view-sites-undefined")));
    assertSame(sin, Graphs.materializeMerge(view, outputs).outputKeys().get(0));
  }

  @Test
  void twoBuildersOnOneScopeHaveTheirEqualKeysMerged() {
    KeyScope scope = KeyScope.openConfined();
    Object t = new Object();
    GraphBuilder<ScalarOp> first = Graph.builder(scope, 4);
    GraphBuilder<ScalarOp> second = Graph.builder(scope, 4);
    first.output(first.apply(ScalarOp.SIN, first.input(t)));
    second.output(second.apply(ScalarOp.EXP, second.apply(ScalarOp.SIN, second.input(t))));
    Graph<ScalarOp> a = first.build();
    Graph<ScalarOp> b = second.build();

    ResolvedView<ScalarOp> view = Graphs.resolve(a, b); // neither has made its keys yet
    List<ValueKey> outputs = List.of(a.outputKey(0), b.outputKey(0));
    assertSame(outputs.get(0), b.operationKey(0), "one structure, one key");
    MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(view, outputs);
    assertEquals(2, m.nodeCount(), "the two graphs' Sin is one operation");
    assertEquals(m.outputValue(0), m.operand(1, 0), "Exp reads the one Sin");
  }

  @Test
  void aGraphBuiltOnAPassInputAfterThePassHasItsEqualKeysMerged() {
    KeyScope scope = KeyScope.openConfined();
    Object t = new Object();
    GraphBuilder<ScalarOp> pass = Graph.builder(scope, 4);
    Graph<ScalarOp> linear =
        pass.output(pass.apply(ScalarOp.EXP, pass.apply(ScalarOp.SIN, pass.input(t)))).build();
    GraphBuilder<ScalarOp> later = Graph.builder(); // on the pass's input, once it is released
    Graph<ScalarOp> other = later.output(later.apply(ScalarOp.SIN, later.input(t))).build();
    assertEquals(1, scope.size(), "the later graph made its key in the pass's scope");

    ResolvedView<ScalarOp> view = Graphs.resolve(other, linear);
    List<ValueKey> outputs = List.of(other.outputKey(0), linear.outputKey(0));
    assertSame(outputs.get(0), linear.operationKey(0));
    MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(view, outputs);
    assertEquals(2, m.nodeCount(), "the pass's Sin and the later graph's are one operation");
    assertEquals(m.outputValue(0), m.operand(1, 0), "Exp reads the one Sin");
  }
}
