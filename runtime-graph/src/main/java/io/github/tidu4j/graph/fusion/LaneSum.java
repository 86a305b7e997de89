package io.github.tidu4j.graph.fusion;

import java.util.Arrays;

/**
 * The {@link SumOrder#LANES} order of a real sum, and the kernels generated loops call to add in
 * it. Within a block of at most {@value BlockedSum#BLOCK} elements, element {@code i} of the block
 * goes to lane {@code i mod }{@value #LANES}; each lane adds its elements in index order from
 * {@code −0.0}; the block's sum is {@code ((l₀ + l₁) + (l₂ + l₃)) + ((l₄ + l₅) + (l₆ + l₇))}.
 * The block sums add in block order from {@code +0.0}, as in {@link BlockedSum}. The order depends
 * on the number of elements alone, so a sum split across threads at block boundaries gives the
 * same bits as one thread.
 *
 * <p>The lanes are independent chains of additions: a loop adding one element per iteration is
 * bound by the latency of one floating-point addition per element in index order, and by a
 * fraction of it with {@value #LANES} lanes.
 *
 * <p><b>Error bound.</b> An addition of {@code −0.0}, or to it, is exact, so an element of an
 * {@code n}-element sum goes through at most {@code d = min(m − 1, ⌈m / 8⌉ + 2) + ⌈n / BLOCK⌉ − 1}
 * rounded additions with {@code m = min(n, BLOCK)} ({@code ⌈m / 8⌉ − 1} in its lane, at most three
 * in the pairwise tree, only where the other operand holds elements, and one per later block),
 * so {@code |ŝ − s| ≤ d·u·Σ|xᵢ| + O(u²)} with {@code u = 2⁻⁵³}. For {@code n > 8} that is {@code
 * (⌈m / 8⌉ + 1 + ⌈n / BLOCK⌉)·u·Σ|xᵢ|}, at most {@code (2¹¹ + 1 + ⌈n / BLOCK⌉)·u·Σ|xᵢ|}; never more
 * than {@link BlockedSum}'s {@code (m − 1 + ⌈n / BLOCK⌉ − 1)}, since {@code ⌈m / 8⌉ + 3 ≤ m} for
 * every {@code m > 8}.
 *
 * <pre>{@code
 * double s = LaneSum.sum(data, 0, data.length);
 * double[] lanes = LaneSum.newLanes(1);           // as a generated loop adds a block in chunks
 * LaneSum.add(lanes, 0, data, 0, 100, 0);         // elements 0 … 99 of the block
 * LaneSum.add(lanes, 0, data, 100, 50, 100);      // elements 100 … 149
 * double block = LaneSum.total(lanes, 0);         // = LaneSum.sum(data, 0, 150)
 * }</pre>
 */
public final class LaneSum {
  /** The number of partial sums within a block. */
  public static final int LANES = 8;

  private LaneSum() {}

  /**
   * The sum of {@code a[from]} … {@code a[to − 1]} in the lane order, blocks of {@value
   * BlockedSum#BLOCK} from {@code from}; {@code +0.0} for an empty range.
   */
  public static double sum(double[] a, int from, int to) {
    double[] lanes = newLanes(1);
    double total = 0.0;
    for (int start = from; start < to; start += BlockedSum.BLOCK) {
      int end = to - start > BlockedSum.BLOCK ? start + BlockedSum.BLOCK : to;
      Arrays.fill(lanes, -0.0);
      add(lanes, 0, a, start, end - start, 0);
      total += total(lanes, 0);
    }
    return total;
  }

  /** Lanes for {@code sums} sums, {@value #LANES} each, every one {@code −0.0} (empty). */
  public static double[] newLanes(int sums) {
    double[] lanes = new double[LANES * sums];
    Arrays.fill(lanes, -0.0);
    return lanes;
  }

  /**
   * Adds {@code x[xOff]} … {@code x[xOff + n − 1]}, elements {@code position} … {@code position +
   * n − 1} of a block, to their lanes {@code lanes[base + (position + i) mod 8]}.
   */
  public static void add(double[] lanes, int base, double[] x, int xOff, int n, int position) {
    int i = 0;
    int lane = position & (LANES - 1);
    for (; lane != 0 && i < n; i++, lane = (lane + 1) & (LANES - 1)) {
      lanes[base + lane] += x[xOff + i];
    }
    double s0 = lanes[base];
    double s1 = lanes[base + 1];
    double s2 = lanes[base + 2];
    double s3 = lanes[base + 3];
    double s4 = lanes[base + 4];
    double s5 = lanes[base + 5];
    double s6 = lanes[base + 6];
    double s7 = lanes[base + 7];
    for (; i <= n - LANES; i += LANES) {
      int k = xOff + i;
      s0 += x[k];
      s1 += x[k + 1];
      s2 += x[k + 2];
      s3 += x[k + 3];
      s4 += x[k + 4];
      s5 += x[k + 5];
      s6 += x[k + 6];
      s7 += x[k + 7];
    }
    lanes[base] = s0;
    lanes[base + 1] = s1;
    lanes[base + 2] = s2;
    lanes[base + 3] = s3;
    lanes[base + 4] = s4;
    lanes[base + 5] = s5;
    lanes[base + 6] = s6;
    lanes[base + 7] = s7;
    for (lane = 0; i < n; i++, lane++) {
      lanes[base + lane] += x[xOff + i];
    }
  }

  /** The sum of a block's lanes {@code lanes[base]} … {@code lanes[base + 7]}, pairwise. */
  public static double total(double[] lanes, int base) {
    return ((lanes[base] + lanes[base + 1]) + (lanes[base + 2] + lanes[base + 3]))
        + ((lanes[base + 4] + lanes[base + 5]) + (lanes[base + 6] + lanes[base + 7]));
  }
}
