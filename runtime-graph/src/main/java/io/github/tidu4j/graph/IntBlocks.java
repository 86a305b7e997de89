package io.github.tidu4j.graph;

import java.util.Arrays;

/**
 * A growable {@code int} array that grows by adding blocks, never by copying: for a list whose
 * final size is not known in advance and may be large (the columns of a walk over several graphs,
 * {@link LogicalOrder}). Each new block is as large as the list so far, from 16 elements up to
 * {@link #BLOCK}: a list that stays small allocates (and the JVM zeroes) about as many ints as it
 * holds, not a whole large block, and a large one adds blocks of {@code BLOCK}. Growing to n
 * elements holds n ints and at most one block unused, where an array grown by copying holds 2.5
 * times its old size while it grows, and up to a third of its final length unused; the elements
 * become one array once, at the end ({@link #take}).
 */
final class IntBlocks {
  private static final int BLOCK = 1 << 16;

  /** The first block, of the caller's capacity, then blocks that grow to {@link #BLOCK} elements. */
  private int[][] blocks = new int[4][];
  private int blockCount;
  private int[] last;
  private int lastSize;
  private int size;

  /** A list whose first block holds {@code firstCapacity} elements (at least 16). */
  IntBlocks(int firstCapacity) {
    last = new int[Math.max(16, firstCapacity)];
    blocks[blockCount++] = last;
  }

  void add(int value) {
    if (lastSize == last.length) {
      if (blockCount == blocks.length) {
        blocks = Arrays.copyOf(blocks, blockCount * 2);
      }
      last = new int[Math.min(BLOCK, Math.max(16, size))];
      blocks[blockCount++] = last;
      lastSize = 0;
    }
    last[lastSize++] = value;
    size++;
  }

  int size() {
    return size;
  }

  /** Element {@code index}: found by walking the blocks (for tests; the walk only appends). */
  int get(int index) {
    int at = index;
    for (int b = 0; b < blockCount; b++) {
      int length = b == blockCount - 1 ? lastSize : blocks[b].length;
      if (at < length) {
        return blocks[b][at];
      }
      at -= length;
    }
    throw new IndexOutOfBoundsException("element " + index + " of a list of " + size);
  }

  /**
   * The elements, and the list is empty and unusable after: the first block itself when it holds
   * them all and at most a fifth of it is unused (see {@link Slack}), else one array of exactly
   * {@link #size()} elements, each block let go once copied.
   */
  int[] take() {
    int[] all;
    if (blockCount == 1) {
      all = Slack.kept(last, size);
    } else {
      all = new int[size];
      for (int b = 0, at = 0; b < blockCount; b++) {
        int length = b == blockCount - 1 ? lastSize : blocks[b].length;
        System.arraycopy(blocks[b], 0, all, at, length);
        at += length;
        blocks[b] = null;
      }
    }
    blocks = null;
    last = null;
    return all;
  }
}
