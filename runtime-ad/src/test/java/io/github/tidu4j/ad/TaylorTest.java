package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.HigherOrder;
import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.ad.testing.Run;
import io.github.tidu4j.ad.testing.SeriesOp;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Taylor mode against closed forms and against nested linearize: the k-th derivative is k! times
 * the k-th coefficient.
 */
class TaylorTest {
  private static final ValueKey X = ValueKey.input("x");

  /** The coefficients y_0 … y_K of f's output 0 along x0 + t. */
  private static double[] coefficients(Graph<SeriesOp> f, double x0, Map<Object, Double> more, int order) {
    TaylorGraph<SeriesOp> t = AD.taylor(Graphs.resolve(f), List.of(f.outputKey(0)), List.of(X), order);
    Map<Object, Double> in = new HashMap<>(more);
    in.put("x", x0);
    in.put(t.inputKey(0, 1), 1.0);
    List<ValueKey> outs = new java.util.ArrayList<>();
    outs.add(t.coefficient(0, 0));
    outs.addAll(t.outputKeys());
    List<Double> values = Run.eval(List.of(t.graph()), outs, in);
    double[] c = new double[order + 1];
    for (int k = 0; k <= order; k++) {
      c[k] = values.get(k);
    }
    return c;
  }

  /** The k-th derivative of f's output 0 in x by k nested linearize passes. */
  private static double nested(Graph<SeriesOp> f, double x0, Map<Object, Double> more, int k) {
    HigherOrder.Derivative<SeriesOp> d = HigherOrder.derivative(f, X, "F".repeat(k));
    Map<Object, Double> in = new HashMap<>(more);
    in.put("x", x0);
    return Run.<SeriesOp, Double>eval1(d.graph(), d.output(), d.bindings(in, 1.0));
  }

  private static double factorial(int k) {
    double f = 1;
    for (int i = 2; i <= k; i++) {
      f *= i;
    }
    return f;
  }

  /** Checks k!·y_k against nested linearize for k = 1..order, relatively within tol. */
  private static void agreesWithNested(Graph<SeriesOp> f, double x0, int order, double tol) {
    double[] c = coefficients(f, x0, Map.of(), order);
    for (int k = 1; k <= order; k++) {
      double expected = nested(f, x0, Map.of(), k);
      double actual = factorial(k) * c[k];
      assertEquals(expected, actual, tol * Math.max(1, Math.abs(expected)), "order " + k + " of " + f);
    }
  }

  private static Graph<SeriesOp> unary(SeriesOp op) {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    return b.output(b.apply(op, x)).build();
  }

  @Test
  void aLongChainToAHighOrderIsNotPresizedForEveryTermItCouldMake() {
    // 10^3 linear operations to order 10^3 make about 10^6 terms of the 5·10^8 a product could:
    // the output builder grows as it needs rather than asking for the worst case up front
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef.Local v = b.input("x");
    for (int i = 0; i < 1_000; i++) {
      v = b.apply(SeriesOp.NEG, v);
    }
    Graph<SeriesOp> chain = b.output(v).build();
    TaylorGraph<SeriesOp> t = AD.taylor(Graphs.resolve(chain), chain.outputKeys(), List.of(X), 1_000);
    assertTrue(t.graph().valueCount() < 3_000_000, "values: " + t.graph().valueCount());
    assertEquals(1_000 * 1_001L * 1_002 / 2, AD.checkTaylorOrder(1_000, 1_000));
    long terms = AD.checkTaylorOrder(4, 100);   // 15 terms for each of 100 operations: 1,500
    assertEquals(1_500, terms);
  }

  @Test
  void anOrderNoGraphCouldHoldIsRefusedBeforeAnythingIsMade() {
    Graph<SeriesOp> f = unary(SeriesOp.SIN);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X), Integer.MAX_VALUE));
    assertTrue(
        e.getMessage().startsWith("the Taylor order is 2147483647, which asks for up to ")
            && e.getMessage().endsWith(
                " coefficient terms for each of the 1 operation, more than one graph holds"
                    + " (2^31 − 1 values); ask for a lower order"),
        e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X), 65_536));
  }

  @Test
  void expOfAxHasCoefficientsAToTheKTimesExpOverKFactorial() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    ValueRef a = b.input("a");
    Graph<SeriesOp> f = b.output(b.apply(SeriesOp.EXP, b.apply(SeriesOp.MUL, a, x))).build();
    double[] c = coefficients(f, 0.5, Map.of("a", 2.0), 8);
    double e = Math.exp(1.0);
    for (int k = 0; k <= 8; k++) {
      double exact = Math.pow(2, k) * e / factorial(k);
      // each order adds one product and one scale by 1/k: 2 roundings per order, so at most 16
      // roundings (about 16 · 1.1e-16) at order 8 beside the closed form's own few
      assertEquals(exact, c[k], 4e-15 * exact, "order " + k);
    }
  }

  @Test
  void unaryPrimitivesAgreeWithNestedLinearizeToOrder5() {
    for (SeriesOp op : List.of(SeriesOp.EXP, SeriesOp.SIN, SeriesOp.COS, SeriesOp.TANH,
        SeriesOp.RECIP)) {
      agreesWithNested(unary(op), 0.7, 5, 1e-11);
    }
  }

  @Test
  void linearPrimitivesHaveTheirFirstCoefficientOnlyAlongALine() {
    for (SeriesOp op : List.of(SeriesOp.NEG, SeriesOp.scale(-2.5))) {
      Graph<SeriesOp> f = unary(op);
      TaylorGraph<SeriesOp> t = AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X), 3);
      assertTrue(t.isZero(0, 2) && t.isZero(0, 3), op.name());
      agreesWithNested(f, 0.7, 1, 0);
    }
  }

  @Test
  void binaryPrimitivesWithBothOperandsMovingAgreeWithNestedLinearize() {
    for (SeriesOp op : List.of(SeriesOp.ADD, SeriesOp.MUL)) {
      GraphBuilder<SeriesOp> b = Graph.builder();
      ValueRef x = b.input("x");
      ValueRef s = b.apply(SeriesOp.SIN, x);
      Graph<SeriesOp> f = b.output(b.apply(op, b.apply(SeriesOp.EXP, x), s)).build();
      agreesWithNested(f, 0.3, 5, 1e-11);
    }
  }

  @Test
  void multiOutputPrimitiveAgreesWithNestedLinearize() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    List<ValueRef.Local> sc = b.applyMulti(SeriesOp.SIN_COS, b.apply(SeriesOp.MUL, x, x));
    Graph<SeriesOp> f = b.output(b.apply(SeriesOp.MUL, sc.get(0), sc.get(1))).build();
    agreesWithNested(f, 0.4, 4, 1e-11);
  }

  /**
   * A rule whose tangents are outputs 0 and 1 of a linear two-output operation (MUL_NEG's own,
   * both operands moving): each output slot of a template node has its own series.
   */
  @Test
  void aLinearMultiOutputOperationInARuleExpandsInEveryOutputSlot() {
    for (int slot = 0; slot < 2; slot++) {
      GraphBuilder<SeriesOp> b = Graph.builder();
      ValueRef x = b.input("x");
      List<ValueRef.Local> mn =
          b.applyMulti(SeriesOp.MUL_NEG, b.apply(SeriesOp.SIN, x), b.apply(SeriesOp.EXP, x));
      agreesWithNested(b.output(mn.get(slot)).build(), 0.4, 4, 1e-11);
    }
  }

  /** A rule that uses output 1 of a linear two-output operation only, its fixed operand moving. */
  @Test
  void aRuleUsingOutputOneOfALinearMultiOutputOperationExpands() {
    agreesWithNested(unary(SeriesOp.COS_BY_MUL_NEG), 0.7, 4, 1e-11);
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    ValueRef v = b.apply(SeriesOp.COS_BY_MUL_NEG, b.apply(SeriesOp.MUL, x, x));
    agreesWithNested(b.output(b.apply(SeriesOp.SIN, b.apply(SeriesOp.MUL, v, x))).build(), 0.6, 4, 1e-10);
  }

  /** A linear two-output operation whose fixed operand is output 1 of the multi-output SIN_COS. */
  @Test
  void aFixedOperandThatIsOutputOneOfAMultiOutputOperationExpands() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    List<ValueRef.Local> sc = b.applyMulti(SeriesOp.SIN_COS, b.apply(SeriesOp.MUL, x, x));
    List<ValueRef.Local> mn = b.applyMulti(SeriesOp.MUL_NEG, sc.get(1), x);
    Graph<SeriesOp> f = b.output(b.apply(SeriesOp.MUL, mn.get(1), sc.get(0))).build();
    agreesWithNested(f, 0.5, 4, 1e-10);
  }

  /** Chain100's LCG over Add(v, x), Mul(v, x), Sin(v), Cos(v), and more kinds. */
  static Graph<SeriesOp> chain(int steps, int kinds, long seed) {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    return composeChain(b, x, steps, kinds, seed);
  }

  @Test
  void chain100AgreesWithNestedLinearizeToOrder4() {
    agreesWithNested(chain(100, 4, 42), 0.3, 4, 1e-9);
  }

  @Test
  void randomChainsOverMoreKindsAgreeWithNestedLinearize() {
    for (long seed = 1; seed <= 5; seed++) {
      agreesWithNested(chain(30, 7, seed), 0.3, 4, 1e-9);
    }
  }

  /** A random DAG: each node applies a random kind to random earlier values (fan-out). */
  static Graph<SeriesOp> dag(int nodes, long seed) {
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
    GraphBuilder<SeriesOp> b = Graph.builder();
    List<ValueRef> values = new java.util.ArrayList<>();
    values.add(b.input("x"));
    values.add(b.input("c")); // a constant: not differentiated
    for (int i = 0; i < nodes; i++) {
      ValueRef u = values.get(random.nextInt(values.size()));
      ValueRef v = values.get(random.nextInt(values.size()));
      values.add(switch (random.nextInt(7)) {
        case 0 -> b.apply(SeriesOp.ADD, u, v);
        case 1 -> b.apply(SeriesOp.MUL, u, v);
        case 2 -> b.apply(SeriesOp.SIN, u);
        case 3 -> b.apply(SeriesOp.COS, u);
        case 4 -> b.apply(SeriesOp.TANH, u);
        case 5 -> b.apply(SeriesOp.EXP, b.apply(SeriesOp.scale(0.125), u));
        default -> b.applyMulti(SeriesOp.SIN_COS, u).get(random.nextInt(2));
      });
    }
    ValueRef sum = values.get(values.size() - 1);
    for (int i = values.size() - 2; i >= values.size() - 4; i--) {
      sum = b.apply(SeriesOp.ADD, sum, values.get(i));
    }
    return b.output(sum).build();
  }

  @Test
  void randomDagsAgreeWithNestedLinearizeToOrder4() {
    for (long seed = 1; seed <= 6; seed++) {
      Graph<SeriesOp> f = dag(40, seed);
      double[] c = coefficients(f, 0.3, Map.of("c", 0.9), 4);
      for (int k = 1; k <= 4; k++) {
        double expected = nested(f, 0.3, Map.of("c", 0.9), k);
        assertEquals(expected, factorial(k) * c[k], 1e-9 * Math.max(1, Math.abs(expected)),
            "seed " + seed + " order " + k);
      }
    }
  }

  /**
   * The Taylor graph is an ordinary primal graph, so it composes with linearize: along x0 + t,
   * the derivative of y_k in x0 is (k + 1)·y_{k+1}.
   */
  @Test
  void aCoefficientDifferentiatesByLinearize() {
    Graph<SeriesOp> f = chain(30, 7, 5);
    int order = 4;
    TaylorGraph<SeriesOp> t = AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X), order);
    List<ValueKey> coefficients = t.outputKeys();
    LinearizedGraph<SeriesOp> jvp =
        AD.linearize(Graphs.resolve(t.graph()), coefficients.subList(0, order - 1), List.of(X));
    Map<Object, Double> in = Map.of("x", 0.3, t.inputKey(0, 1), 1.0);
    List<Double> c = Run.eval(List.of(t.graph()), coefficients, in);
    Map<Object, Double> withTangent = new HashMap<>(in);
    withTangent.put(jvp.linearInput(0), 1.0);
    List<Double> d = Run.eval(List.of(jvp.graph()), jvp.linearOutputs(), withTangent);
    for (int k = 1; k < order; k++) {
      assertEquals((k + 1) * c.get(k), d.get(k - 1), 1e-10 * Math.max(1, Math.abs(d.get(k - 1))),
          "d y_" + k + " / dx");
    }
  }

  /**
   * The gradient of a Taylor coefficient through linearTranspose: y_3 of a chain along x0 + t·v,
   * a function of (x0, v), against central finite differences in x0; in v, y_k is homogeneous of
   * degree k, so v·∂y_k/∂v = k·y_k exactly, and finite differences agree too.
   */
  @Test
  void aCoefficientsGradientThroughLinearTransposeMatchesFiniteDifferences() {
    Graph<SeriesOp> f = chain(30, 7, 5);
    TaylorGraph<SeriesOp> t = AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X), 3);
    Object v = t.inputKey(0, 1);
    ValueKey y3 = t.coefficient(0, 3);
    LinearizedGraph<SeriesOp> jvp =
        AD.linearize(Graphs.resolve(t.graph()), List.of(y3), List.of(X, ValueKey.input(v)));
    LinearizedGraph<SeriesOp> vjp = AD.linearTranspose(jvp);
    double x0 = 0.3;
    double v0 = 0.8;
    Map<Object, Double> in = new HashMap<>(Map.of("x", x0, v, v0));
    in.put(vjp.linearInput(0), 1.0);
    List<Double> grad = Run.eval(List.of(vjp.graph()), vjp.linearOutputs(), in);
    DoubleBinaryOperator y =
        (a, b) -> Run.<SeriesOp, Double>eval1(t.graph(), y3, Map.of("x", a, v, b));
    double h = 1e-5;
    double fdX = (y.applyAsDouble(x0 + h, v0) - y.applyAsDouble(x0 - h, v0)) / (2 * h);
    double fdV = (y.applyAsDouble(x0, v0 + h) - y.applyAsDouble(x0, v0 - h)) / (2 * h);
    assertEquals(fdX, grad.get(0), 1e-7 * Math.max(1, Math.abs(fdX)), "d y_3 / d x0");
    assertEquals(fdV, grad.get(1), 1e-7 * Math.max(1, Math.abs(fdV)), "d y_3 / d v");
    double y0 = y.applyAsDouble(x0, v0);
    assertEquals(3 * y0, v0 * grad.get(1), 1e-12 * Math.max(1, Math.abs(y0)), "v·∂y_3/∂v = 3·y_3");
    assertTrue(Math.abs(grad.get(0)) > 1e-3, "a non-trivial gradient: " + grad.get(0));
  }

  @Test
  void fullPathAgreesWithNestedLinearizeAlongTheCurve() {
    // y(t) = f(x(t)), x(t) = x0 + x1 t + x2 t² + x3 t³, differentiated in t by nested linearize
    Graph<SeriesOp> f = chain(20, 7, 3);
    int order = 4;
    double[] path = {0.3, 0.7, -0.4, 0.25, 0.1};
    TaylorGraph<SeriesOp> t =
        AD.taylorPath(Graphs.resolve(f), List.of(f.outputKey(0)), List.of(X), order, null);
    Map<Object, Double> in = new HashMap<>();
    in.put("x", path[0]);
    for (int m = 1; m <= order; m++) {
      in.put(t.inputKey(0, m), path[m]);
    }
    List<Double> c = Run.eval(List.of(t.graph()), t.outputKeys(), in);

    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef time = b.input("x"); // named x so that the derivative helper differentiates by it
    ValueRef x = b.input("x0");
    ValueRef power = time;
    for (int m = 1; m <= order; m++) {
      ValueRef coefficient = b.input("c" + m);
      x = b.apply(SeriesOp.ADD, x, b.apply(SeriesOp.MUL, coefficient, power));
      power = b.apply(SeriesOp.MUL, power, time);
    }
    Graph<SeriesOp> curve = composeChain(b, x, 20, 7, 3);
    Map<Object, Double> at = new HashMap<>();
    at.put("x0", path[0]);
    for (int m = 1; m <= order; m++) {
      at.put("c" + m, path[m]);
    }
    for (int k = 1; k <= order; k++) {
      double expected = nested(curve, 0.0, at, k);
      assertEquals(expected, factorial(k) * c.get(k - 1), 1e-9 * Math.max(1, Math.abs(expected)),
          "order " + k);
    }
  }

  /** {@link #chain} applied to {@code x} in builder {@code b} (its x input replaced by x). */
  private static Graph<SeriesOp> composeChain(
      GraphBuilder<SeriesOp> b, ValueRef x, int steps, int kinds, long seed) {
    ValueRef v = x;
    long s = seed;
    for (int i = 0; i < steps; i++) {
      s = s * 6364136223846793005L + 1442695040888963407L;
      int kind = (int) ((s >>> 33) % kinds);
      v = switch (kind) {
        case 0 -> b.apply(SeriesOp.ADD, v, x);
        case 1 -> b.apply(SeriesOp.MUL, v, x);
        case 2 -> b.apply(SeriesOp.SIN, v);
        case 3 -> b.apply(SeriesOp.COS, v);
        case 4 -> b.apply(SeriesOp.TANH, v);
        case 5 -> b.apply(SeriesOp.EXP, b.apply(SeriesOp.scale(0.25), v));
        default -> b.apply(SeriesOp.MUL, v, b.apply(SeriesOp.SIN, v));
      };
    }
    return b.output(v).build();
  }

  @Test
  void coefficientsOfAPolynomialAboveItsDegreeAreSymbolicZeros() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    Graph<SeriesOp> f = b.output(b.apply(SeriesOp.MUL, x, x)).build();
    TaylorGraph<SeriesOp> t = AD.taylor(Graphs.resolve(f), List.of(f.outputKey(0)), List.of(X), 4);
    assertFalse(t.isZero(0, 1));
    assertFalse(t.isZero(0, 2));
    assertTrue(t.isZero(0, 3));
    assertTrue(t.isZero(0, 4));
    List<Double> c =
        Run.eval(List.of(t.graph()), t.outputKeys(), Map.of("x", 3.0, t.inputKey(0, 1), 1.0));
    assertEquals(List.of(6.0, 1.0, 0.0, 0.0), c);
  }

  @Test
  void anOutputIndependentOfWrtHasZeroCoefficients() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    b.input("x");
    ValueRef a = b.input("a");
    Graph<SeriesOp> f = b.output(b.apply(SeriesOp.SIN, a)).build();
    TaylorGraph<SeriesOp> t = AD.taylor(Graphs.resolve(f), List.of(f.outputKey(0)), List.of(X), 3);
    for (int k = 1; k <= 3; k++) {
      assertTrue(t.isZero(0, k));
    }
    assertEquals(List.of(0.0, 0.0, 0.0),
        Run.eval(List.of(t.graph()), t.outputKeys(), Map.of("a", 1.0)));
  }

  @Test
  void aLineHasNoInputsForHigherCoefficients() {
    Graph<SeriesOp> f = unary(SeriesOp.SIN);
    TaylorGraph<SeriesOp> t = AD.taylor(Graphs.resolve(f), List.of(f.outputKey(0)), List.of(X), 3);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.inputKey(0, 2));
    assertTrue(e.getMessage().contains("taylorPath"), e.getMessage());
    assertEquals(1, t.inputKeys().size());
  }

  @Test
  void aPathWithSomeCoefficientsZeroIsThePathWithThoseBoundToZero() {
    // x(t) = x0 + x1 t + x3 t³: coefficient 2 and 4 left out, symbolic zeros
    Graph<SeriesOp> f = chain(20, 7, 3);
    int order = 4;
    BitSet given = new BitSet();
    given.set(1);
    given.set(3);
    TaylorGraph<SeriesOp> some =
        AD.taylorPath(
            Graphs.resolve(f), List.of(f.outputKey(0)), List.of(X), List.of(given), order, null);
    TaylorGraph<SeriesOp> every =
        AD.taylorPath(Graphs.resolve(f), List.of(f.outputKey(0)), List.of(X), order, null);
    Map<Object, Double> someIn = new HashMap<>(Map.of("x", 0.3));
    someIn.put(some.inputKey(0, 1), 0.7);
    someIn.put(some.inputKey(0, 3), 0.25);
    Map<Object, Double> everyIn = new HashMap<>(Map.of("x", 0.3));
    double[] path = {0, 0.7, 0.0, 0.25, 0.0};
    for (int m = 1; m <= order; m++) {
      everyIn.put(every.inputKey(0, m), path[m]);
    }
    assertEquals(
        Run.eval(List.of(every.graph()), every.outputKeys(), everyIn),
        Run.eval(List.of(some.graph()), some.outputKeys(), someIn));
    assertEquals(2, some.inputKeys().size());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> some.inputKey(0, 2));
    assertEquals(
        "the Taylor graph has no input for coefficient 2 of wrt input 0: the graph was made with"
            + " that coefficient zero",
        e.getMessage());
  }

  @Test
  void aZeroCoefficientMeetingAnInfiniteFactorIsNoNaN() {
    // 1/x at 0: y_2 = −y_0·(y_1·x_1 + y_0·x_2), with x_2 a bound 0 gives ∞·0; a symbolic zero
    // leaves the term out, as along a line
    Graph<SeriesOp> f = unary(SeriesOp.RECIP);
    BitSet first = new BitSet();
    first.set(1);
    TaylorGraph<SeriesOp> t =
        AD.taylorPath(
            Graphs.resolve(f), List.of(f.outputKey(0)), List.of(X), List.of(first), 3, null);
    List<Double> c =
        Run.eval(List.of(t.graph()), t.outputKeys(), Map.of("x", 0.0, t.inputKey(0, 1), 1.0));
    double[] line = coefficients(f, 0.0, Map.of(), 3);
    for (int k = 1; k <= 3; k++) {
      assertTrue(Double.isInfinite(c.get(k - 1)), c.toString());
      assertEquals(line[k], c.get(k - 1), "the line's coefficient " + k);
    }
  }

  @Test
  void coefficientSetsThatDoNotFitThePathAreRefused() {
    Graph<SeriesOp> f = unary(SeriesOp.SIN);
    List<ValueKey> out = List.of(f.outputKey(0));
    BitSet zeroth = new BitSet();
    zeroth.set(0);
    BitSet fifth = new BitSet();
    fifth.set(5);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> AD.taylorPath(Graphs.resolve(f), out, List.of(X), List.of(zeroth), 4, null));
    assertEquals(
        "coefficients of wrt input 0 are {0}, but the coefficients of a path to order 4 are 1 to 4",
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> AD.taylorPath(Graphs.resolve(f), out, List.of(X), List.of(fifth), 4, null));
    assertTrue(e.getMessage().contains("{5}"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> AD.taylorPath(Graphs.resolve(f), out, List.of(X), List.of(), 4, null));
    assertEquals("coefficients gives 0 sets for 1 wrt inputs; give one per wrt input", e.getMessage());
    BitSet first = new BitSet();
    first.set(1);
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> AD.taylorPath(Graphs.resolve(f), out, List.of(X), List.of(first), 0, null));
    assertEquals("the Taylor order is 0; ask for 1 or more", e.getMessage());
  }

  @Test
  void aLinearUseWithAMovingFixedOperandOfANonMultilinearOpIsAnADRuleError() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    Graph<SeriesOp> f = b.output(b.apply(SeriesOp.DIV, x, b.apply(SeriesOp.SIN, x))).build();
    ADRuleError e = assertThrows(ADRuleError.class,
        () -> AD.taylor(Graphs.resolve(f), List.of(f.outputKey(0)), List.of(X), 2));
    assertEquals("DIV", e.primitiveName());
    assertTrue(e.getMessage().contains("not multilinear"), e.getMessage());
    assertTrue(e.getMessage().contains("mul(recip(b), db)"), e.getMessage());
  }

  /**
   * A hand-written rule that applies a non-linear operation to its tangent (generated emitters
   * accept no tangent there): an ADRuleError naming the primitive, the operation and the fix.
   */
  @Test
  void aNonLinearOperationOnATangentIsAnADRuleError() {
    Graph<SeriesOp> f = unary(SeriesOp.SIN_OF_TANGENT);
    ADRuleError e = assertThrows(ADRuleError.class,
        () -> AD.taylor(Graphs.resolve(f), List.of(f.outputKey(0)), List.of(X), 2));
    assertEquals("SIN_OF_TANGENT", e.primitiveName());
    assertEquals(RuleKind.JVP, e.ruleKind());
    assertTrue(e.getMessage().contains("emits SIN on tangents alone"), e.getMessage());
    assertTrue(e.getMessage().contains("neither multilinear nor the set's accumulator"),
        e.getMessage());
    assertTrue(e.getMessage().contains("mul(cos(x), dx) rather than sin(dx)"), e.getMessage());
  }

  @Test
  void theSameOperationWithAConstantFixedOperandExpands() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    ValueRef c = b.input("c");
    Graph<SeriesOp> f = b.output(b.apply(SeriesOp.DIV, b.apply(SeriesOp.EXP, x), c)).build();
    double[] y = coefficients(f, 0.5, Map.of("c", 4.0), 3);
    for (int k = 0; k <= 3; k++) {
      assertEquals(Math.exp(0.5) / 4 / factorial(k), y[k], 1e-15, "order " + k);
    }
  }

  @Test
  void aSetWithoutAScalePrimitiveGetsOrderOneAndAClearErrorAbove() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef x = b.input("x");
    Graph<RealOp> f = b.output(b.apply(RealOp.SIN, x)).build();
    TaylorGraph<RealOp> first = AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X), 1);
    assertEquals(Math.cos(0.5), Run.<RealOp, Double>eval1(first.graph(), first.coefficient(0, 1),
        Map.of("x", 0.5, first.inputKey(0, 1), 1.0)), 0);
    GraphException e = assertThrows(GraphException.class,
        () -> AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X), 2));
    assertTrue(e.getMessage().contains("set RealOp declares no scale primitive"), e.getMessage());
    assertTrue(e.getMessage().contains("@Primitive(scale = true)"), e.getMessage());
  }

  /**
   * Chain100's program per primal op at order K: one product and one sum per Cauchy term, each
   * term computed once, so the size grows as K², not as the 2^K of nested linearize. A Sin or Cos
   * step needs the series of both sin v and cos v (each k products and k − 1 sums at order k),
   * which even the hand-written floor computes, so the bound is twice the (K+1)(K+2)/2 terms of
   * one Cauchy product to order K; measured: 3.2, 7.1, 13.7, 22.9, 34.2, 47.6, 63.0, 80.5.
   */
  @Test
  void programSizePerPrimalOpOnChain100GrowsAsTheCauchyProducts() {
    Graph<SeriesOp> f = chain(100, 4, 42);
    for (int order = 1; order <= 8; order++) {
      TaylorGraph<SeriesOp> t =
          AD.taylor(Graphs.resolve(f), List.of(f.outputKey(0)), List.of(X), order);
      CompiledProgram<SeriesOp> p = Graphs.compile(Graphs.resolve(t.graph()), t.outputKeys());
      double perOp = p.instructionCount() / 100.0;
      assertTrue(perOp <= (order + 1) * (order + 2), "order " + order + ": " + perOp + " per op");
    }
  }

  @Test
  void aChainOfAMillionOperationsExpandsWithoutRecursion() {
    GraphBuilder<SeriesOp> b = Graph.builder();
    ValueRef x = b.input("x");
    ValueRef v = x;
    for (int i = 0; i < 1_000_000; i++) {
      v = i % 2 == 0 ? b.apply(SeriesOp.SIN, v) : b.apply(SeriesOp.ADD, x, v);
    }
    Graph<SeriesOp> f = b.output(v).build();
    TaylorGraph<SeriesOp> t = AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X), 2);
    assertEquals(2, t.outputKeys().size());
    assertFalse(t.isZero(0, 2));
  }
}
