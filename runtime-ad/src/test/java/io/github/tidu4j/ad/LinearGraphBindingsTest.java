package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A program compiled for some outputs of a linear graph accepts a binding for every input and seed
 * of the graphs it comes from (the primal's and every pass's), whichever of them it reads.
 */
class LinearGraphBindingsTest {
  private static final double X = 0.3;
  private static final double Y = 2.0;

  /** f(x, y) = (sin x, x·y). */
  private static Graph<RealOp> f() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    return b.output(b.apply(RealOp.SIN, x)).output(b.apply(RealOp.MUL, x, y)).build();
  }

  private static LinearizedGraph<RealOp> jvp(Graph<RealOp> f) {
    return AD.linearize(
        Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x"), ValueKey.input("y")));
  }

  private static CompiledProgram<RealOp> compile(Graph<RealOp> root, ValueKey output) {
    return Graphs.compile(Graphs.resolve(root), List.of(output));
  }

  /** The entries of {@code all} that {@code p} takes, in its input order. */
  private static List<Double> positional(CompiledProgram<RealOp> p, Map<Object, Double> all) {
    List<Double> values = new ArrayList<>();
    for (Object key : p.inputKeys()) {
      values.add(all.get(key));
    }
    return values;
  }

  @Test
  void everyTangentInputMayBeBoundToAProgramForOneTangentOutput() {
    LinearizedGraph<RealOp> jvp = jvp(f());
    // d(sin x) = cos x · dx reads neither y nor dy
    CompiledProgram<RealOp> p = compile(jvp.graph(), jvp.linearOutput(0));
    assertEquals(2, p.inputCount(), "x and dx: " + p.inputKeys());
    assertTrue(p.unusedInputKeys().contains("y"), p.unusedInputKeys().toString());
    assertTrue(p.unusedInputKeys().contains(jvp.linearInput(1)), p.unusedInputKeys().toString());

    Map<Object, Double> every =
        Map.of("x", X, "y", Y, jvp.linearInput(0), 1.5, jvp.linearInput(1), 7.0);
    List<Double> byKey = Interpreter.eval(p, every);
    assertEquals(Math.cos(X) * 1.5, byKey.get(0), 1e-15);
    assertEquals(byKey, Interpreter.evalPositional(p, positional(p, every)));
    assertThrows(
        GraphException.class,
        () -> Interpreter.evalPositional(p, List.of(X, Y, 1.5, 7.0)),
        "positionally, the program takes only the inputs it reads");
  }

  @Test
  void everySeedAndTangentInputMayBeBoundToTheGradientOfOneInput() {
    LinearizedGraph<RealOp> jvp = jvp(f());
    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    // x̄ = cos x · ȳ0 + y · ȳ1 reads no tangent input of the linearized graph
    CompiledProgram<RealOp> p = compile(vjp.graph(), vjp.linearOutput(0));
    assertTrue(p.unusedInputKeys().contains(jvp.linearInput(0)), p.unusedInputKeys().toString());
    assertTrue(p.unusedInputKeys().contains(jvp.linearInput(1)), p.unusedInputKeys().toString());

    Map<Object, Double> every = new HashMap<>();
    every.put("x", X);
    every.put("y", Y);
    for (Object tangent : jvp.linearInputs()) {
      every.put(tangent, 1.0);
    }
    every.put(vjp.linearInput(0), 3.0);
    every.put(vjp.linearInput(1), 5.0);
    List<Double> byKey = Interpreter.eval(p, every);
    assertEquals(Math.cos(X) * 3.0 + Y * 5.0, byKey.get(0), 1e-15);
    assertEquals(byKey, Interpreter.evalPositional(p, positional(p, every)));
  }

  @Test
  void aSeedOfAPassOutsideTheViewIsRejectedNamingIt() {
    LinearizedGraph<RealOp> jvp = jvp(f());
    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    // the transposed graph is no graph of the JVP program's view: its seed is unknown there
    CompiledProgram<RealOp> p = compile(jvp.graph(), jvp.linearOutput(0));
    Object seed = vjp.linearInput(0);
    Map<Object, Double> bound = Map.of("x", X, jvp.linearInput(0), 1.0, seed, 3.0);
    GraphException e = assertThrows(GraphException.class, () -> Interpreter.eval(p, bound));
    assertTrue(e.getMessage().startsWith("inputs [" + seed + "] are bound"), e.getMessage());
    assertTrue(e.getMessage().contains("it takes inputs " + p.inputKeys()), e.getMessage());
  }
}
