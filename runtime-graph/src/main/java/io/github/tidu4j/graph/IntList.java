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

  int[] toArray() {
    return Arrays.copyOf(data, size);
  }
}
