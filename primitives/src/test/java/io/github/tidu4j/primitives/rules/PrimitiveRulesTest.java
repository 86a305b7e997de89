package io.github.tidu4j.primitives.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.check.Mode;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorKernels;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorDomain;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.TestEvaluators;
import io.github.tidu4j.primitives.func.Fn;
import io.github.tidu4j.primitives.func.JvpResult;
import io.github.tidu4j.primitives.func.TensorAutodiff;
import io.github.tidu4j.primitives.rules.PrimitiveSpec.Example;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of every tensor primitive, checked the way JAX's {@code LaxAutodiffTest} checks
 * {@code lax}: for each row of the {@link RuleTable}, each dtype and each example, the JVP
 * against central finite differences along a random tangent and the VJP by the dot-product test,
 * recursively to the row's order (second), with per-dtype tolerances, by runtime-ad's {@link
 * GradientChecker}. Every program the checker evaluates runs through both the interpreter and the
 * generated {@code TensorEvaluator}, which must agree bit for bit. The same checker checks the
 * Taylor coefficients derived from the rules ({@link GradientChecker#checkTaylor}).
 */
class PrimitiveRulesTest {
  /** The Taylor order every primitive is checked to: nested linearize is the reference above 2. */
  static final int TAYLOR_ORDER = 4;

  /** One check: a row, a dtype, an example. */
  record Case(PrimitiveSpec spec, DType dtype, Example example) {
    @Override
    public String toString() {
      return spec.primitive() + " " + dtype + " " + example;
    }
  }

  /** The rows checked against finite differences: every row but the detached ones. */
  static Stream<Arguments> cases() {
    return cases(false);
  }

  /** The detached rows ({@link PrimitiveSpec#detached()}), whose derivatives are zero. */
  static Stream<Arguments> detachedCases() {
    return cases(true);
  }

  private static Stream<Arguments> cases(boolean detached) {
    List<Arguments> cases = new ArrayList<>();
    for (PrimitiveSpec spec : RuleTable.SPECS) {
      if (spec.detached() != detached) {
        continue;
      }
      for (DType dtype : List.of(DType.F64, DType.C128)) {
        if (!spec.dtypes().contains(dtype)) {
          continue;
        }
        for (Example example : spec.examples()) {
          cases.add(Arguments.of(new Case(spec, dtype, example)));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void rulesAgreeWithFiniteDifferencesToSecondOrder(Case c) {
    Random random = new Random(c.toString().hashCode());
    Map<Object, Tensor> point = new HashMap<>();
    Graph<TensorOp> g = applied(c, point, random);
    checker(c).check(CheckedFunction.of(g), point, c.spec().order(), Mode.BOTH, null, random);
  }

  /**
   * Taylor mode derived from the same rules, to {@link #TAYLOR_ORDER}: coefficients 1 and 2
   * against finite differences along a random direction, every coefficient against nested
   * linearize.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void taylorCoefficientsAgreeWithFiniteDifferencesAndNestedLinearize(Case c) {
    Random random = new Random(c.toString().hashCode() + 1);
    Map<Object, Tensor> point = new HashMap<>();
    Graph<TensorOp> g = applied(c, point, random);
    checker(c).checkTaylor(CheckedFunction.of(g), point, TAYLOR_ORDER, null, random);
  }

  /**
   * A detached primitive passes its value through and no derivative: its JVP and VJP are exact
   * zeros, and so is its second derivative (the Hessian of {@code Σ stop(x)·x} is 0, where that of
   * {@code Σ x·x} is 2), and every Taylor coefficient past the value.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("detachedCases")
  void detachedPrimitivesPassTheirValueAndNoDerivativeOfAnyOrder(Case c) {
    assertEquals(1, c.example().shapes().size(), "a detached row applies a unary primitive");
    Random random = new Random(c.toString().hashCode());
    Map<Object, Tensor> point = new HashMap<>();
    Graph<TensorOp> g = applied(c, point, random);
    Tensor x = point.values().iterator().next();
    Tensor zeros = Tensor.zeros(x.dtype(), x.shape());
    Fn f = v -> c.example().body().apply(List.of(v));
    Tensor t = c.spec().generator(0).draw(TensorType.of(x), random);
    JvpResult jvp = TensorAutodiff.jvp(f, x, t);
    assertEquals(x, jvp.value());
    assertEquals(zeros, jvp.tangent());
    assertEquals(zeros, TensorAutodiff.vjp(f, x).pullback(t).get(0));
    assertEquals(zeros, TensorAutodiff.taylor(TensorAutodiff.function(f), 4).applyAll(x, t)
        .get(3));
    if (x.dtype() == DType.F64) {
      Fn sumOfStoppedTimesX = v -> f.apply(v).mul(v).sum();
      assertEquals(x, TensorAutodiff.grad(sumOfStoppedTimesX).apply(x));
      assertEquals(zeros, TensorAutodiff.hessianVectorProduct(sumOfStoppedTimesX, x, t));
    }
    assertEquals(1, count(g, c.spec().primitive()));
  }

  /**
   * The example's graph, applying the primitive once to inputs drawn into {@code point}; checks
   * that the builder's inferred type is the kernel's.
   */
  private static Graph<TensorOp> applied(Case c, Map<Object, Tensor> point, Random random) {
    TensorBuilder b = TensorBuilder.create();
    List<TensorValue> inputs = new ArrayList<>();
    List<int[]> shapes = c.example().shapes();
    for (int i = 0; i < shapes.size(); i++) {
      TensorValue input = b.input("x" + i, c.dtype(), shapes.get(i));
      inputs.add(input);
      point.put(input.inputKey(), c.spec().generator(i).draw(input.type(), random));
    }
    TensorValue output = c.example().body().apply(inputs);
    TensorType inferred = output.type();
    Graph<TensorOp> g = b.build(output);
    assertEquals(1, count(g, c.spec().primitive()), GraphPrinter.print(g));

    // the builder's inferred type is the kernel's
    Tensor y = TestEvaluators.eval1(g, g.outputKey(0), point);
    assertTrue(inferred.matches(y), "inferred " + inferred + " but evaluated " + y);
    return g;
  }

  private static GradientChecker<TensorOp, Void, Tensor> checker(Case c) {
    return GradientChecker.<TensorOp, Void, Tensor>of(TensorDomain.INSTANCE)
        .withTolerance(c.spec().tolerance(c.dtype()))
        .withEvaluator(TestEvaluators.ALL_TIERS);
  }

  /** The table covers the set: a row for every primitive the processor generated. */
  @Test
  void everyPrimitiveHasARow() {
    Set<String> declared = new TreeSet<>();
    for (KernelDescriptor kernel : TensorKernels.TABLE) {
      declared.add(kernel.primitiveName());
    }
    Set<String> tested = new TreeSet<>();
    for (PrimitiveSpec spec : RuleTable.SPECS) {
      tested.add(spec.primitive());
      assertTrue(spec.order() >= 2, spec.primitive() + " is checked below second order");
    }
    assertEquals(declared, tested);
  }

  private static int count(Graph<TensorOp> g, String name) {
    int n = 0;
    for (int node = 0; node < g.nodeCount(); node++) {
      if (g.operation(node).name().equals(name)) {
        n++;
      }
    }
    return n;
  }
}
