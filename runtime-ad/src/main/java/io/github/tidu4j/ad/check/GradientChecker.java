package io.github.tidu4j.ad.check;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks the derivatives of a {@link CheckedFunction} numerically, as JAX's {@code check_grads}
 * does:
 *
 * <ol>
 *   <li>{@link Mode#FWD}: the JVP {@code J(x)·t} along a random tangent {@code t} against central
 *       finite differences {@code (f(x + eps·t) - f(x - eps·t)) / 2eps}, output by output;
 *   <li>{@link Mode#REV}: the VJP by the dot-product test {@code ⟨ȳ, J·t⟩ = ⟨Jᵀ·ȳ, t⟩} with random
 *       {@code t} and {@code ȳ}, where {@code J·t} is again the central difference, so the VJP is
 *       checked against numbers, not against the JVP it was transposed from;
 *   <li>for {@code order > 1}, recursively: the JVP function {@code (x, t) -> J(x)·t} and the VJP
 *       function {@code (x, ȳ) -> J(x)ᵀ·ȳ} are checked in turn, to order {@code order - 1}, at the
 *       point {@code (x, t)} or {@code (x, ȳ)} drawn for the check before;
 *   <li>where a derivative is a symbolic zero and the set declares a zero primitive: that
 *       primitive's value there (what {@code LinearizedGraph.linearOutputs()} gives) is exactly
 *       the space's zero like the output.
 * </ol>
 *
 * <p>A function of several inputs is checked with every input differentiated, then with each
 * input alone, the others held at the point ({@link #withEachInputAlone}): a rule sees which of its
 * operands carry a tangent, and one that takes a shortcut where some do not runs that branch only
 * then. A {@link CheckedFunction} may list only some inputs of its graphs: the point's values of
 * the others are held fixed.
 *
 * <p>Where a check of a function of several operations fails, the operations its outputs depend
 * on are checked alone, each applied to fresh inputs of its operands' values at the point, to
 * first order in the failing transform (up to 256 applications, every primitive and every distinct
 * operation before a second application of one); the failure's message names the first that
 * fails, quoting its own failure, and {@link GradientCheckFailure#failingOperation()} gives it (at
 * order 2 and above the function is a derivative one, so the operation named is one a rule
 * emitted, whose own rule is wrong). Where every operation checked passes alone, the message says
 * so, and how many were left unchecked.
 *
 * <p>What this cannot see: every check is made at the given point, and the checks at order 2 and
 * above compare each derivative function with its own differences. A JVP rule right to first
 * order at the point but whose own derivative is wrong (a factor computed for one point) passes;
 * {@link #checkTaylor} compares the second derivative with differences of the function itself.
 * Check several points, and both (docs/writing-rules.md §15).
 *
 * <p>The JVP function is {@code AD.linearize} over {@code Graphs.resolve} of the roots, with
 * respect to every input of the function; the VJP function is its {@code AD.linearTranspose}. Both
 * are new graphs that refer to the earlier ones by key; nothing is materialized between
 * transforms, only to evaluate (through the {@link Evaluator}). Checks run breadth first, so a
 * failure at a lower order is reported before any at a higher one. The first failing check throws
 * a {@link GradientCheckFailure} naming the order and the check ({@code "order 2, JVP of VJP"} is
 * the JVP check of the VJP function).
 *
 * <p>Tolerances: the space's {@link VectorSpace#defaultTolerance()} unless given one, the same at
 * every order (as JAX does); the JVP check compares each output with {@link VectorSpace#isClose};
 * the dot-product test compares two scalars and scales the relative tolerance by the
 * Cauchy–Schwarz bound {@code ‖ȳ‖·‖J·t‖} of the inner product rather than by its value, which may
 * cancel to near zero while each term carries the finite-difference error of {@code J·t}.
 *
 * <p>Step refinement (a departure from JAX): where a check fails at step {@code eps} (default
 * {@link #DEFAULT_EPS}, JAX's {@code 1e-4}), the differences are recomputed at {@code eps/10},
 * {@code eps/100}, … ({@link #withRefinements}, default {@link #DEFAULT_REFINEMENTS}) and the check
 * passes if it passes at any of them. Deep compositions (random graphs of 40 sin/cos/mul steps)
 * can have third derivatives 10^5–10^7 times their first, so the truncation error {@code eps²·f'''/6}
 * of a single step fails a correct JVP in a few percent of cases; a wrong rule is wrong by an
 * amount that does not shrink with the step, so refining never passes it, and only a check that
 * failed is refined, so refining never fails a check that passed. The failure message lists the
 * differences at every step tried: converging towards the AD value means a too curved function,
 * staying away means a wrong rule.
 *
 * <pre>{@code
 * GraphBuilder<RealOp> b = Graph.builder();
 * ValueRef.Local x = b.input("x");
 * Graph<RealOp> g = b.output(b.apply(RealOp.SIN, b.apply(RealOp.MUL, x, x))).build();
 * GradientChecker.check(CheckedFunction.of(g), Map.of("x", 0.7), ScalarDomain.INSTANCE, 2, Mode.BOTH,
 *     null, new Random(0));
 *
 * // or with settings
 * GradientChecker<RealOp, Void, Double> checker =
 *     GradientChecker.<RealOp, Void, Double>of(ScalarDomain.INSTANCE).withTolerance(Tolerance.of(1e-4));
 * checker.check(CheckedFunction.of(g), Map.of("x", 0.7), 3, Set.of(Mode.REV), null, new Random(0));
 * }</pre>
 *
 * <p>Immutable and safe to share; every call draws its directions from the {@link Random} it is
 * given, so a fixed seed gives a reproducible check.
 *
 * @param <P> the primitive set
 * @param <C> the context type passed to the transforms
 * @param <V> the operand type
 */
public final class GradientChecker<P extends Primitive<P, C>, C, V> {
  /** JAX's default finite-difference step. */
  public static final double DEFAULT_EPS = 1e-4;

  /**
   * By default a difference that disagrees with AD at step {@code eps} is retried at {@code
   * eps/10}, {@code eps/100} and {@code eps/1000} before the check fails.
   */
  public static final int DEFAULT_REFINEMENTS = 3;

  private static final int MAX_POINT_DESCRIPTION = 400;

  private final VectorSpace<V> space;
  private final Tolerance tolerance;
  private final double eps;
  private final int refinements;
  private final Evaluator<P, V> evaluator;
  private final boolean eachInputAlone;
  /** Whether a failure looks for an operation whose rules fail alone ({@link FailingOperations}). */
  private final boolean isolates;

  private GradientChecker(
      VectorSpace<V> space,
      Tolerance tolerance,
      double eps,
      int refinements,
      Evaluator<P, V> evaluator,
      boolean eachInputAlone,
      boolean isolates) {
    if (space == null || tolerance == null || evaluator == null) {
      throw new IllegalArgumentException("space, tolerance and evaluator must be given");
    }
    if (!(eps > 0) || Double.isInfinite(eps)) {
      throw new IllegalArgumentException("eps must be a positive finite step, got " + eps);
    }
    if (refinements < 0) {
      throw new IllegalArgumentException("refinements must be non-negative, got " + refinements);
    }
    this.space = space;
    this.tolerance = tolerance;
    this.eps = eps;
    this.refinements = refinements;
    this.evaluator = evaluator;
    this.eachInputAlone = eachInputAlone;
    this.isolates = isolates;
  }

  /**
   * A checker over {@code space} with its default tolerance, step {@link #DEFAULT_EPS}, {@link
   * #DEFAULT_REFINEMENTS} refinements and the {@link Evaluator#interpreter() interpreter}.
   */
  public static <P extends Primitive<P, C>, C, V> GradientChecker<P, C, V> of(VectorSpace<V> space) {
    return new GradientChecker<P, C, V>(
        space,
        space.defaultTolerance(),
        DEFAULT_EPS,
        DEFAULT_REFINEMENTS,
        Evaluator.<P, V>interpreter(),
        true,
        true);
  }

  /** This checker with another tolerance. */
  public GradientChecker<P, C, V> withTolerance(Tolerance tolerance) {
    return new GradientChecker<>(
        space, tolerance, eps, refinements, evaluator, eachInputAlone, isolates);
  }

  /** This checker with another finite-difference step. */
  public GradientChecker<P, C, V> withEps(double eps) {
    return new GradientChecker<>(
        space, tolerance, eps, refinements, evaluator, eachInputAlone, isolates);
  }

  /**
   * This checker with another number of step refinements: how many times a finite difference
   * that disagrees with AD is recomputed with a step ten times smaller before the check fails.
   * {@code 0} is JAX's behaviour, a single step.
   */
  public GradientChecker<P, C, V> withRefinements(int refinements) {
    return new GradientChecker<>(
        space, tolerance, eps, refinements, evaluator, eachInputAlone, isolates);
  }

  /** This checker with another evaluator. */
  public GradientChecker<P, C, V> withEvaluator(Evaluator<P, V> evaluator) {
    return new GradientChecker<>(
        space, tolerance, eps, refinements, evaluator, eachInputAlone, isolates);
  }

  /**
   * This checker checking, or not, each input of a function of several alone, the others held
   * at the point, after every input together (by default it does). A rule sees which of its
   * operands carry a tangent ({@code Tangent.isZero()}), and one that takes a shortcut where some
   * do not ({@code if (db.isZero()) return …}) runs that branch only when some inputs are not
   * differentiated, as in {@code grad(f, 0)}: checking every input together never reaches it.
   */
  public GradientChecker<P, C, V> withEachInputAlone(boolean eachInputAlone) {
    return new GradientChecker<>(
        space, tolerance, eps, refinements, evaluator, eachInputAlone, isolates);
  }

  /** This checker without looking for a failing operation on failure (for {@link FailingOperations}). */
  GradientChecker<P, C, V> withoutIsolation() {
    return new GradientChecker<>(space, tolerance, eps, refinements, evaluator, eachInputAlone, false);
  }

  /** Whether each input of a function of several is also checked alone ({@link #withEachInputAlone}). */
  public boolean eachInputAlone() {
    return eachInputAlone;
  }

  /** The operand space. */
  public VectorSpace<V> space() {
    return space;
  }

  /** The tolerance of every check. */
  public Tolerance tolerance() {
    return tolerance;
  }

  /** The first finite-difference step. */
  public double eps() {
    return eps;
  }

  /**
   * {@code eps / 10^k}, the step of refinement {@code k} (negative for coarser), rounded from the
   * decimal so that messages read {@code 1.0E-7}.
   */
  double refinedEps(int k) {
    return BigDecimal.valueOf(eps).movePointLeft(k).doubleValue();
  }

  /** How many times a disagreeing finite difference is retried with a step ten times smaller. */
  public int refinements() {
    return refinements;
  }

  /**
   * Checks {@code function} at {@code point} with the defaults of {@link #of(VectorSpace)}.
   *
   * <pre>{@code
   * GradientChecker.check(CheckedFunction.of(f), Map.of("x", 0.5), ScalarDomain.INSTANCE, 2,
   *     Mode.BOTH, null, new Random(0));
   * }</pre>
   *
   * @see #check(CheckedFunction, Map, int, Set, Object, Random)
   */
  public static <P extends Primitive<P, C>, C, V> void check(
      CheckedFunction<P> function,
      Map<?, ? extends V> point,
      VectorSpace<V> space,
      int order,
      Set<Mode> modes,
      C ctx,
      Random random) {
    GradientChecker.<P, C, V>of(space).check(function, point, order, modes, ctx, random);
  }

  /**
   * Checks the derivatives of {@code function} at {@code point} up to {@code order}.
   *
   * @param point a value for every input of {@code function}, by input key (the key inside the
   *     {@link ValueKey.Input}), and for every other input its graphs read, which is held fixed
   *     there (not differentiated); further entries are ignored
   * @param order how many times to differentiate; at least 1
   * @param modes which transforms to check at every order; not empty
   * @param ctx passed to every rule
   * @param random draws the tangents and cotangents
   * @throws GradientCheckFailure at the first derivative out of tolerance
   * @throws ADRuleError if a transform cannot apply a rule
   * @throws IllegalArgumentException if {@code point} misses an input, or {@code order} or {@code
   *     modes} is invalid
   */
  public void check(
      CheckedFunction<P> function,
      Map<?, ? extends V> point,
      int order,
      Set<Mode> modes,
      C ctx,
      Random random) {
    if (order < 1) {
      throw new IllegalArgumentException("order must be at least 1, got " + order);
    }
    if (modes.isEmpty()) {
      throw new IllegalArgumentException("no mode to check; pass Mode.BOTH, FWD or REV");
    }
    Map<Object, V> start = start(function, point);
    run(function, start, order, modes, ctx, random, "");
    if (eachInputAlone && function.inputs().size() > 1) {
      for (ValueKey.Input input : function.inputs()) {
        CheckedFunction<P> alone =
            new CheckedFunction<>(
                function.roots(), List.of(input), function.outputs(), function.templates());
        run(alone, start, order, modes, ctx, random,
            ", with respect to " + input.key() + " alone (the other inputs held fixed)");
      }
    }
  }

  /** The checks of {@code function} to {@code order}, breadth first. */
  private void run(
      CheckedFunction<P> function,
      Map<Object, V> start,
      int order,
      Set<Mode> modes,
      C ctx,
      Random random,
      String scope) {
    ArrayDeque<Level<P, V>> queue = new ArrayDeque<>();
    queue.add(new Level<>(function, start, 1, "", scope));
    while (!queue.isEmpty()) {
      Level<P, V> level = queue.poll();
      try {
        checkLevel(level, level.order() < order ? queue : null, modes, ctx, random);
      } catch (GradientCheckFailure failure) {
        if (!isolates) {
          throw failure;
        }
        throw new FailingOperations<>(this, level.function(), level.point(), ctx)
            .located(failure, failure.mode());
      }
    }
  }

  /**
   * Checks the Taylor coefficients of {@code function} at {@code point} with the defaults of
   * {@link #of(VectorSpace)}, as the static {@link #check(CheckedFunction, Map, VectorSpace, int,
   * Set, Object, Random) check} does the derivatives.
   *
   * <pre>{@code
   * GradientChecker.checkTaylor(CheckedFunction.of(g), Map.of("x", 0.7), ScalarDomain.INSTANCE, 4,
   *     null, new Random(0));
   * }</pre>
   *
   * @see #checkTaylor(CheckedFunction, Map, int, Object, Random)
   */
  public static <P extends Primitive<P, C>, C, V> void checkTaylor(
      CheckedFunction<P> function,
      Map<?, ? extends V> point,
      VectorSpace<V> space,
      int order,
      C ctx,
      Random random) {
    GradientChecker.<P, C, V>of(space).checkTaylor(function, point, order, ctx, random);
  }

  /**
   * Checks the Taylor coefficients {@code y_1 … y_order} that {@link AD#taylor} derives for {@code
   * function} along a random direction {@code v} at {@code point}: every order against {@code k}
   * nested {@link AD#linearize} passes along {@code v} divided by {@code k!} (a mismatch is a
   * hand-written Taylor rule's), then orders 1 and 2 against central finite differences of the
   * function along {@code v} ({@code (f(x + hv) − f(x − hv)) / 2h} and {@code (f(x + hv) − 2f(x) +
   * f(x − hv)) / 2h²}; a mismatch there is a JVP rule's, which the nested passes repeat). Same
   * tolerance, steps, refinements and evaluator as the JVP check; a difference is also allowed the
   * rounding error of its step, about {@code 2⁻⁵⁰·|f| / h} and {@code / h²}.
   *
   * <pre>{@code
   * GradientChecker.<SeriesOp, Void, Double>of(ScalarDomain.INSTANCE)
   *     .checkTaylor(CheckedFunction.of(g), Map.of("x", 0.7), 4, null, new Random(0));
   * }</pre>
   *
   * @param order the highest Taylor order K; at least 1
   * @throws GradientCheckFailure at the first coefficient out of tolerance, naming its order and
   *     the reference it disagrees with
   * @throws ADRuleError if Taylor mode or linearize cannot apply a rule
   * @throws IllegalArgumentException if {@code point} misses an input or {@code order} is below 1
   */
  public void checkTaylor(
      CheckedFunction<P> function, Map<?, ? extends V> point, int order, C ctx, Random random) {
    if (order < 1) {
      throw new IllegalArgumentException("order must be at least 1, got " + order);
    }
    Map<Object, V> start = start(function, point);
    try {
      new TaylorCheck<>(this, function, start, order, ctx, random).run();
    } catch (GradientCheckFailure failure) {
      if (!isolates || failure.check().equals(TaylorCheck.SCALE_CHECK)) {
        throw failure;
      }
      throw new FailingOperations<>(this, function, start, ctx).locatedTaylor(failure, order);
    }
  }

  /**
   * {@code point}'s value of every input of {@code function}, by input key, and of every other
   * input of its graphs that the point gives (held fixed there).
   */
  private Map<Object, V> start(CheckedFunction<P> function, Map<?, ? extends V> point) {
    Map<Object, V> start = new HashMap<>();
    for (Graph<P> graph : Graphs.resolve(function.roots()).graphs()) {
      for (Object key : graph.inputKeys()) {
        V value = point.get(key);
        if (value != null) {
          start.put(key, value);
        }
      }
    }
    for (ValueKey.Input input : function.inputs()) {
      V value = point.get(input.key());
      if (value == null) {
        throw new IllegalArgumentException("the point gives no value for input " + input.key());
      }
      start.put(input.key(), value);
    }
    return start;
  }

  /** One function to check at one point; {@code label} names the transform that produced it. */
  private record Level<P extends Primitive<P, ?>, V>(
      CheckedFunction<P> function, Map<Object, V> point, int order, String label, String scope) {
    String check(Mode mode) {
      String name = mode == Mode.FWD ? "JVP" : "VJP";
      return label.isEmpty() ? name : name + " of " + label;
    }
  }

  /**
   * The checks of one level; the derivative functions go to {@code next} unless it is {@code
   * null} (the last order).
   */
  private void checkLevel(
      Level<P, V> level, ArrayDeque<Level<P, V>> next, Set<Mode> modes, C ctx, Random random) {
    CheckedFunction<P> f = level.function();
    Map<Object, V> x = level.point();
    List<ValueKey.Input> inputs = f.inputs();
    int n = f.outputCount();

    Function<Map<Object, V>, List<V>> fAt = prepare(f);
    List<V> y = fAt.apply(x);
    List<V> t = new ArrayList<>(inputs.size());
    for (ValueKey.Input input : inputs) {
      t.add(space.randomLike(x.get(input.key()), random));
    }
    FiniteDifferences fd = new FiniteDifferences(f, fAt, x, y, t);

    // the present outputs, as linearize takes them
    List<ValueKey> present = f.presentOutputs();
    int[] presentIndex = f.presentIndex();
    LinearizedGraph<P> lin = AD.linearize(Graphs.resolve(f.roots()), present, inputs, ctx);
    checkZeroPrimitive(level, lin, y, presentIndex);

    if (modes.contains(Mode.FWD)) {
      Map<Object, V> xt = new HashMap<>(x);
      List<ValueKey.Input> jvpInputs = new ArrayList<>(inputs);
      for (int j = 0; j < inputs.size(); j++) {
        xt.put(lin.linearInput(j), t.get(j));
        jvpInputs.add(ValueKey.input(lin.linearInput(j)));
      }
      ValueKey[] jvpOutputs = new ValueKey[n];
      for (int i = 0; i < n; i++) {
        jvpOutputs[i] =
            presentIndex[i] < 0 ? null : lin.symbolicLinearOutputs().get(presentIndex[i]);
      }
      CheckedFunction<P> jvp =
          new CheckedFunction<>(
              List.of(lin.graph()), jvpInputs, Arrays.asList(jvpOutputs), f.templates());
      String check = level.check(Mode.FWD);
      List<V> jt = evaluateDerivative(level, check, Mode.FWD, jvp, xt);
      for (int i = 0; i < n; i++) {
        checkKind(level, check, Mode.FWD, "the tangent of output " + i, "the output's", y.get(i),
            jt.get(i));
      }
      checkJvp(level, check, fd, jt, jvpOutputs);
      if (next != null) {
        next.add(new Level<>(jvp, xt, level.order() + 1, check, level.scope()));
      }
    }

    if (modes.contains(Mode.REV)) {
      LinearizedGraph<P> transposed = AD.linearTranspose(lin, ctx);
      Map<Object, V> xs = new HashMap<>(x);
      List<ValueKey.Input> vjpInputs = new ArrayList<>(inputs);
      List<V> ybar = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        if (presentIndex[i] < 0) {
          ybar.add(null); // a zero output: its cotangent reaches nothing, and J·t is zero there
          continue;
        }
        V seedValue = space.randomLike(y.get(i), random);
        ybar.add(seedValue);
        Object seed = transposed.linearInput(presentIndex[i]);
        if (seed != null) {
          xs.put(seed, seedValue);
          vjpInputs.add(ValueKey.input(seed));
        }
      }
      List<ValueKey> argumentTemplates = new ArrayList<>(inputs);
      CheckedFunction<P> vjp =
          new CheckedFunction<>(
              List.of(transposed.graph()),
              vjpInputs,
              transposed.symbolicLinearOutputs(),
              argumentTemplates);
      String check = level.check(Mode.REV);
      List<V> ct = evaluateDerivative(level, check, Mode.REV, vjp, xs);
      for (int j = 0; j < inputs.size(); j++) {
        checkKind(level, check, Mode.REV, "the cotangent of input " + inputs.get(j).key(),
            "the input's", x.get(inputs.get(j).key()), ct.get(j));
      }
      double actual = 0;
      for (int j = 0; j < inputs.size(); j++) {
        actual += space.inner(ct.get(j), t.get(j));
      }
      checkDotProduct(level, check, fd, ybar, actual);
      if (next != null) {
        next.add(new Level<>(vjp, xs, level.order() + 1, check, level.scope()));
      }
    }
  }

  /**
   * The set's zero primitive, where a derivative is a symbolic zero: the checks above take such a
   * derivative as the space's zero, but {@code LinearizedGraph.linearOutputs()} (what a user who
   * flattens the graphs reads) gives it as the zero primitive's value, which must be that zero.
   * Nothing to check where no derivative is zero, or the set declares no zero primitive.
   */
  private void checkZeroPrimitive(
      Level<P, V> level, LinearizedGraph<P> lin, List<V> y, int[] presentIndex) {
    List<ValueKey> zeros = new ArrayList<>();
    List<Integer> outputs = new ArrayList<>();
    for (int i = 0; i < presentIndex.length; i++) {
      int p = presentIndex[i];
      if (p >= 0 && lin.isZero(p)) {
        try {
          zeros.add(lin.linearOutput(p));
        } catch (GraphException noZeroPrimitive) {
          return; // the set declares none: a user cannot read such a derivative as a value
        }
        outputs.add(i);
      }
    }
    if (zeros.isEmpty()) {
      return;
    }
    List<ValueKey> templates = new ArrayList<>();
    for (int i : outputs) {
      templates.add(level.function().template(i));
    }
    CheckedFunction<P> zeroNodes =
        new CheckedFunction<>(List.of(lin.graph()), level.function().inputs(), zeros, templates);
    List<V> values = prepare(zeroNodes).apply(level.point());
    String check = "the zero primitive";
    for (int z = 0; z < zeros.size(); z++) {
      V expected = space.zeroLike(y.get(outputs.get(z)));
      V actual = values.get(z);
      boolean close;
      try {
        close = space.isClose(expected, actual, Tolerance.of(0));
      } catch (RuntimeException differentShape) {
        close = false;
      }
      if (!close) {
        throw new GradientCheckFailure(
            "order " + level.order() + ", " + check + level.scope() + ": the derivative of output "
                + outputs.get(z) + " is a symbolic zero, which linearOutputs() gives as the set's"
                + " zero primitive over that output, and that is " + space.describe(actual)
                + ", not " + space.describe(expected)
                + "; its eval must return zeros shaped like its operand; at "
                + describe(level.point(), level.function().inputs()),
            level.order(),
            check,
            null,
            expected,
            actual,
            Tolerance.of(0));
      }
    }
  }

  /**
   * The values of {@code derivative}, the JVP or VJP function of the level, at {@code point}; a
   * failure of the check if its program throws where the function itself evaluated: an operation
   * a rule emitted refuses what it is given there (operands of another shape or dtype than the
   * rule meant, or a value outside its domain), so the search for the operation that fails alone
   * ({@link FailingOperations}) names the rule. The error thrown is the failure's cause. Finite
   * differences that step outside a kernel's domain throw as they are: the point, not a rule, is
   * then at fault.
   */
  private List<V> evaluateDerivative(
      Level<P, V> level, String check, Mode mode, CheckedFunction<P> derivative,
      Map<Object, V> point) {
    try {
      return prepare(derivative).apply(point);
    } catch (ADRuleError | CancellationException named) {
      throw named; // names its primitive, or the thread was interrupted
    } catch (RuntimeException error) {
      throw GradientCheckFailure.programThrew(
          "order " + level.order() + ", " + check + level.scope(),
          mode == Mode.FWD ? "the JVP program" : "the VJP program",
          error,
          describe(level.point(), level.function().inputs()),
          level.order(),
          check,
          mode,
          tolerance);
    }
  }

  /**
   * Fails if {@code derivative} ({@code what}: a tangent of an output, a cotangent of an input) is
   * not of its primal {@code like}'s kind (shape, dtype), which a rule returning a derivative of
   * another type gives; the arithmetic of the checks that follow would refuse it without saying
   * which derivative it is.
   */
  private void checkKind(
      Level<P, V> level, String check, Mode mode, String what, String primal, V like,
      V derivative) {
    String mismatch = space.kindMismatch(like, derivative);
    if (mismatch == null) {
      return;
    }
    throw new GradientCheckFailure(
        "order " + level.order() + ", " + check + level.scope() + ": " + what + " is " + mismatch
            + " (" + primal + " kind): a " + (mode == Mode.FWD ? "JVP" : "transpose") + " rule"
            + " returned a " + (mode == Mode.FWD ? "tangent of another type than its output"
                : "cotangent of another type than its operand")
            + ", or a kernel a value of another type than its type rule gives; at "
            + describe(level.point(), level.function().inputs()),
        level.order(),
        check,
        mode,
        like,
        derivative,
        tolerance);
  }

  /** Compares the JVP output by output with the central differences, refining the step if need be. */
  private void checkJvp(
      Level<P, V> level, String check, FiniteDifferences fd, List<V> jt, ValueKey[] jvpOutputs) {
    int k = 0;
    int bad = firstMismatch(fd.at(k), jt);
    while (bad >= 0 && k < refinements) {
      k++;
      bad = firstMismatch(fd.at(k), jt);
    }
    if (bad < 0) {
      return;
    }
    StringBuilder differences = new StringBuilder();
    for (int s = 0; s <= k; s++) {
      differences
          .append(s == 0 ? "" : ", ")
          .append(space.describe(fd.at(s).get(bad)))
          .append(" (eps ")
          .append(refinedEps(s))
          .append(')');
    }
    V expected = fd.at(k).get(bad);
    throw new GradientCheckFailure(
        "order "
            + level.order()
            + ", "
            + check
            + level.scope()
            + ": output "
            + bad
            + " along a random tangent is "
            + differences
            + " by central differences but "
            + space.describe(jt.get(bad))
            + (jvpOutputs[bad] == null ? " (a symbolic zero)" : "")
            + " by the JVP; tolerance "
            + tolerance
            + "; at "
            + describe(level.point(), level.function().inputs()),
        level.order(),
        check,
        Mode.FWD,
        expected,
        jt.get(bad),
        tolerance);
  }

  private int firstMismatch(List<V> expected, List<V> actual) {
    for (int i = 0; i < expected.size(); i++) {
      if (!space.isClose(expected.get(i), actual.get(i), tolerance)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The dot-product test: {@code ⟨ȳ, J·t⟩} by central differences against {@code actual = ⟨Jᵀ·ȳ,
   * t⟩}, refining the step if need be.
   */
  private void checkDotProduct(
      Level<P, V> level, String check, FiniteDifferences fd, List<V> ybar, double actual) {
    double expected = 0;
    double scale = 0;
    StringBuilder differences = new StringBuilder();
    for (int k = 0; k <= refinements; k++) {
      List<V> jt = fd.at(k);
      expected = 0;
      double seedNorm2 = 0;
      double fdNorm2 = 0;
      for (int i = 0; i < ybar.size(); i++) {
        if (ybar.get(i) != null) {
          expected += space.inner(ybar.get(i), jt.get(i));
          seedNorm2 += square(space.norm(ybar.get(i)));
          fdNorm2 += square(space.norm(jt.get(i)));
        }
      }
      scale = Math.sqrt(seedNorm2) * Math.sqrt(fdNorm2);
      if (Math.abs(actual - expected) <= tolerance.bound(scale)) {
        return;
      }
      differences.append(k == 0 ? "" : ", ").append(expected).append(" (eps ").append(refinedEps(k)).append(')');
    }
    throw new GradientCheckFailure(
        "order "
            + level.order()
            + ", "
            + check
            + level.scope()
            + ": the dot-product test fails: <ybar, J t> = "
            + differences
            + " by central differences but <J^T ybar, t> = "
            + actual
            + " by the VJP; tolerance "
            + tolerance
            + " with |expected| taken as |ybar|·|J t| = "
            + scale
            + "; at "
            + describe(level.point(), level.function().inputs()),
        level.order(),
        check,
        Mode.REV,
        expected,
        actual,
        tolerance);
  }

  /**
   * The central differences {@code (f(x + h·t) - f(x - h·t)) / 2h} of one function along one
   * tangent, at the steps {@code h = eps / 10^k}, computed when first asked for. Zero outputs
   * differ by exactly zero.
   */
  private final class FiniteDifferences {
    private final CheckedFunction<P> f;
    private final Function<Map<Object, V>, List<V>> fAt;
    private final Map<Object, V> x;
    private final List<V> y;
    private final List<V> t;
    private final List<List<V>> byStep = new ArrayList<>();

    FiniteDifferences(
        CheckedFunction<P> f, Function<Map<Object, V>, List<V>> fAt, Map<Object, V> x, List<V> y, List<V> t) {
      this.f = f;
      this.fAt = fAt;
      this.x = x;
      this.y = y;
      this.t = t;
    }

    List<V> at(int k) {
      while (byStep.size() <= k) {
        double h = refinedEps(byStep.size());
        List<V> plus = fAt.apply(GradientChecker.this.step(x, f.inputs(), t, h));
        List<V> minus = fAt.apply(GradientChecker.this.step(x, f.inputs(), t, -h));
        List<V> fd = new ArrayList<>(y.size());
        for (int i = 0; i < y.size(); i++) {
          fd.add(
              f.output(i) == null
                  ? y.get(i)
                  : space.scale(0.5 / h, space.add(plus.get(i), space.scale(-1, minus.get(i)))));
        }
        byStep.add(fd);
      }
      return byStep.get(k);
    }
  }

  /**
   * Evaluates {@code f}'s outputs, zeros included: present outputs through the evaluator, zeros as
   * {@link VectorSpace#zeroLike} their template. Input keys are read from the point directly.
   */
  Function<Map<Object, V>, List<V>> prepare(CheckedFunction<P> f) {
    int n = f.outputCount();
    List<ValueKey> derived = new ArrayList<>();
    int[] slot = new int[n];
    for (int i = 0; i < n; i++) {
      ValueKey key = f.template(i);
      if (key instanceof ValueKey.Derived) {
        slot[i] = derived.size();
        derived.add(key);
      } else {
        slot[i] = -1;
      }
    }
    Function<Map<Object, V>, List<V>> program =
        derived.isEmpty() ? point -> List.of() : evaluator.prepare(f.roots(), derived);
    return point -> {
      List<V> values = program.apply(point);
      List<V> out = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        V value =
            slot[i] >= 0
                ? values.get(slot[i])
                : point.get(((ValueKey.Input) f.template(i)).key());
        if (value == null) {
          throw new IllegalArgumentException(
              "no value for output " + i + " (" + f.template(i) + ") at the point");
        }
        out.add(f.output(i) == null ? space.zeroLike(value) : value);
      }
      return out;
    };
  }

  /** {@code x + h·t} over {@code inputs}, other entries of {@code x} unchanged. */
  Map<Object, V> step(Map<Object, V> x, List<ValueKey.Input> inputs, List<V> t, double h) {
    Map<Object, V> moved = new HashMap<>(x);
    for (int j = 0; j < inputs.size(); j++) {
      Object key = inputs.get(j).key();
      moved.put(key, space.add(x.get(key), space.scale(h, t.get(j))));
    }
    return moved;
  }

  /**
   * The point's inputs as {@code {x=0.7, d[x]@1=0.3}}, the passes of derivative inputs numbered by
   * first appearance ({@link #passesInOrder}).
   */
  String describe(Map<Object, V> x, List<ValueKey.Input> inputs) {
    StringBuilder s = new StringBuilder("{");
    for (ValueKey.Input input : inputs) {
      if (s.length() > 1) {
        s.append(", ");
      }
      s.append(input.key()).append('=').append(space.describe(x.get(input.key())));
      if (s.length() > MAX_POINT_DESCRIPTION) {
        return passesInOrder(s.substring(0, MAX_POINT_DESCRIPTION)) + "…}";
      }
    }
    return passesInOrder(s.append('}').toString());
  }

  /**
   * {@code text} with the pass numbers of derivative inputs ({@code d[x]@46}, {@code ct[0]@47})
   * renumbered 1, 2, … by first appearance: a pass's number counts the passes the JVM has run,
   * so without this a failure's message would differ from one run (or test order) to the next.
   */
  static String passesInOrder(String text) {
    Matcher m = PASS.matcher(text);
    Map<String, Integer> numbers = new HashMap<>();
    StringBuilder renumbered = new StringBuilder();
    while (m.find()) {
      Integer n = numbers.get(m.group(1));
      if (n == null) {
        n = numbers.size() + 1;
        numbers.put(m.group(1), n);
      }
      m.appendReplacement(renumbered, "]@" + n);
    }
    return m.appendTail(renumbered).toString();
  }

  private static final Pattern PASS = Pattern.compile("\\]@(\\d+)");

  private static double square(double v) {
    return v * v;
  }
}
