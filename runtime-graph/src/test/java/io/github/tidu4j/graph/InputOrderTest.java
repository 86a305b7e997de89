package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A program materialized without a signature takes its inputs in the order the graphs declare
 * them, not in the order a walk from the outputs first meets them, so positional evaluation binds
 * what the user declared.
 */
class InputOrderTest {

  private static List<Object> inputKeys(MaterializedGraph<ScalarOp> m) {
    List<Object> keys = new ArrayList<>();
    for (int i = 0; i < m.inputCount(); i++) {
      keys.add(m.inputKey(i).key());
    }
    return keys;
  }

  @Test
  void oneGraphKeepsItsDeclarationOrderWhateverOperandIsMetFirst() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local a = b.input("a");
    ValueRef.Local x = b.input("x");
    // sin(x) + neg(a): the walk meets x first
    ValueRef.Local y =
        b.apply(ScalarOp.ADD, b.apply(ScalarOp.SIN, x), b.apply(ScalarOp.NEG, a));
    Graph<ScalarOp> g = b.output(y).build();

    CompiledProgram<ScalarOp> p =
        Graphs.compile(Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys()));
    assertEquals(List.of("a", "x"), p.inputKeys());
    double got = (Double) Interpreter.evalPositional(p, List.of(2.0, 0.5)).get(0);
    assertEquals(Math.sin(0.5) - 2.0, got, 0.0);
  }

  @Test
  void anInputTheOutputsDoNotReachLeavesNoGapAndStaysBindableByKey() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local a = b.input("a");
    b.input("unused");
    ValueRef.Local z = b.input("z");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.MUL, b.apply(ScalarOp.EXP, z), a)).build();

    MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys());
    assertEquals(List.of("a", "z"), inputKeys(m));
    assertEquals(List.of(ValueKey.input("unused")), m.unusedInputKeys());
  }

  @Test
  void aParentGraphsInputsComeBeforeItsChildsAndRootsKeepTheOrderGiven() {
    GraphBuilder<ScalarOp> fb = Graph.builder();
    ValueRef.Local a = fb.input("a");
    ValueRef.Local x = fb.input("x");
    Graph<ScalarOp> f = fb.output(fb.apply(ScalarOp.MUL, x, a)).build();

    // the child's own input is its first operand: the walk meets "seed" before f's inputs
    GraphBuilder<ScalarOp> cb = Graph.builder();
    ValueRef.Local seed = cb.input("seed");
    ValueRef.Local t = cb.apply(ScalarOp.MUL, seed, ValueRef.external(f.outputKey(0)));
    Graph<ScalarOp> child = cb.parent(f).output(t).build();

    MaterializedGraph<ScalarOp> m =
        Graphs.materializeMerge(Graphs.resolve(child), child.outputKeys());
    assertEquals(List.of("a", "x", "seed"), inputKeys(m));
    double got =
        (Double) Interpreter.evalPositional(Graphs.compile(m), List.of(3.0, 5.0, 7.0)).get(0);
    assertEquals(7.0 * (5.0 * 3.0), got, 0.0);

    GraphBuilder<ScalarOp> hb = Graph.builder();
    Graph<ScalarOp> h = hb.output(hb.apply(ScalarOp.EXP, hb.input("w"))).build();
    List<ValueKey> both = List.of(h.outputKey(0), child.outputKey(0));
    assertEquals(
        List.of("a", "x", "seed", "w"),
        inputKeys(Graphs.materializeMerge(Graphs.resolve(child, h), both)));
    assertEquals(
        List.of("w", "a", "x", "seed"),
        inputKeys(Graphs.materializeMerge(Graphs.resolve(h, child), both)));
  }

  @Test
  void anInputDeclaredByTwoGraphsTakesItsFirstPlace() {
    GraphBuilder<ScalarOp> fb = Graph.builder();
    ValueRef.Local fx = fb.input("x");
    ValueRef.Local fa = fb.input("a");
    Graph<ScalarOp> f = fb.output(fb.apply(ScalarOp.ADD, fa, fx)).build();

    GraphBuilder<ScalarOp> gb = Graph.builder();
    ValueRef.Local ga = gb.input("a");
    ValueRef.Local gx = gb.input("x");
    Graph<ScalarOp> g = gb.output(gb.apply(ScalarOp.MUL, ga, gx)).build();

    List<ValueKey> outputs = List.of(g.outputKey(0), f.outputKey(0));
    assertEquals(
        List.of("x", "a"), inputKeys(Graphs.materializeMerge(Graphs.resolve(f, g), outputs)));
    assertEquals(
        List.of("a", "x"), inputKeys(Graphs.materializeMerge(Graphs.resolve(g, f), outputs)));
  }

  @Test
  void aLongChainOfPassesIsOrderedWithoutRecursion() throws InterruptedException {
    // 5,000 graphs, each the parent of the next, ordered on a thread of a 128 KB stack, which a
    // recursion as deep as the chain would overflow; the walk meets the last graph's input first
    int passes = 5_000;
    GraphBuilder<ScalarOp> b0 = Graph.builder();
    Graph<ScalarOp> first = b0.output(b0.apply(ScalarOp.SIN, b0.input(0))).build();
    List<Graph<ScalarOp>> chain = new ArrayList<>(List.of(first));
    for (int k = 1; k < passes; k++) {
      Graph<ScalarOp> parent = chain.get(k - 1);
      GraphBuilder<ScalarOp> b = Graph.builder();
      ValueRef.Local in = b.input(k);
      chain.add(
          b.parent(parent)
              .output(b.apply(ScalarOp.MUL, in, ValueRef.external(parent.outputKey(0))))
              .build());
    }
    Graph<ScalarOp> last = chain.get(passes - 1);
    List<List<Object>> keys = new ArrayList<>();
    Throwable[] failure = new Throwable[1];
    Thread small =
        new Thread(
            null,
            () -> {
              try {
                keys.add(inputKeys(
                    Graphs.materializeMerge(Graphs.resolve(last), last.outputKeys())));
              } catch (Throwable t) {
                failure[0] = t;
              }
            },
            "small-stack",
            128 * 1024);
    small.start();
    small.join();
    if (failure[0] != null) {
      throw new AssertionError("materializeMerge failed on a small stack", failure[0]);
    }
    assertEquals(passes, keys.get(0).size());
    for (int k = 0; k < passes; k++) {
      assertEquals(k, keys.get(0).get(k), "input " + k);
    }
  }

  @Test
  void randDagTakesItsInputsAsDeclared() {
    // RandDAG(1000, 42) first reaches its inputs in the order 3, 0, 2, 1
    Graph<ScalarOp> g = RandDag.generate(1_000, 42).build();
    MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys());
    assertEquals(g.inputKeys().subList(0, m.inputCount()), inputKeys(m));
  }
}
