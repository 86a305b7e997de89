package io.github.tidu4j.graph.fusion;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.tidu4j.graph.ElementKernelDescriptor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SiblingFusion} on small programs written out by hand: values {@code 0 … inputs − 1} are
 * inputs, instruction {@code i} defines value {@code inputs + i}; each region lists its members
 * (each reading the given values), its external arrays and scalars, and whether it ends with a
 * full sum, an axis sum or has a block member. Independent regions of one shape merge, at a place
 * between their operands' producers and their results' readers; regions with a path between them,
 * of other shapes, whose order the instructions between them fix, or past the limits do not.
 */
class SiblingFusionTest {
  private static final BlockKernel BLOCK = new BlockKernel(SiblingFusionTest.class, "block");

  /** A block kernel (the plan never calls it): the identity. */
  public static void block(double[] x, int xOff, double[] y, int yOff, int n) {
    System.arraycopy(x, xOff, y, yOff, n);
  }

  /** A program being written: instructions' arguments, and the regions over them. */
  private static final class Program {
    final int inputs;
    final List<int[]> arguments = new ArrayList<>();
    final List<Region> regions = new ArrayList<>();
    final List<int[]> shapes = new ArrayList<>();
    final List<Integer> costly = new ArrayList<>();
    final List<Boolean> vector = new ArrayList<>();
    final List<Integer> regionOf = new ArrayList<>();

    Program(int inputs) {
      this.inputs = inputs;
    }

    /** An unfused instruction reading {@code args}; returns its value. */
    int instruction(int... args) {
      arguments.add(args);
      regionOf.add(-1);
      return inputs + arguments.size() - 1;
    }

    /**
     * A region of elementwise members, member {@code m} reading {@code reads[m]} (values), with
     * the given external arrays and scalars; {@code last} is the kind of its last member
     * ({@link Region#ELEMENT}, {@link Region#SUM} or {@link Region#AXIS_SUM}). Returns the values
     * of its members.
     */
    int[] region(int[][] reads, int[] arrays, int[] scalars, byte last, boolean block,
        int costlyMembers, boolean vectorLoop, int[] shape) {
      int count = reads.length;
      int[] members = new int[count];
      int[] results = new int[count];
      byte[] kinds = new byte[count];
      BlockKernel[] blocks = new BlockKernel[count];
      int[][] args = new int[count][];
      for (int m = 0; m < count; m++) {
        members[m] = arguments.size();
        results[m] = inputs + members[m];
        arguments.add(reads[m]);
        regionOf.add(regions.size());
        kinds[m] = m == count - 1 ? last : Region.ELEMENT;
        args[m] = new int[0];
      }
      blocks[0] = block ? BLOCK : null;
      int[] sums = last == Region.SUM ? new int[] {count - 1} : new int[0];
      regions.add(new Region(members, kinds, new ElementKernelDescriptor[count], blocks, args,
          arrays, scalars, new int[0], sums, results));
      shapes.add(shape);
      costly.add(costlyMembers);
      vector.add(vectorLoop);
      return results;
    }

    int[] region(int[][] reads, int[] arrays, byte last, boolean vectorLoop) {
      return region(reads, arrays, new int[0], last, false, 0, vectorLoop, null);
    }

    SiblingFusion.Merges merge(SumOrder order) {
      int values = inputs + arguments.size();
      int[] producer = new int[values];
      Arrays.fill(producer, -1);
      for (int i = 0; i < arguments.size(); i++) {
        producer[inputs + i] = i;
      }
      return SiblingFusion.merge(
          regions.toArray(Region[]::new),
          shapes.toArray(int[][]::new),
          costly.stream().mapToInt(Integer::intValue).toArray(),
          toBooleans(vector),
          order,
          regionOf.stream().mapToInt(Integer::intValue).toArray(),
          arguments.toArray(int[][]::new),
          producer,
          values);
    }

    private static boolean[] toBooleans(List<Boolean> list) {
      boolean[] b = new boolean[list.size()];
      for (int k = 0; k < b.length; k++) {
        b[k] = list.get(k);
      }
      return b;
    }
  }

  private static int[][] reads(int[]... reads) {
    return reads;
  }

  private static int[] values(int... v) {
    return v;
  }

  /** cheap8's gradient: the forward sum over x, a, b and dy/dx from a and the seed. */
  @Test
  void aGradientsForwardSumAndItsBackwardRegionReadingTheSameInputMerge() {
    Program p = new Program(4); // x, a, b, seed
    // x·a + b summed; the seed's splat times a
    p.region(reads(values(0, 1), values(4, 2), values(5)), values(0, 1, 2), Region.SUM, true);
    p.region(reads(values(3), values(7, 1)), values(1), values(3), Region.ELEMENT, false, 0, true,
        null);
    SiblingFusion.Merges merges = p.merge(SumOrder.LANES);
    assertArrayEquals(new int[] {0, 0}, merges.into());
    assertEquals(2, merges.position()[0],
        "its operands exist before the forward region's step: it runs there");
  }

  @Test
  void aVectorLoopMergesWithAnElementLoopOnlyIfThatAddsAnInOrderSum() {
    for (SumOrder order : SumOrder.values()) {
      Program p = new Program(2);
      p.region(reads(values(0, 1), values(2)), values(0, 1), Region.SUM, false);
      p.region(reads(values(1)), values(1), Region.ELEMENT, true);
      boolean merges = order == SumOrder.SEQUENTIAL;
      assertEquals(merges, p.merge(order).any(), order.toString());
    }
    Program noSum = new Program(2);
    noSum.region(reads(values(0, 1)), values(0, 1), Region.ELEMENT, false);
    noSum.region(reads(values(1)), values(1), Region.ELEMENT, true);
    assertFalse(noSum.merge(SumOrder.SEQUENTIAL).any(), "an element loop would lose the vectors");
    Program block = new Program(2);
    block.region(reads(values(0), values(2)), values(0), new int[0], Region.SUM, true, 0, false,
        null);
    block.region(reads(values(0, 1)), values(0, 1), Region.ELEMENT, true);
    assertFalse(block.merge(SumOrder.SEQUENTIAL).any(), "a block loop would lose the vectors");
    Program both = new Program(2);
    both.region(reads(values(0), values(2)), values(0), new int[0], Region.SUM, true, 0, false,
        null);
    both.region(reads(values(0, 1)), values(0, 1), new int[0], Region.ELEMENT, true, 0, false,
        null);
    assertArrayEquals(new int[] {0, 0}, both.merge(SumOrder.LANES).into(), "two block loops");
  }

  @Test
  void aPathThroughAnUnfusedInstructionKeepsRegionsApart() {
    Program p = new Program(2);
    int[] first = p.region(reads(values(0, 1)), values(0, 1), Region.ELEMENT, true);
    int between = p.instruction(first[0]); // e.g. a transpose
    p.region(reads(values(between, 0)), values(between, 0), Region.ELEMENT, true);
    assertFalse(p.merge(SumOrder.LANES).any());
  }

  @Test
  void aRegionReadingAnothersSumDoesNotMergeWithIt() {
    Program p = new Program(2);
    int[] first = p.region(reads(values(0, 1), values(2)), values(0, 1), Region.SUM, true);
    p.region(reads(values(0, first[1])), values(0), values(first[1]), Region.ELEMENT, false, 0,
        true, null);
    assertFalse(p.merge(SumOrder.LANES).any());
  }

  @Test
  void regionsWithoutAValueOrStaticShapeInCommonDoNotMerge() {
    Program p = new Program(2);
    p.region(reads(values(0)), values(0), Region.ELEMENT, true);
    p.region(reads(values(1)), values(1), Region.ELEMENT, true);
    assertFalse(p.merge(SumOrder.LANES).any(), "x and y may differ in shape");
    Program shapes = new Program(2);
    shapes.region(reads(values(0)), values(0), new int[0], Region.ELEMENT, false, 0, true,
        new int[] {2, 3});
    shapes.region(reads(values(0)), values(0), new int[0], Region.ELEMENT, false, 0, true,
        new int[] {3, 2});
    assertFalse(shapes.merge(SumOrder.LANES).any(), "two static shapes");
    Program same = new Program(2);
    same.region(reads(values(0)), values(0), new int[0], Region.ELEMENT, false, 0, true,
        new int[] {2, 3});
    same.region(reads(values(1)), values(1), new int[0], Region.ELEMENT, false, 0, true,
        new int[] {2, 3});
    assertArrayEquals(new int[] {0, 0}, same.merge(SumOrder.LANES).into(), "one static shape");
  }

  /** x's shape ties a region over y (reading x too) to one over x: a chain of shared values. */
  @Test
  void aChainOfSharedValuesProvesOneShape() {
    Program p = new Program(3);
    p.region(reads(values(0)), values(0), Region.ELEMENT, true); // over x
    p.instruction(1); // an unfused use of y
    p.region(reads(values(1, 2)), values(1, 2), Region.ELEMENT, true); // over y and z
    p.region(reads(values(2, 0)), values(2, 0), Region.ELEMENT, true); // z and x: one shape
    SiblingFusion.Merges merges = p.merge(SumOrder.LANES);
    assertArrayEquals(new int[] {0, 0, 0}, merges.into());
    assertEquals(0, merges.position()[0], "inputs only: the first region's step");
  }

  /**
   * The later region reads a value an unfused instruction makes after the earlier region: the
   * merge runs at the later region's step, since nothing reads the earlier one's values before.
   */
  @Test
  void aMergeRunsAtTheLaterStepWhenAnOperandComesAfterTheEarlierOne() {
    Program p = new Program(2);
    p.region(reads(values(0, 1)), values(0, 1), Region.ELEMENT, true);
    int late = p.instruction(1);
    p.region(reads(values(late, 0)), values(late, 0), Region.ELEMENT, true);
    SiblingFusion.Merges merges = p.merge(SumOrder.LANES);
    assertArrayEquals(new int[] {0, 0}, merges.into());
    assertEquals(2, merges.position()[0]);
  }

  /**
   * An instruction reads the earlier region's value before the later region's operand exists: no
   * step suits both, though neither region reads the other's values.
   */
  @Test
  void regionsWhoseOrderTheInstructionsBetweenThemFixDoNotMerge() {
    Program p = new Program(2);
    int[] first = p.region(reads(values(0, 1)), values(0, 1), Region.ELEMENT, true);
    p.instruction(first[0]);
    int late = p.instruction(1);
    p.region(reads(values(late, 0)), values(late, 0), Region.ELEMENT, true);
    assertFalse(p.merge(SumOrder.LANES).any());
  }

  @Test
  void theLimitsHoldForMergedRegions() {
    Program costly = new Program(1);
    costly.region(reads(values(0)), values(0), new int[0], Region.ELEMENT, false, 1, false, null);
    costly.region(reads(values(0)), values(0), new int[0], Region.ELEMENT, false, 1, false, null);
    assertFalse(costly.merge(SumOrder.SEQUENTIAL).any(), "two costly members");
    Program big = new Program(1);
    int[][] many = new int[FusionPlan.MAX_MEMBERS / 2 + 1][];
    Arrays.fill(many, values(0));
    big.region(many, values(0), Region.ELEMENT, true);
    big.region(many, values(0), Region.ELEMENT, true);
    assertFalse(big.merge(SumOrder.LANES).any(), "more than MAX_MEMBERS members");
    Program axis = new Program(1);
    axis.region(reads(values(0), values(1)), values(0), new int[0], Region.AXIS_SUM, false, 0,
        false, new int[] {2, 3});
    axis.region(reads(values(0)), values(0), new int[0], Region.ELEMENT, false, 0, false,
        new int[] {2, 3});
    assertFalse(axis.merge(SumOrder.LANES).any(), "axis sums keep their threads");
  }

  /** Many regions over one input, each an open one's sibling: they merge up to the limit. */
  @Test
  void siblingsMergeUpToTheMemberLimitInOneScan() {
    Program p = new Program(1);
    int regions = 1000;
    for (int r = 0; r < regions; r++) {
      p.region(reads(values(0)), values(0), Region.ELEMENT, true);
    }
    SiblingFusion.Merges merges = p.merge(SumOrder.LANES);
    long kept = Arrays.stream(merges.into()).distinct().count();
    assertEquals(regions / FusionPlan.MAX_MEMBERS, kept);
  }
}
