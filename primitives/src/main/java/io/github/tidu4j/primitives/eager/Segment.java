package io.github.tidu4j.primitives.eager;

import io.github.tidu4j.ad.eager.BackwardExecutor;
import io.github.tidu4j.ad.eager.KeySource;
import io.github.tidu4j.ad.eager.Recorder;
import io.github.tidu4j.ad.eager.Trace;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One piece of an {@link EagerRuntime}'s tape: a runtime-ad {@link Trace} with its {@link
 * Recorder}, plus what a backward pass needs to leave it: the leaves (variables) its invocations
 * consumed, whose gradients it accumulates, and the values of older segments they consumed, to
 * which it hands their cotangents on.
 *
 * <p>The runtime records into its current segment and starts a new one after each backward pass and
 * whenever the current one reaches {@link EagerRuntime#SEGMENT_LIMIT} invocations. A segment is
 * referenced only by the eager values it produced, by newer segments that consumed them, and (while
 * current) by the runtime, so once a training step's values are dropped its whole segment, with the
 * tensors its invocations retain for backward, can be collected: the tape never grows without
 * bound. Segments are numbered in creation order, and an invocation only consumes values of its own
 * or of older segments, so a backward pass visits segments newest first.
 */
final class Segment {
  private final long id;
  private final Trace<TensorOp, Tensor> trace = new Trace<>();
  private final Recorder<TensorOp, Tensor> recorder;

  /** Variables consumed by this segment's invocations, by eager key. */
  private final Map<Object, EagerTensor> leaves = new ConcurrentHashMap<>();

  /** Recorded values of older segments consumed here: eager key to the producing segment. */
  private final Map<Object, Segment> older = new ConcurrentHashMap<>();

  Segment(long id, KeySource keys, BackwardExecutor<TensorOp, Tensor> executor) {
    this.id = id;
    this.recorder = new Recorder<>(trace, keys, executor);
  }

  long id() {
    return id;
  }

  Trace<TensorOp, Tensor> trace() {
    return trace;
  }

  Recorder<TensorOp, Tensor> recorder() {
    return recorder;
  }

  /**
   * Notes that an invocation of this segment consumed {@code operand}, which requires grad: a leaf
   * is remembered for its gradient, a value of an older segment for its cotangent.
   */
  void consumed(EagerTensor operand) {
    Segment producer = operand.segment();
    if (producer == null) {
      leaves.putIfAbsent(operand.key(), operand);
    } else if (producer != this) {
      older.putIfAbsent(operand.key(), producer);
    }
  }

  /** The variable with eager key {@code key} consumed here, or {@code null}. */
  EagerTensor leaf(Object key) {
    return leaves.get(key);
  }

  /** The older segment that produced the value {@code key} consumed here, or {@code null}. */
  Segment producerOf(Object key) {
    return older.get(key);
  }

  @Override
  public String toString() {
    return "Segment#" + id + "[" + trace.size() + " invocations]";
  }
}
