package io.github.tidu4j.graph;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A thread-safe map of at most {@code maxEntries} entries that drops the least recently used one
 * beyond that: the store behind the runtime's caches (compiled programs, bytecode classes,
 * staged functions, backward plans). Each cache keeps its own policy — what to count, how to build
 * on a miss — and calls this outside its own computation, so a miss is built without holding the
 * lock and two threads missing on one key may both build ({@link #putIfAbsent} keeps the first).
 *
 * <pre>{@code
 * LruMap<MaterializedGraph<Ops>, CompiledProgram<Ops>> programs = new LruMap<>(256);
 * CompiledProgram<Ops> p = programs.get(m);
 * if (p == null) {
 *   p = programs.putIfAbsent(m, Graphs.compile(m));   // the winner, if another thread raced
 * }
 * }</pre>
 *
 * @param <K> the key type, with {@code equals}/{@code hashCode}
 * @param <V> the value type
 */
public final class LruMap<K, V> {
  private final Map<K, V> entries;

  /**
   * An empty map holding at most {@code maxEntries} entries.
   *
   * @throws IllegalArgumentException if {@code maxEntries} is less than 1
   */
  public LruMap(int maxEntries) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries must be at least 1, was " + maxEntries);
    }
    this.entries =
        new LinkedHashMap<>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
            return size() > maxEntries;
          }
        };
  }

  /** The value of {@code key} (now the most recently used), or {@code null}. */
  public synchronized V get(K key) {
    return entries.get(key);
  }

  /** Maps {@code key} to {@code value} unless it is mapped; returns the value it now has. */
  public synchronized V putIfAbsent(K key, V value) {
    V existing = entries.putIfAbsent(key, value);
    return existing != null ? existing : value;
  }

  /** Removes {@code key} if it is mapped to {@code value}. */
  public synchronized void remove(K key, V value) {
    entries.remove(key, value);
  }

  /** The number of entries. */
  public synchronized int size() {
    return entries.size();
  }

  /** Removes every entry. */
  public synchronized void clear() {
    entries.clear();
  }
}
