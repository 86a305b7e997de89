package io.github.tidu4j.ad.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The checker accepts the correct rules of {@link RealOp}, alone and composed, to third order. */
class GradientCheckerRealTest {
  private static final Map<Object, Double> XY = Map.of("x", 0.7, "y", -1.3);

  @Test
  void anInputListedTwiceIsNamedByItsInputKey() {
    GraphBuilder<RealOp> b = Graph.builder();
    Graph<RealOp> g = b.output(b.apply(RealOp.SIN, b.input("x"))).build();
    ValueKey.Input x = ValueKey.input("x");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new CheckedFunction<>(List.of(g), List.of(x, x), g.outputKeys(), g.outputKeys()));
    assertEquals("input x is listed twice", e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(RealOp.class)
  void eachPrimitiveAlonePassesToThirdOrderInBothModes(RealOp op) {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> g =
        op.inputArity() == 2
            ? b.output(b.apply(op, x, b.input("y"))).build()
            : b.output(b.apply(op, x)).build();
    GradientChecker.check(CheckedFunction.of(g), XY, ScalarDomain.INSTANCE, 3, Mode.BOTH, null, new Random(1));
  }

  @ParameterizedTest
  @EnumSource(RealOp.class)
  void eachPrimitiveAlonePassesToThirdOrderInEachModeAlone(RealOp op) {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> g =
        op.inputArity() == 2 ? b.output(b.apply(op, x, x)).build() : b.output(b.apply(op, x)).build();
    for (Mode mode : Mode.values()) {
      GradientChecker.check(CheckedFunction.of(g), XY, ScalarDomain.INSTANCE, 3, Set.of(mode), null, new Random(2));
    }
  }

  @Test
  void compositionsPassToThirdOrder() {
    List<Graph<RealOp>> functions =
        List.of(
            binary((b, x, y) -> b.apply(RealOp.EXP, b.apply(RealOp.MUL, x, y))),
            binary((b, x, y) -> b.apply(RealOp.ADD, b.apply(RealOp.MUL, b.apply(RealOp.SIN, x), b.apply(RealOp.COS, y)), x)),
            binary((b, x, y) -> b.apply(RealOp.MUL, b.apply(RealOp.MUL, x, x), x)),
            binary((b, x, y) -> b.apply(RealOp.NEG, b.apply(RealOp.EXP, b.apply(RealOp.SIN, x)))),
            binary((b, x, y) -> b.apply(RealOp.SIN, b.apply(RealOp.ADD, x, x))),
            binary((b, x, y) -> {
              ValueRef.Local s = b.apply(RealOp.SIN, b.apply(RealOp.MUL, x, y));
              return b.apply(RealOp.MUL, s, b.apply(RealOp.COS, s));
            }));
    for (Graph<RealOp> g : functions) {
      GradientChecker.check(CheckedFunction.of(g), XY, ScalarDomain.INSTANCE, 3, Mode.BOTH, null, new Random(3));
    }
  }

  @Test
  void severalOutputsSharingWorkPassToThirdOrder() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local xy = b.apply(RealOp.MUL, x, y);
    Graph<RealOp> g = b.output(b.apply(RealOp.SIN, xy)).output(b.apply(RealOp.EXP, xy)).output(x).build();
    GradientChecker.check(CheckedFunction.of(g), XY, ScalarDomain.INSTANCE, 3, Mode.BOTH, null, new Random(4));
  }

  @Test
  void theSameOutputTwiceAndAFunctionOverTwoRootGraphsPassToThirdOrder() {
    // g1(x, y) = x·y; g2 refers to g1's output by key: sin(g1) + y
    Graph<RealOp> g1 = binary((b, x, y) -> b.apply(RealOp.MUL, x, y));
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local y = b.input("y");
    ValueRef.Local s = b.apply(RealOp.SIN, ValueRef.external(g1.outputKey(0)));
    Graph<RealOp> g2 = b.output(b.apply(RealOp.ADD, s, y)).parent(g1).build();
    List<ValueKey.Input> inputs = List.of(ValueKey.input("x"), ValueKey.input("y"));

    CheckedFunction<RealOp> twice =
        CheckedFunction.of(List.of(g2), inputs, List.of(g2.outputKey(0), g2.outputKey(0)));
    GradientChecker.check(twice, XY, ScalarDomain.INSTANCE, 3, Mode.BOTH, null, new Random(12));
    CheckedFunction<RealOp> twoRoots =
        CheckedFunction.of(List.of(g1, g2), inputs, List.of(g2.outputKey(0), g1.outputKey(0)));
    GradientChecker.check(twoRoots, XY, ScalarDomain.INSTANCE, 3, Mode.BOTH, null, new Random(13));
  }

  @Test
  void anUnusedInputAndAConstantDerivativeGiveSymbolicZerosThatPass() {
    // y is unused: its tangent and cotangent are symbolic zeros at every order; and the third
    // derivative of x*x vanishes symbolically with respect to x
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    b.input("y");
    Graph<RealOp> g = b.output(b.apply(RealOp.MUL, x, x)).build();
    GradientChecker.check(CheckedFunction.of(g), XY, ScalarDomain.INSTANCE, 4, Mode.BOTH, null, new Random(5));
  }

  @Test
  void anExplicitZeroOutputIsCheckedAsTheZeroShapedLikeItsTemplate() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> g = b.output(b.apply(RealOp.SIN, x)).build();
    List<ValueKey> outputs = new ArrayList<>();
    outputs.add(g.outputKey(0));
    outputs.add(null);
    CheckedFunction<RealOp> f =
        new CheckedFunction<>(List.of(g), List.of(ValueKey.input("x")), outputs, List.of(g.outputKey(0), g.outputKey(0)));
    GradientChecker.check(f, XY, ScalarDomain.INSTANCE, 2, Mode.BOTH, null, new Random(6));

    // a function with nothing but a zero: the transforms get no output at all
    CheckedFunction<RealOp> zero =
        new CheckedFunction<>(List.of(g), List.of(ValueKey.input("x")), outputs.subList(1, 2), List.of(g.outputKey(0)));
    GradientChecker.check(zero, XY, ScalarDomain.INSTANCE, 2, Mode.BOTH, null, new Random(6));
  }

  @Test
  void derivativeFunctionsReferToEarlierGraphsAndAreNeverMaterializedBetweenTransforms() {
    Graph<RealOp> g = binary((b, x, y) -> b.apply(RealOp.EXP, b.apply(RealOp.MUL, x, y)));
    List<List<Graph<RealOp>>> seen = new ArrayList<>();
    Evaluator<RealOp, Double> reference = Evaluator.interpreter();
    Evaluator<RealOp, Double> recording =
        (roots, outputs) -> {
          seen.add(roots);
          return reference.prepare(roots, outputs);
        };
    GradientChecker.<RealOp, Void, Double>of(ScalarDomain.INSTANCE)
        .withEvaluator(recording)
        .withEachInputAlone(false)
        .check(CheckedFunction.of(g), XY, 3, Mode.BOTH, null, new Random(7));

    // f, then per check the derivative function: 1 + 2 at order 1, 1 + 2 per function after
    int functions = 1 + 2 + 4;
    assertEquals(functions + 2 + 4 + 8, seen.size());
    // each input alone too (the default): the same checks twice more, with x, then y, alone
    int together = seen.size();
    GradientChecker.<RealOp, Void, Double>of(ScalarDomain.INSTANCE)
        .withEvaluator(recording)
        .check(CheckedFunction.of(g), XY, 3, Mode.BOTH, null, new Random(7));
    assertEquals(4 * together, seen.size());
    for (List<Graph<RealOp>> roots : seen) {
      assertEquals(1, roots.size());
      Graph<RealOp> root = roots.get(0);
      ResolvedView<RealOp> view = Graphs.resolve(root);
      assertTrue(view.graphs().contains(g), "every derivative graph refers back to f");
      if (root != g) {
        // a derivative graph copies no node of the graphs it refers to
        for (Graph<RealOp> earlier : view.graphs().subList(1, view.graphs().size())) {
          for (int node = 0; node < root.nodeCount(); node++) {
            assertEquals(-1, earlier.localValue(root.operationKey(node).output(0)));
          }
        }
      }
    }
    assertSame(g, seen.get(0).get(0));
  }

  @Test
  void aFixedSeedGivesTheSameFailureMessage() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> g = b.output(b.apply(RealOp.SIN, x)).build();
    // a tolerance no finite difference meets makes the check fail at a reproducible place
    GradientChecker<RealOp, Void, Double> strict =
        GradientChecker.<RealOp, Void, Double>of(ScalarDomain.INSTANCE).withTolerance(new Tolerance(0, 0)).withEps(0.5);
    String first = assertThrows(GradientCheckFailure.class,
        () -> strict.check(CheckedFunction.of(g), XY, 1, Mode.BOTH, null, new Random(8))).getMessage();
    String second = assertThrows(GradientCheckFailure.class,
        () -> strict.check(CheckedFunction.of(g), XY, 1, Mode.BOTH, null, new Random(8))).getMessage();
    assertEquals(first, second);
    assertTrue(first.startsWith("order 1, JVP: output 0"), first);
    assertTrue(first.contains("eps 0.5"), first);
    assertTrue(first.contains("x=0.7"), first);
  }

  @Test
  void aTooCurvedFunctionFailsAtJaxsSingleStepButPassesWithStepRefinement() {
    // sin(x·y) at y = 300: f'''/f' ~ y² ~ 1e5, so the truncation error at eps 1e-4 is ~1e-4 · f'
    Graph<RealOp> g = binary((b, x, y) -> b.apply(RealOp.SIN, b.apply(RealOp.MUL, x, y)));
    Map<Object, Double> point = Map.of("x", 0.3, "y", 300.0);
    GradientChecker<RealOp, Void, Double> singleStep =
        GradientChecker.<RealOp, Void, Double>of(ScalarDomain.INSTANCE).withRefinements(0);
    GradientCheckFailure e = assertThrows(GradientCheckFailure.class,
        () -> singleStep.check(CheckedFunction.of(g), point, 1, Mode.BOTH, null, new Random(9)));
    assertTrue(e.getMessage().contains("(eps 1.0E-4) by central differences but"), e.getMessage());

    GradientChecker.check(CheckedFunction.of(g), point, ScalarDomain.INSTANCE, 2, Mode.BOTH, null, new Random(9));
  }

  @Test
  void aFailureListsTheDifferencesAtEveryStepTried() {
    // a zero tolerance fails even a right JVP, at every step
    Graph<RealOp> g = binary((b, x, y) -> b.apply(RealOp.EXP, x));
    GradientChecker<RealOp, Void, Double> impossible =
        GradientChecker.<RealOp, Void, Double>of(ScalarDomain.INSTANCE).withTolerance(new Tolerance(0, 0)).withEps(1e-2);
    String message = assertThrows(GradientCheckFailure.class,
        () -> impossible.check(CheckedFunction.of(g), XY, 1, Set.of(Mode.FWD), null, new Random(10))).getMessage();
    assertTrue(message.contains("(eps 0.01), "), message);
    assertTrue(message.contains("(eps 0.001), "), message);
    assertTrue(message.contains("(eps 1.0E-4), "), message);
    assertTrue(message.contains("(eps 1.0E-5) by central differences"), message);
  }

  @Test
  void missingInputsAndBadArgumentsAreRejected() {
    Graph<RealOp> g = binary((b, x, y) -> b.apply(RealOp.MUL, x, y));
    CheckedFunction<RealOp> f = CheckedFunction.of(g);
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> GradientChecker.check(f, Map.of("x", 1.0), ScalarDomain.INSTANCE, 1, Mode.BOTH, null, new Random(0)));
    assertTrue(missing.getMessage().contains("y"), missing.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> GradientChecker.check(f, XY, ScalarDomain.INSTANCE, 0, Mode.BOTH, null, new Random(0)));
    assertThrows(IllegalArgumentException.class,
        () -> GradientChecker.check(f, XY, ScalarDomain.INSTANCE, 1, Set.of(), null, new Random(0)));
    assertThrows(IllegalArgumentException.class,
        () -> GradientChecker.<RealOp, Void, Double>of(ScalarDomain.INSTANCE).withEps(0));
    assertThrows(IllegalArgumentException.class,
        () -> GradientChecker.<RealOp, Void, Double>of(ScalarDomain.INSTANCE).withRefinements(-1));
  }

  @Test
  void checkedFunctionsValidateTheirParts() {
    Graph<RealOp> g = binary((b, x, y) -> b.apply(RealOp.MUL, x, y));
    ValueKey.Input x = ValueKey.input("x");
    List<ValueKey> zero = new ArrayList<>();
    zero.add(null);
    assertThrows(IllegalArgumentException.class,
        () -> new CheckedFunction<>(List.of(g), List.of(x), zero, zero));
    assertThrows(IllegalArgumentException.class,
        () -> new CheckedFunction<>(List.of(g), List.of(x, x), g.outputKeys(), g.outputKeys()));
    assertThrows(IllegalArgumentException.class,
        () -> new CheckedFunction<>(List.of(), List.of(x), g.outputKeys(), g.outputKeys()));
    assertThrows(IllegalArgumentException.class,
        () -> CheckedFunction.of(List.of(g), List.of(x), zero));
    CheckedFunction<RealOp> f = CheckedFunction.of(g);
    assertEquals(List.of(x, ValueKey.input("y")), f.inputs());
    assertEquals(f.output(0), f.template(0));
    assertFalse(f.roots().isEmpty());
  }

  @Test
  void toleranceAndRealSpaceBehaveAsDocumented() {
    Tolerance tol = Tolerance.of(1e-5);
    assertTrue(tol.accepts(1.0, 1.0 + 5e-6));
    assertTrue(tol.accepts(1e6, 1e6 + 5));
    assertFalse(tol.accepts(1.0, -1.0));
    assertFalse(tol.accepts(1.0, Double.NaN));
    assertEquals(3e-5, tol.bound(2.0), 1e-20);
    assertEquals(Tolerance.of(1e-4), tol.times(10));
    assertThrows(IllegalArgumentException.class, () -> new Tolerance(-1, 0));
    assertThrows(IllegalArgumentException.class, () -> new Tolerance(0, Double.NaN));

    VectorSpace<Double> r = ScalarDomain.INSTANCE;
    assertEquals(Tolerance.F64, r.defaultTolerance());
    assertEquals(5.0, r.add(2.0, 3.0));
    assertEquals(-6.0, r.scale(-2, 3.0));
    assertEquals(6.0, r.inner(2.0, 3.0));
    assertEquals(0.0, r.zeroLike(7.0));
    assertEquals(2.0, r.norm(-2.0));
    assertTrue(r.isClose(1.0, 1.0 + 1e-6, tol));
    assertFalse(r.isClose(1.0, 1.1, tol));
    assertFalse(r.isClose(Double.NaN, Double.NaN, tol));
  }

  interface Body {
    ValueRef.Local apply(GraphBuilder<RealOp> b, ValueRef.Local x, ValueRef.Local y);
  }

  /** A graph of inputs x, y with the single output {@code body(x, y)}. */
  static Graph<RealOp> binary(Body body) {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    return b.output(body.apply(b, x, y)).build();
  }
}
