package io.github.tidu4j.graph;

import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * A growable list of references for builders, kept in chunks of {@link Chunks#SIZE} elements (see
 * {@link Chunks} for why), each chunk an array of the element type itself, so that the graph it is
 * handed to keeps typed chunks ({@code ValueKey[][]}) with no copy; see {@link #share()}. The
 * first chunk grows by copying, from the caller's capacity up to a full chunk; later chunks are
 * added whole and never copied.
 *
 * <pre>{@code
 * RefList<String> list = new RefList<>(new String[0], 16);
 * for (int i = 0; i < 100_000; i++) list.add("s" + i);  // two chunks
 * String s = list.get(70_000);                            // "s70000"
 * String[][] chunks = list.share();                       // element i: chunks[i >>> 16][i & 0xFFFF]
 * }</pre>
 *
 * @param <T> the element type
 */
final class RefList<T> {
  // chunks[0 .. count-1] are allocated; each but the first has Chunks.SIZE elements, and the
  // first is shorter only while it is the only one
  private T[][] chunks;
  private int count;
  // chunks[0], read directly: a list of up to Chunks.SIZE elements reads one array
  private T[] first;
  // the chunk the next element goes in, and the elements in it
  private T[] last;
  private int lastSize;
  private int size;

  /**
   * A list of the element type of {@code empty} (an empty array of it), with room for {@code
   * capacity} elements in its first chunk (at most a full one).
   */
  @SuppressWarnings("unchecked") // an array of arrays of empty's own class
  RefList(T[] empty, int capacity) {
    int room = Math.max(4, capacity);
    chunks = (T[][]) Array.newInstance(empty.getClass(), Chunks.chunksFor(room));
    first = last = chunks[0] = Arrays.copyOf(empty, Math.min(room, Chunks.SIZE));
    count = 1;
  }

  void add(T value) {
    if (lastSize == last.length) {
      grow();
    }
    last[lastSize++] = value;
    size++;
  }

  // the last chunk is full: the first grows while it is the only one, else a new chunk is added
  @SuppressWarnings("unchecked") // an array of the element type
  private void grow() {
    if (count == 1 && last.length < Chunks.SIZE) {
      int length = Math.min(Chunks.SIZE, last.length + (last.length >> 1) + 1);
      first = last = chunks[0] = Arrays.copyOf(last, length);
      return;
    }
    if (count == chunks.length) {
      chunks = Arrays.copyOf(chunks, count * 2);
    }
    last = (T[]) Array.newInstance(last.getClass().getComponentType(), Chunks.SIZE);
    chunks[count++] = last;
    lastSize = 0;
  }

  T get(int index) {
    return index < Chunks.SIZE
        ? first[index]
        : chunks[index >>> Chunks.SHIFT][index & Chunks.MASK];
  }

  int size() {
    return size;
  }

  /** The chunks as they are, valid until the next {@link #add}: for reading or filling in place. */
  T[][] chunks() {
    return chunks;
  }

  /**
   * The elements, for a list that will not change again: its chunks, exactly as many as hold
   * them, the last one itself when at most a fifth of it is unused (a presized builder's, as a
   * transform's; see {@link Slack}), else a trimmed copy.
   */
  T[][] share() {
    int used = Chunks.chunksFor(size);
    T[][] shared = Arrays.copyOf(chunks, used);
    shared[used - 1] = Slack.kept(shared[used - 1], size - ((used - 1) << Chunks.SHIFT));
    return shared;
  }
}
