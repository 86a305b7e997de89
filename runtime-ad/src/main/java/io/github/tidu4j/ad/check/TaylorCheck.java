package io.github.tidu4j.ad.check;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.TaylorGraph;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.function.Function;

/**
 * One run of {@link GradientChecker#checkTaylor}: the Taylor coefficients of a function along a
 * random direction, against nested {@link AD#linearize} passes (every order: what the JVP rules
 * give, so a mismatch is a Taylor rule's), then against central finite differences of the
 * function itself (orders 1 and 2: what no check of the rules against each other can see, such as
 * a JVP rule right to first order whose own derivative is wrong). Uses the checker's space,
 * tolerance, steps, refinements and evaluator; a finite difference is also allowed the rounding
 * error its step makes ({@link #roundingBound}), which grows with the function's magnitude.
 */
final class TaylorCheck<P extends Primitive<P, C>, C, V> {
  // the second difference loses digits as 1/h², so it starts ten times coarser than the first
  private static final int SECOND_DIFFERENCE_COARSENING = 1; // decimal places

  private final GradientChecker<P, C, V> checker;
  private final VectorSpace<V> space;
  private final CheckedFunction<P> f;
  private final Map<Object, V> x;
  private final int order;
  private final C ctx;
  private final List<V> v;
  private final List<ValueKey.Input> inputs;

  TaylorCheck(
      GradientChecker<P, C, V> checker,
      CheckedFunction<P> f,
      Map<Object, V> x,
      int order,
      C ctx,
      Random random) {
    this.checker = checker;
    this.space = checker.space();
    this.f = f;
    this.x = x;
    this.order = order;
    this.ctx = ctx;
    this.inputs = f.inputs();
    this.v = new ArrayList<>(inputs.size());
    for (ValueKey.Input input : inputs) {
      v.add(space.randomLike(x.get(input.key()), random));
    }
  }

  void run() {
    checkScalePrimitive();
    // the function first: a point where it does not evaluate is the caller's, and the programs
    // below that throw where it evaluates are the rules'
    List<V> y = checker.prepare(f).apply(x);
    int n = f.outputCount();
    List<ValueKey> present = f.presentOutputs();
    int[] presentIndex = f.presentIndex();
    TaylorGraph<P> t = AD.taylor(Graphs.resolve(f.roots()), present, inputs, order, ctx);
    Map<Object, V> xv = new HashMap<>(x);
    List<ValueKey.Input> taylorInputs = new ArrayList<>(inputs);
    for (int j = 0; j < inputs.size(); j++) {
      xv.put(t.inputKey(j, 1), v.get(j));
      taylorInputs.add(ValueKey.input(t.inputKey(j, 1)));
    }
    // coefficients[k - 1] holds y_k of every output
    List<List<V>> coefficients = new ArrayList<>();
    for (int k = 1; k <= order; k++) {
      ValueKey[] keys = new ValueKey[n];
      for (int i = 0; i < n; i++) {
        int p = presentIndex[i];
        keys[i] = p < 0 || t.isZero(p, k) ? null : t.coefficient(p, k);
      }
      coefficients.add(evaluate(List.of(t.graph()), taylorInputs, keys, xv));
    }

    // each coefficient is of its output's kind (shape, dtype) before any is compared
    for (int k = 1; k <= order; k++) {
      for (int i = 0; i < n; i++) {
        String mismatch = space.kindMismatch(y.get(i), coefficients.get(k - 1).get(i));
        if (mismatch != null) {
          String check = "Taylor coefficient " + k;
          throw new GradientCheckFailure(
              "order " + k + ", " + check + ": output " + i + "'s is " + mismatch + " (the"
                  + " output's kind): a JVP rule returned a tangent of another type than its"
                  + " output, or a Taylor rule a coefficient of another type; at "
                  + checker.describe(x, inputs),
              k,
              check,
              null,
              y.get(i),
              coefficients.get(k - 1).get(i),
              checker.tolerance());
        }
      }
    }
    checkNestedLinearize(presentIndex, coefficients);
    for (int k = 1; k <= Math.min(order, 2); k++) {
      checkFiniteDifferences(k, y, coefficients.get(k - 1));
    }
  }

  /** The check of the scale primitive, which no search for a failing operation explains. */
  static final String SCALE_CHECK = "the scale primitive";

  /** The factors the scale primitive is checked with: exact, inexact, negative, and zero. */
  private static final double[] SCALE_FACTORS = {2, 1.0 / 3, -2.5, 0};

  /**
   * The set's scale primitive multiplies by its factor: Taylor mode scales every series with it
   * (the {@code 1/k} of each order), so a kernel that does otherwise makes every coefficient
   * wrong while the JVP and transpose rules, which never emit it, pass their checks. Checked on
   * each input's value at the point and on the random direction along it (a kernel wrong by a
   * factor is right on zeros, and zero is a common point), to the checker's tolerance; nothing to
   * check in a function of no operation, or a set without one (Taylor mode then says what it
   * needs).
   */
  private void checkScalePrimitive() {
    P some = someOperation();
    if (some == null) {
      return;
    }
    for (double factor : SCALE_FACTORS) {
      P scale = some.scaleBy(factor);
      if (scale == null) {
        return;
      }
      GraphBuilder<P> b = Graph.builder();
      Graph<P> g = b.output(b.apply(scale, b.input("x"))).build();
      Function<Map<Object, V>, List<V>> scaled = checker.prepare(CheckedFunction.of(g));
      for (int j = 0; j < 2 * inputs.size(); j++) {
        ValueKey.Input input = inputs.get(j % inputs.size());
        V value = j < inputs.size() ? x.get(input.key()) : v.get(j - inputs.size());
        V actual = scaled.apply(Map.of("x", value)).get(0);
        V expected = space.scale(factor, value);
        boolean close;
        try {
          close = space.isClose(expected, actual, checker.tolerance());
        } catch (RuntimeException differentShape) {
          close = false;
        }
        if (!close) {
          String check = SCALE_CHECK;
          throw new GradientCheckFailure(
              check + ": " + GraphPrinter.describe(scale) + " of "
                  + (j < inputs.size() ? input.key() : "the direction along " + input.key())
                  + " = "
                  + space.describe(value) + " is " + space.describe(actual) + ", not "
                  + space.describe(expected) + " (" + factor + " times it); its eval must"
                  + " multiply its operand by its factor: Taylor mode scales every series with"
                  + " it, so every Taylor coefficient and derivatives(f, k) would be wrong",
              0,
              check,
              null,
              expected,
              actual,
              checker.tolerance());
        }
      }
    }
  }

  /** An operation of the function's graphs, through which the set's scale primitive is found. */
  private P someOperation() {
    for (Graph<P> graph : Graphs.resolve(f.roots()).graphs()) {
      if (graph.nodeCount() > 0) {
        return graph.operation(0);
      }
    }
    return null;
  }

  /** {@code y_k} against central differences along {@code v}, refining the step if need be. */
  private void checkFiniteDifferences(int k, List<V> y, List<V> actual) {
    // a finer step trades truncation for rounding error, which the comparison allows for
    int refinements = checker.refinements();
    StringBuilder differences = new StringBuilder();
    int bad = -1;
    List<V> expected = null;
    for (int s = 0; s <= refinements; s++) {
      double h = step(k, s);
      double[] rounding = new double[y.size()];
      expected = difference(k, h, y, rounding);
      bad = firstMismatch(expected, actual, rounding);
      if (bad < 0) {
        return;
      }
      differences.append(s == 0 ? "" : ", ").append(space.describe(expected.get(bad)))
          .append(" (eps ").append(h).append(')');
    }
    fail(k, "finite differences", bad, differences.toString(), expected.get(bad),
        actual.get(bad));
  }

  /** The step: the JVP check's, ten times coarser for the second difference. */
  private double step(int k, int refinement) {
    return checker.refinedEps(k == 1 ? refinement : refinement - SECOND_DIFFERENCE_COARSENING);
  }

  /**
   * {@code (f(x + hv) − f(x − hv)) / 2h} for {@code k = 1}, {@code (f(x + hv) − 2f(x) + f(x −
   * hv)) / 2h²} for {@code k = 2}: the first two Taylor coefficients along {@code v}; each
   * output's {@link #roundingBound} into {@code rounding}.
   */
  private List<V> difference(int k, double h, List<V> y, double[] rounding) {
    List<V> plus = checker.prepare(f).apply(checker.step(x, inputs, v, h));
    List<V> minus = checker.prepare(f).apply(checker.step(x, inputs, v, -h));
    List<V> out = new ArrayList<>(y.size());
    for (int i = 0; i < y.size(); i++) {
      if (f.output(i) == null) {
        out.add(space.zeroLike(y.get(i)));
      } else if (k == 1) {
        out.add(space.scale(0.5 / h, space.add(plus.get(i), space.scale(-1, minus.get(i)))));
        rounding[i] = roundingBound(space.norm(plus.get(i)) + space.norm(minus.get(i)), 2 * h);
      } else {
        V sum = space.add(space.add(plus.get(i), minus.get(i)), space.scale(-2, y.get(i)));
        out.add(space.scale(0.5 / (h * h), sum));
        double magnitude =
            space.norm(plus.get(i)) + space.norm(minus.get(i)) + 2 * space.norm(y.get(i));
        rounding[i] = roundingBound(magnitude, 2 * h * h);
      }
    }
    return out;
  }

  /**
   * The rounding error a difference of values of {@code magnitude} in all, divided by {@code
   * divisor}, may carry: each value is off by up to half an ulp of itself, and the evaluation of
   * the function by a few ulps more, so four units of 2⁻⁵² per unit of magnitude. At {@code f(x) =
   * 10⁶} and a step of 10⁻³, the second difference is this uncertain by about 2·10⁻⁴, above the
   * default tolerance: without it a right rule would fail.
   */
  private static double roundingBound(double magnitude, double divisor) {
    return 4 * Math.ulp(1.0) * magnitude / divisor;
  }

  /**
   * Every {@code y_k} against {@code D^k f(x)[v, …, v] / k!} by k nested linearize passes, each
   * differentiating the one before with respect to the inputs, its tangent seeded with {@code v}.
   */
  private void checkNestedLinearize(int[] presentIndex, List<List<V>> coefficients) {
    int n = f.outputCount();
    ValueKey[] current = new ValueKey[n];
    for (int i = 0; i < n; i++) {
      current[i] = f.output(i);
    }
    List<Graph<P>> roots = f.roots();
    Map<Object, V> point = new HashMap<>(x);
    double factorial = 1;
    for (int k = 1; k <= order; k++) {
      factorial *= k;
      List<ValueKey> live = new ArrayList<>();
      for (ValueKey key : current) {
        if (key != null) {
          live.add(key);
        }
      }
      if (live.isEmpty()) {
        Arrays.fill(current, null);
      } else {
        LinearizedGraph<P> lin = AD.linearize(Graphs.resolve(roots), live, inputs, ctx);
        for (int j = 0; j < inputs.size(); j++) {
          point.put(lin.linearInput(j), v.get(j));
        }
        int l = 0;
        for (int i = 0; i < n; i++) {
          if (current[i] != null) {
            current[i] = lin.symbolicLinearOutputs().get(l++);
          }
        }
        roots = List.of(lin.graph());
      }
      List<V> nested = evaluate(roots, inputs, current, point);
      List<V> expected = new ArrayList<>(n);
      for (V d : nested) {
        expected.add(space.scale(1 / factorial, d));
      }
      List<V> actual = coefficients.get(k - 1);
      int bad = firstMismatch(expected, actual);
      if (bad >= 0) {
        fail(k, k + " nested linearize passes / " + k + "!", bad,
            space.describe(expected.get(bad)), expected.get(bad), actual.get(bad));
      }
    }
  }

  /** The values of {@code outputs} ({@code null}: zero, shaped like {@code f}'s output). */
  private List<V> evaluate(
      List<Graph<P>> roots, List<ValueKey.Input> in, ValueKey[] outputs, Map<Object, V> point) {
    List<ValueKey> templates = new ArrayList<>(outputs.length);
    for (int i = 0; i < outputs.length; i++) {
      templates.add(f.template(i));
    }
    CheckedFunction<P> g = new CheckedFunction<>(roots, in, Arrays.asList(outputs), templates);
    try {
      return checker.prepare(g).apply(point);
    } catch (ADRuleError | CancellationException named) {
      throw named; // names its primitive, or the thread was interrupted
    } catch (RuntimeException error) {
      // the function evaluates here (run() evaluated it first): an operation a rule emitted
      // refuses what it is given, which the search for the operation failing alone names
      String check = "Taylor coefficients";
      throw GradientCheckFailure.programThrew(
          "order " + order + ", " + check,
          "a program of Taylor mode or of nested linearize passes",
          error,
          checker.describe(x, inputs),
          order,
          check,
          null,
          checker.tolerance());
    }
  }

  private int firstMismatch(List<V> expected, List<V> actual) {
    return firstMismatch(expected, actual, new double[expected.size()]);
  }

  /** The first output off by more than the tolerance plus {@code extra[i]} absolute, or -1. */
  private int firstMismatch(List<V> expected, List<V> actual, double[] extra) {
    Tolerance tolerance = checker.tolerance();
    for (int i = 0; i < expected.size(); i++) {
      Tolerance widened =
          new Tolerance(tolerance.absolute() + extra[i], tolerance.relative());
      if (!space.isClose(expected.get(i), actual.get(i), widened)) {
        return i;
      }
    }
    return -1;
  }

  private void fail(int k, String reference, int output, String expected, V e, V actual) {
    String check = "Taylor coefficient " + k + " against " + reference;
    throw new GradientCheckFailure(
        "order " + k + ", " + check + ": output " + output + " along a random direction is "
            + expected + " by " + reference + " but " + space.describe(actual)
            + " by Taylor mode; tolerance " + checker.tolerance() + "; at "
            + checker.describe(x, inputs),
        k,
        check,
        null,
        e,
        actual,
        checker.tolerance());
  }
}
