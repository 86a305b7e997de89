package io.github.tidu4j.graph;

import java.util.Arrays;

/**
 * A fixed-length {@code int} table kept as chunks of {@link #CHUNK} elements instead of one array:
 * for a large table that lives only while a computation runs (the codes of a walk over several
 * graphs, {@link LogicalOrder}). The G1 collector places an array of half a region or more (512
 * KB in a heap of up to 2 GB) in regions of its own, contiguous, which a collection never moves:
 * once such a table is garbage it leaves a hole that only an array as small fits in, and an array
 * allocated later, larger than every hole, can fail with the heap a fifth empty. Chunks of 256 KB
 * are ordinary objects, compacted like any other.
 *
 * <pre>{@code
 * IntChunks codes = new IntChunks(5_000_000, -1);  // 77 chunks, every element -1
 * codes.set(4_999_999, 7);
 * int code = codes.get(4_999_999);                  // 7
 * }</pre>
 */
final class IntChunks {
  private static final int SHIFT = Chunks.SHIFT;
  private static final int CHUNK = Chunks.SIZE;
  private static final int MASK = Chunks.MASK;

  private final int[][] chunks;

  /** A table of {@code length} elements, each {@code initial}. */
  IntChunks(int length, int initial) {
    if (length < 0) {
      throw new IllegalArgumentException("a table of " + length + " elements");
    }
    chunks = new int[(length + MASK) >>> SHIFT][];
    for (int c = 0; c < chunks.length; c++) {
      int[] chunk = new int[Math.min(CHUNK, length - (c << SHIFT))];
      if (initial != 0) {
        Arrays.fill(chunk, initial);
      }
      chunks[c] = chunk;
    }
  }

  int get(int index) {
    return chunks[index >>> SHIFT][index & MASK];
  }

  void set(int index, int value) {
    chunks[index >>> SHIFT][index & MASK] = value;
  }
}
