package io.github.tidu4j.graph.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The lane order: eight partial sums per block, combined pairwise, block sums in block order; the
 * same bits however a block is fed to {@link LaneSum#add} in chunks (what a generated loop does,
 * one chunk per block of its block size); and within its stated bound of the exact sum, never
 * beyond the sequential order's.
 */
class LaneSumTest {
  private static final int BLOCK = BlockedSum.BLOCK;

  /** The order written out: lane i mod 8 of each block, pairwise, blocks in order from +0.0. */
  private static double reference(double[] a) {
    double total = 0.0;
    for (int start = 0; start < a.length; start += BLOCK) {
      double[] lane = {-0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0};
      for (int i = start; i < Math.min(a.length, start + BLOCK); i++) {
        lane[(i - start) % 8] += a[i];
      }
      total += ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
    }
    return total;
  }

  private static double[] random(SplittableRandom r, int n) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextDouble(-1, 1) * Math.pow(2, r.nextInt(-40, 40));
    }
    return a;
  }

  @Test
  void itIsTheLaneOrderBitForBit() {
    SplittableRandom r = new SplittableRandom(3);
    for (int n : new int[] {0, 1, 2, 7, 8, 9, 15, 16, 17, 1000, BLOCK, BLOCK + 1, 3 * BLOCK + 13}) {
      double[] a = random(r, n);
      assertEquals(reference(a), LaneSum.sum(a, 0, n), "n " + n);
      assertEquals(reference(a), SumOrder.LANES.sum(a, 0, n), "n " + n);
    }
  }

  @Test
  void chunksFedAtTheirPositionsGiveTheSameBitsAsOneCall() {
    SplittableRandom r = new SplittableRandom(4);
    for (int n : new int[] {1, 5, 8, 100, 2500}) {
      double[] a = random(r, n);
      double[] whole = LaneSum.newLanes(2);
      LaneSum.add(whole, 8, a, 0, n, 0);
      for (int chunk : new int[] {1, 3, 7, 8, 256}) {
        double[] lanes = LaneSum.newLanes(2);
        double[] scratch = new double[chunk];
        for (int start = 0; start < n; start += chunk) {
          int length = Math.min(chunk, n - start);
          System.arraycopy(a, start, scratch, 0, length); // as a loop's scratch array holds it
          LaneSum.add(lanes, 8, scratch, 0, length, start);
        }
        assertEquals(LaneSum.total(whole, 8), LaneSum.total(lanes, 8), "n " + n + ", chunk " + chunk);
        assertEquals(-0.0, LaneSum.total(lanes, 0), "the other sum's lanes are untouched");
        assertEquals(0.0 + LaneSum.total(lanes, 8), LaneSum.sum(a, 0, n));
      }
    }
  }

  @Test
  void signedZerosAndEmptySumsAreTheSequentialOnes() {
    for (double[] zeros :
        new double[][] {{}, {-0.0}, {-0.0, -0.0}, {0.0, -0.0}, {-0.0, 0.0}, new double[9]}) {
      assertEquals(BlockedSum.sum(zeros, 0, zeros.length), LaneSum.sum(zeros, 0, zeros.length));
    }
    double[] cancel = {1.5, -1.5, -0.0};
    assertEquals(BlockedSum.sum(cancel, 0, 3), LaneSum.sum(cancel, 0, 3));
  }

  @Test
  void sumsStayWithinTheStatedBoundOfTheExactSumAndTheSequentialOne() {
    SplittableRandom r = new SplittableRandom(5);
    double u = 0x1p-53;
    for (int n : new int[] {9, 100, 5000, BLOCK, BLOCK + 1, 10 * BLOCK + 3, 1_000_000}) {
      double[] a = new double[n];
      BigDecimal exact = BigDecimal.ZERO;
      double absSum = 0;
      for (int i = 0; i < n; i++) {
        a[i] = r.nextDouble(-1, 1) * Math.pow(2, r.nextInt(-20, 20));
        exact = exact.add(new BigDecimal(a[i]));
        absSum += Math.abs(a[i]);
      }
      int m = Math.min(n, BLOCK);
      int blocks = BlockedSum.blocks(n);
      int d = Math.min(m - 1, (m + 7) / 8 + 2) + blocks - 1;
      int sequentialD = m - 1 + blocks - 1;
      assertTrue(d <= sequentialD, "n " + n);
      double lanes = LaneSum.sum(a, 0, n);
      double err = exact.subtract(new BigDecimal(lanes)).abs().doubleValue();
      double bound = d * u * absSum * 1.0001; // slack for absSum's own rounding
      assertTrue(err <= bound, "n " + n + ": error " + err + " > bound " + bound);
    }
  }

  @Test
  void aLongSumOfEqualSmallTermsKeepsTheBitsTheSequentialOrderLoses() {
    // sequentially 1 + 2^-53 rounds back to 1 at every step; lanes 1 … 7 accumulate the small terms
    int n = 64;
    double[] a = new double[n];
    a[0] = 1.0;
    for (int i = 1; i < n; i++) {
      a[i] = 0x1p-53;
    }
    assertEquals(1.0, BlockedSum.sum(a, 0, n));
    // lane 0 stays 1 (each 1 + 2^-53 rounds back to 1); lanes 1 … 7 hold 8·2^-53 = 2^-50 exactly
    double rest = 0x1p-50;
    double lanes = ((1.0 + rest) + (rest + rest)) + ((rest + rest) + (rest + rest));
    assertTrue(lanes > 1.0);
    assertEquals(lanes, LaneSum.sum(a, 0, n));
  }
}
