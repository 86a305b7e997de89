package io.github.tidu4j.graph;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * A thread-safe map of at most {@code maxEntries} entries that drops the least recently used one
 * beyond that: the store behind the runtime's caches (compiled programs, bytecode classes,
 * staged functions, backward plans). Each cache keeps its own policy — what to count, how to build
 * on a miss — and calls this outside its own computation, so a miss is built without holding the
 * lock and two threads missing on one key may both build ({@link #putIfAbsent} keeps the first).
 * A map given a weight also drops least recently used entries while their values weigh more than
 * its {@code maxWeight} in all, but never the one just added.
 *
 * <pre>{@code
 * LruMap<MaterializedGraph<Ops>, CompiledProgram<Ops>> programs = new LruMap<>(256);
 * CompiledProgram<Ops> p = programs.get(m);
 * if (p == null) {
 *   p = programs.putIfAbsent(m, Graphs.compile(m));   // the winner, if another thread raced
 * }
 * LruMap<String, byte[]> files = new LruMap<>(1_000, 1 << 20, bytes -> bytes.length); // ≤ 1 MiB
 * }</pre>
 *
 * @param <K> the key type, with {@code equals}/{@code hashCode}
 * @param <V> the value type
 */
public final class LruMap<K, V> {
  private final Map<K, V> entries = new LinkedHashMap<>(16, 0.75f, true);
  private final int maxEntries;
  private final long maxWeight;
  private final ToLongFunction<? super V> weight;
  private long total; // the weight of the values held

  /**
   * An empty map holding at most {@code maxEntries} entries.
   *
   * @throws IllegalArgumentException if {@code maxEntries} is less than 1
   */
  public LruMap(int maxEntries) {
    this(maxEntries, Long.MAX_VALUE, value -> 0);
  }

  /**
   * An empty map holding at most {@code maxEntries} entries, whose values weigh at most {@code
   * maxWeight} in all as {@code weight} gives them (a value's weight must not change while it is
   * held), the most recently added value whatever it weighs.
   *
   * @throws IllegalArgumentException if {@code maxEntries} is less than 1 or {@code maxWeight}
   *     negative
   */
  public LruMap(int maxEntries, long maxWeight, ToLongFunction<? super V> weight) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries must be at least 1, was " + maxEntries);
    }
    if (maxWeight < 0) {
      throw new IllegalArgumentException("maxWeight must not be negative, was " + maxWeight);
    }
    this.maxEntries = maxEntries;
    this.maxWeight = maxWeight;
    this.weight = Objects.requireNonNull(weight, "weight");
  }

  /** The value of {@code key} (now the most recently used), or {@code null}. */
  public synchronized V get(K key) {
    return entries.get(key);
  }

  /** Maps {@code key} to {@code value} unless it is mapped; returns the value it now has. */
  public synchronized V putIfAbsent(K key, V value) {
    V existing = entries.putIfAbsent(key, value);
    if (existing != null) {
      return existing;
    }
    total += weight.applyAsLong(value);
    // least recently used first; the value just added is the last, and stays
    Iterator<V> eldest = entries.values().iterator();
    while ((entries.size() > maxEntries || total > maxWeight) && entries.size() > 1) {
      total -= weight.applyAsLong(eldest.next());
      eldest.remove();
    }
    return value;
  }

  /** Removes {@code key} if it is mapped to {@code value}. */
  public synchronized void remove(K key, V value) {
    if (entries.remove(key, value)) {
      total -= weight.applyAsLong(value);
    }
  }

  /** The weight of the values held: 0 for a map given no weight. */
  public synchronized long weight() {
    return total;
  }

  /** The number of entries. */
  public synchronized int size() {
    return entries.size();
  }

  /** Removes every entry. */
  public synchronized void clear() {
    entries.clear();
    total = 0;
  }
}
