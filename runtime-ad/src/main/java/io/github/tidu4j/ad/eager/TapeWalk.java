package io.github.tidu4j.ad.eager;

import io.github.tidu4j.graph.GraphOperation;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The recorded invocations some root values depend on through values that require grad, found
 * across tape segments with an explicit stack (never by recursion), stopping at given keys: what a
 * backward pass checks before it runs and what Taylor mode expands. A released invocation on the
 * way is an error the caller words.
 */
final class TapeWalk {
  private TapeWalk() {}

  /**
   * Per segment reached, the indices of its invocations that the roots depend on.
   *
   * @param roots the values walked back from; leaves and those whose key is in {@code stopAt}
   *     start nothing
   * @param stopAt keys the walk does not go behind (inputs of a Taylor expansion), or none
   * @param segmentOf the segment that recorded a value
   * @param released the exception for a root whose walk reaches a released invocation
   * @param claim whether to claim every invocation reached for a backward that releases them
   *     ({@link Trace.Invocation#claimRelease}): one another such pass has claimed is then
   *     reported as released, and the claims made are given back
   * @throws IllegalStateException from {@code released}
   */
  static <Op extends GraphOperation, V, E extends EagerValue<V, E>>
      Map<Segment<Op, V, E>, BitSet> reached(
          Iterable<E> roots,
          Set<Object> stopAt,
          Function<E, Segment<Op, V, E>> segmentOf,
          BiFunction<E, Trace.Invocation<Op, V>, IllegalStateException> released,
          boolean claim) {
    Map<Segment<Op, V, E>, BitSet> visited = new IdentityHashMap<>();
    ArrayDeque<Segment<Op, V, E>> segments = new ArrayDeque<>();
    ArrayDeque<Integer> indices = new ArrayDeque<>();
    for (E root : roots) {
      if (root.isLeaf() || stopAt.contains(root.key())) {
        continue;
      }
      Segment<Op, V, E> start = segmentOf.apply(root);
      segments.push(start);
      indices.push(start.trace().producerOf(root.key()));
      while (!segments.isEmpty()) {
        Segment<Op, V, E> segment = segments.pop();
        int index = indices.pop();
        BitSet seen = visited.computeIfAbsent(segment, s -> new BitSet());
        if (index < 0 || seen.get(index)) {
          continue;
        }
        seen.set(index);
        Trace.Invocation<Op, V> invocation = segment.trace().invocation(index);
        if (invocation.isReleased() || (claim && !invocation.claimRelease())) {
          seen.clear(index); // not claimed by this walk
          if (claim) {
            unclaim(visited);
          }
          throw released.apply(root, invocation);
        }
        for (int i = 0; i < invocation.inputCount(); i++) {
          Object key = invocation.inputKey(i);
          if (!invocation.inputRequiresGrad(i) || stopAt.contains(key)) {
            continue;
          }
          int producer = segment.trace().producerOf(key);
          if (producer >= 0) {
            segments.push(segment);
            indices.push(producer);
          } else {
            Segment<Op, V, E> older = segment.producerOf(key);
            if (older != null) {
              segments.push(older);
              indices.push(older.trace().producerOf(key));
            }
          }
        }
      }
    }
    return visited;
  }

  /** Gives back the claims of the invocations {@code visited} names that are not released. */
  static <Op extends GraphOperation, V, E extends EagerValue<V, E>> void unclaim(
      Map<Segment<Op, V, E>, BitSet> visited) {
    forEach(visited, Trace.Invocation::unclaimRelease);
  }

  /** Runs {@code action} on each invocation {@code visited} names. */
  static <Op extends GraphOperation, V, E extends EagerValue<V, E>> void forEach(
      Map<Segment<Op, V, E>, BitSet> visited, Consumer<Trace.Invocation<Op, V>> action) {
    for (Map.Entry<Segment<Op, V, E>, BitSet> e : visited.entrySet()) {
      BitSet indices = e.getValue();
      for (int i = indices.nextSetBit(0); i >= 0; i = indices.nextSetBit(i + 1)) {
        action.accept(e.getKey().trace().invocation(i));
      }
    }
  }
}
