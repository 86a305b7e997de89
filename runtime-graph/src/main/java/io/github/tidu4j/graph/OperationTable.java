package io.github.tidu4j.graph;

import static io.github.tidu4j.graph.Chunks.MASK;
import static io.github.tidu4j.graph.Chunks.SHIFT;

import java.util.Arrays;

/**
 * The operation of each node of a materialized graph, and of each instruction of the program
 * compiled from it (which shares the table): a fixed-length table of references in chunks of
 * {@link Chunks#SIZE}, so that a graph of millions of operations holds no humongous array of
 * references (see {@link Chunks}). Filled once by {@link LogicalOrder}, read only after.
 *
 * <pre>{@code
 * OperationTable<Ops> table = new OperationTable<>(100_000);  // two chunks
 * table.set(70_000, Ops.SIN);
 * Ops op = table.get(70_000);                                  // Ops.SIN
 * }</pre>
 *
 * @param <Op> the operation type
 */
final class OperationTable<Op extends GraphOperation> {
  private final GraphOperation[][] chunks;
  // chunks[0], read directly: a table of up to Chunks.SIZE operations reads one array
  private final GraphOperation[] first;
  private final int size;

  /** A table of {@code size} operations, each null until {@linkplain #set set}. */
  OperationTable(int size) {
    if (size < 0) {
      throw new IllegalArgumentException("a table of " + size + " operations");
    }
    this.size = size;
    int count = Chunks.chunksFor(size);
    chunks = new GraphOperation[count][];
    for (int c = 0; c < count; c++) {
      chunks[c] = new GraphOperation[Math.min(Chunks.SIZE, size - (c << SHIFT))];
    }
    first = chunks[0];
  }

  int size() {
    return size;
  }

  /**
   * The operation of node {@code k}.
   *
   * @throws ArrayIndexOutOfBoundsException if {@code k} is outside the table (its last chunk is
   *     exactly as long as the table needs)
   */
  @SuppressWarnings("unchecked") // only Ops are set
  Op get(int k) {
    return (Op) (k < Chunks.SIZE ? first[k] : chunks[k >>> SHIFT][k & MASK]);
  }

  void set(int k, Op operation) {
    chunks[k >>> SHIFT][k & MASK] = operation;
  }

  /** A hash of the operations in order, by their own {@code hashCode}. */
  int contentHash() {
    int h = 1;
    for (GraphOperation[] chunk : chunks) {
      h = 31 * h + Arrays.hashCode(chunk);
    }
    return h;
  }

  /** Whether {@code other} holds equal operations in the same order. */
  boolean sameContent(OperationTable<?> other) {
    if (other.size != size) {
      return false;
    }
    for (int c = 0; c < chunks.length; c++) {
      if (!Arrays.equals(chunks[c], other.chunks[c])) {
        return false;
      }
    }
    return true;
  }
}
