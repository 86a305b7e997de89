package io.github.tidu4j.ad.eager;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Interruption;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.check.VectorSpace;
import io.github.tidu4j.graph.GraphOperation;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * One backward pass of an {@link EagerRuntime}, over the {@link Segment}s its roots depend on:
 * newest segment first, each run by {@link Backward} (which linearizes and transposes
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
  static <Op extends Primitive<Op, C>, C, V, E extends EagerValue<V, E>> void run(
      Map<E, V> seeds,
      boolean retainGraph,
      BackwardExecutor<Op, V> executor,
      BackwardPlans plans,
      C ctx,
      Function<E, Segment<Op, V, E>> segmentOf,
      VectorSpace<V> space) {
    // a pass that releases the graph claims what it reaches, so that two at once cannot both
    // run through it (the second is told the graph is released, as it would be after the first)
    Map<Segment<Op, V, E>, BitSet> reached =
        TapeWalk.reached(seeds.keySet(), Set.of(), segmentOf, BackwardPass::released, !retainGraph);
    try {
      propagate(seeds, retainGraph, executor, plans, ctx, segmentOf, space);
    } catch (RuntimeException | Error e) {
      if (!retainGraph) {
        // it released what it went through before the failure: a retry is told so, not told to
        // have retained the graph in a backward that never completed
        TapeWalk.forEach(reached, Trace.Invocation::markIfReleasedByFailedPass);
      }
      throw e;
    } finally {
      if (!retainGraph) {
        // what it did not release stays usable: what a failure stopped it before, and what no
        // cotangent reached (behind a zero derivative, as of stopGradient)
        TapeWalk.unclaim(reached);
      }
    }
  }

  private static <Op extends Primitive<Op, C>, C, V, E extends EagerValue<V, E>> void propagate(
      Map<E, V> seeds,
      boolean retainGraph,
      BackwardExecutor<Op, V> executor,
      BackwardPlans plans,
      C ctx,
      Function<E, Segment<Op, V, E>> segmentOf,
      VectorSpace<V> space) {
    Map<E, V> gradients = new IdentityHashMap<>();
    TreeMap<Long, Segment<Op, V, E>> queue = new TreeMap<>();
    Map<Segment<Op, V, E>, Map<Object, V>> pending = new HashMap<>();
    for (Map.Entry<E, V> e : seeds.entrySet()) {
      E root = e.getKey();
      if (root.isLeaf()) {
        gradients.merge(root, e.getValue(), executor::addOperands);
      } else {
        seed(pending, queue, segmentOf.apply(root), root.key(), e.getValue(), executor);
      }
    }

    Backward.Options options = new Backward.Options(false, !retainGraph);
    while (!queue.isEmpty()) {
      Interruption.check("the backward stopped part way and gave no result");
      Segment<Op, V, E> segment = queue.pollLastEntry().getValue();
      Map<Object, V> segmentSeeds = pending.remove(segment);
      // The sums of cotangents this segment's invocations add to, begun by newer segments (a
      // variable's, or a value of an older segment), go on through it as one running sum in
      // reverse recording order, as on an uncut tape: the bits do not depend on where the tape
      // was cut (by the segment limit, or by other threads' invocations).
      for (Map.Entry<Object, E> leaf : segment.leaves().entrySet()) {
        V partial = gradients.remove(leaf.getValue());
        if (partial != null) {
          segmentSeeds.put(leaf.getKey(), partial);
        }
      }
      for (Map.Entry<Object, Segment<Op, V, E>> value : segment.olderValues().entrySet()) {
        Map<Object, V> producerSeeds = pending.get(value.getValue());
        V partial = producerSeeds == null ? null : producerSeeds.remove(value.getKey());
        if (partial != null) {
          segmentSeeds.put(value.getKey(), partial);
        }
      }
      Map<Object, V> cotangents =
          Backward.backward(segmentSeeds, segment.trace(), executor, ctx, options, plans);
      // leaves only: variables, and values produced by older segments
      for (Map.Entry<Object, V> e : cotangents.entrySet()) {
        E leaf = segment.leaf(e.getKey());
        if (leaf != null) {
          gradients.merge(leaf, e.getValue(), executor::addOperands);
          continue;
        }
        Segment<Op, V, E> producer = segment.producerOf(e.getKey());
        if (producer != null) {
          seed(pending, queue, producer, e.getKey(), e.getValue(), executor);
        }
      }
    }
    // every gradient is checked before any is kept, so that a refused pass leaves none behind
    for (Map.Entry<E, V> e : gradients.entrySet()) {
      String mismatch = space.kindMismatch(e.getKey().value(), e.getValue());
      if (mismatch != null) {
        throw new IllegalStateException(
            "the gradient of " + e.getKey().key() + " is " + mismatch + " (its value's type): a"
                + " transpose rule of the set returned a cotangent of another type than its"
                + " operand; the gradient checker names the primitive whose rule is wrong");
      }
    }
    for (Map.Entry<E, V> e : gradients.entrySet()) {
      e.getKey().accumulateGrad(e.getValue());
    }
  }

  private static <Op extends GraphOperation, V, E extends EagerValue<V, E>> void seed(
      Map<Segment<Op, V, E>, Map<Object, V>> pending,
      TreeMap<Long, Segment<Op, V, E>> queue,
      Segment<Op, V, E> segment,
      Object key,
      V cotangent,
      BackwardExecutor<Op, V> executor) {
    pending
        .computeIfAbsent(segment, s -> new HashMap<>())
        .merge(key, cotangent, executor::addOperands);
    queue.put(segment.id(), segment);
  }

  private static IllegalStateException released(
      EagerValue<?, ?> root, Trace.Invocation<?, ?> invocation) {
    String released =
        "graph already released: the backward from "
            + root.key()
            + " goes through the recorded operation "
            + invocation.describe()
            + " that produced "
            + invocation.outputKeys();
    if (invocation.releasedByFailedPass()) {
      return new IllegalStateException(
          released
              + ", which an earlier backward released as it went through it and then failed"
              + " (its error was thrown then), so the values it saved are gone; compute the"
              + " value again to retry, or pass retainGraph=true (backward(true)) to a backward"
              + " that may fail and be retried");
    }
    return new IllegalStateException(
        released
            + ", but an earlier backward went through it without retaining the graph and"
            + " released the values it saved; call backward(retainGraph=true) (backward(true),"
            + " backward(seed, true)) for every backward but the last through the same"
            + " operations, or compute the value again");
  }
}
