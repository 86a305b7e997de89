package io.github.tidu4j.graph;

import java.util.Arrays;

/**
 * When a builder hands its backing arrays to the graph it builds instead of trimmed copies: when
 * at most a fifth of an array is unused. A transform presizes its builder from the size of its
 * pass, so its arrays are nearly full, and copying them would cost as much as filling them did;
 * an array grown by halves may be a third empty, and is trimmed rather than kept.
 */
final class Slack {
  private Slack() {}

  /** Whether an array of {@code capacity} elements holding {@code size} may be kept as it is. */
  static boolean isSmall(int capacity, int size) {
    return capacity - size <= capacity / 5;
  }

  /** {@code array}, holding {@code size} elements, as it is if it is nearly full, else trimmed. */
  static int[] kept(int[] array, int size) {
    return isSmall(array.length, size) ? array : Arrays.copyOf(array, size);
  }

  /** As {@link #kept(int[], int)}, for bytes. */
  static byte[] kept(byte[] array, int size) {
    return isSmall(array.length, size) ? array : Arrays.copyOf(array, size);
  }

  /** As {@link #kept(int[], int)}, for references. */
  static <T> T[] kept(T[] array, int size) {
    return isSmall(array.length, size) ? array : Arrays.copyOf(array, size);
  }
}
