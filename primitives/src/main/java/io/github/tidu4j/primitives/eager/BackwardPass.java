package io.github.tidu4j.primitives.eager;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.eager.Backward;
import io.github.tidu4j.ad.eager.BackwardExecutor;
import io.github.tidu4j.ad.eager.BackwardPlans;
import io.github.tidu4j.ad.eager.Trace;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * One backward pass of an {@link EagerRuntime}, over the {@link Segment}s its roots depend on:
 * newest segment first, each run by runtime-ad's {@link Backward} (which linearizes and transposes
 * each invoked graph), the cotangents it leaves for values of older segments handed on to those,
 * and the ones for variables summed and added to their gradients once the whole pass succeeded.
 *
 * <p>Before anything runs, a structural walk from the roots checks that no recorded invocation they
 * reach through values that require grad was released by an earlier backward; so a pass either
 * fails up front, naming the released invocation, or runs. Both walks are iterative.
 */
final class BackwardPass {
  private BackwardPass() {}

  /**
   * Back-propagates {@code seeds} (validated by the runtime: roots of this runtime that require
   * grad, seeds of their types).
   *
   * @throws IllegalStateException if a root depends on a released invocation
   * @throws ADRuleError naming the primitive if a rule of the primitive set is missing or fails
   */
  static void run(
      Map<EagerTensor, Tensor> seeds,
      boolean retainGraph,
      BackwardExecutor<TensorOp, Tensor> executor,
      BackwardPlans plans) {
    checkNotReleased(seeds.keySet());

    Map<EagerTensor, Tensor> gradients = new IdentityHashMap<>();
    TreeMap<Long, Segment> queue = new TreeMap<>();
    Map<Segment, Map<Object, Tensor>> pending = new HashMap<>();
    for (Map.Entry<EagerTensor, Tensor> e : seeds.entrySet()) {
      EagerTensor root = e.getKey();
      if (root.isLeaf()) {
        gradients.merge(root, e.getValue(), executor::addOperands);
      } else {
        seed(pending, queue, root.segment(), root.key(), e.getValue(), executor);
      }
    }

    Backward.Options options = new Backward.Options(false, !retainGraph);
    while (!queue.isEmpty()) {
      Segment segment = queue.pollLastEntry().getValue();
      Map<Object, Tensor> cotangents =
          Backward.backward(
              pending.remove(segment), segment.trace(), executor, null, options, plans);
      // leaves only: variables, and values produced by older segments
      for (Map.Entry<Object, Tensor> e : cotangents.entrySet()) {
        EagerTensor leaf = segment.leaf(e.getKey());
        if (leaf != null) {
          gradients.merge(leaf, e.getValue(), executor::addOperands);
          continue;
        }
        Segment producer = segment.producerOf(e.getKey());
        if (producer != null) {
          seed(pending, queue, producer, e.getKey(), e.getValue(), executor);
        }
      }
    }
    for (Map.Entry<EagerTensor, Tensor> e : gradients.entrySet()) {
      e.getKey().accumulateGrad(e.getValue());
    }
  }

  private static void seed(
      Map<Segment, Map<Object, Tensor>> pending,
      TreeMap<Long, Segment> queue,
      Segment segment,
      Object key,
      Tensor cotangent,
      BackwardExecutor<TensorOp, Tensor> executor) {
    pending
        .computeIfAbsent(segment, s -> new HashMap<>())
        .merge(key, cotangent, executor::addOperands);
    queue.put(segment.id(), segment);
  }

  /**
   * Walks the invocations the roots depend on through values that require grad, across segments,
   * and throws if one was released.
   */
  private static void checkNotReleased(Iterable<EagerTensor> roots) {
    Map<Segment, BitSet> visited = new HashMap<>();
    ArrayDeque<Segment> segments = new ArrayDeque<>();
    ArrayDeque<Integer> indices = new ArrayDeque<>();
    for (EagerTensor root : roots) {
      if (root.isLeaf()) {
        continue;
      }
      segments.push(root.segment());
      indices.push(root.segment().trace().producerOf(root.key()));
      while (!segments.isEmpty()) {
        Segment segment = segments.pop();
        int index = indices.pop();
        BitSet seen = visited.computeIfAbsent(segment, s -> new BitSet());
        if (index < 0 || seen.get(index)) {
          continue;
        }
        seen.set(index);
        Trace.Invocation<TensorOp, Tensor> invocation = segment.trace().invocation(index);
        if (invocation.isReleased()) {
          throw released(root, invocation);
        }
        for (int i = 0; i < invocation.inputCount(); i++) {
          if (!invocation.inputRequiresGrad(i)) {
            continue;
          }
          Object key = invocation.inputKey(i);
          int producer = segment.trace().producerOf(key);
          if (producer >= 0) {
            segments.push(segment);
            indices.push(producer);
          } else {
            Segment older = segment.producerOf(key);
            if (older != null) {
              segments.push(older);
              indices.push(older.trace().producerOf(key));
            }
          }
        }
      }
    }
  }

  private static IllegalStateException released(
      EagerTensor root, Trace.Invocation<TensorOp, Tensor> invocation) {
    return new IllegalStateException(
        "graph already released: the backward from "
            + root.key()
            + " goes through the recorded operation "
            + invocation.describe()
            + " that produced "
            + invocation.outputKeys()
            + ", but an earlier backward went through it without retaining the graph and"
            + " released the values it saved; call backward(retainGraph=true) (backward(true),"
            + " backward(seed, true)) for every backward but the last through the same"
            + " operations, or compute the value again");
  }
}
