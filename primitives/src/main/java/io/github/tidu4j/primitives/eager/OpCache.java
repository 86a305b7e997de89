package io.github.tidu4j.primitives.eager;

import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.graph.LruMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The small graphs of eager operations, built once per {@link OpKey} with {@link TensorBuilder} and
 * kept, so that recording the same operation on operands of the same types again reuses the same
 * {@code Graph} object. Reusing the object is what makes the caches keyed by graph identity
 * downstream hit: the recorder's dependency analysis, the executor's compiled forward program, and
 * within one backward pass the linearized and transposed plan.
 *
 * <p>A definition that the builder rejects (a shape or dtype mismatch) throws its {@link
 * IllegalArgumentException}, naming the primitive, and caches nothing.
 *
 * <p>Bounded: the least recently used entries are evicted beyond {@code maxEntries}. Thread-safe;
 * two threads missing on the same key may both build, and the first to finish wins.
 */
final class OpCache {

  /** How an operation is built from its operands, as graph values of one builder. */
  @FunctionalInterface
  interface Definition {
    TensorValue build(TensorValue[] operands);
  }

  private static final String[] BINARY_NAMES = {"a", "b"};

  private final LruMap<OpKey, OpGraph> entries;
  private final AtomicLong hits = new AtomicLong();
  private final AtomicLong misses = new AtomicLong();

  OpCache(int maxEntries) {
    this.entries = new LruMap<>(maxEntries);
  }

  /** The graph of {@code key}, built with {@code definition} on a miss. */
  OpGraph get(OpKey key, Definition definition) {
    OpGraph cached = entries.get(key);
    if (cached != null) {
      hits.incrementAndGet();
      return cached;
    }
    misses.incrementAndGet();
    OpGraph built = build(key, definition);
    return entries.putIfAbsent(key, built);
  }

  private static OpGraph build(OpKey key, Definition definition) {
    TensorBuilder b = TensorBuilder.create();
    int n = key.operands().length;
    TensorValue[] inputs = new TensorValue[n];
    for (int i = 0; i < n; i++) {
      inputs[i] = b.input(inputName(i, n), key.operands()[i]);
    }
    TensorValue output = definition.build(inputs);
    for (int i = 0; i < n; i++) {
      if (output == inputs[i]) {
        return OpGraph.identity(i);
      }
    }
    return OpGraph.of(b.build(output));
  }

  /** {@code x} for a unary operation, {@code a}, {@code b} for a binary one, else {@code x0}... */
  private static String inputName(int i, int n) {
    return n == 1 ? "x" : n == 2 ? BINARY_NAMES[i] : "x" + i;
  }

  /** Lookups that found a graph. */
  long hits() {
    return hits.get();
  }

  /** Lookups that built one. */
  long misses() {
    return misses.get();
  }

  /** The number of graphs held. */
  int size() {
    return entries.size();
  }
}
