package io.github.tidu4j.graph;

import java.util.Arrays;

/**
 * A growable array of references for builders, over an array of the element type itself, so that
 * the graph it is handed to keeps a typed array ({@code OperationKey[]}, {@code ValueKey[]}) with
 * no copy; see {@link #share()}.
 *
 * @param <T> the element type
 */
final class RefList<T> {
  private T[] data;
  private int size;

  /** A list over {@code empty}, an array of the element type whose length is the capacity. */
  RefList(T[] empty) {
    data = empty;
  }

  void add(T value) {
    if (size == data.length) {
      data = Arrays.copyOf(data, data.length + (data.length >> 1) + 1);
    }
    data[size++] = value;
  }

  T get(int index) {
    return data[index];
  }

  /** The backing array, valid until the next {@link #add}. */
  T[] raw() {
    return data;
  }

  int size() {
    return size;
  }

  /** As {@link IntList#share()}: the backing array if it is nearly full, else a trimmed copy. */
  T[] share() {
    return Slack.kept(data, size);
  }
}
