package io.github.tidu4j.graph;

import static io.github.tidu4j.graph.Chunks.MASK;
import static io.github.tidu4j.graph.Chunks.SHIFT;

/**
 * The first position of each key in an array of canonical {@link ValueKey}s: what a {@link Graph}
 * uses to find the local value of a key, and each value's first definition. An open-addressing
 * table of {@code int}s: a slot holds a key's hash and its position side by side, so a probe reads
 * one cache line and compares hashes, and reads the key array only where a hash matches.
 *
 * <p>Unlike a {@link KeyIndex}, the table holds no reference. A graph's index has an entry per
 * value, so at millions of values it is a large array, which G1 places in the old generation: a
 * table of references would take a card mark for nearly every key stored into it (a young key in an
 * old array, a new card each time, at random), and the collector would scan those cards; an
 * {@code int} table costs neither.
 *
 * <pre>{@code
 * int[] firsts = new int[count];
 * KeyPositions index = new KeyPositions(chunks, count, firsts); // firsts[v]: first v' with its key
 * int v = index.get(key);                                       // KeyIndex.ABSENT if none
 * }</pre>
 *
 * <p>Relies on I1 of {@code docs/identity-core.md}: keys are canonical, so identity is equality
 * and the precomputed hash is the structural one.
 */
final class KeyPositions {
  private final ValueKey[][] keys; // in chunks (see Chunks)
  /** Slot {@code i}: {@code table[2i]} a hash, {@code table[2i + 1]} a position + 1 (0: empty). */
  private final int[] table;
  private final int mask;

  /**
   * Indexes the first {@code count} keys of {@code keys} (none null; in chunks, see {@link
   * Chunks}), and sets {@code firsts[v]} to the first position holding the key at {@code v}. The
   * chunks are read, not copied: they must not change afterwards.
   */
  KeyPositions(ValueKey[][] keys, int count, int[] firsts) {
    this.keys = keys;
    int slots = Integer.highestOneBit(Math.max(4, count) * 2 - 1) << 1; // at most half full
    table = new int[slots * 2];
    mask = slots - 1;
    for (int v = 0; v < count; v++) {
      firsts[v] = putIfAbsent(keyAt(v), v);
    }
  }

  private int putIfAbsent(ValueKey key, int position) {
    int hash = key.hashCode();
    for (int i = hash & mask; ; i = (i + 1) & mask) {
      int at = table[2 * i + 1];
      if (at == 0) {
        table[2 * i] = hash;
        table[2 * i + 1] = position + 1;
        return position;
      }
      if (table[2 * i] == hash && keyAt(at - 1) == key) {
        return at - 1;
      }
    }
  }

  private ValueKey keyAt(int position) {
    return keys[position >>> SHIFT][position & MASK];
  }

  /** The first position of {@code key}, or {@link KeyIndex#ABSENT}. */
  int get(ValueKey key) {
    int hash = key.hashCode();
    for (int i = hash & mask; ; i = (i + 1) & mask) {
      int at = table[2 * i + 1];
      if (at == 0) {
        return KeyIndex.ABSENT;
      }
      if (table[2 * i] == hash && keyAt(at - 1) == key) {
        return at - 1;
      }
    }
  }
}
