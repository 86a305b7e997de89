package io.github.tidu4j.graph.fusion;

/**
 * The order in which a long real sum adds its elements, fixed by the number of elements alone so
 * that a sum split across threads gives the same bits as one thread: the elements are cut into
 * blocks of {@value #BLOCK} (the last one shorter), each block is summed in index order, and the
 * block sums are added in block order starting from {@code +0.0}. A sum of at most {@value #BLOCK}
 * elements is one block: the plain in-order sum from {@code +0.0}.
 *
 * <p>A primitive set whose full sums fuse adds in this order in its own kernel (the tensor set's
 * {@code Reductions.reduceSum} calls {@link #sum}), and a {@link FusedProgram} combines its loops'
 * per-block partial sums in the same order, on one thread or several: fused and unfused values,
 * serial and parallel ones, are the same bits. The error bound is that of recursive summation over
 * {@code BLOCK − 1 + ⌈n / BLOCK⌉ − 1} additions rather than {@code n − 1}: {@code |ŝ − s| ≤ (BLOCK
 * + ⌈n / BLOCK⌉ − 2)·u·Σ|xᵢ|} with {@code u = 2⁻⁵³}.
 *
 * <pre>{@code
 * double s = BlockedSum.sum(data, 0, data.length);
 * }</pre>
 */
public final class BlockedSum {
  /** The elements per block: 2¹⁴ (128 KiB of doubles). */
  public static final int BLOCK = 1 << 14;

  private BlockedSum() {}

  /**
   * The sum of {@code a[from]} … {@code a[to − 1]} in the blocked order; {@code +0.0} for an empty
   * range.
   */
  public static double sum(double[] a, int from, int to) {
    return sumStrided(a, from, to - from, 1);
  }

  /**
   * The sum of {@code count} elements {@code a[first + stride·i]} in the blocked order (blocks of
   * {@value #BLOCK} elements, not array entries): what {@link #sum} gives for those elements
   * copied into an array. A complex sum adds its real parts ({@code first} 0, {@code stride} 2)
   * and its imaginary parts ({@code first} 1) this way.
   */
  public static double sumStrided(double[] a, int first, int count, int stride) {
    double total = 0.0;
    for (int start = 0; start < count; start += BLOCK) {
      int end = count - start > BLOCK ? start + BLOCK : count;
      double block = -0.0; // the additive identity: the block's sum is its elements' in-order sum
      for (int i = start, p = first + stride * start; i < end; i++, p += stride) {
        block += a[p];
      }
      total += block;
    }
    return total;
  }

  /** The number of blocks of {@code n} elements. */
  static int blocks(int n) {
    return (int) ((n + (long) BLOCK - 1) / BLOCK);
  }
}
