package io.github.tidu4j.graph.fusion;

/**
 * The order in which a {@link FusionSet}'s loops add the elements of a full sum. Both orders cut
 * the elements into blocks of {@value BlockedSum#BLOCK} and add the block sums in block order
 * from {@code +0.0}, so a loop split across threads at block boundaries gives the same bits as
 * one thread; they differ within a block.
 *
 * <ul>
 *   <li>{@link #SEQUENTIAL}: index order within a block ({@link BlockedSum}), the order of the
 *       tensor set's unfused {@code ReduceSum}: fused sums are the unfused ones bit for bit.
 *   <li>{@link #LANES}: {@value LaneSum#LANES} interleaved partial sums within a block ({@link
 *       LaneSum}), so a loop's additions form {@value LaneSum#LANES} independent chains instead of
 *       one: several times faster where the chain of dependent additions bounds the loop, as it
 *       does a sum of a vectorised {@code exp}. Its error bound is no worse than sequential's.
 * </ul>
 *
 * <pre>{@code
 * FusionSet<TensorOp, Tensor> fast = TensorFusion.exactSet().withSumOrder(SumOrder.LANES);
 * double s = SumOrder.LANES.sum(data, 0, data.length); // what fast's loops compute for Σ data
 * }</pre>
 */
public enum SumOrder {
  /** Index order within each block of {@value BlockedSum#BLOCK} elements: {@link BlockedSum}. */
  SEQUENTIAL {
    @Override
    public double sum(double[] a, int from, int to) {
      return BlockedSum.sum(a, from, to);
    }
  },

  /**
   * {@value LaneSum#LANES} partial sums per block of {@value BlockedSum#BLOCK} elements, combined
   * pairwise: {@link LaneSum}.
   */
  LANES {
    @Override
    public double sum(double[] a, int from, int to) {
      return LaneSum.sum(a, from, to);
    }
  };

  /**
   * The sum of {@code a[from]} … {@code a[to − 1]} in this order, element {@code from} first:
   * what a fused loop of a set with this order computes for a full sum of those elements (up to
   * one element, which a fused program passes through unchanged); {@code +0.0} for an empty range.
   */
  public abstract double sum(double[] a, int from, int to);
}
