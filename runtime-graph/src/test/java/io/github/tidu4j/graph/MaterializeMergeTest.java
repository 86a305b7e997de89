package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.Pipeline;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.ref.WeakReference;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MaterializeMergeTest {

  /** Every operand is an input or an output of an earlier node; node outputs are contiguous. */
  static void assertTopological(MaterializedGraph<?> m) {
    int next = m.inputCount();
    for (int k = 0; k < m.nodeCount(); k++) {
      assertEquals(next, m.firstOutput(k), "node " + k + " outputs follow the previous node's");
      for (int j = 0; j < m.operandCount(k); j++) {
        int operand = m.operand(k, j);
        assertTrue(
            operand >= 0 && operand < m.firstOutput(k),
            "operand " + j + " of node " + k + " (v" + operand + ") is not defined before it");
        assertSame(m.operationKey(k).input(j), m.valueKey(operand), "operand key of node " + k);
      }
      for (int s = 0; s < m.operation(k).outputArity(); s++) {
        assertSame(m.operationKey(k).output(s), m.valueKey(m.firstOutput(k) + s));
      }
      next += m.operation(k).outputArity();
    }
    assertEquals(next, m.valueCount());
    for (int i = 0; i < m.inputCount(); i++) {
      assertSame(m.inputKey(i), m.valueKey(i));
    }
  }

  /** Every operation key appears once. */
  static void assertNoDuplicateNodes(MaterializedGraph<?> m) {
    Set<OperationKey> seen = new HashSet<>();
    for (int k = 0; k < m.nodeCount(); k++) {
      assertTrue(seen.add(m.operationKey(k)), "node " + k + " duplicates " + m.operationKey(k));
    }
  }

  @Test
  void nodesComeInTopologicalOrderAndOnlyReachableOnesAreKept() {
    for (long seed = 1; seed <= 20; seed++) {
      int n = 2_000;
      RandDag dag = RandDag.generate(n, seed);
      MaterializedGraph<ScalarOp> m = Pipeline.materialize(dag.build());
      assertTopological(m);
      assertNoDuplicateNodes(m);

      // what the output needs, worked out from the recipe: value 4 + i is step i
      boolean[] needed = new boolean[4 + n];
      needed[3 + n] = true;
      int neededSteps = 0;
      for (int i = n - 1; i >= 0; i--) {
        if (needed[4 + i]) {
          neededSteps++;
          needed[3 + i] = true;
          if (dag.operation(i).inputArity() == 2) {
            needed[dag.other(i)] = true;
          }
        }
      }
      Set<Object> neededInputs = new HashSet<>();
      for (int v = 0; v < 4; v++) {
        if (needed[v]) {
          neededInputs.add(v);
        }
      }
      Set<Object> materializedInputs = new HashSet<>();
      for (int i = 0; i < m.inputCount(); i++) {
        materializedInputs.add(m.inputKey(i).key());
      }
      assertEquals(neededInputs, materializedInputs, "seed " + seed);
      assertEquals(neededSteps, m.nodeCount(), "seed " + seed);
    }
  }

  @Test
  void nodesComeInTopologicalOrderAcrossGraphs() {
    GraphBuilder<ScalarOp> ab = Graph.builder();
    ValueRef.Local x = ab.input("x");
    ValueRef.Local s = ab.apply(ScalarOp.SIN, x);
    Graph<ScalarOp> a = ab.output(ab.apply(ScalarOp.EXP, s)).output(s).build();
    GraphBuilder<ScalarOp> bb = Graph.builder();
    ValueRef.Local y = bb.input("y");
    ValueRef.Local t = bb.apply(ScalarOp.MUL, y, ValueRef.external(a.outputKey(0)));
    ValueRef.Local u = bb.apply(ScalarOp.ADD, ValueRef.external(a.outputKey(1)), t);
    Graph<ScalarOp> b = bb.parent(a).output(u).build();

    MaterializedGraph<ScalarOp> m = Pipeline.materialize(b);
    assertTopological(m);
    assertEquals(4, m.nodeCount());
    assertEquals(List.of(ValueKey.input("x"), ValueKey.input("y")),
        List.of(m.inputKey(0), m.inputKey(1)), "the parent's inputs first");
    double xv = 0.4;
    double yv = 1.5;
    List<Double> out = Interpreter.eval(Graphs.compile(m), Map.of("x", xv, "y", yv));
    assertEquals(Math.sin(xv) + yv * Math.exp(Math.sin(xv)), out.get(0), 0.0);
  }

  @Test
  void onlyReachableDefinitionsAreKept() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local unused = b.input("unused");
    ValueRef.Local dead = b.apply(ScalarOp.EXP, x);
    b.apply(ScalarOp.MUL, dead, unused);
    ValueRef.Local live = b.apply(ScalarOp.COS, x);
    List<ValueRef.Local> sc = b.applyMulti(ScalarOp.SIN_COS, x);
    b.apply(ScalarOp.NEG, sc.get(0));
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.ADD, live, sc.get(1))).build();

    MaterializedGraph<ScalarOp> m = Pipeline.materialize(g);
    assertTopological(m);
    assertEquals(1, m.inputCount(), "an input nothing needs is not an input of the merge");
    assertSame(ValueKey.input("x"), m.inputKey(0));
    assertEquals(3, m.nodeCount());
    Set<Object> ops = new HashSet<>();
    for (int k = 0; k < m.nodeCount(); k++) {
      ops.add(m.operation(k));
    }
    assertEquals(Set.of(ScalarOp.COS, ScalarOp.SIN_COS, ScalarOp.ADD), ops);
    for (int v = 0; v < m.valueCount(); v++) {
      assertFalse(m.valueKey(v) == g.valueKey(dead.id()), "the dead Exp is not materialized");
    }
  }

  @Test
  void equalOperationsInOneGraphBecomeOneNode() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local p1 = b.apply(ScalarOp.MUL, x, y);
    ValueRef.Local p2 = b.apply(ScalarOp.MUL, x, y);
    ValueRef.Local s1 = b.apply(ScalarOp.SIN, p1);
    ValueRef.Local s2 = b.apply(ScalarOp.SIN, p2);
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.ADD, s1, s2)).output(s2).build();
    assertEquals(5, g.nodeCount());
    assertSame(g.valueKey(s1.id()), g.valueKey(s2.id()));

    MaterializedGraph<ScalarOp> m = Pipeline.materialize(g);
    assertTopological(m);
    assertNoDuplicateNodes(m);
    assertEquals(3, m.nodeCount());
    int add = m.nodeCount() - 1;
    assertEquals(ScalarOp.ADD, m.operation(add));
    assertEquals(m.operand(add, 0), m.operand(add, 1));
    assertEquals(m.operand(add, 0), m.outputValue(1));
    List<Double> out = Interpreter.eval(Graphs.compile(m), Map.of("x", 0.3, "y", 0.7));
    assertEquals(Math.sin(0.3 * 0.7) + Math.sin(0.3 * 0.7), out.get(0), 0.0);
  }

  @Test
  void equalComputationsInTwoGraphsBecomeOneNode() {
    Graph<ScalarOp> g1 = expSinProduct();
    Graph<ScalarOp> g2 = expSinProduct();
    MaterializedGraph<ScalarOp> m =
        Graphs.materializeMerge(
            Graphs.resolve(g1, g2), List.of(g1.outputKey(0), g2.outputKey(0)));
    assertTopological(m);
    assertEquals(3, m.nodeCount(), "Mul, Sin, Exp once each, not twice");
    assertEquals(m.outputValue(0), m.outputValue(1));

    // partial overlap: B recomputes A's sin locally and adds a node of its own
    GraphBuilder<ScalarOp> bb = Graph.builder();
    ValueRef.Local x = bb.input("x");
    ValueRef.Local y = bb.input("y");
    ValueRef.Local s = bb.apply(ScalarOp.SIN, bb.apply(ScalarOp.MUL, x, y));
    Graph<ScalarOp> b =
        bb.output(bb.apply(ScalarOp.ADD, s, ValueRef.external(g1.outputKey(0)))).build();
    MaterializedGraph<ScalarOp> merged =
        Graphs.materializeMerge(Graphs.resolve(b, g1), List.of(b.outputKey(0), g1.outputKey(0)));
    assertTopological(merged);
    assertNoDuplicateNodes(merged);
    assertEquals(4, merged.nodeCount(), "Mul, Sin shared; Exp from g1; Add from b");
    List<Double> out = Interpreter.eval(Graphs.compile(merged), Map.of("x", 0.2, "y", 0.9));
    double sin = Math.sin(0.2 * 0.9);
    assertEquals(sin + Math.exp(sin), out.get(0), 0.0);
    assertEquals(Math.exp(sin), out.get(1), 0.0);
  }

  @Test
  void outputsAreAlignedWithTheRequest() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local s = b.apply(ScalarOp.SIN, x);
    ValueRef.Local p = b.apply(ScalarOp.MUL, s, y);
    List<ValueRef.Local> sc = b.applyMulti(ScalarOp.SIN_COS, y);
    Graph<ScalarOp> g = b.build();
    ValueKey kx = g.valueKey(x.id());
    ValueKey ks = g.valueKey(s.id());
    ValueKey kp = g.valueKey(p.id());
    ValueKey kcos = g.valueKey(sc.get(1).id());
    List<ValueKey> request = List.of(kp, ks, kp, kx, kcos, ks);

    MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(Graphs.resolve(g), request);
    assertTopological(m);
    assertEquals(request, m.outputKeys());
    assertEquals(6, m.outputCount());
    assertEquals(m.outputValue(0), m.outputValue(2));
    assertEquals(m.outputValue(1), m.outputValue(5));
    assertTrue(m.outputValue(3) < m.inputCount(), "an output that is an input is the input value");
    assertSame(kx, m.valueKey(m.outputValue(3)));

    double xv = 0.6;
    double yv = -0.4;
    List<Double> out = Interpreter.eval(Graphs.compile(m), Map.of("x", xv, "y", yv));
    double sv = Math.sin(xv);
    assertEquals(List.of(sv * yv, sv, sv * yv, xv, Math.cos(yv), sv), out);
  }

  @Test
  void onlyAnInputRequested() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    b.input("x");
    ValueRef.Local y = b.input("y");
    Graph<ScalarOp> g = b.output(y).build();
    MaterializedGraph<ScalarOp> m = Pipeline.materialize(g);
    assertEquals(0, m.nodeCount());
    assertEquals(1, m.inputCount());
    assertEquals(List.of(7.5), Interpreter.eval(Graphs.compile(m), Map.of("y", 7.5)));
  }

  @Test
  void sameStructureGivesTheSameOrder() {
    Graph<ScalarOp> g1 = RandDag.generate(500, 7).build();
    Graph<ScalarOp> g2 = RandDag.generate(500, 7).build();
    assertEquals(
        GraphPrinter.print(Pipeline.materialize(g1)), GraphPrinter.print(Pipeline.materialize(g2)));
  }

  @Test
  void logicalOrderListsEachOperationOnce() {
    Graph<ScalarOp> g1 = expSinProduct();
    Graph<ScalarOp> g2 = expSinProduct();
    ResolvedView<ScalarOp> view = Graphs.resolve(g1, g2);
    LogicalOrder<ScalarOp> order = view.topologicalOrder(List.of(g2.outputKey(0), g1.outputKey(0)));
    assertEquals(3, order.size());
    assertEquals(List.of(ScalarOp.MUL, ScalarOp.SIN, ScalarOp.EXP),
        List.of(order.operation(0), order.operation(1), order.operation(2)));
    // g1 and g2 define the same keys; the first graph of the view supplies them
    for (int k = 0; k < order.size(); k++) {
      assertSame(g1, order.graph(k), "operation " + k);
    }
    assertEquals(2, order.ordinalOf(g1.outputKey(0)));
    assertEquals(-1, order.ordinalOf(ValueKey.input("x")));
    assertEquals(0, order.inputOrdinalOf(ValueKey.input("x")));
    assertEquals(1, order.inputOrdinalOf(ValueKey.input("y")));
    assertEquals(-1, order.inputOrdinalOf(g1.outputKey(0)));
    assertSame(order.operationKey(0), g1.operationKey(order.node(0)));
  }

  @Test
  void aMaterializedGraphHoldsNoGraphOfItsViewAndMakesItsKeysWhenAsked()
      throws InterruptedException {
    List<WeakReference<Graph<ScalarOp>>> sources = new java.util.ArrayList<>();
    MaterializedGraph<ScalarOp> m = primalAndPassMaterialized(sources);
    for (int attempt = 0; attempt < 100 && !allCleared(sources); attempt++) {
      System.gc();
      Thread.sleep(20);
    }
    for (WeakReference<Graph<ScalarOp>> source : sources) {
      assertNull(source.get(), "the materialized graph keeps no graph of its view alive");
    }

    CompiledProgram<ScalarOp> p = Graphs.compile(m);
    Map<Object, Double> inputs = Map.of("held-x", 0.5, "held-dx", 3.0);
    assertEquals(List.of(Math.sin(0.5) * 3.0), Interpreter.eval(p, inputs));
    // the keys, made from the graph itself: primal sin(x), then the pass's mul(sin(x), dx) in the
    // linearized role the pass gave it
    ValueKey x = ValueKey.input("held-x");
    ValueKey dx = ValueKey.input("held-dx");
    OperationKey sin = OperationKey.of(ScalarOp.SIN, List.of(x), OperationRole.primary());
    OperationRole linear = OperationRole.linearized(ActiveMask.of(false, true));
    assertSame(sin, m.operationKey(0));
    assertSame(OperationKey.of(ScalarOp.MUL, List.of(sin, dx), linear), m.operationKey(1));
    assertSame(m.operationKey(1), m.valueKey(m.outputValue(0)));
    assertTopological(m);
  }

  /**
   * A primal graph sin(x) and a pass's graph (deferred keys) mul(sin(x), dx) referring to it, its
   * output materialized by site; {@code sources} gets weak references to both graphs, and nothing
   * else of them outlives this call.
   */
  private static MaterializedGraph<ScalarOp> primalAndPassMaterialized(
      List<WeakReference<Graph<ScalarOp>>> sources) {
    GraphBuilder<ScalarOp> pb = Graph.builder();
    ValueRef.Local x = pb.input("held-x");
    Graph<ScalarOp> primal = pb.output(pb.apply(ScalarOp.SIN, x)).build();
    GraphBuilder<ScalarOp> b = Graph.builder(KeyScope.openConfined(), 8);
    ValueRef.Local dx = b.input("held-dx");
    ValueRef.Local mul =
        b.apply(
            ScalarOp.MUL,
            OperationRole.linearized(ActiveMask.of(false, true)),
            new ValueRef.External(primal.outputKey(0)),
            dx);
    Graph<ScalarOp> pass = b.output(mul).build();
    ResolvedView<ScalarOp> view = Graphs.resolve(List.of(primal, pass));
    MaterializedGraph<ScalarOp> m =
        Graphs.materializeMergeAt(
            view,
            List.of(ValueKey.input("held-x"), ValueKey.input("held-dx")),
            List.of(new ResolvedView.Site<>(pass, mul.id())));
    // the order it was made from names each operation's graph and node there
    LogicalOrder<ScalarOp> order = view.topologicalOrder(List.of(pass.outputKey(0)));
    assertEquals(2, order.size());
    assertSame(primal, order.graph(0));
    assertEquals(0, order.node(0));
    assertSame(pass, order.graph(1));
    assertEquals(0, order.node(1));
    assertSame(ScalarOp.MUL, order.operation(1));
    sources.add(new WeakReference<>(primal));
    sources.add(new WeakReference<>(pass));
    return m;
  }

  private static boolean allCleared(List<WeakReference<Graph<ScalarOp>>> refs) {
    for (WeakReference<Graph<ScalarOp>> ref : refs) {
      if (ref.get() != null) {
        return false;
      }
    }
    return true;
  }

  private static Graph<ScalarOp> expSinProduct() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    return b.output(b.apply(ScalarOp.EXP, b.apply(ScalarOp.SIN, b.apply(ScalarOp.MUL, x, y))))
        .build();
  }
}
