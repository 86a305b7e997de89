package io.github.tidu4j.primitives.einsum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

/**
 * A backend over shapes alone, standing in for a graph backend: it checks every call's attributes
 * against its operands' shapes with the kernels' rules and returns the result shape.
 */
final class ShapeBackend implements EinsumBackend<int[]> {

  @Override
  public int[] shape(int[] operand) {
    return operand;
  }

  @Override
  public int[] reduceSum(int[] x, int[] axes) {
    assertTrue(axes.length > 0, "empty reduction");
    boolean[] reduced = new boolean[x.length];
    for (int i = 0; i < axes.length; i++) {
      assertTrue(axes[i] >= 0 && axes[i] < x.length, "axis in range");
      assertTrue(i == 0 || axes[i] > axes[i - 1], "axes strictly increasing");
      reduced[axes[i]] = true;
    }
    int[] out = new int[x.length - axes.length];
    for (int k = 0, j = 0; k < x.length; k++) {
      if (!reduced[k]) {
        out[j++] = x[k];
      }
    }
    return out;
  }

  @Override
  public int[] transpose(int[] x, int[] perm) {
    assertEquals(x.length, perm.length, "perm length");
    int[] sorted = perm.clone();
    Arrays.sort(sorted);
    int[] out = new int[perm.length];
    for (int k = 0; k < perm.length; k++) {
      assertEquals(k, sorted[k], "perm is a permutation");
      out[k] = x[perm[k]];
    }
    assertTrue(!Arrays.equals(sorted, perm), "identity transpose emitted");
    return out;
  }

  @Override
  public int[] reshape(int[] x, int[] shape) {
    assertEquals(size(x), size(shape), "reshape keeps the size");
    return shape.clone();
  }

  @Override
  public int[] dotGeneral(int[] l, int[] r, int[] lc, int[] rc, int[] lb, int[] rb) {
    assertEquals(lc.length, rc.length);
    assertEquals(lb.length, rb.length);
    boolean[] lu = new boolean[l.length];
    boolean[] ru = new boolean[r.length];
    int[][] pairs = {lc, rc, lb, rb};
    for (int q = 0; q < 4; q += 2) {
      for (int i = 0; i < pairs[q].length; i++) {
        int a = pairs[q][i];
        int b = pairs[q + 1][i];
        assertTrue(!lu[a] && !ru[b], "axis used twice");
        lu[a] = true;
        ru[b] = true;
        assertEquals(l[a], r[b], "paired axes have equal lengths");
      }
    }
    int[] out = new int[lb.length + l.length + r.length - 2 * lc.length - 2 * lb.length];
    int o = 0;
    for (int a : lb) {
      out[o++] = l[a];
    }
    for (int k = 0; k < l.length; k++) {
      if (!lu[k]) {
        out[o++] = l[k];
      }
    }
    for (int k = 0; k < r.length; k++) {
      if (!ru[k]) {
        out[o++] = r[k];
      }
    }
    return out;
  }

  private static long size(int[] shape) {
    long n = 1;
    for (int d : shape) {
      n *= d;
    }
    return n;
  }
}
