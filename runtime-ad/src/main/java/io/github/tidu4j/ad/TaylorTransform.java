package io.github.tidu4j.ad;

import io.github.tidu4j.graph.Checks;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.LogicalOrder;
import io.github.tidu4j.graph.OperationKey;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueDescription;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.ValueType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Taylor mode ({@link AD#taylor}, {@link AD#taylorPath}): the coefficients {@code y_1 … y_K} of the
 * outputs along a path of the inputs, derived from the JVP rules alone.
 *
 * <p>Every value {@code v} on the path has a series {@code v_0 + v_1 t + …}, {@code v_0} being the
 * value itself. For {@code y = p(x…)}, {@code y'(t) = J(x(t), y(t))·x'(t)}, where {@code J} is the
 * linear graph {@code p}'s JVP rule emits (its <em>template</em>), so {@code y_k = (1/k)·D_{k-1}(
 * T(y))}, where {@code T(y)} is the template's output and {@code D_m(t)} the m-th coefficient of the
 * series of a template node {@code t} on the path:
 *
 * <ul>
 *   <li>the tangent {@code T(x)} of a value whose series is known: {@code D_m = (m+1)·x_{m+1}};
 *   <li>a linear node {@code L(F; A)} with active operands {@code A} and fixed (primal) operands
 *       {@code F}: coefficient-wise, {@code L(F_0; D_m(A))}, if no fixed operand moves along the
 *       path; else {@code L} must be {@link Primitive#isMultilinear multilinear}, and {@code D_m} is
 *       the truncated Cauchy product {@code Σ L(F_{j…}; D_{m-Σj}(A))}.
 * </ul>
 *
 * <p>A linear node with several outputs is expanded once for all of them: each term applies it
 * once and the sums run slot by slot, so a rule may use any of its outputs on the tangent path.
 *
 * <p>The fixed operands a rule emits ({@code cos x} for {@code sin}) are values with series of
 * their own, needed one order lower, and expanded by the same rule: each level needs one order
 * less, so the expansion ends, and a fixed operand whose key is a value of the view ({@code sin x}
 * in the rule of {@code cos}, emitted while expanding {@code sin x}'s own rule) is that value, so
 * the sin ↔ cos cycle closes on itself.
 *
 * <p>A primitive with a hand-written Taylor rule ({@link Primitive#hasTaylorRule}) is not
 * expanded from its JVP rule: its outputs' tangents are leaves of the templates, like the path's,
 * and its rule is called once per order with its operands' coefficients 0…k and its outputs'
 * 0…k−1, from phase 2 ({@code handWritten} false, as {@link AD#taylorDerived} asks, expands every
 * primitive from its JVP rule).
 *
 * <p>Two phases, neither recursing on the graph: <b>templates</b> calls each rule once, into a
 * scratch builder whose nodes are recorded (the view's operations at level K in topological order,
 * then the fixed operands their rules emitted at level K−1, and so on, in creation order);
 * <b>coefficients</b> emits, order by order, every value's coefficient of that order into the
 * result's builder, each once. Scale factors are carried beside a coefficient of a template node
 * and applied only where two terms with different factors meet, so that {@code (1/k)·(k·x_k)}
 * costs nothing and is exact. Symbolic zeros (the coefficients above 1 of a line, all of those of a
 * constant) skip their terms.
 */
final class TaylorTransform<P extends Primitive<P, C>, C> {
  private static final int ZERO = -1;
  private static final int UNSET = -2;

  private final ResolvedView<P> view;
  private final LogicalOrder<P> order;
  private final int maxOrder;
  private final C ctx;
  private final boolean handWritten; // call the primitives' Taylor rules where they have one
  private final PrimitiveBuilder<P> scratch;
  private final PrimitiveBuilder<P> out;
  private final EmittedNodes<P> log = new EmittedNodes<>();
  // per log position, the series of each operand of the node (-1 for a linear one)
  private final List<int[]> operandSeries = new ArrayList<>();

  // series: the order's values first (by its numbering), then the primal nodes rules emit
  private int seriesCount;
  private int[] level;
  private int[] tangent; // the scratch local value of its tangent; -1: it does not move
  private ValueRef[] base; // coefficient 0 in the result; null until made (emitted nodes)
  private int[] baseNode; // for an emitted node's series, its node in the log; -1 otherwise
  private int[][] coef; // coefficients 1..level (index k - 1) in the result, ZERO for zeros
  private int[][] scaled; // per series, (m+1)·x_{m+1} made in the result (index m), UNSET if not

  // per scratch local value: the series it is the primal value of, -1 if none
  private int[] seriesOfLocal = new int[64];
  // per scratch local value: the series whose tangent it is (the first), -1 if none
  private int[] ownerOf = new int[64];
  // per scratch local value of a template node: its coefficients D_m
  private Deriv[] derivOf = new Deriv[64];
  // per scratch local value: the log position of the node defining it, -1 for an input
  private int[] logIndexOf = new int[64];

  private final Map<ValueKey, Integer> emittedByKey = new HashMap<>();
  private final List<Call> calls = new ArrayList<>();
  private P anyOp;

  /**
   * One rule call: its level, its outputs' series, and its template nodes in creation order; or,
   * for a hand-written Taylor rule ({@code operation} not null), its operands' series. {@code site}
   * says where it was met: an operation of the order, or {@code -1 - i} for log position {@code i}.
   */
  private record Call(
      String primitive,
      int level,
      int[] outputs,
      int start,
      int[] nodes,
      Primitive<?, ?> operation,
      int[] operands,
      int site) {
    static Call jvp(String primitive, int level, int[] outputs, int start, int[] nodes) {
      return new Call(primitive, level, outputs, start, nodes, null, null, 0);
    }
  }

  /**
   * The tangent leaf of a value a Taylor rule expands: an input key of the scratch graph only, of
   * its pass (I8 of docs/identity-core.md), so that it is made in the pass's scope: a key shared
   * by passes would be made in the first one's, which stays confined to its thread (the scratch
   * graph is never built), and another thread's pass could build nothing on it.
   */
  private record RuleOutput(long pass, int series) {}

  /**
   * The coefficients D_m of a template node: per m, the value in the result and the factor it is
   * still to be multiplied by ({@code id == ZERO}: zero), and the product once made.
   */
  private static final class Deriv {
    final int[] id;
    final double[] factor;
    final int[] made;

    Deriv(int orders) {
      id = new int[orders];
      factor = new double[orders];
      made = new int[orders];
      Arrays.fill(made, UNSET);
    }
  }

  /** A coefficient of a template node: {@code factor · value}, or zero if {@code id == ZERO}. */
  private record Term(int id, double factor) {
    static final Term NONE = new Term(ZERO, 0);

    boolean isZero() {
      return id == ZERO;
    }
  }

  /** The most nodes the output builder is presized for (about 10 MB of its arrays). */
  private static final int PRESIZE_LIMIT = 1 << 18;

  /**
   * A transform of {@code view} to order {@code maxOrder}; {@code handWritten}: primitives with a
   * Taylor rule are expanded by it, else every one from its JVP rule.
   */
  TaylorTransform(
      ResolvedView<P> view, LogicalOrder<P> order, int maxOrder, C ctx, boolean handWritten) {
    this.view = view;
    this.order = order;
    this.maxOrder = maxOrder;
    this.ctx = ctx;
    this.handWritten = handWritten;
    long terms = AD.checkTaylorOrder(maxOrder, order.size());
    this.scratch = new PrimitiveBuilder<>(order.size() * 3);
    // presized for every term up to a bound: a linear operation makes K + 1 of the (K + 1)(K + 2)
    // / 2 a nonlinear one may, and the builder grows past the bound as it needs
    this.out = new PrimitiveBuilder<>((int) Math.min(terms, PRESIZE_LIMIT));
    out.emitsSeries();
    int n = order.valueCount() + 16;
    level = new int[n];
    tangent = new int[n];
    base = new ValueRef[n];
    baseNode = new int[n];
    coef = new int[n][];
    scaled = new int[n][];
    Arrays.fill(seriesOfLocal, -1);
    Arrays.fill(ownerOf, -1);
    Arrays.fill(logIndexOf, -1);
  }

  /**
   * Builds the Taylor graph; {@code given[i]}: the coefficients of wrt input {@code i} that are
   * inputs (bits 1 … K), the others zero.
   */
  TaylorGraph<P> run(List<? extends ValueKey> outputs, List<? extends ValueKey> wrt, BitSet[] given) {
    anyOp = AD.anyOperation(view.graphs());
    for (int v = 0; v < order.valueCount(); v++) {
      newSeries(maxOrder, null, -1);
    }
    for (int i = 0; i < order.inputs().size(); i++) {
      base[i] = new ValueRef.External(order.inputs().get(i));
    }
    // the path: the coefficient inputs of each wrt input, the tangent leaves of the templates
    Object[][] inputKeys = new Object[wrt.size()][maxOrder];
    Map<ValueKey, Integer> seen = new HashMap<>();
    for (int i = 0; i < wrt.size(); i++) {
      ValueKey.Input input = AD.checkedWrt(view, order, wrt, i, seen);
      int ordinal = order.inputOrdinalOf(input);
      // a series coefficient is a value of its input's type, as a tangent is
      ValueType type = view.inputType(input).orElse(null);
      for (int m = given[i].nextSetBit(1); m >= 1 && m <= maxOrder; m = given[i].nextSetBit(m + 1)) {
        inputKeys[i][m - 1] = new TaylorKey(input.key(), m, out.pass());
        Object key = inputKeys[i][m - 1];
        GraphBuilder<P> g = out.graphBuilder();
        int id = (type == null ? g.input(key) : g.input(key, type)).id();
        if (ordinal >= 0) {
          coef[ordinal][m - 1] = id;
        }
      }
      if (ordinal >= 0) {
        int leaf = scratch.linearInput(ADKey.tangentOf(input.key(), scratch.pass())).id();
        if (Checks.ENABLED) {
          Checks.checkNewPassInput(scratch.graphBuilder(), leaf);
        }
        tangent[ordinal] = leaf;
        own(leaf, ordinal);
      }
    }
    templates();
    for (int k = 1; k <= maxOrder; k++) {
      for (Call call : calls) {
        if (call.level >= k) {
          coefficients(call, k);
        }
      }
    }

    int[] outputLocals = new int[outputs.size() * maxOrder];
    List<ValueKey> primals = new ArrayList<>(outputLocals.length);
    for (int i = 0; i < outputs.size(); i++) {
      int s = order.outputValue(i);
      for (int k = 1; k <= maxOrder; k++) {
        outputLocals[i * maxOrder + k - 1] = coefficient(s, k);
        primals.add(outputs.get(i));
      }
    }
    ZeroOutputs zeros = ZeroOutputs.emit(out, outputLocals, primals, view.graphs());
    GraphBuilder<P> gb = out.graphBuilder();
    AD.addOutputs(gb, outputLocals, zeros, null);
    for (Graph<P> g : view.graphs()) {
      gb.parent(g);
    }
    return new TaylorGraph<>(gb.build(), out.pass(), maxOrder, inputKeys, outputLocals, zeros, outputs);
  }

  // ---- phase 1: templates ----

  /**
   * Calls the JVP rule of every moving value that needs coefficients of order 1 or more, level by
   * level: the view's operations, then the fixed operands their rules emitted, in creation order.
   */
  private void templates() {
    scratch.record(log);
    int k = 0;
    try {
      for (; k < order.size(); k++) {
        OperationKey key = order.operationKey(k);
        int[] operands = new int[key.inputCount()];
        for (int j = 0; j < operands.length; j++) {
          operands[j] = order.operandValue(k, j);
        }
        int[] outputs = new int[key.outputCount()];
        for (int s = 0; s < outputs.length; s++) {
          outputs[s] = order.firstValue(k) + s;
          base[outputs[s]] = new ValueRef.External(key.output(s));
        }
        call(order.operation(k), PrimalValues.inputsOf(key), PrimalValues.outputsOf(key),
            operands, outputs, maxOrder, k);
      }
    } catch (ADRuleError e) {
      throw e.at(ValueDescription.application(order.operationKey(k)));
    }
    // the emitted fixed operands, in creation order; the queue holds log positions
    for (int next = nextEmitted(0); next >= 0; next = nextEmitted(next + 1)) {
      EmittedNodes.Node<P> node = log.get(next);
      int first = seriesOfLocal[node.first()];
      if (baseNode[first] != next || level[first] < 1) {
        continue; // the same as a value met before, or needed at order 0 only
      }
      int[] operands = operandSeries.get(next);
      List<ValueRef> primalIn = Arrays.asList(node.operands());
      int[] outputs = new int[node.outputCount()];
      ValueRef[] primalOut = new ValueRef[outputs.length];
      for (int s = 0; s < outputs.length; s++) {
        outputs[s] = seriesOfLocal[node.first() + s];
        primalOut[s] = new ValueRef.Local(node.first() + s);
      }
      try {
        call(node.operation(), primalIn, Arrays.asList(primalOut), operands, outputs, level[first],
            -1 - next);
      } catch (ADRuleError e) {
        throw e.at(node.operation().name() + " (a primal value a JVP rule emitted)");
      }
    }
    scratch.record(null);
  }

  /** The log position of the first primal node at or after {@code from}, or -1. */
  private int nextEmitted(int from) {
    for (int i = from; i < log.size(); i++) {
      if (!log.get(i).linear()) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Calls {@code op}'s JVP rule if an operand moves, recording its template: the tangents of its
   * outputs, the primal values it emitted (new series of level {@code level - 1}) and the template
   * nodes its tangents are computed by. An operation with a Taylor rule is recorded instead, to be
   * called order by order; its outputs' tangents are leaves whose series the rule makes.
   */
  private void call(
      P op,
      List<ValueRef> primalIn,
      List<ValueRef> primalOut,
      int[] operands,
      int[] outputs,
      int callLevel,
      int site) {
    ValueList tangentIn = null;
    for (int j = 0; j < operands.length; j++) {
      int t = tangent[operands[j]];
      if (t >= 0) {
        if (tangentIn == null) {
          tangentIn = new ValueList(operands.length);
        }
        tangentIn.put(j, new ValueRef.Local(t));
      }
    }
    if (tangentIn == null) {
      return; // nothing moves: the outputs are constants
    }
    if (handWritten && op.hasTaylorRule()) {
      for (int s : outputs) {
        int leaf = scratch.linearInput(new RuleOutput(scratch.pass(), s)).id();
        if (Checks.ENABLED) {
          Checks.checkNewPassInput(scratch.graphBuilder(), leaf);
        }
        tangent[s] = leaf;
        own(leaf, s);
      }
      calls.add(new Call(op.name(), callLevel, outputs, scratch.valueCount(), new int[0], op,
          operands.clone(), site));
      return;
    }
    int start = scratch.valueCount();
    int logStart = log.size();
    List<ValueRef> result = AD.callJvp(scratch, op, primalIn, primalOut, tangentIn, ctx);
    grow(scratch.valueCount());
    for (int i = logStart; i < log.size(); i++) {
      EmittedNodes.Node<P> node = log.get(i);
      for (int slot = 0; slot < node.outputCount(); slot++) {
        logIndexOf[node.first() + slot] = i;
      }
      ValueRef[] refs = node.operands();
      int[] series = new int[refs.length];
      for (int j = 0; j < refs.length; j++) {
        series[j] =
            refs[j] instanceof ValueRef.Local local
                ? seriesOfLocal[local.id()]
                : externalSeries(((ValueRef.External) refs[j]).key(), primalIn, operands, primalOut, outputs);
        if (series[j] < 0 && !scratch.isLinear(refs[j])) {
          throw new IllegalStateException("primal operand " + refs[j] + " of " + node + " has no series");
        }
      }
      operandSeries.add(series);
      if (!node.linear()) {
        emitted(i, node, callLevel - 1);
      }
    }
    ArrayDeque<Integer> pending = new ArrayDeque<>();
    for (int s = 0; s < outputs.length; s++) {
      ValueRef t = result.get(s);
      if (t != null) {
        int id = ((ValueRef.Local) t).id();
        tangent[outputs[s]] = id;
        pending.add(id);
      }
    }
    // the template nodes the tangents need, found backwards from them: new nodes of this call,
    // and older ones that are neither a known tangent nor expanded by their own call
    List<Integer> nodes = new ArrayList<>();
    while (!pending.isEmpty()) {
      int id = pending.poll();
      if (derivOf[id] != null || (id < start && ownerOf[id] >= 0) || !scratch.isLinear(new ValueRef.Local(id))) {
        continue;
      }
      EmittedNodes.Node<P> node = log.get(logIndexOf[id]);
      for (int slot = 0; slot < node.outputCount(); slot++) {
        derivOf[node.first() + slot] = new Deriv(callLevel); // every slot: one expansion gives all
      }
      nodes.add(node.first());
      for (ValueRef operand : node.operands()) {
        if (operand instanceof ValueRef.Local local && scratch.isLinear(local)) {
          pending.add(local.id());
        }
      }
    }
    for (int s = 0; s < outputs.length; s++) {
      if (tangent[outputs[s]] >= 0) {
        own(tangent[outputs[s]], outputs[s]);
      }
    }
    int[] sorted = nodes.stream().mapToInt(Integer::intValue).sorted().toArray();
    calls.add(Call.jvp(op.name(), callLevel, outputs, start, sorted));
  }

  /** Registers the primal node at log position {@code i}: its outputs become series. */
  private void emitted(int i, EmittedNodes.Node<P> node, int nodeLevel) {
    boolean external = true;
    for (ValueRef operand : node.operands()) {
      external &= operand instanceof ValueRef.External;
    }
    for (int s = 0; s < node.outputCount(); s++) {
      int local = node.first() + s;
      int same = -1;
      ValueKey key = null;
      if (external) {
        // its key was made with it (no operand is the pass's): it may be a value of the view
        key = scratch.graphBuilder().valueKey(local);
        same = order.valueOf(key);
        if (same < 0) {
          same = emittedByKey.getOrDefault(key, -1);
        }
      }
      if (same >= 0) {
        seriesOfLocal[local] = same;
      } else {
        int series = newSeries(Math.max(nodeLevel, 0), null, i);
        seriesOfLocal[local] = series;
        if (key != null) {
          emittedByKey.put(key, series);
        }
      }
    }
  }

  private int newSeries(int seriesLevel, ValueRef value, int node) {
    int s = seriesCount++;
    if (s == level.length) {
      int n = s * 2;
      level = Arrays.copyOf(level, n);
      tangent = Arrays.copyOf(tangent, n);
      base = Arrays.copyOf(base, n);
      baseNode = Arrays.copyOf(baseNode, n);
      coef = Arrays.copyOf(coef, n);
      scaled = Arrays.copyOf(scaled, n);
    }
    level[s] = seriesLevel;
    tangent[s] = -1;
    base[s] = value;
    baseNode[s] = node;
    int[] c = new int[seriesLevel];
    Arrays.fill(c, ZERO);
    coef[s] = c;
    return s;
  }

  private void own(int local, int series) {
    grow(local + 1);
    if (ownerOf[local] < 0) {
      ownerOf[local] = series;
    }
  }

  private void grow(int values) {
    if (values > ownerOf.length) {
      int n = Math.max(values, ownerOf.length * 2);
      int old = ownerOf.length;
      ownerOf = Arrays.copyOf(ownerOf, n);
      seriesOfLocal = Arrays.copyOf(seriesOfLocal, n);
      derivOf = Arrays.copyOf(derivOf, n);
      logIndexOf = Arrays.copyOf(logIndexOf, n);
      Arrays.fill(logIndexOf, old, n, -1);
      Arrays.fill(ownerOf, old, n, -1);
      Arrays.fill(seriesOfLocal, old, n, -1);
    }
  }

  /**
   * The series of {@code key}, a value a rule read: one of its operation's inputs or outputs (the
   * primal values given to it), found among them without a lookup.
   */
  private int externalSeries(
      ValueKey key, List<ValueRef> primalIn, int[] operands, List<ValueRef> primalOut, int[] outputs) {
    for (int j = 0; j < operands.length; j++) {
      if (primalIn.get(j) instanceof ValueRef.External e && e.key() == key) {
        return operands[j];
      }
    }
    for (int s = 0; s < outputs.length; s++) {
      if (primalOut.get(s) instanceof ValueRef.External e && e.key() == key) {
        return outputs[s];
      }
    }
    int v = order.valueOf(key);
    if (v < 0) {
      throw new GraphException(
          "a JVP rule reads "
              + ValueDescription.of(key)
              + ", which is no value of the expanded view; rules read their operation's inputs"
              + " and outputs only");
    }
    return v;
  }

  // ---- phase 2: coefficients ----

  /** Emits coefficient {@code k} of the outputs of {@code call}. */
  private void coefficients(Call call, int k) {
    if (call.operation != null) {
      ruleCoefficients(call, k);
      return;
    }
    int m = k - 1;
    for (int id : call.nodes) {
      Term[] d = expand(call, id, m);
      for (int slot = 0; slot < d.length; slot++) {
        Deriv deriv = derivOf[id + slot];
        deriv.id[m] = d[slot].id;
        deriv.factor[m] = d[slot].factor;
      }
    }
    for (int s : call.outputs) {
      int t = tangent[s];
      if (t < 0) {
        continue; // a constant output
      }
      if (ownerOf[t] != s && (t < call.start || derivOf[t] == null)) {
        coef[s][k - 1] = coefficient(ownerOf[t], k); // the tangent of an earlier value: its series
        continue;
      }
      Term d = derivOf[t] != null ? new Term(derivOf[t].id[m], derivOf[t].factor[m]) : known(t, m);
      coef[s][k - 1] = d.isZero() ? ZERO : scale(d.id, d.factor / k);
    }
  }

  /** Coefficient {@code k} (at least 1) of series {@code s} in the result, or ZERO. */
  private int coefficient(int s, int k) {
    if (tangent[s] < 0) {
      return ZERO; // a constant
    }
    if (k > coef[s].length) {
      throw new IllegalStateException(
          "coefficient " + k + " of a series expanded to order " + coef[s].length + " only");
    }
    return coef[s][k - 1];
  }

  /** D_m of the tangent of a value whose series is known: (m+1)·x_{m+1}, the factor pending. */
  private Term known(int t, int m) {
    int s = ownerOf[t];
    int c = coefficient(s, m + 1);
    return c == ZERO ? Term.NONE : new Term(c, m + 1);
  }

  /**
   * D_m of each output of the template node whose first output is {@code id}, as its factor and
   * value; operands' D are known. A multi-output node is applied once per term, its outputs summed
   * slot by slot.
   */
  private Term[] expand(Call call, int id, int m) {
    EmittedNodes.Node<P> node = log.get(logIndexOf[id]);
    P op = node.operation();
    ValueRef[] operands = node.operands();
    int[] series = operandSeries.get(logIndexOf[id]);
    int n = operands.length;
    int moving = 0; // fixed operands that move along the path
    int active = 0;
    for (int j = 0; j < n; j++) {
      if (series[j] < 0) {
        active++;
      } else if (tangent[series[j]] >= 0) {
        moving++;
      }
    }
    if (active == n && !op.isMultilinear() && !op.equals(accumulator())) {
      throw ADRuleError.invalidResult(
          call.primitive,
          RuleKind.JVP,
          "it emits "
              + op.name()
              + " on tangents alone, and "
              + op.name()
              + " is neither multilinear nor the set's accumulator, so Taylor mode cannot take it"
              + " for linear in them; a JVP rule is linear in its tangents: multiply a tangent by"
              + " the derivative, a fixed (primal) operand (e.g. mul(cos(x), dx) rather than"
              + " sin(dx)), or declare the operation @Primitive(multilinear = true) if it is"
              + " linear");
    }
    if (moving == 0) {
      Term[] d = new Term[n];
      boolean any = false;
      for (int j = 0; j < n; j++) {
        if (series[j] < 0) {
          d[j] = derivative(((ValueRef.Local) operands[j]).id(), m);
          any |= !d[j].isZero();
        }
      }
      if (!any) {
        return none(node.outputCount());
      }
      if (active == 1) {
        ValueRef[] args = new ValueRef[n];
        double factor = 1;
        for (int j = 0; j < n; j++) {
          if (d[j] != null) {
            args[j] = new ValueRef.Local(d[j].id);
            factor = d[j].factor;
          } else {
            args[j] = base(series[j]);
          }
        }
        return terms(emitAll(op, args), factor);
      }
      return jointlyLinear(op, operands, series, d, m);
    }
    if (!op.isMultilinear()) {
      throw ADRuleError.invalidResult(
          call.primitive,
          RuleKind.JVP,
          "Taylor mode cannot expand the "
              + op.name()
              + " it emits: its fixed operand changes along the path, and "
              + op.name()
              + " is not multilinear, so its series is no Cauchy product; emit the linear"
              + " dependence with a multilinear operation (e.g. mul(recip(b), db) rather than an"
              + " operation linear in one operand only, like a division)");
    }
    if (active != 1) {
      throw ADRuleError.invalidResult(
          call.primitive,
          RuleKind.JVP,
          "it emits " + op.name() + " on " + active + " tangents at once, which is not linear in"
              + " them");
    }
    return cauchy(op, operands, series, m);
  }

  /** D_m of active operand {@code id}: the series of a known value's tangent, or a template node's. */
  private Term derivative(int id, int m) {
    Deriv d = derivOf[id];
    if (d != null) {
      return new Term(d.id[m], d.factor[m]);
    }
    return known(id, m);
  }

  /** The value of {@code t} with its factor applied (made once per template node and order). */
  private int made(int id, int m, Term t) {
    if (t.factor == 1) {
      return t.id;
    }
    Deriv d = derivOf[id];
    if (d == null) {
      return derivativeOf(ownerOf[id], m); // t is known(id, m)
    }
    if (d.made[m] == UNSET) {
      d.made[m] = scale(t.id, t.factor);
    }
    return d.made[m];
  }

  /**
   * Coefficient {@code m} of the derivative of series {@code s}, {@code (m+1)·s_{m+1}}, made in the
   * result once; ZERO where {@code s_{m+1}} is. Where {@code s}'s tangent is a template node, its
   * D_m is that derivative before the {@code 1/(m+1)} that made {@code s_{m+1}}, so no scale is
   * undone.
   */
  private int derivativeOf(int s, int m) {
    int c = coefficient(s, m + 1);
    if (c == ZERO) {
      return ZERO;
    }
    int t = tangent[s];
    if (derivOf[t] != null) {
      Deriv d = derivOf[t];
      return made(t, m, new Term(d.id[m], d.factor[m]));
    }
    if (scaled[s] == null) {
      scaled[s] = new int[level[s]];
      Arrays.fill(scaled[s], UNSET);
    }
    if (scaled[s][m] == UNSET) {
      scaled[s][m] = scale(c, m + 1);
    }
    return scaled[s][m];
  }

  // ---- hand-written Taylor rules ----

  /**
   * Emits coefficient {@code k} of the outputs of {@code call} by its primitive's Taylor rule, from
   * its operands' coefficients 0…k and its outputs' 0…k−1, and checks what the rule returns: one
   * coefficient per output, each zero ({@code null}) or a value it emitted.
   */
  @SuppressWarnings("unchecked")
  private void ruleCoefficients(Call call, int k) {
    P op = (P) call.operation;
    List<TaylorSeries> in = new ArrayList<>(call.operands.length);
    for (int s : call.operands) {
      in.add(new SeriesView(s, k));
    }
    List<TaylorSeries> outs = new ArrayList<>(call.outputs.length);
    for (int s : call.outputs) {
      outs.add(new SeriesView(s, k - 1));
    }
    List<ValueRef> result;
    try {
      try {
        result = op.taylor(out, in, outs, k, ctx);
      } catch (ADRuleError e) {
        throw e;
      } catch (RuntimeException | StackOverflowError e) {
        throw ADRuleError.failed(op, RuleKind.TAYLOR, ctx, e);
      }
      if (result == null || result.size() != call.outputs.length) {
        throw ADRuleError.invalidResult(op.name(), RuleKind.TAYLOR,
            "it returned " + (result == null ? "null" : result.size() + " coefficient(s)")
                + " of order " + k + ", but " + op.name() + " has " + call.outputs.length
                + " output(s); return one coefficient per output");
      }
      for (int i = 0; i < result.size(); i++) {
        ValueRef c = result.get(i);
        if (c != null && (!(c instanceof ValueRef.Local local) || local.id() >= out.valueCount())) {
          throw ADRuleError.invalidResult(op.name(), RuleKind.TAYLOR,
              "coefficient " + k + " of output " + i + " is " + c + ", which it did not emit;"
                  + " return a value made by the emitter from the coefficients it was given, or"
                  + " the zero");
        }
        coef[call.outputs[i]][k - 1] = c == null ? ZERO : ((ValueRef.Local) c).id();
      }
    } catch (ADRuleError e) {
      throw e.at(call.site >= 0
          ? ValueDescription.of(order.operationKey(call.site))
          : op.name() + " (a primal value a JVP rule emitted)");
    }
  }

  /** The coefficients {@code 0 … n} of series {@code s} in the result, as a Taylor rule reads them. */
  private final class SeriesView implements TaylorSeries {
    private final int s;
    private final int n;

    SeriesView(int s, int n) {
      this.s = s;
      this.n = n;
    }

    @Override
    public int order() {
      return n;
    }

    @Override
    public ValueRef coefficient(int j) {
      if (j < 0 || j > n) {
        throw new IndexOutOfBoundsException(
            "coefficient " + j + " of a series given to order " + n);
      }
      if (j == 0) {
        return base(s);
      }
      int c = TaylorTransform.this.coefficient(s, j);
      return c == ZERO ? null : local(c);
    }

    @Override
    public ValueRef derivative(int m) {
      if (m < 0 || m >= n) {
        throw new IndexOutOfBoundsException(
            "derivative coefficient " + m + " of a series given to order " + n + " (0 … "
                + (n - 1) + ")");
      }
      int c = derivativeOf(s, m);
      return c == ZERO ? null : local(c);
    }
  }

  /**
   * A linear node with several active operands and no moving fixed operand: each operand's D_m,
   * with a common factor kept where they share one. The accumulator folds a zero operand; another
   * operation gets the zero shaped like the operand's D_0.
   */
  private Term[] jointlyLinear(P op, ValueRef[] operands, int[] series, Term[] d, int m) {
    double factor = Double.NaN;
    boolean common = true;
    for (Term t : d) {
      if (t != null && !t.isZero()) {
        common &= Double.isNaN(factor) || factor == t.factor;
        factor = t.factor;
      }
    }
    boolean accumulate = op == accumulator() && operands.length == 2;
    if (accumulate && (d[0].isZero() || d[1].isZero())) {
      return new Term[] {d[0].isZero() ? d[1] : d[0]};
    }
    ValueRef[] args = new ValueRef[operands.length];
    for (int j = 0; j < operands.length; j++) {
      if (d[j] == null) {
        args[j] = base(series[j]);
      } else {
        int id = ((ValueRef.Local) operands[j]).id();
        int value;
        if (d[j].isZero()) {
          Term first = derivative(id, 0);
          if (first.isZero() || zero() == null) {
            throw new GraphException(
                "Taylor mode needs a zero operand for " + op.name() + ", but "
                    + (zero() == null ? "the primitive set declares no zero primitive"
                        : "its operand " + j + " is zero at every order"));
          }
          value = emit(zero(), new ValueRef[] {new ValueRef.Local(first.id)});
        } else {
          value = common ? d[j].id : made(id, m, d[j]);
        }
        args[j] = new ValueRef.Local(value);
      }
    }
    return terms(emitAll(op, args), common ? factor : 1);
  }

  /**
   * The truncated Cauchy product of a multilinear node with one active operand: the sum over the
   * orders {@code j_1 … j_r} of its moving fixed operands, {@code Σ j ≤ m}, of {@code L(F_j; D_{m -
   * Σ j}(A))}.
   */
  private Term[] cauchy(P op, ValueRef[] operands, int[] series, int m) {
    int n = operands.length;
    int activeAt = -1;
    List<Integer> movingAt = new ArrayList<>();
    for (int j = 0; j < n; j++) {
      if (series[j] < 0) {
        activeAt = j;
      } else if (tangent[series[j]] >= 0) {
        movingAt.add(j);
      }
    }
    int activeId = ((ValueRef.Local) operands[activeAt]).id();
    int r = movingAt.size();
    int[] orders = new int[r];
    List<int[]> tuples = new ArrayList<>();
    List<Term> terms = new ArrayList<>();
    // every tuple of orders with sum ≤ m, as an odometer
    while (true) {
      int sum = 0;
      for (int o : orders) {
        sum += o;
      }
      if (sum <= m) {
        Term d = derivative(activeId, m - sum);
        boolean zero = d.isZero();
        for (int i = 0; i < r && !zero; i++) {
          zero = orders[i] > 0 && coefficient(series[movingAt.get(i)], orders[i]) == ZERO;
        }
        if (!zero) {
          tuples.add(orders.clone());
          terms.add(d);
        }
      }
      int i = 0;
      while (i < r) {
        orders[i]++;
        if (orders[i] <= m) {
          break;
        }
        orders[i] = 0;
        i++;
      }
      if (i == r) {
        break;
      }
    }
    if (terms.isEmpty()) {
      return none(op.outputArity());
    }
    double factor = terms.get(0).factor;
    boolean common = true;
    for (Term t : terms) {
      common &= t.factor == factor;
    }
    int[] sum = null;
    for (int t = 0; t < terms.size(); t++) {
      int[] tuple = tuples.get(t);
      Term d = terms.get(t);
      ValueRef[] args = new ValueRef[n];
      for (int j = 0; j < n; j++) {
        if (j != activeAt) {
          args[j] = base(series[j]);
        }
      }
      for (int i = 0; i < r; i++) {
        if (tuple[i] > 0) {
          args[movingAt.get(i)] = new ValueRef.Local(coefficient(series[movingAt.get(i)], tuple[i]));
        }
      }
      int dm = m - sumOf(tuple);
      args[activeAt] = new ValueRef.Local(common ? d.id : made(activeId, dm, d));
      int[] product = emitAll(op, args);
      if (sum == null) {
        sum = product;
      } else {
        for (int slot = 0; slot < sum.length; slot++) {
          sum[slot] = emit(accumulator(), new ValueRef[] {local(sum[slot]), local(product[slot])});
        }
      }
    }
    return terms(sum, common ? factor : 1);
  }

  private static int sumOf(int[] tuple) {
    int s = 0;
    for (int o : tuple) {
      s += o;
    }
    return s;
  }

  private static ValueRef local(int id) {
    return new ValueRef.Local(id);
  }

  /**
   * Coefficient 0 of series {@code s} in the result: a value of the view by key, or the primal node
   * a rule emitted, made again in the result on its operands' coefficients 0.
   */
  private ValueRef base(int s) {
    ValueRef b = base[s];
    if (b != null) {
      return b;
    }
    // emitted nodes are made in creation order, so their operands come first; one level each
    EmittedNodes.Node<P> node = log.get(baseNode[s]);
    int[] series = operandSeries.get(baseNode[s]);
    ValueRef[] args = new ValueRef[node.operands().length];
    for (int j = 0; j < args.length; j++) {
      int os = series[j];
      args[j] = base[os] != null ? base[os] : base(os);
    }
    List<ValueRef> outs = out.applyMulti(node.operation(), args);
    for (int slot = 0; slot < outs.size(); slot++) {
      int os = seriesOfLocal[node.first() + slot];
      if (baseNode[os] == baseNode[s]) {
        base[os] = outs.get(slot);
      }
    }
    return base[s];
  }

  private int emit(P op, ValueRef[] args) {
    return ((ValueRef.Local) out.applyMulti(op, args).get(0)).id();
  }

  /** The local values of every output of {@code op} applied to {@code args} in the result. */
  private int[] emitAll(P op, ValueRef[] args) {
    List<ValueRef> outs = out.applyMulti(op, args);
    int[] ids = new int[outs.size()];
    for (int slot = 0; slot < ids.length; slot++) {
      ids[slot] = ((ValueRef.Local) outs.get(slot)).id();
    }
    return ids;
  }

  /** One term per output slot, each {@code factor · ids[slot]}. */
  private static Term[] terms(int[] ids, double factor) {
    Term[] t = new Term[ids.length];
    for (int slot = 0; slot < ids.length; slot++) {
      t[slot] = new Term(ids[slot], factor);
    }
    return t;
  }

  /** Zero in each of {@code outputs} slots. */
  private static Term[] none(int outputs) {
    Term[] t = new Term[outputs];
    Arrays.fill(t, Term.NONE);
    return t;
  }

  /** {@code factor · value} in the result ({@code value} itself for a factor of 1). */
  private int scale(int value, double factor) {
    if (factor == 1) {
      return value;
    }
    P scale = anyOp.scaleBy(factor);
    if (scale == null) {
      throw new GraphException(
          "Taylor mode scales coefficients by constants, but the primitive set "
              + ZeroOutputs.setName(anyOp)
              + " declares no scale primitive; declare one: @Primitive(scale = true) on a unary"
              + " primitive with one double attribute, the factor, whose eval multiplies by it"
              + " (or implement Primitive.scaleBy)");
    }
    return emit(scale, new ValueRef[] {local(value)});
  }

  private P accumulator() {
    return anyOp.add();
  }

  private P zero() {
    return anyOp.zerosLike();
  }
}
