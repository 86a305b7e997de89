package io.github.tidu4j.ad.eager;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tape: an append-only record of graph invocations, in the order they ran (so a topological
 * order: an invocation's inputs were produced by earlier ones, or are leaves). Each {@link
 * Invocation} holds the {@link Graph} invoked, the eager keys bound to the graph's inputs and
 * produced by its outputs, which of them require grad, and the primal input values retained for
 * the backward pass (the transposed graph recomputes the intermediates it needs from them).
 *
 * <p>{@link Recorder} appends; {@link Backward} reads. {@link #release()} drops every retained
 * value (as PyTorch frees its saved tensors after a backward): a later backward that needs one
 * fails with an {@link IllegalStateException} naming the value, while one that needs none (through
 * additions, say) still works.
 *
 * <p>Thread-safe: appends and lookups are synchronized.
 *
 * <pre>{@code
 * Trace<RealOp, Double> trace = new Trace<>();
 * Recorder<RealOp, Double> rec = new Recorder<>(trace, new KeySource(), exec);
 * … record …
 * System.out.println(trace);   // #0 [Mul] (a=e1, b=e1) -> (e2) ...
 * trace.release();
 * }</pre>
 *
 * @param <P> the operation type
 * @param <V> the operand type
 */
public final class Trace<P extends GraphOperation, V> {
  private final List<Invocation<P, V>> invocations = new ArrayList<>();
  /** Eager key of an output -> index of the invocation producing it. */
  private final Map<Object, Integer> producers = new HashMap<>();

  /** An empty trace. */
  public Trace() {}

  /**
   * Appends an invocation; the arrays are owned by the trace from now on.
   *
   * @throws IllegalArgumentException if some output key was already produced by an invocation
   */
  synchronized Invocation<P, V> append(
      Graph<P> graph,
      Object[] inputKeys,
      boolean[] inputRequiresGrad,
      Object[] inputValues,
      Object[] outputKeys,
      boolean[] outputRequiresGrad) {
    int index = invocations.size();
    for (int j = 0; j < outputKeys.length; j++) {
      Integer earlier = producers.get(outputKeys[j]);
      if (earlier != null) {
        throw new IllegalArgumentException(
            "eager key " + outputKeys[j] + " was already produced by invocation #" + earlier
                + "; output keys must be fresh");
      }
    }
    for (int j = 0; j < outputKeys.length; j++) {
      if (producers.putIfAbsent(outputKeys[j], index) != null) {
        throw new IllegalArgumentException(
            "eager key " + outputKeys[j] + " is produced twice by one invocation");
      }
    }
    Invocation<P, V> invocation =
        new Invocation<>(
            index, graph, inputKeys, inputRequiresGrad, inputValues, outputKeys, outputRequiresGrad);
    invocations.add(invocation);
    return invocation;
  }

  /** The number of invocations recorded. */
  public synchronized int size() {
    return invocations.size();
  }

  /** Invocation {@code index}, in recording order. */
  public synchronized Invocation<P, V> invocation(int index) {
    return invocations.get(index);
  }

  /** The invocations recorded so far, as an unmodifiable snapshot. */
  public synchronized List<Invocation<P, V>> invocations() {
    return Collections.unmodifiableList(new ArrayList<>(invocations));
  }

  /**
   * The index of the invocation that produced the value with eager key {@code key}, or {@code -1}
   * if no recorded invocation did (a leaf, or a value computed without recording).
   */
  public synchronized int producerOf(Object key) {
    Integer index = producers.get(key);
    return index == null ? -1 : index;
  }

  /**
   * Drops the retained primal values of every invocation recorded so far. Idempotent. A backward
   * that later needs one of them fails with an {@link IllegalStateException} naming it.
   */
  public synchronized void release() {
    for (Invocation<P, V> invocation : invocations) {
      invocation.release();
    }
  }

  /** One line per invocation, for example {@code #0 [Mul] (a=e1*, b=e2) -> (e3*)}; {@code *} marks grad. */
  @Override
  public synchronized String toString() {
    StringBuilder sb = new StringBuilder("Trace[" + invocations.size() + " invocations]");
    for (Invocation<P, V> invocation : invocations) {
      sb.append('\n').append(invocation);
    }
    return sb.toString();
  }

  /**
   * One recorded invocation of a graph. Immutable apart from its retained values, which {@link
   * #release()} drops.
   *
   * @param <P> the operation type
   * @param <V> the operand type
   */
  public static final class Invocation<P extends GraphOperation, V> {
    private final int index;
    private final Graph<P> graph;
    private final Object[] inputKeys;
    private final boolean[] inputRequiresGrad;
    private final Object[] outputKeys;
    private final boolean[] outputRequiresGrad;
    private volatile Object[] retained;
    /** 1 once a backward that releases the graph has claimed it ({@link #claimRelease}). */
    private volatile int releaseClaimed;
    /** Whether the backward that released it failed after it did: what a retry is told. */
    private volatile boolean releasedByFailedPass;

    private static final VarHandle RELEASE_CLAIMED;

    static {
      try {
        RELEASE_CLAIMED =
            MethodHandles.lookup().findVarHandle(Invocation.class, "releaseClaimed", int.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    Invocation(
        int index,
        Graph<P> graph,
        Object[] inputKeys,
        boolean[] inputRequiresGrad,
        Object[] retained,
        Object[] outputKeys,
        boolean[] outputRequiresGrad) {
      this.index = index;
      this.graph = graph;
      this.inputKeys = inputKeys;
      this.inputRequiresGrad = inputRequiresGrad;
      this.retained = retained;
      this.outputKeys = outputKeys;
      this.outputRequiresGrad = outputRequiresGrad;
    }

    /** The position of this invocation in its trace. */
    public int index() {
      return index;
    }

    /** The graph invoked. */
    public Graph<P> graph() {
      return graph;
    }

    /** The number of inputs: the graph's input count. */
    public int inputCount() {
      return inputKeys.length;
    }

    /** The eager key bound to graph input {@code i} (in {@link Graph#inputKeys()} order). */
    public Object inputKey(int i) {
      return inputKeys[i];
    }

    /** The eager keys bound to the graph's inputs, aligned with {@link Graph#inputKeys()}. */
    public List<Object> inputKeys() {
      return Collections.unmodifiableList(Arrays.asList(inputKeys));
    }

    /** The binding: graph input key to eager key, in the graph's input order. */
    public Map<Object, Object> inputBinding() {
      List<Object> graphKeys = graph.inputKeys();
      Map<Object, Object> binding = new LinkedHashMap<>();
      for (int i = 0; i < inputKeys.length; i++) {
        binding.put(graphKeys.get(i), inputKeys[i]);
      }
      return Collections.unmodifiableMap(binding);
    }

    /** Whether gradients flow back to input {@code i} through this invocation. */
    public boolean inputRequiresGrad(int i) {
      return inputRequiresGrad[i];
    }

    /** The number of outputs: the graph's output count. */
    public int outputCount() {
      return outputKeys.length;
    }

    /** The eager key of output {@code j}. */
    public Object outputKey(int j) {
      return outputKeys[j];
    }

    /** The eager keys of the outputs, aligned with {@link Graph#outputKeys()}. */
    public List<Object> outputKeys() {
      return Collections.unmodifiableList(Arrays.asList(outputKeys));
    }

    /** Whether output {@code j} requires grad. */
    public boolean outputRequiresGrad(int j) {
      return outputRequiresGrad[j];
    }

    /** Whether the retained values were dropped. */
    public boolean isReleased() {
      return retained == null;
    }

    /**
     * The retained value of input {@code i}.
     *
     * @throws IllegalStateException naming the value if it was released
     */
    @SuppressWarnings("unchecked")
    public V retainedValue(int i) {
      Object[] values = retained;
      if (values == null) {
        throw new IllegalStateException(
            "backward needs eager value "
                + inputKeys[i]
                + " (input "
                + graph.inputKeys().get(i)
                + " of invocation "
                + describe()
                + "), but the trace released it (Trace.release(), or a backward that released the"
                + " trace as it went); record the computation again, or release the trace only"
                + " after its last backward");
      }
      return (V) values[i];
    }

    /** Drops the retained values. Idempotent. */
    public void release() {
      retained = null;
    }

    /**
     * Claims this invocation for a backward that will release it: true for the one caller that
     * claims it first, false for every later one. Checking {@link #isReleased()} and releasing
     * are two steps, so two such passes running at once would both see it unreleased and both add
     * their cotangents; the claim, one atomic step, lets one run and fails the other up front.
     */
    boolean claimRelease() {
      return RELEASE_CLAIMED.compareAndSet(this, 0, 1);
    }

    /** Marks this invocation, if released, as released by a backward that then failed. */
    void markIfReleasedByFailedPass() {
      if (isReleased()) {
        releasedByFailedPass = true;
      }
    }

    /** Whether the backward that released it failed afterwards (before finishing its pass). */
    boolean releasedByFailedPass() {
      return releasedByFailedPass;
    }

    /** Gives back a claim of a backward that failed before releasing this invocation. */
    void unclaimRelease() {
      if (!isReleased()) {
        releaseClaimed = 0;
      }
    }

    /** For example {@code #3 [Mul, Sin]}: the index and the first few operations. */
    public String describe() {
      StringBuilder sb = new StringBuilder("#").append(index).append(" [");
      int shown = Math.min(graph.nodeCount(), 3);
      for (int node = 0; node < shown; node++) {
        sb.append(node == 0 ? "" : ", ").append(graph.operation(node).name());
      }
      if (graph.nodeCount() > shown) {
        sb.append(", … ").append(graph.nodeCount()).append(" operations");
      }
      return sb.append(']').toString();
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(describe()).append(" (");
      List<Object> graphKeys = graph.inputKeys();
      for (int i = 0; i < inputKeys.length; i++) {
        sb.append(i == 0 ? "" : ", ")
            .append(graphKeys.get(i))
            .append('=')
            .append(inputKeys[i])
            .append(inputRequiresGrad[i] ? "*" : "");
      }
      sb.append(") -> (");
      for (int j = 0; j < outputKeys.length; j++) {
        sb.append(j == 0 ? "" : ", ").append(outputKeys[j]).append(outputRequiresGrad[j] ? "*" : "");
      }
      sb.append(')');
      if (isReleased()) {
        sb.append(" released");
      }
      return sb.toString();
    }
  }
}
