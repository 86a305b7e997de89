package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.Pipeline;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.Scale;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CompilationCacheTest {

  /** sin(left * right) + left, over inputs named as given. */
  private static MaterializedGraph<ScalarOp> sinProductPlus(Object left, Object right) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local l = b.input(left);
    ValueRef.Local r = b.input(right);
    ValueRef.Local s = b.apply(ScalarOp.SIN, b.apply(ScalarOp.MUL, l, r));
    return Pipeline.materialize(b.output(b.apply(ScalarOp.ADD, s, l)).build());
  }

  private static MaterializedGraph<ScalarOp> unary(ScalarOp op, Object input) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    return Pipeline.materialize(b.output(b.apply(op, b.input(input))).build());
  }

  @Test
  void countsHitsAndMisses() {
    CompilationCache<ScalarOp> cache = new CompilationCache<>(16);
    assertEquals(0, cache.hits());
    assertEquals(0, cache.misses());
    MaterializedGraph<ScalarOp> m = sinProductPlus("x", "y");

    CompiledProgram<ScalarOp> first = cache.compile(m);
    assertEquals(0, cache.hits());
    assertEquals(1, cache.misses());
    assertEquals(1, cache.size());

    CompiledProgram<ScalarOp> second = cache.compile(m);
    assertEquals(1, cache.hits());
    assertEquals(1, cache.misses());
    assertEquals(1, cache.size());

    Map<String, Double> in = Map.of("x", 0.4, "y", 2.0);
    double expected = Math.sin(0.4 * 2.0) + 0.4;
    assertEquals(List.of(expected), Interpreter.eval(first, in));
    assertEquals(List.of(expected), Interpreter.eval(second, in));
    assertEquals(GraphPrinter.print(Graphs.compile(m)), GraphPrinter.print(second));
  }

  @Test
  void sameTopologyWithOtherInputKeysCompilesOnce() {
    CompilationCache<ScalarOp> cache = new CompilationCache<>(16);
    CompiledProgram<ScalarOp> xy = cache.compile(sinProductPlus("x", "y"));
    CompiledProgram<ScalarOp> ab = cache.compile(sinProductPlus("a", List.of("tangent", 7)));

    assertEquals(1, cache.misses());
    assertEquals(1, cache.hits(), "the same topology over other input keys is a hit");
    assertEquals(1, cache.size());
    assertNotSame(xy, ab);
    assertEquals(List.of("x", "y"), xy.inputKeys(), "the first program keeps its own keys");
    assertEquals(List.of("a", List.of("tangent", 7)), ab.inputKeys());

    double expected = Math.sin(0.4 * 2.0) + 0.4;
    assertEquals(
        List.of(expected), Interpreter.eval(ab, Map.of("a", 0.4, List.of("tangent", 7), 2.0)));
    assertEquals(List.of(expected), Interpreter.eval(xy, Map.of("x", 0.4, "y", 2.0)));
    // the hit program is bound to the new keys only
    assertThrows(GraphException.class, () -> Interpreter.eval(ab, Map.of("x", 0.4, "y", 2.0)));
    assertEquals(0, ab.inputPosition("a"));
    assertEquals(-1, ab.inputPosition("x"));
  }

  @Test
  void differentTopologiesMiss() {
    CompilationCache<ScalarOp> cache = new CompilationCache<>(16);
    cache.compile(unary(ScalarOp.SIN, "x"));
    cache.compile(unary(ScalarOp.COS, "x")); // another operation
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local sinSin = b.apply(ScalarOp.SIN, b.apply(ScalarOp.SIN, x));
    cache.compile(Pipeline.materialize(b.output(sinSin).build())); // a longer chain
    GraphBuilder<ScalarOp> b2 = Graph.builder();
    ValueRef.Local x2 = b2.input("x");
    ValueRef.Local s2 = b2.apply(ScalarOp.SIN, x2);
    cache.compile(Pipeline.materialize(b2.output(s2).output(s2).build())); // another output list
    GraphBuilder<ScalarOp> b3 = Graph.builder();
    ValueRef.Local x3 = b3.input("x");
    ValueRef.Local y3 = b3.input("y");
    ValueRef.Local z3 = b3.input("z");
    // the same operation sequence, wired differently
    ValueRef.Local p3 = b3.apply(ScalarOp.MUL, x3, y3);
    cache.compile(Pipeline.materialize(b3.output(b3.apply(ScalarOp.ADD, p3, z3)).build()));
    GraphBuilder<ScalarOp> b4 = Graph.builder();
    ValueRef.Local x4 = b4.input("x");
    ValueRef.Local y4 = b4.input("y");
    ValueRef.Local z4 = b4.input("z");
    ValueRef.Local p4 = b4.apply(ScalarOp.MUL, x4, y4);
    cache.compile(Pipeline.materialize(b4.output(b4.apply(ScalarOp.ADD, z4, p4)).build()));
    assertEquals(6, cache.misses());
    assertEquals(0, cache.hits());
    assertEquals(6, cache.size());
  }

  @Test
  void rolesDoNotChangeTheCode() {
    CompilationCache<ScalarOp> cache = new CompilationCache<>(16);
    GraphBuilder<ScalarOp> b1 = Graph.builder();
    ValueRef.Local a1 = b1.input("a");
    ValueRef.Local x1 = b1.input("x");
    CompiledProgram<ScalarOp> primal =
        cache.compile(Pipeline.materialize(b1.output(b1.apply(ScalarOp.MUL, a1, x1)).build()));
    GraphBuilder<ScalarOp> b2 = Graph.builder();
    ValueRef.Local a2 = b2.input("a");
    ValueRef.Local dx = b2.input("dx");
    OperationRole linear = OperationRole.linearized(ActiveMask.of(false, true));
    ValueRef.Local product = b2.apply(ScalarOp.MUL, linear, a2, dx);
    CompiledProgram<ScalarOp> tangent = cache.compile(Pipeline.materialize(b2.output(product).build()));
    assertEquals(1, cache.misses());
    assertEquals(1, cache.hits(), "a linearized Mul runs the same kernel as a primal one");
    assertEquals(List.of(6.0), Interpreter.eval(primal, Map.of("a", 2.0, "x", 3.0)));
    assertEquals(List.of(10.0), Interpreter.eval(tangent, Map.of("a", 2.0, "dx", 5.0)));
  }

  private static MaterializedGraph<Scale> scale(double factor, String input) {
    GraphBuilder<Scale> b = Graph.builder();
    return Pipeline.materialize(b.output(b.apply(new Scale(factor), b.input(input))).build());
  }

  @Test
  void operationAttributesArePartOfTheShape() {
    CompilationCache<Scale> cache = new CompilationCache<>(16);
    CompiledProgram<Scale> two = cache.compile(scale(2.0, "x"));
    CompiledProgram<Scale> three = cache.compile(scale(3.0, "x"));
    CompiledProgram<Scale> twoAgain = cache.compile(scale(2.0, "u"));
    assertEquals(2, cache.misses());
    assertEquals(1, cache.hits());
    assertEquals(List.of(2.0), Interpreter.eval(two, Map.of("x", 1.0)));
    assertEquals(List.of(3.0), Interpreter.eval(three, Map.of("x", 1.0)));
    assertEquals(List.of(2.0), Interpreter.eval(twoAgain, Map.of("u", 1.0)));
  }

  @Test
  void evictsTheLeastRecentlyUsedShape() {
    CompilationCache<ScalarOp> cache = new CompilationCache<>(2);
    MaterializedGraph<ScalarOp> sin = unary(ScalarOp.SIN, "x");
    MaterializedGraph<ScalarOp> cos = unary(ScalarOp.COS, "x");
    MaterializedGraph<ScalarOp> exp = unary(ScalarOp.EXP, "x");

    cache.compile(sin); // miss
    cache.compile(cos); // miss
    cache.compile(sin); // hit: sin is now the most recently used
    assertEquals(2, cache.misses());
    assertEquals(1, cache.hits());
    cache.compile(exp); // miss: evicts cos
    assertEquals(3, cache.misses());
    assertEquals(2, cache.size());

    cache.compile(sin); // still cached
    assertEquals(2, cache.hits());
    cache.compile(exp); // still cached
    assertEquals(3, cache.hits());
    cache.compile(cos); // was evicted
    assertEquals(4, cache.misses());
    assertEquals(2, cache.size());
    cache.compile(sin); // evicted in favour of cos (least recently used was sin)
    assertEquals(5, cache.misses());
    assertEquals(2, cache.size());
  }

  @Test
  @Timeout(60)
  void concurrentUseIsConsistent() throws Exception {
    CompilationCache<ScalarOp> cache = new CompilationCache<>(4);
    int threads = 8;
    int rounds = 300;
    RandDag[] dags = new RandDag[6];
    for (int i = 0; i < dags.length; i++) {
      dags[i] = RandDag.generate(200, i + 1);
    }
    List<Integer> correct =
        Concurrently.run(
            threads,
            thread -> {
              int ok = 0;
              for (int r = 0; r < rounds; r++) {
                RandDag dag = dags[(thread + r) % dags.length];
                Graph<ScalarOp> g = dag.build();
                CompiledProgram<ScalarOp> p = cache.compile(Pipeline.materialize(g));
                double[] in = {0.1 * thread, 0.2, 0.001 * r, 0.4};
                List<Double> out = Interpreter.eval(p, Pipeline.bindByIndex(in));
                if (Double.compare(out.get(0), dag.evaluate(in)) == 0) {
                  ok++;
                }
              }
              return ok;
            });
    for (int t = 0; t < threads; t++) {
      assertEquals(rounds, correct.get(t), "thread " + t);
    }
    assertEquals((long) threads * rounds, cache.hits() + cache.misses());
    assertTrue(cache.size() <= 4, "size " + cache.size());
    assertTrue(cache.misses() >= dags.length, "every shape compiled at least once");
    assertTrue(cache.hits() > 0);
  }
}
