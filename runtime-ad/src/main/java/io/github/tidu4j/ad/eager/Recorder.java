package io.github.tidu4j.ad.eager;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.ValueDescription;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Records graph invocations on a {@link Trace}: runs the forward through the executor, gives each
 * output a fresh key from the {@link KeySource}, and appends the invocation with its inputs
 * retained for backward.
 *
 * <p>An output {@linkplain EagerOutput requires grad} iff it structurally depends on an input that
 * requires grad (one forward sweep over the graph per invocation). An invocation none of whose
 * outputs requires grad is run but <em>not appended</em>: no gradient could flow back through it,
 * so recording it would only hold on to its inputs.
 *
 * <p>Thread-safe if its executor is (the trace and key source are).
 *
 * <pre>{@code
 * Recorder<RealOp, Double> rec = new Recorder<>(trace, keys, exec);
 * EagerInput<Double> x = EagerInput.variable(keys.next(), 3.0);
 * EagerOutput<Double> y = rec.record(square, Map.of("a", x)).get(0);   // by graph input key
 * EagerOutput<Double> z = rec.record(sin, List.of(y.asInput())).get(0); // or positionally
 * }</pre>
 *
 * @param <P> the operation type
 * @param <V> the operand type
 */
public final class Recorder<P extends GraphOperation, V> {
  private final Trace<P, V> trace;
  private final KeySource keys;
  private final BackwardExecutor<P, V> executor;

  /** A recorder appending to {@code trace}, keying outputs from {@code keys}. */
  public Recorder(Trace<P, V> trace, KeySource keys, BackwardExecutor<P, V> executor) {
    this.trace = Objects.requireNonNull(trace, "trace");
    this.keys = Objects.requireNonNull(keys, "keys");
    this.executor = Objects.requireNonNull(executor, "executor");
  }

  /** The trace this recorder appends to. */
  public Trace<P, V> trace() {
    return trace;
  }

  /** The key source outputs are keyed from. */
  public KeySource keys() {
    return keys;
  }

  /** The executor running the forwards. */
  public BackwardExecutor<P, V> executor() {
    return executor;
  }

  /**
   * Records an invocation of {@code graph}, with inputs bound by the graph's input keys.
   *
   * @param inputs exactly one eager input per graph input key
   * @return the outputs, aligned with {@link Graph#outputKeys()}
   * @throws IllegalArgumentException naming the key if a graph input is not bound or a bound key
   *     is not a graph input; if the graph is not self-contained
   */
  public List<EagerOutput<V>> record(Graph<P> graph, Map<?, EagerInput<V>> inputs) {
    Objects.requireNonNull(graph, "graph");
    List<Object> graphKeys = graph.inputKeys();
    List<EagerInput<V>> positional = new ArrayList<>(graphKeys.size());
    List<Object> missing = new ArrayList<>();
    for (Object key : graphKeys) {
      EagerInput<V> input = inputs.get(key);
      if (input == null) {
        missing.add(key);
      }
      positional.add(input);
    }
    if (!missing.isEmpty() || inputs.size() != graphKeys.size()) {
      Set<Object> extra = new HashSet<>(inputs.keySet());
      extra.removeAll(graphKeys);
      StringBuilder sb = new StringBuilder("the graph takes inputs ").append(graphKeys);
      if (!missing.isEmpty()) {
        sb.append("; no eager input is given for ").append(missing);
      }
      if (!extra.isEmpty()) {
        sb.append("; ").append(extra).append(" are given but are not inputs of the graph");
      }
      throw new IllegalArgumentException(sb.toString());
    }
    return record(graph, positional);
  }

  /**
   * Records an invocation of {@code graph}, with inputs given positionally.
   *
   * @param inputs one eager input per graph input, aligned with {@link Graph#inputKeys()}
   * @return the outputs, aligned with {@link Graph#outputKeys()}
   * @throws IllegalArgumentException if the count is wrong, an input is {@code null}, or the graph
   *     is not self-contained
   */
  public List<EagerOutput<V>> record(Graph<P> graph, List<EagerInput<V>> inputs) {
    Objects.requireNonNull(graph, "graph");
    int n = graph.inputCount();
    if (inputs.size() != n) {
      throw new IllegalArgumentException(
          "the graph takes " + n + " inputs " + graph.inputKeys() + " but " + inputs.size()
              + " eager inputs were given");
    }
    if (graph.externalCount() > 0) {
      throw new IllegalArgumentException(
          "a recorded graph must be self-contained, but this one refers to "
              + graph.externalCount()
              + " value(s) of other graphs, such as "
              + ValueDescription.of(graph.external(0)));
    }
    Object[] inputKeys = new Object[n];
    Object[] values = new Object[n];
    boolean[] requiresGrad = new boolean[n];
    List<V> inputValues = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      EagerInput<V> input = inputs.get(i);
      if (input == null) {
        throw new IllegalArgumentException(
            "eager input " + i + " (for graph input " + graph.inputKeys().get(i) + ") is null");
      }
      inputKeys[i] = input.key();
      values[i] = input.value();
      requiresGrad[i] = input.requiresGrad();
      inputValues.add(input.value());
    }

    List<V> results = executor.executeForward(graph, Collections.unmodifiableList(inputValues));
    int m = graph.outputCount();
    if (results == null || results.size() != m) {
      throw new IllegalStateException(
          "the executor returned "
              + (results == null ? "null" : results.size() + " value(s)")
              + " for a graph with "
              + m
              + " output(s)");
    }

    boolean[] outputRequiresGrad = outputsRequiringGrad(graph, requiresGrad);
    boolean anyGrad = false;
    Object[] outputKeys = new Object[m];
    List<EagerOutput<V>> outputs = new ArrayList<>(m);
    for (int j = 0; j < m; j++) {
      V value = results.get(j);
      if (value == null) {
        throw new IllegalStateException("the executor returned null for output " + j);
      }
      outputKeys[j] = keys.next();
      anyGrad |= outputRequiresGrad[j];
      outputs.add(new EagerOutput<>(outputKeys[j], value, outputRequiresGrad[j]));
    }
    if (anyGrad) {
      trace.append(graph, inputKeys, requiresGrad, values, outputKeys, outputRequiresGrad);
    }
    return Collections.unmodifiableList(outputs);
  }

  /**
   * Which outputs of {@code graph} depend on an input that requires grad, by one forward sweep
   * over the nodes (node ids are a topological order): linear in the graph, however many outputs
   * it has.
   */
  private static boolean[] outputsRequiringGrad(Graph<?> graph, boolean[] inputRequiresGrad) {
    boolean[] result = new boolean[graph.outputCount()];
    boolean any = false;
    for (boolean r : inputRequiresGrad) {
      any |= r;
    }
    if (!any) {
      return result;
    }
    boolean[] moves = new boolean[graph.valueCount()];
    for (int i = 0; i < graph.inputCount(); i++) {
      moves[graph.inputValue(i)] |= inputRequiresGrad[i];
    }
    for (int node = 0; node < graph.nodeCount(); node++) {
      boolean moving = false;
      for (int k = 0; k < graph.operandCount(node) && !moving; k++) {
        moving = moves[graph.operandLocal(node, k)];
      }
      if (moving) {
        int arity = graph.operation(node).outputArity();
        for (int slot = 0; slot < arity; slot++) {
          moves[graph.nodeOutput(node, slot)] = true;
        }
      }
    }
    for (int j = 0; j < result.length; j++) {
      result[j] = moves[((ValueRef.Local) graph.output(j)).id()];
    }
    return result;
  }

}
