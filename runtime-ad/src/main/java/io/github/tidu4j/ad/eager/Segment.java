package io.github.tidu4j.ad.eager;

import io.github.tidu4j.graph.GraphOperation;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One piece of an {@link EagerRuntime}'s tape: a {@link Trace} with its {@link Recorder}, plus what
 * a backward pass needs to leave it: the leaves (variables) its invocations consumed, whose
 * gradients it accumulates, and the values of older segments they consumed, to which it hands
 * their cotangents on.
 *
 * <p>The runtime records into its current segment and starts a new one after each backward pass and
 * whenever the current one reaches its segment limit ({@link EagerRuntime#SEGMENT_LIMIT} by
 * default). A segment is referenced only by the eager values it produced, by newer segments that
 * consumed them, and (while current) by the runtime, so once a training step's values are dropped
 * its whole segment, with the values its invocations retain for backward, can be collected: the
 * tape never grows without bound. Segments are numbered in creation order, and an invocation only
 * consumes values of its own or of older segments, so a backward pass visits segments newest
 * first.
 *
 * <pre>{@code
 * rt.currentSegment().size();   // the invocations recorded since the last backward
 * }</pre>
 *
 * @param <Op> the operation type
 * @param <V> the operand type
 * @param <E> the eager value type
 */
public final class Segment<Op extends GraphOperation, V, E extends EagerValue<V, E>> {
  private final long id;
  private final Trace<Op, V> trace = new Trace<>();
  private final Recorder<Op, V> recorder;

  /** Variables consumed by this segment's invocations, by eager key. */
  private final Map<Object, E> leaves = new ConcurrentHashMap<>();

  /** Recorded values of older segments consumed here: eager key to the producing segment. */
  private final Map<Object, Segment<Op, V, E>> older = new ConcurrentHashMap<>();

  Segment(long id, KeySource keys, BackwardExecutor<Op, V> executor) {
    this.id = id;
    this.recorder = new Recorder<>(trace, keys, executor);
  }

  /** The segment's number in its runtime, from 1 in creation order. */
  public long id() {
    return id;
  }

  /** The number of invocations recorded in this segment. */
  public int size() {
    return trace.size();
  }

  Trace<Op, V> trace() {
    return trace;
  }

  Recorder<Op, V> recorder() {
    return recorder;
  }

  /**
   * Notes that an invocation of this segment consumed {@code operand}, which requires grad: a leaf
   * is remembered for its gradient, a value of an older segment for its cotangent.
   */
  void consumed(E operand, Segment<Op, V, E> producer) {
    if (producer == null) {
      leaves.putIfAbsent(operand.key(), operand);
    } else if (producer != this) {
      older.putIfAbsent(operand.key(), producer);
    }
  }

  /** The variable with eager key {@code key} consumed here, or {@code null}. */
  E leaf(Object key) {
    return leaves.get(key);
  }

  /** The variables consumed here, by eager key. */
  Map<Object, E> leaves() {
    return leaves;
  }

  /** The values of older segments consumed here, by eager key, each with its producer. */
  Map<Object, Segment<Op, V, E>> olderValues() {
    return older;
  }

  /** The older segment that produced the value {@code key} consumed here, or {@code null}. */
  Segment<Op, V, E> producerOf(Object key) {
    return older.get(key);
  }

  @Override
  public String toString() {
    return "Segment#" + id + "[" + trace.size() + " invocations]";
  }
}
