package io.github.tidu4j.graph;

import java.util.Arrays;

/** A growable {@code int} array for builders; no boxing. */
final class IntList {
  private int[] data;
  private int size;

  IntList(int capacity) {
    data = new int[Math.max(4, capacity)];
  }

  void add(int value) {
    if (size == data.length) {
      data = Arrays.copyOf(data, data.length + (data.length >> 1) + 1);
    }
    data[size++] = value;
  }

  int get(int index) {
    return data[index];
  }

  void set(int index, int value) {
    data[index] = value;
  }

  int size() {
    return size;
  }

  int pop() {
    return data[--size];
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** The backing array, valid until the next {@link #add}. */
  int[] raw() {
    return data;
  }

  int[] toArray() {
    return Arrays.copyOf(data, size);
  }

  /**
   * The elements, for a list that will not change again: the backing array itself, whose length
   * may exceed {@link #size()}, when at most a fifth of it is unused (a presized builder's, as a
   * transform's), else a trimmed copy. Saves copying and zeroing a big graph's arrays twice.
   */
  int[] share() {
    return Slack.kept(data, size);
  }
}
