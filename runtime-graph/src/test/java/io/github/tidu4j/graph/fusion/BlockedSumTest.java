package io.github.tidu4j.graph.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The blocked sum: the in-order sum from {@code +0.0} up to one block, signed zeros included; the
 * block sums added in order beyond; and within its stated bound of the exact sum, and so of the
 * in-order sum, on long sums of mixed signs.
 */
class BlockedSumTest {
  private static final int BLOCK = BlockedSum.BLOCK;

  private static double inOrder(double[] a) {
    double s = 0.0;
    for (double v : a) {
      s += v;
    }
    return s;
  }

  @Test
  void upToOneBlockItIsTheInOrderSumBitForBit() {
    SplittableRandom r = new SplittableRandom(1);
    for (int n : new int[] {0, 1, 2, 3, 100, BLOCK}) {
      double[] a = new double[n];
      for (int i = 0; i < n; i++) {
        a[i] = r.nextDouble(-1, 1) * Math.pow(2, r.nextInt(-40, 40));
      }
      assertEquals(inOrder(a), BlockedSum.sum(a, 0, n), "n " + n);
    }
    for (double[] zeros : new double[][] {{-0.0}, {-0.0, -0.0}, {0.0, -0.0}, {-0.0, 0.0}}) {
      assertEquals(inOrder(zeros), BlockedSum.sum(zeros, 0, zeros.length));
    }
    double[] cancel = {1.5, -1.5, -0.0};
    assertEquals(inOrder(cancel), BlockedSum.sum(cancel, 0, 3));
  }

  @Test
  void beyondOneBlockTheBlockSumsAddInBlockOrder() {
    // in order, 1 + 2^-53 rounds back to 1 at every step; the second block's own sum does not
    int n = 2 * BLOCK;
    double[] a = new double[n];
    a[0] = 1.0;
    for (int i = 1; i < n; i++) {
      a[i] = 0x1p-53;
    }
    assertEquals(1.0, inOrder(a));
    // block 0 sums to 1.0, block 1 to 2^14 · 2^-53 = 2^-39 exactly
    assertEquals(1.0 + 0x1p-39, BlockedSum.sum(a, 0, n));
    assertEquals(BlockedSum.sum(a, 1, n), 0x1p-53 * (n - 1));
  }

  @Test
  void longSumsStayWithinTheStatedBoundOfTheExactSum() {
    SplittableRandom r = new SplittableRandom(2);
    double u = 0x1p-53;
    for (int n : new int[] {BLOCK + 1, 10 * BLOCK + 3, 1_000_000}) {
      double[] a = new double[n];
      BigDecimal exact = BigDecimal.ZERO;
      double absSum = 0;
      for (int i = 0; i < n; i++) {
        a[i] = r.nextDouble(-1, 1) * Math.pow(2, r.nextInt(-20, 20));
        exact = exact.add(new BigDecimal(a[i]));
        absSum += Math.abs(a[i]);
      }
      double blocked = BlockedSum.sum(a, 0, n);
      double serial = inOrder(a);
      double err = exact.subtract(new BigDecimal(blocked)).abs().doubleValue();
      int blocks = BlockedSum.blocks(n);
      double bound = (BLOCK + blocks - 2) * u * absSum * 1.0001; // slack for absSum's rounding
      assertTrue(err <= bound, "n " + n + ": error " + err + " > bound " + bound);
      double againstSerial = Math.abs(blocked - serial);
      double serialBound = (n - 1 + BLOCK + blocks - 2) * u * absSum * 1.0001;
      assertTrue(againstSerial <= serialBound,
          "n " + n + ": |blocked − in-order| " + againstSerial + " > " + serialBound);
    }
  }
}
