package io.github.tidu4j.graph;

/**
 * An open-addressing map from canonical {@link ValueKey}s to non-negative {@code int}s, compared by
 * identity with their precomputed hashes. No boxing and no entry objects: about 8 bytes per entry
 * at the load factor used, where a {@code HashMap<ValueKey, Integer>} costs about 50.
 *
 * <p>Relies on I1 of {@code docs/identity-core.md}: keys are canonical, so identity is equality
 * and the precomputed hash is the structural one.
 */
final class KeyIndex {
  static final int ABSENT = -1;

  private ValueKey[] keys;
  private int[] values;
  private int size;

  KeyIndex(int expected) {
    int capacity = Integer.highestOneBit(Math.max(4, expected) * 2 - 1) << 1;
    keys = new ValueKey[capacity];
    values = new int[capacity];
  }

  int size() {
    return size;
  }

  /** The value mapped to {@code key}, or {@link #ABSENT}. */
  int get(ValueKey key) {
    ValueKey[] ks = keys;
    int mask = ks.length - 1;
    for (int i = key.hashCode() & mask; ; i = (i + 1) & mask) {
      ValueKey k = ks[i];
      if (k == key) {
        return values[i];
      }
      if (k == null) {
        return ABSENT;
      }
    }
  }

  /** Maps {@code key} to {@code value} unless it is mapped already; returns the value it now has. */
  int putIfAbsent(ValueKey key, int value) {
    ValueKey[] ks = keys;
    int mask = ks.length - 1;
    for (int i = key.hashCode() & mask; ; i = (i + 1) & mask) {
      ValueKey k = ks[i];
      if (k == key) {
        return values[i];
      }
      if (k == null) {
        ks[i] = key;
        values[i] = value;
        if (++size * 2 > ks.length) {
          grow();
        }
        return value;
      }
    }
  }

  private void grow() {
    ValueKey[] oldKeys = keys;
    int[] oldValues = values;
    keys = new ValueKey[oldKeys.length * 2];
    values = new int[oldKeys.length * 2];
    int mask = keys.length - 1;
    for (int j = 0; j < oldKeys.length; j++) {
      ValueKey key = oldKeys[j];
      if (key != null) {
        int i = key.hashCode() & mask;
        while (keys[i] != null) {
          i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = oldValues[j];
      }
    }
  }

  @Override
  public String toString() {
    return "KeyIndex[size=" + size + ", capacity=" + keys.length + "]";
  }
}
