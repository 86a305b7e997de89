package io.github.tidu4j.graph.fusion;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.ElementKernel;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import java.lang.invoke.MethodHandles;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Broadcasts and axis sums in generated loops: the descriptors' checks and strides, the merged
 * counters of {@link IndexMaps}, and loops over [p, q, r] regions reading a broadcast [p, r]
 * operand and adding into sums over the middle axis and over the outer two, against the values
 * computed directly (in row-major order, each sum from {@code +0.0}), for element and block loops
 * of every block size and for every split of the range into consecutive calls.
 */
class IndexMapsTest {

  @Test
  void broadcastStridesRepeatAlongNewAndLengthOneAxes() {
    assertArrayEquals(new int[] {0, 1}, new Broadcast(new int[] {4}, new int[] {3, 4},
        new int[] {1}).strides());
    assertArrayEquals(new int[] {1, 0}, new Broadcast(new int[] {3}, new int[] {3, 4},
        new int[] {0}).strides());
    assertArrayEquals(new int[] {5, 0, 1}, new Broadcast(new int[] {2, 5}, new int[] {2, 3, 5},
        new int[] {0, 2}).strides());
    assertArrayEquals(new int[] {0, 1}, new Broadcast(new int[] {1, 4}, new int[] {3, 4},
        new int[] {0, 1}).strides());
  }

  @Test
  void broadcastsTheKernelRejectsAreRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Broadcast(new int[] {3}, new int[] {3, 4}, new int[] {1}));
    assertEquals("broadcast of [3] into [3, 4] along [1]: operand axis 0 has length 3, neither 1"
        + " nor 4", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new Broadcast(new int[] {3, 4}, new int[] {3, 4}, new int[] {1, 0}));
    assertEquals("broadcast of [3, 4] into [3, 4] along [1, 0]: dimensions must increase strictly"
        + " within [0, 2)", e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> new Broadcast(new int[] {3}, new int[] {3}, new int[0]));
  }

  @Test
  void axisSumsKnowTheirShapeStridesAndWhetherTheyFuse() {
    AxisSum middle = new AxisSum(new int[] {2, 3, 4}, new int[] {1});
    assertArrayEquals(new int[] {2, 4}, middle.shape());
    assertArrayEquals(new int[] {4, 0, 1}, middle.strides());
    assertTrue(middle.fusable());
    assertFalse(new AxisSum(new int[] {1, 5}, new int[] {1}).fusable(), "every long axis");
    assertFalse(new AxisSum(new int[] {5, 1}, new int[] {1}).fusable(), "unit axes only");
    assertFalse(new AxisSum(new int[] {2, 3}, new int[] {0, 1}).fusable(), "every axis");
    assertTrue(new AxisSum(new int[] {2, 1, 3}, new int[] {0, 1}).fusable());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new AxisSum(new int[] {2, 3}, new int[] {1, 1}));
    assertEquals("sum of [2, 3] over [1, 1]: axes must increase strictly within [0, 2)",
        e.getMessage());
  }

  @Test
  void countersMergeAxesEveryMapMovesAlikeOverAndDropUnitAxes() {
    // a bias over the rows of [3, 4]: two counters
    IndexMaps bias = IndexMaps.of(new int[] {3, 4}, new int[][] {{0, 1}, null}, new int[2][]);
    assertArrayEquals(new int[] {3, 4}, bias.loopDims());
    // a sum over the last two axes of [2, 3, 4]: one counter for them
    IndexMaps trailing =
        IndexMaps.of(new int[] {2, 3, 4}, new int[][] {{1, 0, 0}}, new int[1][]);
    assertArrayEquals(new int[] {2, 12}, trailing.loopDims());
    assertArrayEquals(new int[] {1, 0}, trailing.strides()[0]);
    // unit axes dropped; a map that is the identity merges everything
    IndexMaps unit =
        IndexMaps.of(new int[] {1, 3, 1, 4}, new int[][] {{0, 4, 0, 1}}, new int[1][]);
    assertArrayEquals(new int[] {12}, unit.loopDims());
    assertArrayEquals(new int[] {1}, unit.strides()[0]);
    IndexMaps scalar = IndexMaps.of(new int[] {1, 1}, new int[][] {{0, 0}}, new int[1][]);
    assertArrayEquals(new int[] {1}, scalar.loopDims());
  }

  // ---------------------------------------------------------------------------------------------
  // generated loops

  private static final String OWNER =
      LoopGeneratorTest.Kernels.class.getName().replace('.', '/');
  private static final ElementKernelDescriptor MUL =
      new ElementKernelDescriptor(0, "Mul", OWNER, 2, new ElementKernel("mul", "(DD)D", true),
          null, null);
  private static final ElementKernelDescriptor EXP =
      new ElementKernelDescriptor(2, "Exp", OWNER, 1, new ElementKernel("exp", "(D)D", true),
          null, null);
  private static final BlockKernel EXP_BLOCK = new BlockKernel(LoopGeneratorTest.class, "expBlock");

  /**
   * Over [p, q, r]: m0 = w broadcast along axes 0 and 2 (w is array 1, [p, r]), m1 = x·m0 (x is
   * array 0), m2 = exp(m1), m3 = Σ over axis 1 of m2 ([p, r]), m4 = Σ over axes 0 and 2 of m1
   * ([q]); live-outs m2, m3, m4.
   */
  private static Region region(int p, int q, int r, boolean block) {
    int[] shape = {p, q, r};
    int[][] strides = {
      new Broadcast(new int[] {p, r}, shape, new int[] {0, 2}).strides(),
      null,
      null,
      new AxisSum(shape, new int[] {1}).strides(),
      new AxisSum(shape, new int[] {0, 2}).strides()
    };
    int[][] shapes = {{p, r}, null, null, {p, r}, {q}};
    byte b = Region.BROADCAST;
    byte e = Region.ELEMENT;
    byte s = Region.AXIS_SUM;
    return new Region(
        new int[] {0, 1, 2, 3, 4},
        new byte[] {b, e, e, s, s},
        new ElementKernelDescriptor[] {null, MUL, EXP, null, null},
        new BlockKernel[] {null, null, block ? EXP_BLOCK : null, null, null},
        new int[][] {{2}, {0, -1}, {-2}, {-3}, {-2}},
        new int[] {100, 101},
        new int[0],
        new int[] {2, 3, 4},
        new int[0],
        new int[] {10, 11, 12, 13, 14},
        new boolean[5],
        new boolean[2],
        new boolean[0],
        IndexMaps.of(shape, strides, shapes));
  }

  @Test
  void loopsReadBroadcastsAndAddAxisSumsAsTheKernelsDoForEverySplit() throws Throwable {
    SplittableRandom random = new SplittableRandom(5);
    for (int[] pqr : new int[][] {{2, 3, 4}, {1, 5, 3}, {4, 1, 6}, {3, 7, 1}, {9, 40, 11}}) {
      int p = pqr[0];
      int q = pqr[1];
      int r = pqr[2];
      int n = p * q * r;
      double[] x = new double[n];
      double[] w = new double[p * r];
      Arrays.setAll(x, i -> random.nextDouble(-2, 2));
      Arrays.setAll(w, i -> random.nextDouble(-1, 1));
      // the unfused values: the elements, then each sum in row-major order from +0.0
      double[] exp = new double[n];
      double[] middle = new double[p * r];
      double[] outer = new double[q];
      for (int i = 0; i < p; i++) {
        for (int j = 0; j < q; j++) {
          for (int k = 0; k < r; k++) {
            int at = (i * q + j) * r + k;
            double m1 = x[at] * w[i * r + k];
            exp[at] = Math.exp(m1);
            middle[i * r + k] += exp[at];
            outer[j] += m1;
          }
        }
      }
      for (boolean block : new boolean[] {false, true}) {
        for (int blockSize : block ? new int[] {1, 3, 8, 1024} : new int[] {1}) {
          Region region = region(p, q, r, block);
          FusedLoop loop =
              (FusedLoop) LoopGenerator.define(region, MethodHandles.lookup(), blockSize,
                      SumOrder.SEQUENTIAL)
                  .invokeExact(new Object[5]);
          for (int split = 0; split < 5; split++) {
            int[] cuts = new int[split];
            for (int c = 0; c < split; c++) {
              cuts[c] = random.nextInt(n + 1);
            }
            Arrays.sort(cuts);
            double[][] out = {new double[n], new double[p * r], new double[q]};
            int from = 0;
            for (int cut : cuts) {
              loop.run(new double[][] {x, w}, new double[0], out, new double[0], from, cut);
              from = cut;
            }
            loop.run(new double[][] {x, w}, new double[0], out, new double[0], from, n);
            String where = Arrays.toString(pqr) + ", block " + block + " of " + blockSize
                + ", cuts " + Arrays.toString(cuts);
            assertArrayEquals(exp, out[0], "exp, " + where);
            assertArrayEquals(middle, out[1], "sum over axis 1, " + where);
            assertArrayEquals(outer, out[2], "sum over axes 0 and 2, " + where);
          }
        }
      }
    }
  }
}
