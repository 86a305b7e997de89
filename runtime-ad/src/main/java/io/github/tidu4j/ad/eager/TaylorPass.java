package io.github.tidu4j.ad.eager;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Interruption;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.TaylorGraph;
import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.LruMap;
import io.github.tidu4j.graph.ValueKey;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Taylor mode over an {@link EagerRuntime}'s tape ({@link EagerRuntime#taylor}): the coefficients
 * of some values along a line {@code x + t·v} of others, from the invocations recorded between
 * them.
 *
 * <p>A walk back from the outputs, through values that require grad and stopping at the inputs,
 * finds the invocations the outputs depend on, across segments; none may have been released. They
 * are then visited in recording order (older segments first), which is a topological order, each
 * carrying a series: the coefficients {@code 1 … K} of every value on the path, the inputs' being
 * their direction and zeros. An invocation with an input on the path is expanded by {@link
 * AD#taylorPath} over its graph, along the series of those inputs (its coefficients of a function
 * of a series depend on the series' first K coefficients only, so composing the invocations'
 * truncated series is exact), and evaluated on the values it retained; its outputs' coefficients
 * become their series. Symbolic zeros stay {@code null} until the result, which gives them as
 * zeros of their value's type: an invocation is expanded along the coefficients its inputs' series
 * hold ({@link AD#taylorPath(io.github.tidu4j.graph.ResolvedView, List, List, List, int, Object)}),
 * the others symbolic zeros there too, so that an infinite factor of a rule (the derivative of
 * {@code exp} past overflow, of {@code 1/x} at 0) never meets a bound zero as {@code ∞·0 = NaN}. Each
 * (graph, coefficients of its inputs, order) is expanded once for the runtime's life, and the
 * executor compiles each expansion once. Nothing recurses on the tape's length, and nothing is
 * released: the tape stays ready for a backward pass.
 */
final class TaylorPass {
  private TaylorPass() {}

  /**
   * One expansion of a graph along some of its inputs, for one order: its Taylor graph, which
   * input and coefficient ({@code {i, m}}) each coefficient input of it reads, and each input key
   * of the graph's position.
   */
  private record Plan<P extends Primitive<P, ?>>(
      TaylorGraph<P> taylor, Map<Object, int[]> coefficientOf, Map<Object, Integer> graphInput) {}

  /**
   * What identifies a plan: the graph object, the order, per input of the graph the coefficients
   * its series holds (bit m: coefficient m; empty off the path), and the rules' context (by
   * equality; {@code null} for none), which the runtimes of a set sharing the plans may differ in.
   */
  private record PlanKey(Graph<?> graph, List<BitSet> given, int order, Object ctx) {}

  /**
   * The coefficients {@code 0 … order} of each of {@code outputs} along {@code inputs + t·
   * directions} (validated by the runtime: values of this runtime, inputs distinct and requiring
   * grad, directions of their types).
   *
   * @throws IllegalStateException if an output depends on a recorded operation that a backward
   *     pass released
   * @throws ADRuleError naming the primitive if a JVP rule is missing, broken, or cannot be
   *     expanded
   */
  static <Op extends Primitive<Op, C>, C, T, V, E extends EagerValue<V, E>> List<List<V>> run(
      List<E> outputs,
      List<E> inputs,
      List<V> directions,
      int order,
      InterpreterExecutor<Op, V> executor,
      LruMap<Object, Object> plans,
      C ctx,
      Domain<T, V> domain,
      Function<E, Segment<Op, V, E>> segmentOf) {
    Map<Object, Object[]> series = new HashMap<>();
    for (int i = 0; i < inputs.size(); i++) {
      Object[] line = new Object[order];
      if (order > 0) {
        line[0] = directions.get(i);
      }
      series.put(inputs.get(i).key(), line);
    }
    if (order > 0) {
      for (Map.Entry<Segment<Op, V, E>, BitSet> e :
          invocations(outputs, series.keySet(), segmentOf).entrySet()) {
        Trace<Op, V> trace = e.getKey().trace();
        BitSet indices = e.getValue();
        for (int i = indices.nextSetBit(0); i >= 0; i = indices.nextSetBit(i + 1)) {
          Interruption.check("the Taylor expansion stopped part way and gave no result");
          expand(trace.invocation(i), series, order, executor, plans, ctx);
        }
      }
    }
    List<List<V>> result = new ArrayList<>(outputs.size());
    for (E output : outputs) {
      Object[] coefficients = series.get(output.key());
      List<V> c = new ArrayList<>(order + 1);
      c.add(output.value());
      for (int k = 1; k <= order; k++) {
        @SuppressWarnings("unchecked") // a series holds operands
        V value = coefficients == null ? null : (V) coefficients[k - 1];
        c.add(value != null ? value : domain.zero(domain.typeOf(output.value())));
      }
      result.add(Collections.unmodifiableList(c));
    }
    return Collections.unmodifiableList(result);
  }

  /**
   * The invocations the outputs depend on through values that require grad, stopping at the
   * inputs: per segment, oldest first, the indices of its invocations.
   */
  private static <Op extends Primitive<Op, ?>, V, E extends EagerValue<V, E>>
      Map<Segment<Op, V, E>, BitSet> invocations(
          List<E> outputs, Set<Object> inputs, Function<E, Segment<Op, V, E>> segmentOf) {
    List<E> roots = new ArrayList<>(outputs.size());
    for (E output : outputs) {
      if (output.requiresGrad()) {
        roots.add(output);
      }
    }
    Map<Segment<Op, V, E>, BitSet> visited =
        TapeWalk.reached(roots, inputs, segmentOf, TaylorPass::released, false);
    TreeMap<Long, Segment<Op, V, E>> byId = new TreeMap<>();
    for (Segment<Op, V, E> segment : visited.keySet()) {
      byId.put(segment.id(), segment);
    }
    Map<Segment<Op, V, E>, BitSet> ordered = new LinkedHashMap<>();
    for (Segment<Op, V, E> segment : byId.values()) {
      ordered.put(segment, visited.get(segment));
    }
    return ordered;
  }

  private static IllegalStateException released(
      EagerValue<?, ?> output, Trace.Invocation<?, ?> invocation) {
    return new IllegalStateException(
        "graph already released: the Taylor expansion of "
            + output.key()
            + " goes through the recorded operation "
            + invocation.describe()
            + " that produced "
            + invocation.outputKeys()
            + ", but a backward went through it without retaining the graph and released"
            + " the values it saved; expand before the last backward, back-propagate with"
            + " backward(retainGraph=true), or compute the value again");
  }

  /** Gives the outputs of {@code invocation} their series, if an input of it has one. */
  private static <Op extends Primitive<Op, C>, C, V> void expand(
      Trace.Invocation<Op, V> invocation,
      Map<Object, Object[]> series,
      int order,
      InterpreterExecutor<Op, V> executor,
      LruMap<Object, Object> plans,
      C ctx) {
    List<BitSet> given = new ArrayList<>(invocation.inputCount());
    boolean moving = false;
    for (int i = 0; i < invocation.inputCount(); i++) {
      Object[] line = series.get(invocation.inputKey(i));
      BitSet held = new BitSet();
      for (int m = 1; line != null && m <= order; m++) {
        if (line[m - 1] != null) {
          held.set(m);
        }
      }
      given.add(held);
      moving |= !held.isEmpty();
    }
    if (!moving) {
      return; // off the path, or on it with every coefficient zero: its outputs do not move
    }
    Plan<Op> plan = plan(invocation.graph(), given, order, plans, ctx);
    List<V> c =
        executor.runTaylor(
            plan.taylor(),
            key -> {
              Integer input = plan.graphInput().get(key);
              if (input != null) {
                return invocation.retainedValue(input);
              }
              int[] at = plan.coefficientOf().get(key);
              if (at == null) {
                throw new IllegalStateException(
                    "the Taylor graph of invocation " + invocation.describe() + " reads " + key
                        + ", which is neither an input of the invoked graph nor a coefficient");
              }
              // a coefficient the plan takes is one the series holds
              @SuppressWarnings("unchecked") // a series holds operands
              V value = (V) series.get(invocation.inputKey(at[0]))[at[1] - 1];
              return value;
            });
    for (int j = 0; j < invocation.outputCount(); j++) {
      Object[] out = new Object[order];
      boolean moves = false;
      for (int k = 1; k <= order; k++) {
        out[k - 1] = c.get(j * order + k - 1);
        moves |= out[k - 1] != null;
      }
      if (moves) {
        series.put(invocation.outputKey(j), out);
      }
    }
  }

  @SuppressWarnings("unchecked") // plans of this runtime's graphs hold its operations
  private static <Op extends Primitive<Op, C>, C> Plan<Op> plan(
      Graph<Op> graph, List<BitSet> given, int order, LruMap<Object, Object> plans, C ctx) {
    PlanKey key = new PlanKey(graph, given, order, ctx);
    Plan<Op> plan = (Plan<Op>) plans.get(key);
    if (plan != null) {
      return plan;
    }
    // the inputs on the path (with a coefficient held), each along the coefficients it holds
    List<Object> graphKeys = graph.inputKeys();
    List<Integer> inputs = new ArrayList<>();
    List<ValueKey> wrt = new ArrayList<>();
    List<BitSet> coefficients = new ArrayList<>();
    for (int in = 0; in < given.size(); in++) {
      if (!given.get(in).isEmpty()) {
        inputs.add(in);
        wrt.add(ValueKey.input(graphKeys.get(in)));
        coefficients.add(given.get(in));
      }
    }
    TaylorGraph<Op> taylor =
        AD.taylorPath(Graphs.resolve(graph), graph.outputKeys(), wrt, coefficients, order, ctx);
    Map<Object, int[]> coefficientOf = new HashMap<>();
    for (int a = 0; a < inputs.size(); a++) {
      BitSet held = coefficients.get(a);
      for (int m = held.nextSetBit(1); m >= 1; m = held.nextSetBit(m + 1)) {
        coefficientOf.put(taylor.inputKey(a, m), new int[] {inputs.get(a), m});
      }
    }
    Map<Object, Integer> graphInput = new HashMap<>();
    for (int in = 0; in < graphKeys.size(); in++) {
      graphInput.put(graphKeys.get(in), in);
    }
    plan = new Plan<>(taylor, coefficientOf, graphInput);
    plans.putIfAbsent(key, plan);
    return plan;
  }
}
