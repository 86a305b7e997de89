package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.Complex;
import io.github.tidu4j.ad.testing.ComplexOp;
import io.github.tidu4j.ad.testing.HigherOrder;
import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.ad.testing.Run;
import io.github.tidu4j.ad.testing.VecOp;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.OperationRole;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The golden tests: small programs whose derivatives are known exactly. */
class GoldenTest {

  // ---- (1) x + x: accumulation by global identity ----

  @Test
  void xPlusXAccumulatesBothUsesOfX() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> f = b.output(b.apply(RealOp.ADD, x, x)).build();
    ValueKey xKey = ValueKey.input("x");

    LinearizedGraph<RealOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(xKey));
    assertEquals(2.0, (double) Run.eval1(jvp.graph(), jvp.linearOutput(0), Map.of(jvp.linearInput(0), 1.0)));

    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    // both operands of the linear Add are the same global key: one accumulation node
    assertEquals(1, countOps(vjp.graph(), RealOp.ADD));
    assertEquals(2.0, (double) Run.eval1(vjp.graph(), vjp.linearOutput(0), Map.of(vjp.linearInput(0), 1.0)));
  }

  // ---- (2) x * y: distinct reverse sinks ----

  @Test
  void xTimesYGivesEachInputTheOther() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    Graph<RealOp> f = b.output(b.apply(RealOp.MUL, x, y)).build();
    List<ValueKey> wrt = List.of(ValueKey.input("x"), ValueKey.input("y"));

    LinearizedGraph<RealOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), wrt);
    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    Map<Object, Double> in = new HashMap<>(Map.of("x", 3.0, "y", 5.0));
    in.put(vjp.linearInput(0), 1.0);
    List<Double> grads = Run.eval(List.of(vjp.graph()), vjp.linearOutputs(), in);
    assertEquals(List.of(5.0, 3.0), grads);
    assertTrue(vjp.linearOutput(0) != vjp.linearOutput(1), "distinct sinks");
  }

  // ---- (3) c * z, complex: Conj only in the transposed graph ----

  @Test
  void complexProductTransposeConjugatesTheFixedFactor() {
    GraphBuilder<ComplexOp> b = Graph.builder();
    ValueRef.Local c = b.input("c");
    ValueRef.Local z = b.input("z");
    Graph<ComplexOp> f = b.output(b.apply(ComplexOp.MUL, c, z)).build();

    LinearizedGraph<ComplexOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("z")));
    LinearizedGraph<ComplexOp> vjp = AD.linearTranspose(jvp);
    assertEquals(0, countOps(jvp.graph(), ComplexOp.CONJ));
    assertEquals(1, countOps(vjp.graph(), ComplexOp.CONJ));

    // each program is bound every input and seed of the graphs it comes from
    Map<Object, Complex> forward =
        Map.of("c", Complex.of(2, 1), "z", Complex.of(0.5, -3), jvp.linearInput(0), Complex.of(1, 0));
    Map<Object, Complex> reverse = new HashMap<>(forward);
    reverse.put(vjp.linearInput(0), Complex.of(1, 0));
    assertEquals(Complex.of(2, 1), Run.eval1(jvp.graph(), jvp.linearOutput(0), forward));
    assertEquals(Complex.of(2, -1), Run.eval1(vjp.graph(), vjp.linearOutput(0), reverse));
  }

  // ---- (4) x^2, second order in every mode ----

  @ParameterizedTest
  @ValueSource(strings = {"FF", "RF", "FR", "RR"})
  void xSquaredSecondDerivativeIsTwo(String modes) {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> f = b.output(b.apply(RealOp.MUL, x, x)).build();
    assertEquals(2.0, derivative(f, Map.of("x", 1.7), modes), 0.0);
  }

  // ---- (5) exp(a*x): external references, resolve before linearize, transpose ----

  @Test
  void expAxReferencesPrimalValuesWithoutCopyingThem() {
    Graph<RealOp> f = expAx();
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    Graph<RealOp> lin = jvp.graph();

    assertEquals(0, countOps(lin, RealOp.EXP), "the primal exp is referenced, not copied");
    assertTrue(lin.externalCount() >= 2, "a and exp(a*x) are external references");
    assertSame(f, lin.parents().get(0));
    for (int node = 0; node < lin.nodeCount(); node++) {
      assertTrue(lin.role(node) instanceof OperationRole.Linearized, lin.toString());
    }

    double a = 2;
    double x = 0.5;
    Map<Object, Double> in = new HashMap<>(Map.of("a", a, "x", x, jvp.linearInput(0), 1.0));
    // resolve(linear) alone finds the primal through the recorded parent
    assertEquals(a * Math.exp(a * x), (double) Run.eval1(lin, jvp.linearOutput(0), in));

    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    in.put(vjp.linearInput(0), 3.0);
    assertEquals(3 * a * Math.exp(a * x), (double) Run.eval1(vjp.graph(), vjp.linearOutput(0), in));
  }

  // ---- (6) Sum(exp(a*x)) over vectors: BroadcastInDim appears in the transpose ----

  @Test
  void sumOfExpAxGradientUsesBroadcastInDim() {
    GraphBuilder<VecOp> b = Graph.builder();
    ValueRef.Local a = b.input("a");
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.apply(new VecOp.ReduceSum(2), b.apply(VecOp.EXP, b.apply(VecOp.MUL, a, x)));
    Graph<VecOp> f = b.output(y).build();

    LinearizedGraph<VecOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    LinearizedGraph<VecOp> vjp = AD.linearTranspose(jvp);
    assertEquals(1, countOps(vjp.graph(), new VecOp.BroadcastInDim(2)));

    // each program is bound every input and seed of the graphs it comes from
    Map<Object, double[]> forward = Map.of(
        "a", new double[] {2, 3},
        "x", new double[] {1, 2},
        jvp.linearInput(0), new double[] {1, 0});
    Map<Object, double[]> reverse = new HashMap<>(forward);
    reverse.put(vjp.linearInput(0), new double[] {2});
    assertArrayEquals(new double[] {4 * Math.exp(2), 6 * Math.exp(6)},
        Run.eval1(vjp.graph(), vjp.linearOutput(0), reverse), 0.0);
    assertArrayEquals(new double[] {2 * Math.exp(2)},
        Run.eval1(jvp.graph(), jvp.linearOutput(0), forward), 0.0);
  }

  // ---- (7) higher orders ----

  @ParameterizedTest
  @ValueSource(strings = {"FF", "RF", "FR", "RR"})
  void expAxSecondDerivativeIsASquaredExpAx(String modes) {
    double a = 2;
    double x = 0.5;
    assertEquals(a * a * Math.exp(a * x), derivative(expAx(), Map.of("a", a, "x", x), modes), 0.0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"FFF", "FFR", "FRF", "FRR", "RFF", "RFR", "RRF", "RRR"})
  void expAxThirdDerivativeIsACubedExpAx(String modes) {
    double a = 2;
    double x = 0.5;
    assertEquals(a * a * a * Math.exp(a * x), derivative(expAx(), Map.of("a", a, "x", x), modes), 0.0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"FFF", "RRR", "FRF", "RFR"})
  void xCubedThirdDerivativeIsSix(String modes) {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> f = b.output(b.apply(RealOp.MUL, b.apply(RealOp.MUL, x, x), x)).build();
    assertEquals(6.0, derivative(f, Map.of("x", 1.3), modes), 0.0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"FFFF", "RRRR", "FRFR", "RFRF", "FFRR", "RRFF"})
  void xFourthFourthDerivativeIsTwentyFour(String modes) {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local x2 = b.apply(RealOp.MUL, x, x);
    Graph<RealOp> f = b.output(b.apply(RealOp.MUL, x2, x2)).build();
    assertEquals(24.0, derivative(f, Map.of("x", 0.7), modes), 0.0);
  }

  @Test
  void higherOrderNeverCopiesEarlierGraphs() {
    Graph<RealOp> f = expAx();
    ValueKey x = ValueKey.input("x");
    Graph<RealOp> current = f;
    ValueKey y = f.outputKey(0);
    java.util.List<Graph<RealOp>> chain = new java.util.ArrayList<>(List.of(f));
    for (int order = 1; order <= 4; order++) {
      LinearizedGraph<RealOp> lin = AD.linearize(Graphs.resolve(current), List.of(y), List.of(x));
      assertSame(current, lin.graph().parents().get(0), "each order refers to the previous one");
      // nothing defined by an earlier graph is defined again: the transforms only resolve
      for (Graph<RealOp> earlier : chain) {
        for (int node = 0; node < lin.graph().nodeCount(); node++) {
          assertEquals(-1, earlier.localValue(lin.graph().operationKey(node).output(0)),
              "order " + order + " copied a node of an earlier graph");
        }
      }
      chain.add(lin.graph());
      current = lin.graph();
      y = lin.linearOutput(0);
      assertNotNull(y);
    }
  }

  // ---- helpers ----

  /** f(a, x) = exp(a * x). */
  static Graph<RealOp> expAx() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local a = b.input("a");
    ValueRef.Local x = b.input("x");
    return b.output(b.apply(RealOp.EXP, b.apply(RealOp.MUL, a, x))).build();
  }

  /**
   * The derivative of f's single output with respect to input "x" of order {@code modes.length()},
   * each level forward ('F', seeded with a tangent of 1) or reverse ('R', seeded with a cotangent of
   * 1), innermost first; only resolve happens between levels.
   */
  static double derivative(Graph<RealOp> f, Map<Object, Double> primal, String modes) {
    HigherOrder.Derivative<RealOp> d = HigherOrder.derivative(f, ValueKey.input("x"), modes);
    return Run.eval1(d.graph(), d.output(), d.bindings(primal, 1.0));
  }

  static <P extends io.github.tidu4j.graph.GraphOperation> int countOps(Graph<P> g, P op) {
    int count = 0;
    for (int node = 0; node < g.nodeCount(); node++) {
      if (g.operation(node).equals(op)) {
        count++;
      }
    }
    return count;
  }

}
