package io.github.tidu4j.ad.eager;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reverse-mode differentiation over a {@link Trace}: the backward pass of the eager module.
 *
 * <p>Starting from the seeded values, the trace is walked in reverse recording order, which is a
 * reverse topological order, so every consumer of a value is done before its producer. An
 * invocation is visited only if one of its outputs has received a cotangent. For each such
 * invocation the graph is {@linkplain AD#linearize linearized} with respect to <em>only</em> its
 * inputs that require grad, for <em>only</em> the outputs that carry a cotangent (the other output
 * slots of a multi-output graph are never linearized, so they need no rules), {@linkplain
 * AD#linearTranspose transposed}, and run by the executor with the retained primal inputs and the
 * output cotangents as seeds. The resulting input cotangents are accumulated by eager key with
 * {@link BackwardExecutor#addOperands} (fan-out sums), which queues their producers.
 *
 * <p>Each distinct (graph, active inputs, seeded outputs) is linearized and transposed once per
 * backward call, however many times the trace invokes that graph. Nothing recurses on the length
 * of the trace.
 *
 * <pre>{@code
 * EagerInput<Double> x = EagerInput.variable(keys.next(), 3.0);
 * EagerOutput<Double> y = recorder.record(square, List.of(x)).get(0);   // y = x·x
 * Map<Object, Double> grads = Backward.backward(y.key(), trace, 1.0, exec, null);
 * double dx = grads.get(x.key());                                       // 6.0
 * }</pre>
 */
public final class Backward {
  private Backward() {}

  /**
   * Options of a backward pass.
   *
   * @param keepIntermediates whether the result also holds the cotangents of values that were
   *     produced by recorded invocations (the seeds included); if not, only leaves (values no
   *     invocation of the trace produced) are returned, and each intermediate cotangent is dropped
   *     as soon as its producer has been processed
   * @param releaseTrace whether each invocation's retained values are dropped as soon as it has
   *     been processed (PyTorch's default, {@code retain_graph=False}): a later backward through
   *     the same invocations fails if it needs them
   */
  public record Options(boolean keepIntermediates, boolean releaseTrace) {
    /** Keep intermediates, retain the trace. */
    public static final Options DEFAULT = new Options(true, false);

    /** These options, but returning leaves only. */
    public Options leavesOnly() {
      return new Options(false, releaseTrace);
    }

    /** These options, but releasing the trace as the pass goes. */
    public Options releasing() {
      return new Options(keepIntermediates, true);
    }
  }

  /**
   * The cotangents of everything {@code outputKey} depends on through the trace, seeded with
   * {@code seed}; equivalent to {@link #backward(Map, Trace, BackwardExecutor, Object, Options)}
   * with one seed and {@link Options#DEFAULT}.
   *
   * @return cotangents by eager key: the seed under {@code outputKey}, and every value reached
   *     that requires grad (intermediates included); values that do not require grad, or that no
   *     cotangent reaches, have no entry. If no recorded invocation produced {@code outputKey}, it
   *     is a leaf and the result is just the seed.
   * @throws ADRuleError naming the primitive if a rule the pass needs is missing or invalid
   * @throws IllegalStateException naming the value if the pass needs a retained value that was
   *     released
   */
  public static <P extends Primitive<P, C>, C, V> Map<Object, V> backward(
      Object outputKey, Trace<P, V> trace, V seed, BackwardExecutor<P, V> executor, C ctx) {
    Map<Object, V> seeds = new HashMap<>();
    seeds.put(Objects.requireNonNull(outputKey, "outputKey"), Objects.requireNonNull(seed, "seed"));
    return backward(seeds, trace, executor, ctx, Options.DEFAULT);
  }

  /**
   * The backward pass seeded at several values at once (the seeds of distinct keys are
   * independent; the result is the sum of the passes each would give alone).
   *
   * @param seeds the cotangent of each seeded value, by eager key; no {@code null} values
   * @return cotangents by eager key, as {@link #backward(Object, Trace, Object, BackwardExecutor,
   *     Object)} describes and {@code options} restricts
   * @throws ADRuleError naming the primitive if a rule the pass needs is missing or invalid
   * @throws IllegalStateException naming the value if the pass needs a retained value that was
   *     released
   */
  public static <P extends Primitive<P, C>, C, V> Map<Object, V> backward(
      Map<?, ? extends V> seeds,
      Trace<P, V> trace,
      BackwardExecutor<P, V> executor,
      C ctx,
      Options options) {
    return backward(seeds, trace, executor, ctx, options, new BackwardPlans(Integer.MAX_VALUE));
  }

  /**
   * As {@link #backward(Map, Trace, BackwardExecutor, Object, Options)}, taking the transposed
   * linearizations from {@code plans} and adding the ones it makes: a caller that runs many
   * backward passes over the same graphs (a training loop) linearizes and transposes each
   * (graph, active inputs, seeded outputs, context) once, and an executor that remembers the
   * program of each transposed graph compiles it once.
   *
   * <pre>{@code
   * BackwardPlans plans = new BackwardPlans(1024);
   * for (int step = 0; step < steps; step++) {
   *   … record the step …
   *   Backward.backward(seeds, trace, exec, null, Backward.Options.DEFAULT, plans);
   * }
   * }</pre>
   */
  public static <P extends Primitive<P, C>, C, V> Map<Object, V> backward(
      Map<?, ? extends V> seeds,
      Trace<P, V> trace,
      BackwardExecutor<P, V> executor,
      C ctx,
      Options options,
      BackwardPlans plans) {
    Objects.requireNonNull(plans, "plans");
    Objects.requireNonNull(trace, "trace");
    Objects.requireNonNull(executor, "executor");
    Objects.requireNonNull(options, "options");
    List<Trace.Invocation<P, V>> tape = trace.invocations();
    Map<Object, V> cotangents = new HashMap<>();
    BitSet pending = new BitSet(tape.size());

    for (Map.Entry<?, ? extends V> e : seeds.entrySet()) {
      Object key = Objects.requireNonNull(e.getKey(), "seed key");
      V seed = e.getValue();
      if (seed == null) {
        throw new IllegalArgumentException("the seed of " + key + " is null");
      }
      cotangents.put(key, seed);
      int producer = trace.producerOf(key);
      if (producer >= 0 && producer < tape.size()) {
        pending.set(producer);
      }
    }

    for (int i = pending.previousSetBit(tape.size() - 1); i >= 0; i = pending.previousSetBit(i - 1)) {
      Trace.Invocation<P, V> invocation = tape.get(i);
      Graph<P> graph = invocation.graph();

      BitSet seeded = new BitSet();
      for (int j = 0; j < invocation.outputCount(); j++) {
        if (cotangents.containsKey(invocation.outputKey(j))) {
          seeded.set(j);
        }
      }
      BitSet active = new BitSet();
      for (int in = 0; in < invocation.inputCount(); in++) {
        if (invocation.inputRequiresGrad(in)) {
          active.set(in);
        }
      }
      if (!seeded.isEmpty() && !active.isEmpty()) {
        PlanKey<P> planKey = new PlanKey<>(graph, active, seeded, ctx);
        @SuppressWarnings("unchecked")
        Plan<P> plan = (Plan<P>) plans.get(planKey);
        if (plan == null) {
          plan = Plan.of(graph, active, seeded, ctx);
          plans.put(planKey, plan);
        }
        if (plan.flows) {
          run(plan, invocation, cotangents, pending, executor, trace);
        }
      }

      if (!options.keepIntermediates()) {
        for (int j = 0; j < invocation.outputCount(); j++) {
          cotangents.remove(invocation.outputKey(j));
        }
      }
      if (options.releaseTrace()) {
        invocation.release();
      }
    }
    return cotangents;
  }

  private static <P extends Primitive<P, ?>, V> void run(
      Plan<P> plan,
      Trace.Invocation<P, V> invocation,
      Map<Object, V> cotangents,
      BitSet pending,
      BackwardExecutor<P, V> executor,
      Trace<P, V> trace) {
    LinearizedGraph<P> transposed = plan.transposed;
    List<V> seeds = new ArrayList<>(plan.seeded.length);
    for (int q = 0; q < plan.seeded.length; q++) {
      seeds.add(
          transposed.linearInput(q) == null
              ? null
              : cotangents.get(invocation.outputKey(plan.seeded[q])));
    }
    Function<Object, V> primals =
        graphKey -> {
          Integer input = plan.inputIndex.get(graphKey);
          if (input == null) {
            throw new IllegalArgumentException(
                "the transposed graph of invocation "
                    + invocation.describe()
                    + " reads "
                    + graphKey
                    + ", which is not an input of the invoked graph");
          }
          return invocation.retainedValue(input);
        };
    List<V> results = executor.runTransposedLinear(transposed, primals, seeds);
    if (results == null || results.size() != plan.active.length) {
      throw new IllegalStateException(
          "the executor returned "
              + (results == null ? "null" : results.size() + " cotangent(s)")
              + " for "
              + plan.active.length
              + " active input(s) of invocation "
              + invocation.describe());
    }
    for (int k = 0; k < plan.active.length; k++) {
      V ct = results.get(k);
      if (ct == null) {
        continue;
      }
      Object key = invocation.inputKey(plan.active[k]);
      V existing = cotangents.get(key);
      cotangents.put(key, existing == null ? ct : executor.addOperands(existing, ct));
      int producer = trace.producerOf(key);
      if (producer >= 0) {
        if (producer >= invocation.index()) {
          throw new IllegalStateException(
              "eager value " + key + " is an input of invocation " + invocation.describe()
                  + " but is produced by the later invocation #" + producer);
        }
        pending.set(producer);
      }
    }
  }

  /**
   * What identifies a plan: the graph object, its active inputs, its seeded outputs and the rules'
   * context (by equality; {@code null} for none).
   */
  private record PlanKey<P extends Primitive<P, ?>>(
      Graph<P> graph, BitSet active, BitSet seeded, Object ctx) {}

  /** The transposed linearization of one graph for one (active inputs, seeded outputs). */
  private static final class Plan<P extends Primitive<P, ?>> {
    final int[] active;
    final int[] seeded;
    final LinearizedGraph<P> transposed;
    /** Whether any cotangent can flow: some seeded output depends on some active input. */
    final boolean flows;
    final Map<Object, Integer> inputIndex;

    private Plan(
        int[] active,
        int[] seeded,
        LinearizedGraph<P> transposed,
        boolean flows,
        Map<Object, Integer> inputIndex) {
      this.active = active;
      this.seeded = seeded;
      this.transposed = transposed;
      this.flows = flows;
      this.inputIndex = inputIndex;
    }

    static <P extends Primitive<P, C>, C> Plan<P> of(
        Graph<P> graph, BitSet activeSet, BitSet seededSet, C ctx) {
      int[] active = activeSet.stream().toArray();
      int[] seeded = seededSet.stream().toArray();
      List<Object> graphKeys = graph.inputKeys();
      List<ValueKey> wrt = new ArrayList<>(active.length);
      for (int in : active) {
        wrt.add(ValueKey.input(graphKeys.get(in)));
      }
      List<ValueKey> outputs = new ArrayList<>(seeded.length);
      for (int j : seeded) {
        outputs.add(graph.outputKey(j));
      }
      LinearizedGraph<P> linear = AD.linearize(Graphs.resolve(graph), outputs, wrt, ctx);
      boolean flows = false;
      for (ValueKey t : linear.symbolicLinearOutputs()) {
        flows |= t != null;
      }
      LinearizedGraph<P> transposed = flows ? AD.linearTranspose(linear, ctx) : null;
      Map<Object, Integer> inputIndex = new HashMap<>();
      for (int in = 0; in < graphKeys.size(); in++) {
        inputIndex.put(graphKeys.get(in), in);
      }
      return new Plan<>(active, seeded, transposed, flows, inputIndex);
    }
  }
}
