package io.github.tidu4j.graph.fusion;

/**
 * The loop a fusion backend generates for one region of elementwise operations: for each element
 * index in {@code [from, to)}, it reads the region's external arrays at that index, computes every
 * operation of the region in unboxed locals, writes the region's live-out elements and adds to its
 * sums in index order. A region with a {@link BlockKernel} does this block by block (see {@link
 * FusionSet#withBlockKernels}); either way the values are those of one pass in index order, for
 * any {@code [from, to)}. In a set whose {@link SumOrder} is {@link SumOrder#LANES}, a call adds
 * the elements of {@code [from, to)} to the sums as one block of that order, so the sums depend on
 * where a caller splits the range: {@link FusedProgram} splits it at {@link BlockedSum#BLOCK}
 * boundaries only. Generated classes implement it; callers are {@link FusedProgram}s.
 *
 * <pre>{@code
 * loop.run(inputs, scalars, outputs, sums, 0, n);   // elements 0 … n − 1, in one pass
 * }</pre>
 */
public interface FusedLoop {
  /**
   * Runs elements {@code from} (inclusive) to {@code to} (exclusive).
   *
   * @param inputs the region's external arrays, each of at least {@code to} elements (a
 *     broadcast's operand: of its own shape, read through its index map)
   * @param scalars the region's external scalars (operands of its scalar broadcasts)
   * @param outputs the arrays receiving the region's live-out values; an axis sum's array (of its
 *     result's elements) is added into, in element order
   * @param sums the region's full sums: each is read, added to (in the set's {@link SumOrder}),
   *     and written back
   * @param from the first element index
   * @param to one past the last element index
   */
  void run(double[][] inputs, double[] scalars, double[][] outputs, double[] sums, int from, int to);
}
