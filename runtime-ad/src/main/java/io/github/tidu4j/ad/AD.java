package io.github.tidu4j.ad;

import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.Checks;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.LogicalOrder;
import io.github.tidu4j.graph.LookalikeKeys;
import io.github.tidu4j.graph.OperationKey;
import io.github.tidu4j.graph.OperationRole;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueDescription;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.ValueType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The differentiation transforms. {@link #linearize} is the only transform that produces
 * derivatives; {@link #linearTranspose} reverses a linear graph. Both produce new graphs that refer
 * to existing ones by key and never copy or merge them; higher orders are {@code (resolve →
 * linearize) × n}, with one materialization at the very end.
 *
 * <pre>{@code
 * GraphBuilder<RealOp> b = Graph.builder();
 * ValueRef.Local x = b.input("x");
 * Graph<RealOp> f = b.output(b.apply(RealOp.SIN, b.apply(RealOp.MUL, x, x))).build(); // sin(x²)
 * List<ValueKey> wrt = List.of(ValueKey.input("x"));
 *
 * LinearizedGraph<RealOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), wrt);
 * LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp); // reverse mode
 * // second order: resolve the linear graph (it reaches f through its parents), linearize again
 * LinearizedGraph<RealOp> jvp2 =
 *     AD.linearize(Graphs.resolve(jvp.graph()), jvp.linearOutputs(), wrt);
 * // flatten and compile once, at the end
 * CompiledProgram<RealOp> gradient =
 *     Graphs.compile(Graphs.resolve(vjp.graph()), vjp.linearOutputs());
 * }</pre>
 *
 * <p>{@code RealOp} is what the tidu4j processor generates for a set {@code Real} of {@code
 * double}s (see the package documentation); any primitive set works the same way.
 *
 * <p>Both walks are iterative: graphs of 10^6 operations need no deep thread stack.
 */
public final class AD {
  private AD() {}

  /**
   * The JVP of {@code outputs} with respect to the inputs {@code wrt}: a new graph with one fresh
   * tangent input per {@code wrt} key and one tangent output per output. A tangent that is zero
   * (the output does not depend on {@code wrt}) stays symbolic; the output is given as the set's
   * zero primitive applied to the primal output (see {@link LinearizedGraph#isZero}).
   * JVP rules are called in topological order, only for operations with an active input.
   *
   * <pre>{@code
   * LinearizedGraph<RealOp> jvp =
   *     AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
   * CompiledProgram<RealOp> p = Graphs.compile(Graphs.resolve(jvp.graph()), jvp.linearOutputs());
   * List<Double> dy = Interpreter.eval(p, Map.of("x", 0.5, jvp.linearInput(0), 1.0)); // dx = 1
   * }</pre>
   *
   * @param view the graphs to differentiate, resolved; the linear graph records them as parents
   * @param outputs the keys to differentiate, each defined by a graph of {@code view}
   * @param wrt the input keys to differentiate with respect to, distinct
   * @param ctx passed to every rule that declares a context parameter
   * @param <P> the primitive set
   * @param <C> the context type
   * @throws ADRuleError naming the primitive if a rule is missing or breaks its contract
   * @throws GraphException if an output is defined by no graph of the view, or a {@code wrt} key
   *     is not an input key of one of its graphs (an input the outputs do not depend on is fine:
   *     its tangent is zero)
   */
  public static <P extends Primitive<P, C>, C> LinearizedGraph<P> linearize(
      ResolvedView<P> view, List<? extends ValueKey> outputs, List<? extends ValueKey> wrt, C ctx) {
    LogicalOrder<P> order = view.topologicalOrder(outputs);
    // A JVP rule typically emits two or three operations (2.2 per primal operation on the RandDAG
    // of RandDagAdBenchmark).
    // Room for a little more than that: unused room costs only its zeroing, too little a regrowth.
    PrimitiveBuilder<P> b = new PrimitiveBuilder<>(order.size() * 5 / 2);
    long pass = b.pass();

    // indexed by the order's value numbering: inputs first, then each operation's outputs
    int[] tangent = new int[order.valueCount()];
    Arrays.fill(tangent, -1);

    Object[] tangentKeys = new Object[wrt.size()];
    Map<ValueKey, Integer> wrtTangents = new HashMap<>();
    for (int i = 0; i < wrt.size(); i++) {
      ValueKey.Input input = checkedWrt(view, order, wrt, i, wrtTangents);
      // relies on I8: a tangent key of this pass is new, so it names no value of another pass
      tangentKeys[i] = ADKey.tangentOf(input.key(), pass);
      // a tangent is a value of its input's type, as everywhere in the transforms (a zero of
      // that type stands for an absent one), so a typed input's tangent checks its binding too
      int id = b.linearInput(tangentKeys[i], view.inputType(input).orElse(null)).id();
      if (Checks.ENABLED) {
        Checks.checkNewPassInput(b.graphBuilder(), id);
      }
      int ordinal = order.inputOrdinalOf(input);
      if (ordinal >= 0) {
        tangent[ordinal] = id;
      }
    }

    int k = 0;
    try {
      for (; k < order.size(); k++) {
        linearizeOperation(order, k, tangent, b, ctx);
      }
    } catch (ADRuleError e) {
      // described only now: naming the value is no work of the walk
      throw e.at(ValueDescription.application(order.operationKey(k)));
    }

    int[] tangentOutputs = new int[outputs.size()];
    for (int i = 0; i < outputs.size(); i++) {
      tangentOutputs[i] = tangent[order.outputValue(i)];
    }
    // a zero tangent is shaped like its primal output
    ZeroOutputs zeros = ZeroOutputs.emit(b, tangentOutputs, outputs, view.graphs());
    GraphBuilder<P> gb = b.graphBuilder();
    // a tangent is a value of its primal's type, declared where the view declares that type
    ValueType[] types = null;
    if (view.declaresTypes()) {
      types = new ValueType[outputs.size()];
      for (int i = 0; i < types.length; i++) {
        types[i] = view.valueType(outputs.get(i)).orElse(null);
      }
    }
    addOutputs(gb, tangentOutputs, zeros, types);
    for (Graph<P> g : view.graphs()) {
      gb.parent(g);
    }
    return new LinearizedGraph<>(
        gb.build(), pass, tangentKeys, tangentOutputs, zeros, wrt, outputs, types);
  }

  /**
   * {@code wrt.get(i)} as an input key, checked: present, an input (not a computed value), listed
   * once ({@code seen} maps the keys before {@code i} to their positions; {@code i} is added), and
   * an input of some graph of {@code view} (an input the outputs do not reach is fine: its
   * derivative is zero).
   *
   * @throws GraphException naming the entry and what is wrong with it
   */
  static ValueKey.Input checkedWrt(
      ResolvedView<?> view,
      LogicalOrder<?> order,
      List<? extends ValueKey> wrt,
      int i,
      Map<ValueKey, Integer> seen) {
    ValueKey w = wrt.get(i);
    if (w == null) {
      throw new GraphException("wrt[" + i + "] is null; list the input keys to differentiate by");
    }
    if (!(w instanceof ValueKey.Input input)) {
      throw new GraphException(
          "linearize differentiates with respect to inputs, but wrt["
              + i
              + "] is "
              + ValueDescription.of(w)
              + ", a value computed by "
              + ((ValueKey.Derived) w).operationKey().operation().name()
              + "; differentiate with respect to the inputs it is computed from");
    }
    Integer existing = seen.get(w);
    if (existing != null) {
      throw new GraphException(
          "wrt lists the input " + input.key() + " twice (at " + existing + " and " + i + ")");
    }
    seen.put(w, i);
    if (order.inputOrdinalOf(w) < 0 && !view.defines(w)) {
      // an input the outputs do not reach has a zero tangent; one no graph has is a mistake
      List<Object> inputs = new ArrayList<>();
      for (Graph<?> g : view.graphs()) {
        inputs.addAll(g.inputKeys());
      }
      throw new GraphException(
          "wrt[" + i + "] is the input " + input.key() + ", which no graph of the view has"
              + " (their inputs: " + ValueDescription.listed(inputs) + "); differentiate with"
              + " respect to one of them" + LookalikeKeys.note(inputs, List.of(input.key())));
    }
    return input;
  }

  /**
   * Declares each linear output of a pass, a zero by its zero primitive's node if it has one, of
   * its type in {@code types} where that is given (null: untyped).
   */
  static void addOutputs(
      GraphBuilder<?> gb, int[] outputLocals, ZeroOutputs zeros, ValueType[] types) {
    for (int i = 0; i < outputLocals.length; i++) {
      int value = zeros.valueOf(outputLocals, i);
      if (value >= 0) {
        ValueType type = types == null ? null : types[i];
        ValueRef.Local ref = new ValueRef.Local(value);
        if (type == null) {
          gb.output(ref);
        } else {
          gb.output(ref, type);
        }
      }
    }
  }

  /**
   * Calls the JVP rule of operation {@code k} of {@code order} if some input has a tangent, and
   * records its output tangents in {@code tangent} (indexed by the order's value numbering). One
   * operation per call, so the JIT compiles the walk's body as an ordinary method with a full
   * profile.
   */
  private static <P extends Primitive<P, C>, C> void linearizeOperation(
      LogicalOrder<P> order, int k, int[] tangent, PrimitiveBuilder<P> b, C ctx) {
    OperationKey key = order.operationKey(k);
    int arity = key.inputCount();
    List<ValueRef> tangentIn = null;
    if (arity == 1) {
      // the commonest case as the smallest list: a unary operation's one tangent
      int t = tangent[order.operandValue(k, 0)];
      if (t >= 0) {
        tangentIn = Collections.singletonList(b.local(t));
      }
    } else {
      ValueList some = null;
      for (int j = 0; j < arity; j++) {
        int t = tangent[order.operandValue(k, j)];
        if (t >= 0) {
          if (some == null) {
            some = new ValueList(arity);
          }
          some.put(j, b.local(t));
        }
      }
      tangentIn = some;
    }
    if (tangentIn == null) {
      return; // no active input: the tangent is zero, and no rule is called
    }
    List<ValueRef> result =
        callJvp(
            b,
            order.operation(k),
            PrimalValues.inputsOf(key),
            PrimalValues.outputsOf(key),
            tangentIn,
            ctx);
    int outputCount = key.outputCount();
    for (int s = 0; s < outputCount; s++) {
      ValueRef t = result.get(s);
      if (t != null) {
        tangent[order.firstValue(k) + s] = ((ValueRef.Local) t).id();
      }
    }
  }

  /**
   * Calls {@code op}'s JVP rule, emitting into {@code b}, and checks what it returns: one tangent
   * per output, each absent or a linear value of {@code b}. A rule that throws is named in the
   * {@link ADRuleError}. {@link #linearize} and Taylor mode call every rule through it.
   */
  static <P extends Primitive<P, C>, C> List<ValueRef> callJvp(
      PrimitiveBuilder<P> b,
      P op,
      List<ValueRef> primalIn,
      List<ValueRef> primalOut,
      List<ValueRef> tangentIn,
      C ctx) {
    List<ValueRef> result;
    try {
      result = op.jvp(b, primalIn, primalOut, tangentIn, ctx);
    } catch (ADRuleError e) {
      throw e;
    } catch (RuntimeException | StackOverflowError e) {
      // a rule recursing without end overflows the stack inside the call: name the rule
      throw ADRuleError.failed(op, RuleKind.JVP, ctx, e);
    }
    checkResults(b, op, RuleKind.JVP, result, primalOut.size(), null);
    return result;
  }

  /** As {@link #linearize(ResolvedView, List, List, Object)} with a {@code null} context. */
  public static <P extends Primitive<P, C>, C> LinearizedGraph<P> linearize(
      ResolvedView<P> view, List<? extends ValueKey> outputs, List<? extends ValueKey> wrt) {
    return linearize(view, outputs, wrt, null);
  }

  /**
   * Taylor mode along a line: the Taylor coefficients {@code y_1 … y_K} of {@code outputs} along
   * {@code x(t) = x_0 + x_1·t} for the inputs {@code wrt}, in one new graph whose inputs are the
   * directions {@code x_1} ({@link TaylorGraph#inputKey(int, int) inputKey(i, 1)}); the k-th
   * derivative along the line is {@code k!·y_k}. Derived from the JVP rules, in O(K²)
   * operations per primal operation (a primitive with a hand-written Taylor rule, {@link
   * Primitive#taylor}, is expanded by it): each coefficient is computed once, where {@code K} nested
   * {@link #linearize} passes compute 2^K mixed terms. A zero coefficient stays symbolic and is
   * given as the set's zero primitive on the primal output ({@link TaylorGraph#isZero}).
   *
   * <pre>{@code
   * TaylorGraph<RealOp> t = AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(x), 4);
   * CompiledProgram<RealOp> p = Graphs.compile(Graphs.resolve(t.graph()), t.outputKeys());
   * List<Double> c = Interpreter.eval(p, Map.of("x", 0.5, t.inputKey(0, 1), 1.0)); // y_1 … y_4
   * }</pre>
   *
   * <p>The set needs a scale primitive ({@code @Primitive(scale = true)}, {@link
   * Primitive#scaleBy}) for orders above 1. Every JVP rule works whose linear operations with a
   * fixed operand that moves along the path are {@link Primitive#isMultilinear multilinear}; a
   * rule emitting another (a division linear in its numerator only, say) gives an {@link
   * ADRuleError} naming it.
   *
   * @param view the graphs to expand, resolved; the result records them as parents
   * @param outputs the keys to expand, each defined by a graph of {@code view}
   * @param wrt the input keys that move along the line, distinct
   * @param order K, at least 1
   * @param ctx passed to every rule that declares a context parameter
   * @param <P> the primitive set
   * @param <C> the context type
   * @throws ADRuleError naming the primitive if a rule is missing, breaks its contract, or emits an
   *     operation Taylor mode cannot expand
   * @throws GraphException as {@link #linearize} does for {@code outputs} and {@code wrt}, or if
   *     the set has no scale primitive
   */
  public static <P extends Primitive<P, C>, C> TaylorGraph<P> taylor(
      ResolvedView<P> view,
      List<? extends ValueKey> outputs,
      List<? extends ValueKey> wrt,
      int order,
      C ctx) {
    return taylor(view, outputs, wrt, order, ctx, false);
  }

  /** As {@link #taylor(ResolvedView, List, List, int, Object)} with a {@code null} context. */
  public static <P extends Primitive<P, C>, C> TaylorGraph<P> taylor(
      ResolvedView<P> view, List<? extends ValueKey> outputs, List<? extends ValueKey> wrt, int order) {
    return taylor(view, outputs, wrt, order, null, false);
  }

  /**
   * Taylor mode along a curve: as {@link #taylor(ResolvedView, List, List, int, Object)}, with the
   * path {@code x(t) = x_0 + x_1 t + … + x_K t^K}, every coefficient an input ({@link
   * TaylorGraph#inputKey(int, int) inputKey(i, m)}, m = 1 … K).
   *
   * <pre>{@code
   * TaylorGraph<RealOp> t = AD.taylorPath(Graphs.resolve(f), f.outputKeys(), List.of(x), 2, null);
   * // y(x0 + t + 0.5 t²) to second order
   * Map<Object, Double> in = Map.of("x", 0.5, t.inputKey(0, 1), 1.0, t.inputKey(0, 2), 0.5);
   * }</pre>
   */
  public static <P extends Primitive<P, C>, C> TaylorGraph<P> taylorPath(
      ResolvedView<P> view,
      List<? extends ValueKey> outputs,
      List<? extends ValueKey> wrt,
      int order,
      C ctx) {
    return taylor(view, outputs, wrt, order, ctx, true);
  }

  /**
   * Taylor mode along a curve some of whose coefficients are zero: as {@link #taylorPath}, with
   * coefficient {@code m} of wrt input {@code i} an input of the result ({@link
   * TaylorGraph#inputKey(int, int) inputKey(i, m)}) only where bit {@code m} of {@code
   * coefficients.get(i)} is set, and a symbolic zero otherwise: no rule's term on it is emitted,
   * so an infinite factor never meets it as {@code ∞·0 = NaN}, as it would if a zero were bound to
   * an input. The eager runtime's Taylor mode expands each recorded operation so, along the
   * coefficients its operands' series hold.
   *
   * <pre>{@code
   * // y(x0 + t) to third order: x's coefficients 2 and 3 are zero, x1 the one input
   * BitSet first = new BitSet();
   * first.set(1);
   * TaylorGraph<RealOp> t = AD.taylorPath(Graphs.resolve(f), f.outputKeys(), List.of(x),
   *     List.of(first), 3, null);
   * }</pre>
   *
   * @param coefficients per wrt input, the coefficients (bits 1 … {@code order}) that are inputs
   * @throws IllegalArgumentException if {@code coefficients} does not give one set per wrt input,
   *     or sets a bit outside 1 … {@code order}
   */
  public static <P extends Primitive<P, C>, C> TaylorGraph<P> taylorPath(
      ResolvedView<P> view,
      List<? extends ValueKey> outputs,
      List<? extends ValueKey> wrt,
      List<BitSet> coefficients,
      int order,
      C ctx) {
    Objects.requireNonNull(coefficients, "coefficients");
    Objects.requireNonNull(wrt, "wrt");
    requirePositiveOrder(order);
    if (coefficients.size() != wrt.size()) {
      throw new IllegalArgumentException(
          "coefficients gives " + coefficients.size() + " sets for " + wrt.size()
              + " wrt inputs; give one per wrt input");
    }
    BitSet[] given = new BitSet[coefficients.size()];
    for (int i = 0; i < given.length; i++) {
      BitSet c = Objects.requireNonNull(coefficients.get(i), "coefficients of wrt input " + i);
      if (c.nextSetBit(0) == 0 || c.length() > order + 1) {
        throw new IllegalArgumentException(
            "coefficients of wrt input " + i + " are " + c + ", but the coefficients of a path"
                + " to order " + order + " are 1 to " + order);
      }
      given[i] = (BitSet) c.clone();
    }
    return taylor(view, outputs, wrt, order, ctx, given, true);
  }

  /**
   * Taylor mode with every primitive expanded from its JVP rule, its hand-written Taylor rule
   * ({@link Primitive#taylor}) ignored: the reference the hand-written rules are checked against.
   * Otherwise as {@link #taylor(ResolvedView, List, List, int, Object) taylor} ({@code path} false)
   * or {@link #taylorPath} ({@code path} true).
   *
   * <pre>{@code
   * // f = broken(x), a primitive whose Taylor rule throws: expanded from its JVP rule instead
   * TaylorGraph<SeriesOp> derived = AD.taylorDerived(view, outputs, wrt, 8, null, true);
   * }</pre>
   */
  public static <P extends Primitive<P, C>, C> TaylorGraph<P> taylorDerived(
      ResolvedView<P> view,
      List<? extends ValueKey> outputs,
      List<? extends ValueKey> wrt,
      int order,
      C ctx,
      boolean path) {
    return taylor(view, outputs, wrt, order, ctx, path, false);
  }

  private static <P extends Primitive<P, C>, C> TaylorGraph<P> taylor(
      ResolvedView<P> view,
      List<? extends ValueKey> outputs,
      List<? extends ValueKey> wrt,
      int order,
      C ctx,
      boolean path) {
    return taylor(view, outputs, wrt, order, ctx, path, true);
  }

  /** {@code path}: every coefficient of each wrt input is an input; else the first only. */
  private static <P extends Primitive<P, C>, C> TaylorGraph<P> taylor(
      ResolvedView<P> view,
      List<? extends ValueKey> outputs,
      List<? extends ValueKey> wrt,
      int order,
      C ctx,
      boolean path,
      boolean handWritten) {
    BitSet[] given = new BitSet[Objects.requireNonNull(wrt, "wrt").size()];
    for (int i = 0; i < given.length; i++) {
      given[i] = new BitSet();
      given[i].set(1, path ? Math.max(order, 1) + 1 : 2);
    }
    return taylor(view, outputs, wrt, order, ctx, given, handWritten);
  }

  private static void requirePositiveOrder(int order) {
    if (order < 1) {
      throw new IllegalArgumentException("the Taylor order is " + order + "; ask for 1 or more");
    }
  }

  /**
   * The coefficient terms Taylor mode to {@code order} may make for {@code operations} operations,
   * (K + 1)(K + 2) / 2 each (a product's coefficient k sums k + 1 terms), checked against what one
   * graph holds. The eager runtime checks an order with it before it allocates any series.
   *
   * <pre>{@code
   * long terms = AD.checkTaylorOrder(4, 100);   // 15 terms for each of 100 operations: 1,500
   * }</pre>
   *
   * @throws IllegalArgumentException if they may be more than one graph holds (2^31 − 1 values)
   */
  public static long checkTaylorOrder(int order, int operations) {
    long perOperation = (order + 1L) * (order + 2L) / 2;
    if (perOperation > Integer.MAX_VALUE / Math.max(operations, 1)) {
      throw new IllegalArgumentException(
          "the Taylor order is " + order + ", which asks for up to " + perOperation
              + " coefficient terms for each of the " + operations + " operation"
              + (operations == 1 ? "" : "s") + ", more than one graph holds (2^31 − 1 values);"
              + " ask for a lower order");
    }
    return perOperation * Math.max(operations, 1);
  }

  /** {@code given[i]}: the coefficients of wrt input {@code i} that are inputs (bits 1 … order). */
  private static <P extends Primitive<P, C>, C> TaylorGraph<P> taylor(
      ResolvedView<P> view,
      List<? extends ValueKey> outputs,
      List<? extends ValueKey> wrt,
      int order,
      C ctx,
      BitSet[] given,
      boolean handWritten) {
    requirePositiveOrder(order);
    LogicalOrder<P> logical = view.topologicalOrder(outputs);
    return new TaylorTransform<>(view, logical, order, ctx, handWritten).run(outputs, wrt, given);
  }

  /**
   * The transpose of {@code linear}: a new graph with one fresh cotangent seed input per output of
   * {@code linear}, and one cotangent output per linear input of {@code linear}
   * (so aligned with the {@code wrt} it was linearized with). A cotangent that is zero stays
   * symbolic; the output is given as the set's zero primitive applied to the primal input (see
   * {@link LinearizedGraph#isZero}). The seed of a zero output of {@code linear} is read by
   * nothing (binding it is accepted, and changes nothing), and a node with no linear operand (such as a zero primitive's) is never transposed: the cotangent
   * reaching it is dropped, its derivative being zero. Operations are visited in reverse; fan-out contributions to one value are summed with
   * the set's {@link Primitive#add() add} primitive, bucketed by the value's global key.
   *
   * <pre>{@code
   * LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
   * CompiledProgram<RealOp> p = Graphs.compile(Graphs.resolve(vjp.graph()), vjp.linearOutputs());
   * List<Double> grad = Interpreter.eval(p, Map.of("x", 0.5, vjp.linearInput(0), 1.0)); // ȳ = 1
   * }</pre>
   *
   * @param linear the linear graph to transpose, as {@link #linearize} returned it
   * @param ctx passed to every rule that declares a context parameter
   * @param <P> the primitive set
   * @param <C> the context type
   * @throws ADRuleError naming the primitive if a transpose rule is missing or breaks its contract
   * @throws IllegalArgumentException if a value used more than once needs its cotangents summed
   *     and the graphs hold no operation to find the set's add primitive from (an identity
   *     function with a fanned-out output)
   */
  public static <P extends Primitive<P, C>, C> LinearizedGraph<P> linearTranspose(
      LinearizedGraph<P> linear, C ctx) {
    Graph<P> g = linear.graph();
    // about one operation per linearized one (primal nodes are not transposed), plus the sums of
    // fan-out, minus those (adds) whose transposes emit nothing: RandDAG (RandDagAdBenchmark) emits
    // 0.99 per linearized node. An eighth more leaves room for more sums without regrowing, and
    // little enough unused that the graph keeps the arrays (see Slack); sized from all of the
    // graph's nodes, a third would go unused and the build would copy them.
    int linearized = g.linearizedNodeCount();
    PrimitiveBuilder<P> b = new PrimitiveBuilder<>(linearized + linearized / 8 + 16);
    long pass = b.pass();
    CotangentTable<P> cotangent = new CotangentTable<>(g, b);

    // one seed per linear output, so a caller can bind every seed; a zero output's seed is an
    // input of the transposed graph that nothing reads
    Object[] seeds = new Object[linear.outputCount()];
    for (int i = 0; i < seeds.length; i++) {
      seeds[i] = new CotangentSeed(pass, i);
      // relies on I8: a seed of this pass is a new key (it carries the pass id)
      // a cotangent is a value of its linear output's type (that of the output's primal)
      int seed = b.linearInput(seeds[i], linear.outputType(i)).id();
      if (Checks.ENABLED) {
        Checks.checkNewPassInput(b.graphBuilder(), seed);
      }
      int out = linear.outputLocal(i); // by local value: reading its key would make all of them
      if (out >= 0) {
        cotangent.addLocal(out, seed);
      }
    }

    int node = g.nodeCount() - 1;
    try {
      for (; node >= 0; node--) {
        transposeNode(g, node, b, cotangent, ctx);
      }
    } catch (ADRuleError e) {
      // described only now: reading the node's key is no work of the walk
      throw e.at(ValueDescription.application(g.operationKey(node)));
    }

    List<Object> linearInputs = linear.linearInputs();
    int[] outputs = new int[linearInputs.size()];
    for (int i = 0; i < outputs.length; i++) {
      Object inputKey = linearInputs.get(i);
      // linearize declares the tangent inputs in order, as the graph's inputs
      int hint = i < g.inputCount() ? g.inputValue(i) : -1;
      ValueRef ct = cotangent.get(ValueKey.input(inputKey), hint);
      outputs[i] = ct == null ? -1 : ((ValueRef.Local) ct).id();
    }
    // a zero cotangent is shaped like the primal value the linear input is the tangent of
    ZeroOutputs zeros = ZeroOutputs.emit(b, outputs, linear.inputPrimals(), List.of(g));
    GraphBuilder<P> gb = b.graphBuilder();
    // the cotangent of a linear input is a value of that input's type
    ValueType[] types = null;
    for (int i = 0; i < outputs.length && i < g.inputCount(); i++) {
      ValueType type = g.inputType(i).orElse(null);
      if (type != null) {
        if (types == null) {
          types = new ValueType[outputs.length];
        }
        types[i] = type;
      }
    }
    addOutputs(gb, outputs, zeros, types);
    gb.parent(g);
    return new LinearizedGraph<>(
        gb.build(),
        pass,
        seeds,
        outputs,
        zeros,
        linear.outputPrimals(),
        linear.inputPrimals(),
        types);
  }

  /**
   * Transposes {@code node} of {@code g} if it is linear, is the first definition of its key and
   * has a cotangent, adding what its rule returns to its operands' cotangents. One node per call,
   * so the JIT compiles the walk's body as an ordinary method with a full profile.
   */
  private static <P extends Primitive<P, C>, C> void transposeNode(
      Graph<P> g, int node, PrimitiveBuilder<P> b, CotangentTable<P> cotangent, C ctx) {
    if (!(g.role(node) instanceof OperationRole.Linearized role)) {
      return; // a primal computation: read by reference, never transposed
    }
    int first = g.nodeOutput(node, 0);
    // relies on I5: the bucket of a key is its first definition
    if (g.firstDefinition(first) != first) {
      // a repeat of an earlier node with the same key: its users' contributions are bucketed
      // under that key and transposed once, at the first definition, after all of them
      return;
    }
    int outputCount = g.nodeOutputCount(node);
    List<ValueRef> cotangentOut = null; // made for the first cotangent found
    // relies on I9: a node's outputs are the values from its first on; and on I5: the outputs of
    // the first node with a key are the first values with theirs
    if (outputCount == 1) {
      // the commonest case as the smallest list: a single output's cotangent
      ValueRef ct = cotangent.getAtFirstDefinition(first);
      if (ct != null) {
        cotangentOut = Collections.singletonList(ct);
      }
    } else {
      ValueList some = null;
      for (int s = 0; s < outputCount; s++) {
        ValueRef ct = cotangent.getAtFirstDefinition(first + s);
        if (ct != null) {
          if (some == null) {
            some = new ValueList(outputCount);
          }
          some.put(s, ct);
        }
      }
      cotangentOut = some;
    }
    if (cotangentOut == null) {
      return; // no cotangent reaches it: its operands' contributions are zero
    }
    P op = g.operation(node);
    ActiveMask mask = role.activeMask();
    List<ValueRef> inputs = PrimalValues.fixedInputsOf(g, node, mask);
    List<ValueRef> result;
    try {
      result = op.transpose(b, cotangentOut, inputs, mask, ctx);
    } catch (ADRuleError e) {
      throw e;
    } catch (RuntimeException | StackOverflowError e) {
      // a rule recursing without end overflows the stack inside the call: name the rule
      throw ADRuleError.failed(op, RuleKind.TRANSPOSE, ctx, e);
    }
    int operandCount = inputs.size();
    checkResults(b, op, RuleKind.TRANSPOSE, result, operandCount, mask);
    for (int j = 0; j < operandCount; j++) {
      ValueRef ct = result.get(j);
      if (ct == null || !mask.isActive(j)) {
        continue;
      }
      int id = ((ValueRef.Local) ct).id(); // checked by checkResults
      int local = g.operandLocal(node, j);
      if (local >= 0) {
        cotangent.addLocal(local, id);
      } else {
        cotangent.addExternal(g.operandKey(node, j), id);
      }
    }
  }

  /**
   * The cotangents accumulated during a transpose, bucketed by global key: values of the linear
   * graph map to the first local value with their key (an array slot, no hashing on the hot
   * path); values it refers to externally go to a map by key. A contribution to a value that has
   * one already is summed with the set's {@link Primitive#add() add} primitive. Cotangents are
   * held as local ids of the graph being emitted, not as value objects: a big pass holds up to a
   * million at once, which the collector would otherwise copy, and an array of references that
   * large takes every store through the collector's write barrier.
   *
   * <p>Only linear values receive cotangents: the inputs (each declared once) and the outputs of
   * linearized nodes, and a repeated key has one role, so the first definition of a linear value
   * is a linear value too. The first definition is asked of the graph when a value is met ({@link
   * Graph#firstDefinition}: a bit test for a node whose key was new, which is nearly every node of
   * a transform's graph), rather than for every node up front, which would read every node's key
   * once more before the walk.
   */
  private static final class CotangentTable<P extends Primitive<P, ?>> {
    private final Graph<P> g;
    private final PrimitiveBuilder<P> b;
    // per local value: 1 + the local id of its cotangent in the emitted graph; 0 for none yet
    private final int[] local;
    private final Map<ValueKey, Integer> external = new HashMap<>();
    private P add; // found on the first sum

    CotangentTable(Graph<P> g, PrimitiveBuilder<P> b) {
      this.g = g;
      this.b = b;
      this.local = new int[g.valueCount()];
    }

    ValueRef getLocal(int value) {
      return valueOf(local[g.firstDefinition(value)]);
    }

    /** The cotangent of local value {@code value}, the first definition of its key. */
    ValueRef getAtFirstDefinition(int value) {
      return valueOf(local[value]);
    }

    /** The cotangent of the value with key {@code key}, which may be local value {@code hint}. */
    ValueRef get(ValueKey key, int hint) {
      int value = localValue(key, hint);
      if (value >= 0) {
        return getLocal(value);
      }
      Integer id = external.get(key);
      return id == null ? null : b.local(id);
    }

    private ValueRef valueOf(int stored) {
      return stored == 0 ? null : b.local(stored - 1);
    }

    /**
     * The local value with key {@code key}: {@code hint} if that is it (no lookup), else looked up
     * in the graph, {@code -1} if the graph does not define it.
     */
    private int localValue(ValueKey key, int hint) {
      return hint >= 0 && hint < g.valueCount() && g.valueKey(hint) == key
          ? hint
          : g.localValue(key);
    }

    /**
     * Adds local value {@code ct} of the emitted graph to the cotangent of local value {@code
     * value}. Relies on I5: the bucket of a value is the first definition of its key.
     */
    void addLocal(int value, int ct) {
      int c = g.firstDefinition(value);
      int existing = local[c];
      local[c] = 1 + (existing == 0 ? ct : sum(existing - 1, ct));
    }

    /**
     * Adds local value {@code ct} of the emitted graph to the cotangent of the value with key
     * {@code key}, an operand the linear graph reads by key (which may still be one of its own).
     */
    void addExternal(ValueKey key, int ct) {
      int value = g.localValue(key);
      if (value >= 0) {
        addLocal(value, ct);
      } else {
        Integer existing = external.get(key);
        external.put(key, existing == null ? ct : sum(existing, ct));
      }
    }

    private int sum(int a, int c) {
      if (add == null) {
        add = addOf(g);
      }
      return b.sumLinear(add, a, c);
    }
  }

  /** As {@link #linearTranspose(LinearizedGraph, Object)} with a {@code null} context. */
  public static <P extends Primitive<P, C>, C> LinearizedGraph<P> linearTranspose(
      LinearizedGraph<P> linear) {
    return linearTranspose(linear, null);
  }

  /**
   * The set's accumulation primitive, found through any operation of {@code g} or, failing that,
   * of the graphs it refers to, or the set member they were declared with. Only a graph with
   * neither anywhere (the identity function with a fanned-out output, built on a plain graph
   * builder) has none to ask. It is checked to take two inputs and give one output, once per
   * transpose.
   */
  private static <P extends Primitive<P, ?>> P addOf(Graph<P> g) {
    P any = anyOperation(List.of(g));
    if (any != null) {
      return checkedAccumulator(any.add());
    }
    throw new IllegalArgumentException(
        "the transpose sums the cotangents of a value used more than once (such as an input that"
            + " is several outputs) with the primitive set's add primitive, but the graphs hold no"
            + " operation to find the set from: they compute the identity; name the set on the"
            + " graph's builder (GraphBuilder.declareSet(anyOperation), as a set's generated"
            + " builders do), or sum the output seeds of such a value yourself");
  }

  /**
   * An operation of {@code roots} or of the graphs they refer to, breadth first, or the one a graph
   * without operations was declared with ({@link Graph#setMember()}); {@code null} if none has
   * either (an identity function built on a plain graph builder).
   */
  static <P extends Primitive<P, ?>> P anyOperation(Collection<Graph<P>> roots) {
    // added one by one: ArrayDeque's copy constructor links a method reference, which costs a
    // fresh JVM milliseconds of method-handle set-up on its first linearize
    ArrayDeque<Graph<P>> queue = new ArrayDeque<>();
    for (Graph<P> root : roots) {
      queue.add(root);
    }
    Set<Graph<P>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    while (!queue.isEmpty()) {
      Graph<P> next = queue.poll();
      if (!seen.add(next)) {
        continue;
      }
      if (next.nodeCount() > 0) {
        return next.operation(0);
      }
      if (next.setMember() != null) {
        return next.setMember();
      }
      queue.addAll(next.parents());
    }
    return null;
  }

  private static <P extends Primitive<P, ?>> P checkedAccumulator(P add) {
    if (add.inputArity() != 2 || add.outputArity() != 1) {
      throw ADRuleError.invalidResult(
          add.name(),
          RuleKind.TRANSPOSE,
          "the accumulation primitive must take 2 inputs and give 1 output, but takes "
              + add.inputArity()
              + " and gives "
              + add.outputArity());
    }
    return add;
  }

  /**
   * A rule's results must be a list of the right size whose present entries (at active positions,
   * for transposes) are linear values of the graph being emitted.
   */
  private static void checkResults(
      PrimitiveBuilder<?> b,
      Primitive<?, ?> op,
      RuleKind kind,
      List<ValueRef> result,
      int expected,
      ActiveMask mask) {
    String what = kind == RuleKind.JVP ? "output tangent" : "operand cotangent";
    if (result == null) {
      throw ADRuleError.invalidResult(op.name(), kind, "it returned null instead of a list");
    }
    if (result.size() != expected) {
      throw ADRuleError.invalidResult(
          op.name(),
          kind,
          "it returned " + result.size() + " result(s) but " + expected + " " + what + "(s) are expected");
    }
    boolean linearGiven = false;
    int fixedGiven = -1;
    for (int i = 0; i < expected; i++) {
      ValueRef v = result.get(i);
      if (v == null) {
        continue;
      }
      if (mask != null && !mask.isActive(i)) {
        fixedGiven = i;
        continue;
      }
      linearGiven = true;
      String problem;
      if (v instanceof ValueRef.Local local
          && (local.id() < 0 || local.id() >= b.valueCount() || !b.owns(local))) {
        problem =
            "is no value of the graph being emitted (a local value of another graph, such as one"
                + " kept from an earlier pass); return a value the rule was given or emitted in"
                + " this call";
      } else if (!(v instanceof ValueRef.Local) || !b.isLinear(v)) {
        problem =
            "carries no tangent flow; return a zero (Tangent.zero() in a typed rule, null in an"
                + " untyped one) or a value computed from the given "
                + (kind == RuleKind.JVP
                    ? "tangents (a JVP returns the derivative times them, such as e.mul(d, dx),"
                        + " not the derivative d)"
                    : "cotangents");
      } else {
        continue;
      }
      throw ADRuleError.invalidResult(
          op.name(), kind, what + " " + i + " is " + v + ", which " + problem);
    }
    if (fixedGiven >= 0 && !linearGiven) { // fixedGiven is set only where a mask is given
      // a fixed operand's entry is ignored, so a rule that gives one and no linear operand any
      // has almost surely put its cotangents in the wrong places: dropping them would give a
      // zero gradient without a word
      StringBuilder linear = new StringBuilder();
      for (int i = 0; i < expected; i++) {
        if (mask.isActive(i)) {
          linear.append(linear.length() == 0 ? "" : ", ").append(i);
        }
      }
      boolean one = mask.activeCount() == 1;
      throw ADRuleError.invalidResult(
          op.name(),
          kind,
          what + " " + fixedGiven + " is given, but operand " + fixedGiven + " is fixed here (its"
              + " cotangent is ignored), and the linear operand" + (one ? " " : "s ") + linear
              + (one ? " gets" : " get") + " none: return the cotangents in the order of the"
              + " primitive's operands, one per operand");
    }
  }
}
