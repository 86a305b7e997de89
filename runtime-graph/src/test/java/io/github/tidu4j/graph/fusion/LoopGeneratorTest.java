package io.github.tidu4j.graph.fusion;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.graph.ElementKernel;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import java.lang.invoke.MethodHandles;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The generated block loop against the generated element loop of the same region, with a block
 * kernel computing exactly what the element kernel computes ({@link Math#exp} per element), so
 * the two must agree bit for bit: for every block size, every {@code n} (empty, one element, not a
 * multiple of the block), every split of {@code [0, n)} into consecutive {@code run} calls (the
 * contract a multi-threaded caller relies on), operands computed in the loop or read from an input,
 * and live-outs and sums before, at and after the block member.
 */
class LoopGeneratorTest {

  /** The region's element kernels: static interface methods, as a processor declares them. */
  public interface Kernels {
    static double mul(double a, double b) {
      return a * b;
    }

    static double add(double a, double b) {
      return a + b;
    }

    static double exp(double x) {
      return Math.exp(x);
    }
  }

  /** The block form of {@link #exp}, bit for bit. */
  public static void expBlock(double[] x, int xOff, double[] y, int yOff, int n) {
    for (int i = 0; i < n; i++) {
      y[yOff + i] = Math.exp(x[xOff + i]);
    }
  }

  private static final String OWNER = Kernels.class.getName().replace('.', '/');
  private static final ElementKernelDescriptor MUL =
      new ElementKernelDescriptor(0, "Mul", OWNER, 2, new ElementKernel("mul", "(DD)D", true),
          null, null);
  private static final ElementKernelDescriptor ADD =
      new ElementKernelDescriptor(1, "Add", OWNER, 2, new ElementKernel("add", "(DD)D", true),
          null, null);
  private static final ElementKernelDescriptor EXP =
      new ElementKernelDescriptor(2, "Exp", OWNER, 1, new ElementKernel("exp", "(D)D", true),
          null, null);
  private static final BlockKernel EXP_BLOCK = new BlockKernel(LoopGeneratorTest.class, "expBlock");

  private static final byte E = Region.ELEMENT;
  private static final byte S = Region.SUM;
  private static final byte P = Region.SPLAT;

  /**
   * Over arrays x (0), a (1) and scalar s: m0 = x·a, m1 = m0 + s (splat m5), m2 = exp(m1), m3 =
   * m2·x, m4 = Σ m3, m6 = Σ m0; live-outs m0 (before the block member), m2 (it), m3 (after).
   */
  private static Region computedOperand(boolean block) {
    return new Region(
        new int[] {0, 1, 2, 3, 4, 5, 6},
        new byte[] {E, E, E, E, S, P, S},
        new ElementKernelDescriptor[] {MUL, ADD, EXP, MUL, null, null, null},
        new BlockKernel[] {null, null, block ? EXP_BLOCK : null, null, null, null, null},
        new int[][] {{0, 2}, {-1, -6}, {-2}, {-3, 0}, {-4}, {1}, {-1}},
        new int[] {100, 101},
        new int[] {102},
        new int[] {0, 2, 3},
        new int[] {4, 6},
        new int[] {10, 11, 12, 13, 14, 15, 16});
  }

  /** Over array x: m0 = exp(x) read in place, m1 = m0·x, m2 = Σ m1; live-out m1. */
  private static Region inputOperand(boolean block) {
    return new Region(
        new int[] {0, 1, 2},
        new byte[] {E, E, S},
        new ElementKernelDescriptor[] {EXP, MUL, null},
        new BlockKernel[] {block ? EXP_BLOCK : null, null, null},
        new int[][] {{0}, {-1, 0}, {-2}},
        new int[] {100},
        new int[0],
        new int[] {1},
        new int[] {2},
        new int[] {10, 11, 12});
  }

  /**
   * Over arrays x (0), a (1): m0 = x·a, m1 = exp(m0) (block, computed operand), m2 = exp(m1)
   * (block, an earlier block member's value), m3 = m1·x, m4 = exp(m3) (block, operand computed
   * from a block member), m5 = m4 + m2, m6 = Σ m5; live-outs m1 and m5.
   */
  private static Region threeBlockMembers(boolean block) {
    BlockKernel k = block ? EXP_BLOCK : null;
    return new Region(
        new int[] {0, 1, 2, 3, 4, 5, 6},
        new byte[] {E, E, E, E, E, E, S},
        new ElementKernelDescriptor[] {MUL, EXP, EXP, MUL, EXP, ADD, null},
        new BlockKernel[] {null, k, k, null, k, null, null},
        new int[][] {{0, 2}, {-1}, {-2}, {-2, 0}, {-4}, {-5, -3}, {-6}},
        new int[] {100, 101},
        new int[0],
        new int[] {1, 5},
        new int[] {6},
        new int[] {10, 11, 12, 13, 14, 15, 16});
  }

  /** Over array x: m0 = Σ x, read where it is. */
  private static Region sumOfInput() {
    return new Region(
        new int[] {0},
        new byte[] {S},
        new ElementKernelDescriptor[] {null},
        new BlockKernel[] {null},
        new int[][] {{0}},
        new int[] {100},
        new int[0],
        new int[0],
        new int[] {0},
        new int[] {10});
  }

  /** Over array x: m0 = exp(x) (block), m1 = Σ m0, m2 = Σ s (splat m3); no live-out. */
  private static Region sumOfBlockMemberAndOfASplat(boolean block) {
    return new Region(
        new int[] {0, 1, 2, 3},
        new byte[] {E, S, S, P},
        new ElementKernelDescriptor[] {EXP, null, null, null},
        new BlockKernel[] {block ? EXP_BLOCK : null, null, null, null},
        new int[][] {{0}, {-1}, {-4}, {1}},
        new int[] {100},
        new int[] {102},
        new int[0],
        new int[] {1, 2},
        new int[] {10, 11, 12, 13});
  }

  private static FusedLoop loop(Region region, int blockSize) throws Throwable {
    return loop(region, blockSize, SumOrder.SEQUENTIAL);
  }

  private static FusedLoop loop(Region region, int blockSize, SumOrder order) throws Throwable {
    return (FusedLoop)
        LoopGenerator.define(region, MethodHandles.lookup(), blockSize, order)
            .invokeExact(new Object[region.members().length]);
  }

  private record Result(double[][] outputs, double[] sums) {}

  /** Runs {@code loop} over [0, n) as consecutive calls ending at {@code cuts} and at n. */
  private static Result run(
      FusedLoop loop, Region region, double[][] inputs, double[] scalars, int n, int[] cuts) {
    double[][] out = new double[region.liveOuts().length][n];
    double[] sums = new double[region.sums().length];
    int from = 0;
    for (int cut : cuts) {
      loop.run(inputs, scalars, out, sums, from, cut);
      from = cut;
    }
    loop.run(inputs, scalars, out, sums, from, n);
    return new Result(out, sums);
  }

  /** {@code count} arrays of {@code n} elements drawn from [−2, 2), in order. */
  private static double[][] randomInputs(SplittableRandom random, int count, int n) {
    double[][] inputs = new double[count][n];
    for (double[] input : inputs) {
      for (int i = 0; i < n; i++) {
        input[i] = random.nextDouble(-2, 2);
      }
    }
    return inputs;
  }

  private static void assertBlockLoopEqualsElementLoop(
      Region element, Region block, int inputCount) throws Throwable {
    FusedLoop reference = loop(element, 1);
    SplittableRandom random = new SplittableRandom(11);
    for (int blockSize : new int[] {1, 3, 8, 1024}) {
      FusedLoop blocked = loop(block, blockSize);
      for (int n : new int[] {0, 1, 2, 7, 24, 1000, 2500}) {
        double[][] inputs = randomInputs(random, inputCount, n);
        double[] scalars = {0.25};
        Result want = run(reference, element, inputs, scalars, n, new int[0]);
        for (int split = 0; split < 4; split++) {
          int[] cuts = new int[split];
          for (int c = 0; c < split; c++) {
            cuts[c] = n == 0 ? 0 : random.nextInt(n + 1);
          }
          Arrays.sort(cuts);
          Result got = run(blocked, block, inputs, scalars, n, cuts);
          String where = "block " + blockSize + ", n " + n + ", cuts "
              + Arrays.toString(cuts);
          for (int o = 0; o < want.outputs().length; o++) {
            assertArrayEquals(want.outputs()[o], got.outputs()[o], "live-out " + o + ", " + where);
          }
          assertArrayEquals(want.sums(), got.sums(), "sums, " + where);
        }
      }
    }
  }

  @Test
  void aBlockLoopWithAComputedOperandEqualsTheElementLoopForEveryBlockSizeAndSplit()
      throws Throwable {
    assertBlockLoopEqualsElementLoop(computedOperand(false), computedOperand(true), 2);
  }

  @Test
  void aBlockLoopReadingItsOperandFromAnInputEqualsTheElementLoop() throws Throwable {
    assertBlockLoopEqualsElementLoop(inputOperand(false), inputOperand(true), 1);
  }

  @Test
  void aBlockLoopWithSeveralBlockMembersEqualsTheElementLoop() throws Throwable {
    assertBlockLoopEqualsElementLoop(threeBlockMembers(false), threeBlockMembers(true), 2);
  }

  /**
   * The lane-order loop of {@code block} (block members or none) against the sequential element
   * loop of {@code element}: the same live-outs bit for bit, and each sum {@link LaneSum#sum} of
   * the elements the element loop sums (given by {@code summands}), for every block size and n,
   * run as one call, and as one call per {@link BlockedSum#BLOCK} with the block sums added in
   * block order (what {@link FusedProgram} does on any number of threads).
   */
  private static void assertLaneLoopSumsInLaneOrder(
      Region element, Region block, int inputCount, Summands summands) throws Throwable {
    FusedLoop reference = loop(element, 1);
    SplittableRandom random = new SplittableRandom(12);
    for (int blockSize : new int[] {1, 3, 8, 256, 1024}) {
      FusedLoop lanes = loop(block, blockSize, SumOrder.LANES);
      for (int n : new int[] {0, 1, 2, 7, 24, 1000, 2500, 2 * BlockedSum.BLOCK + 9}) {
        double[][] inputs = randomInputs(random, inputCount, n);
        double[] scalars = {0.25};
        Result want = run(reference, element, inputs, scalars, n, new int[0]);
        double[][] summed = summands.of(inputs, want.outputs(), scalars, n);
        String where = "block " + blockSize + ", n " + n;
        if (n <= BlockedSum.BLOCK) {
          Result got = run(lanes, block, inputs, scalars, n, new int[0]);
          for (int o = 0; o < want.outputs().length; o++) {
            assertArrayEquals(want.outputs()[o], got.outputs()[o], "live-out " + o + ", " + where);
          }
          for (int k = 0; k < summed.length; k++) {
            assertEquals(LaneSum.sum(summed[k], 0, n), got.sums()[k], "sum " + k + ", " + where);
          }
        }
        double[][] out = new double[block.liveOuts().length][n];
        double[] sums = new double[block.sums().length];
        for (int from = 0; from < n; from += BlockedSum.BLOCK) {
          double[] partial = new double[sums.length];
          Arrays.fill(partial, -0.0);
          lanes.run(inputs, scalars, out, partial, from, Math.min(n, from + BlockedSum.BLOCK));
          for (int k = 0; k < sums.length; k++) {
            sums[k] += partial[k];
          }
        }
        for (int o = 0; o < want.outputs().length; o++) {
          assertArrayEquals(want.outputs()[o], out[o], "blocks, live-out " + o + ", " + where);
        }
        for (int k = 0; k < summed.length; k++) {
          assertEquals(LaneSum.sum(summed[k], 0, n), sums[k], "blocks, sum " + k + ", " + where);
        }
      }
    }
  }

  /** The elements each sum of a region adds, from its inputs and its element loop's live-outs. */
  private interface Summands {
    double[][] of(double[][] inputs, double[][] liveOuts, double[] scalars, int n);
  }

  @Test
  void laneLoopsSumInTheLaneOrderAndKeepTheLiveOuts() throws Throwable {
    // computedOperand sums live-outs m3 and m0; the others sum their one live-out or input
    assertLaneLoopSumsInLaneOrder(computedOperand(false), computedOperand(true), 2,
        (in, out, s, n) -> new double[][] {out[2], out[0]});
    assertLaneLoopSumsInLaneOrder(computedOperand(false), computedOperand(false), 2,
        (in, out, s, n) -> new double[][] {out[2], out[0]});
    assertLaneLoopSumsInLaneOrder(inputOperand(false), inputOperand(true), 1,
        (in, out, s, n) -> new double[][] {out[0]});
    assertLaneLoopSumsInLaneOrder(threeBlockMembers(false), threeBlockMembers(true), 2,
        (in, out, s, n) -> new double[][] {out[1]});
    assertLaneLoopSumsInLaneOrder(sumOfInput(), sumOfInput(), 1,
        (in, out, s, n) -> new double[][] {in[0]});
    assertLaneLoopSumsInLaneOrder(
        sumOfBlockMemberAndOfASplat(false), sumOfBlockMemberAndOfASplat(true), 1,
        (in, out, s, n) -> {
          double[] exp = new double[n];
          double[] splat = new double[n];
          for (int i = 0; i < n; i++) {
            exp[i] = Math.exp(in[0][i]);
            splat[i] = s[0];
          }
          return new double[][] {exp, splat};
        });
  }

  @Test
  void theElementLoopComputesWhatItsKernelsDo() throws Throwable {
    Region region = computedOperand(false);
    double[] x = {0.5, -1, 2};
    double[] a = {2, 0.25, -0.5};
    Result r = run(loop(region, 1), region, new double[][] {x, a}, new double[] {0.25}, 3,
        new int[0]);
    double sum3 = 0;
    double sum0 = 0;
    for (int i = 0; i < 3; i++) {
      double m0 = x[i] * a[i];
      double m2 = Math.exp(m0 + 0.25);
      assertEquals(m0, r.outputs()[0][i]);
      assertEquals(m2, r.outputs()[1][i]);
      assertEquals(m2 * x[i], r.outputs()[2][i]);
      sum3 += m2 * x[i];
      sum0 += m0;
    }
    assertArrayEquals(new double[] {sum3, sum0}, r.sums());
  }

  @Test
  void aBlockKernelNeedsTheBlockSignature() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new BlockKernel(Math.class, "exp"));
    assertEquals(
        "java.lang.Math.exp: a block kernel is a public static method void exp(double[] x, int"
            + " xOff, double[] y, int yOff, int n) declared by java.lang.Math",
        e.getMessage());
  }
}
