package io.github.tidu4j.graph;

import java.util.Arrays;
import java.util.Objects;

/**
 * A growable {@code int} list for a list whose final size is not known in advance and may be large
 * (the columns of a walk over several graphs, {@link LogicalOrder}): a first block, grown by
 * copying from the caller's capacity (at least 16) up to {@link #BLOCK} elements, then blocks of
 * {@code BLOCK}, never copied. A list that stays small allocates (and the JVM zeroes) about as
 * many ints as it holds, not a whole large block; a large one holds its elements and at most one
 * block unused, where an array grown by copying holds 2.5 times its old size while it grows, and
 * up to a third of its final length unused. A block of {@code BLOCK} ints (256 KB) is below the
 * size the G1 collector gives regions of their own (half a region, 512 KB in a heap of up to 2 GB),
 * so a large list is made of ordinary objects, which a collection compacts: it leaves no hole when
 * it goes, and needs no contiguous run of free regions while it grows.
 *
 * <p>Element {@code k} is found in constant time ({@link #get}): in the first block, or at a fixed
 * offset in a later one. A list read in place ({@link LogicalOrder}'s nodes) is never copied;
 * {@link #take} makes the elements one array for a list that must become one.
 */
final class IntBlocks {
  private static final int SHIFT = Chunks.SHIFT;
  /** The length of every block after the first. */
  static final int BLOCK = Chunks.SIZE;
  private static final int MASK = Chunks.MASK;

  /** The first block; its length is fixed once a later block is added. */
  private int[] first;
  /** The blocks after the first, each of {@link #BLOCK} elements; the unused ones null. */
  private int[][] blocks = new int[0][];
  private int blockCount;
  /** The block being filled: {@link #first} or the last of {@link #blocks}. */
  private int[] last;
  private int lastSize;
  private int size;

  /** A list whose first block holds {@code firstCapacity} elements (at least 16) at first. */
  IntBlocks(int firstCapacity) {
    first = new int[Math.max(16, firstCapacity)];
    last = first;
  }

  void add(int value) {
    if (lastSize == last.length) {
      grow();
    }
    last[lastSize++] = value;
    size++;
  }

  private void grow() {
    if (blockCount == 0 && first.length < BLOCK) {
      first = Arrays.copyOf(first, Math.min(BLOCK, first.length * 2));
      last = first;
      return;
    }
    if (blockCount == blocks.length) {
      blocks = Arrays.copyOf(blocks, Math.max(4, blockCount * 2));
    }
    last = new int[BLOCK];
    blocks[blockCount++] = last;
    lastSize = 0;
  }

  int size() {
    return size;
  }

  /** Element {@code index}. */
  int get(int index) {
    Objects.checkIndex(index, size);
    int past = index - first.length;
    return past < 0 ? first[index] : blocks[past >>> SHIFT][past & MASK];
  }

  /** Replaces element {@code index} with {@code value}. */
  void set(int index, int value) {
    Objects.checkIndex(index, size);
    int past = index - first.length;
    if (past < 0) {
      first[index] = value;
    } else {
      blocks[past >>> SHIFT][past & MASK] = value;
    }
  }

  /**
   * The elements as one array of exactly {@link #size()} elements, the list unchanged: the first
   * block itself when it holds exactly them (the list must not change after), else a copy.
   */
  int[] toArray() {
    if (blockCount == 0) {
      return first.length == size ? first : Arrays.copyOf(first, size);
    }
    int[] all = new int[size];
    int at = first.length;
    System.arraycopy(first, 0, all, 0, at);
    for (int b = 0; b < blockCount; b++) {
      int length = b == blockCount - 1 ? lastSize : BLOCK;
      System.arraycopy(blocks[b], 0, all, at, length);
      at += length;
    }
    return all;
  }

  /**
   * The elements, and the list is empty and unusable after: the first block itself when it holds
   * them all and at most a fifth of it is unused (see {@link Slack}), else one array of exactly
   * {@link #size()} elements, each block let go once copied.
   */
  int[] take() {
    int[] all;
    if (blockCount == 0) {
      all = Slack.kept(first, size);
    } else {
      all = new int[size];
      int at = first.length;
      System.arraycopy(first, 0, all, 0, at);
      first = null;
      for (int b = 0; b < blockCount; b++) {
        int length = b == blockCount - 1 ? lastSize : BLOCK;
        System.arraycopy(blocks[b], 0, all, at, length);
        at += length;
        blocks[b] = null;
      }
    }
    blocks = null;
    first = null;
    last = null;
    return all;
  }
}
