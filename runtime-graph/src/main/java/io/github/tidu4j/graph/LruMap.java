package io.github.tidu4j.graph;

import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * A thread-safe map of at most {@code maxEntries} entries that drops the least recently used one
 * beyond that: the store behind the runtime's caches (compiled programs, bytecode classes,
 * staged functions, backward plans). Each cache keeps its own policy — what to count, how to build
 * on a miss — and calls this outside its own computation, so a miss is built without holding the
 * lock and two threads missing on one key may both build ({@link #putIfAbsent} keeps the first).
 * A map given a weight also drops least recently used entries while their values weigh more than
 * its {@code maxWeight} in all, but never the one just added. Values may share parts that carry
 * the weight (the tensors two compiled functions close over): each part, by identity, counts once
 * however many values hold it, and an entry holding only parts the newest value holds too is not
 * dropped for weight (dropping it would free nothing).
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
  // each value's weighed parts, and a part's weight; null for a map given no weight
  private final Function<? super V, ? extends Iterable<?>> parts;
  private final ToLongFunction<Object> partWeight;
  // the parts of the values held, by identity, with how many values hold each
  private final Map<Object, int[]> holders = new IdentityHashMap<>();
  private long total; // the weight of the parts held, each counted once

  /**
   * An empty map holding at most {@code maxEntries} entries.
   *
   * @throws IllegalArgumentException if {@code maxEntries} is less than 1
   */
  public LruMap(int maxEntries) {
    this(maxEntries, Long.MAX_VALUE, null, null);
  }

  /**
   * An empty map holding at most {@code maxEntries} entries, whose values weigh at most {@code
   * maxWeight} in all as {@code weight} gives them (a value's weight must not change while it is
   * held), the most recently added value whatever it weighs.
   *
   * @throws IllegalArgumentException if {@code maxEntries} is less than 1 or {@code maxWeight}
   *     negative
   */
  @SuppressWarnings("unchecked") // each part is a value, which weight takes
  public LruMap(int maxEntries, long maxWeight, ToLongFunction<? super V> weight) {
    this(
        maxEntries,
        maxWeight,
        List::of,
        (ToLongFunction<Object>) Objects.requireNonNull(weight, "weight"));
  }

  /**
   * An empty map holding at most {@code maxEntries} entries, whose values' {@code parts} weigh at
   * most {@code maxWeight} in all as {@code partWeight} gives them, each part (by identity) counted
   * once however many values hold it; the most recently added value is kept whatever it weighs.
   * A part's weight must not change while it is held.
   *
   * <pre>{@code
   * LruMap<String, List<byte[]>> shared =   // arrays shared by several lists count once
   *     new LruMap<>(100, 1 << 20, arrays -> arrays, array -> ((byte[]) array).length);
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code maxEntries} is less than 1 or {@code maxWeight}
   *     negative
   */
  public LruMap(
      int maxEntries,
      long maxWeight,
      Function<? super V, ? extends Iterable<?>> parts,
      ToLongFunction<Object> partWeight) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries must be at least 1, was " + maxEntries);
    }
    if (maxWeight < 0) {
      throw new IllegalArgumentException("maxWeight must not be negative, was " + maxWeight);
    }
    if ((parts == null) != (partWeight == null)) {
      throw new IllegalArgumentException("parts and partWeight are given together");
    }
    this.maxEntries = maxEntries;
    this.maxWeight = maxWeight;
    this.parts = parts;
    this.partWeight = partWeight;
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
    hold(value);
    // least recently used first; the value just added is the last, and stays
    Iterator<V> eldest = entries.values().iterator();
    while (entries.size() > maxEntries) {
      V dropped = eldest.next();
      eldest.remove();
      release(dropped);
    }
    if (total > maxWeight) {
      Map<Object, Boolean> newest = new IdentityHashMap<>();
      for (Object part : parts.apply(value)) {
        newest.put(part, Boolean.TRUE);
      }
      while (total > maxWeight && eldest.hasNext()) {
        V candidate = eldest.next();
        if (candidate == value) {
          break;
        }
        if (holdsBeyond(candidate, newest)) {
          eldest.remove();
          release(candidate);
        }
      }
    }
    return value;
  }

  /** Removes {@code key} if it is mapped to {@code value}. */
  public synchronized void remove(K key, V value) {
    if (entries.remove(key, value)) {
      release(value);
    }
  }

  private void hold(V value) {
    if (parts == null) {
      return;
    }
    for (Object part : parts.apply(value)) {
      int[] count = holders.computeIfAbsent(part, p -> new int[1]);
      if (count[0]++ == 0) {
        total += partWeight.applyAsLong(part);
      }
    }
  }

  private void release(V value) {
    if (parts == null) {
      return;
    }
    for (Object part : parts.apply(value)) {
      int[] count = holders.get(part);
      if (--count[0] == 0) {
        holders.remove(part);
        total -= partWeight.applyAsLong(part);
      }
    }
  }

  /**
   * Whether {@code value} holds a part of some weight that the newest value does not: the parts
   * the newest holds stay whatever they weigh, so dropping a value that holds only those frees
   * nothing.
   */
  private boolean holdsBeyond(V value, Map<Object, Boolean> newest) {
    for (Object part : parts.apply(value)) {
      if (!newest.containsKey(part) && partWeight.applyAsLong(part) > 0) {
        return true;
      }
    }
    return false;
  }

  /** The weight of the values held, each part counted once: 0 for a map given no weight. */
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
    holders.clear();
    total = 0;
  }
}
