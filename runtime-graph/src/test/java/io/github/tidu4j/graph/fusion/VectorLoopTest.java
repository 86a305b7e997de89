package io.github.tidu4j.graph.fusion;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.tidu4j.graph.ElementKernel;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The vector loop {@link LoopGenerator} writes for regions of cheap members, against the element
 * loop of the same region: the same bits for every element, live-out and sum, for lengths below,
 * at and around one group of eight elements, non-zero offsets ({@code from}), and ranges split
 * into several {@code run} calls (as threads split them), with vectors of 2, 4 and 8 lanes. Run
 * with {@code jdk.incubator.vector} resolved (the pom's {@code vector-loops-incubator} execution,
 * which sets {@code tidu4j.vectorloops.expected}), it also checks that such regions do get the
 * vector loop; run without, that they keep the element loop.
 */
class VectorLoopTest {

  /** Cheap kernels (one expression each) and one that is not (a call). */
  public interface Kernels {
    static double mul(double a, double b) {
      return a * b;
    }

    static double add(double a, double b) {
      return a + b;
    }

    static double neg(double x) {
      return -x;
    }

    static double sub(double a, double b) {
      return a - b;
    }

    static double recip(double x) {
      return 1.0 / x;
    }

    static double mulAddOne(double a, double b) {
      return a * b + 1.0;
    }

    static double halfSquare(double x) {
      return x * x * 0.5;
    }

    static double exp(double x) {
      return Math.exp(x);
    }

    static double clamp(double x) {
      return x < 0 ? 0.0 : x;
    }
  }

  private static final String OWNER = Kernels.class.getName().replace('.', '/');

  private static ElementKernelDescriptor kernel(int opcode, String name, int arity) {
    String descriptor = "(" + "D".repeat(arity) + ")D";
    return new ElementKernelDescriptor(
        opcode, name, OWNER, arity, new ElementKernel(name, descriptor, true), null, null);
  }

  private static final ElementKernelDescriptor MUL = kernel(0, "mul", 2);
  private static final ElementKernelDescriptor ADD = kernel(1, "add", 2);
  private static final ElementKernelDescriptor NEG = kernel(2, "neg", 1);
  private static final ElementKernelDescriptor SUB = kernel(3, "sub", 2);
  private static final ElementKernelDescriptor RECIP = kernel(4, "recip", 1);
  private static final ElementKernelDescriptor HALF_SQUARE = kernel(5, "halfSquare", 1);
  private static final ElementKernelDescriptor EXP = kernel(6, "exp", 1);
  private static final ElementKernelDescriptor CLAMP = kernel(7, "clamp", 1);
  private static final ElementKernelDescriptor MUL_ADD_ONE = kernel(8, "mulAddOne", 2);

  private static final byte E = Region.ELEMENT;
  private static final byte S = Region.SUM;
  private static final byte P = Region.SPLAT;
  private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
  private static final boolean EXPECTED =
      Boolean.getBoolean("tidu4j.vectorloops.expected");

  /**
   * cheap8 over arrays x (0), a (1), b (2): y = Σ (−(−(x·a + b)·a + b)·a + b); no live-out.
   */
  private static Region cheap8() {
    return new Region(
        new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8},
        new byte[] {E, E, E, E, E, E, E, E, S},
        new ElementKernelDescriptor[] {MUL, ADD, NEG, MUL, ADD, NEG, MUL, ADD, null},
        new BlockKernel[9],
        new int[][] {{0, 2}, {-1, 4}, {-2}, {-3, 2}, {-4, 4}, {-5}, {-6, 2}, {-7, 4}, {-8}},
        new int[] {100, 101, 102},
        new int[0],
        new int[0],
        new int[] {8},
        new int[] {10, 11, 12, 13, 14, 15, 16, 17, 18});
  }

  /**
   * Over arrays x (0), a (1) and scalar s (splat m1, and an argument of m4 directly): m0 = x·a,
   * m2 = m0 − m1, m3 = 1 / m2, m4 = m3 + s, m5 = m4·m4·0.5, m6 = Σ m5, m7 = Σ x, m8 = Σ m0;
   * live-outs m0, m3 and m5.
   */
  private static Region mixed() {
    return new Region(
        new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8},
        new byte[] {E, P, E, E, E, E, S, S, S},
        new ElementKernelDescriptor[] {MUL, null, SUB, RECIP, ADD, HALF_SQUARE, null, null, null},
        new BlockKernel[9],
        new int[][] {{0, 2}, {1}, {-1, -2}, {-3}, {-4, 1}, {-5}, {-6}, {0}, {-1}},
        new int[] {100, 101},
        new int[] {102},
        new int[] {0, 3, 5},
        new int[] {6, 7, 8},
        new int[] {10, 11, 12, 13, 14, 15, 16, 17, 18});
  }

  /** Over arrays x (0), a (1): m0 = x·a, m1 = −m0; live-outs m0 and m1, no sum. */
  private static Region liveOutsOnly() {
    return new Region(
        new int[] {0, 1},
        new byte[] {E, E},
        new ElementKernelDescriptor[] {MUL, NEG},
        new BlockKernel[2],
        new int[][] {{0, 2}, {-1}},
        new int[] {100, 101},
        new int[0],
        new int[] {0, 1},
        new int[0],
        new int[] {10, 11});
  }

  /** Over array x: m0 = op(x), m1 = Σ m0. */
  private static Region unary(ElementKernelDescriptor op) {
    return new Region(
        new int[] {0, 1},
        new byte[] {E, S},
        new ElementKernelDescriptor[] {op, null},
        new BlockKernel[2],
        new int[][] {{0}, {-1}},
        new int[] {100},
        new int[0],
        new int[0],
        new int[] {1},
        new int[] {10, 11});
  }

  @Test
  void kernelExpressionsAreReadFromTheKernelsBytecode() {
    ClassLoader loader = VectorLoopTest.class.getClassLoader();
    KernelExpression mul = KernelExpression.read(MUL, loader);
    assertNotNull(mul);
    assertArrayEquals(
        new byte[] {KernelExpression.ARGUMENT, KernelExpression.ARGUMENT, KernelExpression.MUL},
        mul.steps());
    assertArrayEquals(new int[] {0, 1}, new int[] {mul.arguments()[0], mul.arguments()[1]});
    KernelExpression recip = KernelExpression.read(RECIP, loader);
    assertNotNull(recip);
    assertArrayEquals(
        new byte[] {KernelExpression.CONSTANT, KernelExpression.ARGUMENT, KernelExpression.DIV},
        recip.steps());
    assertEquals(1.0, recip.constants()[0]);
    assertArrayEquals(
        new byte[] {KernelExpression.ARGUMENT, KernelExpression.NEG},
        KernelExpression.read(NEG, loader).steps());
    // a call, a branch: no expression, the element loop calls the kernel
    assertNull(KernelExpression.read(EXP, loader));
    assertNull(KernelExpression.read(CLAMP, loader));
    // a method the class does not have
    assertNull(
        KernelExpression.read(
            new ElementKernelDescriptor(
                9, "none", OWNER, 1, new ElementKernel("none", "(D)D", true), null, null),
            loader));
  }

  /** KernelExpression's Javadoc example. */
  @Test
  void kernelExpressionExample() {
    ElementKernelDescriptor descriptor = MUL_ADD_ONE;
    ClassLoader loader = VectorLoopTest.class.getClassLoader();
    KernelExpression e = KernelExpression.read(descriptor, loader); // of a * b + 1.0
    byte[] steps = e.steps(); // ARGUMENT, ARGUMENT, MUL, CONSTANT, ADD
    assertArrayEquals(
        new byte[] {
          KernelExpression.ARGUMENT, KernelExpression.ARGUMENT, KernelExpression.MUL,
          KernelExpression.CONSTANT, KernelExpression.ADD
        },
        steps);
    assertEquals(1.0, e.constants()[3]);
    assertEquals(1, e.arguments()[1]);
  }

  /** VectorLoops' Javadoc example. */
  @Test
  void vectorLoopsLanesExample() {
    MethodHandles.Lookup lookup = LOOKUP;
    int lanes = VectorLoops.lanes(lookup);   // 8 with AVX-512, else 0 (the element loops)
    boolean eight = VectorLoops.usable(lookup) && VectorLoops.preferredShapeLanes() >= 8;
    assertEquals(eight ? 8 : 0, lanes);
  }

  @Test
  void vectorLoopsAreTakenWhereTheModuleIsResolvedAndNotElsewhere() throws Throwable {
    int lanes = VectorLoops.lanes(LOOKUP);
    if (EXPECTED) {
      assertTrue(VectorLoops.usable(LOOKUP));
      // eight lanes where the hardware has them (see VectorLoops), the element loops elsewhere
      int preferred = VectorLoops.preferredShapeLanes();
      assertEquals(preferred >= 8 ? 8 : 0, lanes, "preferred shape's lanes " + preferred);
    }
    if (lanes > 0) {
      assertTrue(isVector(loop(cheap8(), SumOrder.LANES, lanes)));
      assertTrue(isVector(loop(mixed(), SumOrder.LANES, lanes)));
      assertTrue(isVector(loop(liveOutsOnly(), SumOrder.SEQUENTIAL, lanes)));
    } else if (ModuleLayer.boot().findModule(VectorLoops.MODULE).isEmpty()) {
      assertEquals(0, lanes);
      assertTrue(!isVector(loop(cheap8(), SumOrder.LANES, lanes)));
    }
    // regions the vector loop does not take, whatever the lanes: a sum in index order, a member
    // whose kernel calls a method or branches
    assertTrue(!isVector(loop(cheap8(), SumOrder.SEQUENTIAL, lanes)));
    assertTrue(!isVector(loop(unary(EXP), SumOrder.LANES, lanes)));
    assertTrue(!isVector(loop(unary(CLAMP), SumOrder.LANES, lanes)));
    assertTrue(!isVector(loop(cheap8(), SumOrder.LANES, 0)));
  }

  @Test
  void onlyRegionsWithASumAskForVectors() throws Throwable {
    int lanes = VectorLoops.lanes(LOOKUP);
    assertEquals(lanes, VectorLoops.lanes(LOOKUP, cheap8()));
    assertEquals(lanes, VectorLoops.lanes(LOOKUP, mixed()));
    // no sum: C2's SuperWord vectorises the element loop itself
    assertEquals(0, VectorLoops.lanes(LOOKUP, liveOutsOnly()));
    assertTrue(!isVector(constructed(
        LoopGenerator.define(liveOutsOnly(), LOOKUP, FusionSet.DEFAULT_BLOCK_SIZE, SumOrder.LANES),
        liveOutsOnly())));
    assertEquals(lanes > 0, isVector(constructed(
        LoopGenerator.define(cheap8(), LOOKUP, FusionSet.DEFAULT_BLOCK_SIZE, SumOrder.LANES),
        cheap8())));
  }

  @Test
  void cheap8VectorLoopGivesTheElementLoopsBits() throws Throwable {
    compareWithElementLoop(cheap8(), SumOrder.LANES);
  }

  /** Arrays above {@link VectorLoops#maxElements}: the element loop runs them, same bits. */
  @Test
  void largeArraysRunTheElementLoopWithTheSameBits() throws Throwable {
    assumeTrue(VectorLoops.usable(LOOKUP), "jdk.incubator.vector is not resolved");
    Region region = cheap8();
    int n = VectorLoops.maxElements(3) + 3;
    SplittableRandom random = new SplittableRandom(n);
    double[][] inputs = {random(n, random), random(n, random), random(n, random)};
    int[] cuts = {0, BlockedSum.BLOCK, 2 * BlockedSum.BLOCK + 1, n};
    double[][] want = runSplit(loop(region, SumOrder.LANES, 0), region, inputs, new double[0], n,
        cuts);
    double[][] got = runSplit(loop(region, SumOrder.LANES, 8), region, inputs, new double[0], n,
        cuts);
    assertArrayEquals(want[0], got[0]);
  }

  @Test
  void liveOutsSplatsScalarsAndSumsOfInputsGiveTheElementLoopsBits() throws Throwable {
    compareWithElementLoop(mixed(), SumOrder.LANES);
  }

  @Test
  void regionsWithoutSumsVectoriseInEitherOrder() throws Throwable {
    compareWithElementLoop(liveOutsOnly(), SumOrder.SEQUENTIAL);
    compareWithElementLoop(liveOutsOnly(), SumOrder.LANES);
  }

  @Test
  void lanesSumOfTheVectorLoopIsLaneSumsOrder() throws Throwable {
    assumeTrue(VectorLoops.usable(LOOKUP), "jdk.incubator.vector is not resolved");
    Region region = unary(NEG);
    for (int n : new int[] {1, 7, 8, 9, 1000, 1003}) {
      double[] x = random(n, new SplittableRandom(n));
      FusedLoop loop = loop(region, SumOrder.LANES, 8);
      assertTrue(isVector(loop));
      double[] sums = {0.0};
      loop.run(new double[][] {x}, new double[0], new double[0][], sums, 0, n);
      double[] negated = new double[n];
      for (int i = 0; i < n; i++) {
        negated[i] = -x[i];
      }
      assertEquals(
          Double.doubleToRawLongBits(LaneSum.sum(negated, 0, n)),
          Double.doubleToRawLongBits(sums[0]),
          "n = " + n);
    }
  }

  /**
   * For vectors of 2, 4 and 8 lanes (the Vector API runs every species, in software where the
   * hardware has none), every n and split: the vector loop's outputs and sums equal the element
   * loop's bit for bit.
   */
  private static void compareWithElementLoop(Region region, SumOrder order) throws Throwable {
    assumeTrue(VectorLoops.usable(LOOKUP), "jdk.incubator.vector is not resolved");
    FusedLoop element = loop(region, order, 0);
    for (int lanes : new int[] {2, 4, 8}) {
      FusedLoop vector = loop(region, order, lanes);
      assertTrue(isVector(vector), "lanes " + lanes);
      for (int n : new int[] {0, 1, 5, 7, 8, 9, 15, 16, 17, 31, 100, 1000, 1003}) {
        SplittableRandom random = new SplittableRandom(31L * n + lanes);
        double[][] inputs = new double[region.externalArrays().length][];
        for (int e = 0; e < inputs.length; e++) {
          inputs[e] = random(n, random);
        }
        double[] scalars = new double[region.externalScalars().length];
        for (int s = 0; s < scalars.length; s++) {
          scalars[s] = random.nextDouble(-2, 2);
        }
        // one call; calls from a non-zero offset (odd and even); many short calls
        for (int[] cuts :
            new int[][] {{0, n}, {0, n / 3, n}, {0, Math.min(n, 5), Math.min(n, 13), n},
                steps(n, 3), steps(n, 8)}) {
          double[][] want = runSplit(element, region, inputs, scalars, n, cuts);
          double[][] got = runSplit(vector, region, inputs, scalars, n, cuts);
          for (int k = 0; k < want.length; k++) {
            assertArrayEquals(
                want[k], got[k],
                "lanes " + lanes + ", n " + n + ", output/sums " + k + ", cuts "
                    + java.util.Arrays.toString(cuts));
          }
        }
      }
    }
  }

  /** The live-outs, then the sums of each call in turn (a sum's lanes restart at each call). */
  private static double[][] runSplit(
      FusedLoop loop, Region region, double[][] inputs, double[] scalars, int n, int[] cuts) {
    double[][] outputs = new double[region.liveOuts().length][n];
    int sumCount = region.sums().length;
    double[] sums = new double[sumCount * (cuts.length - 1)];
    for (int c = 0; c + 1 < cuts.length; c++) {
      double[] part = new double[sumCount];
      java.util.Arrays.fill(part, -0.0);
      loop.run(inputs, scalars, outputs, part, cuts[c], cuts[c + 1]);
      System.arraycopy(part, 0, sums, c * sumCount, sumCount);
    }
    double[][] all = new double[outputs.length + 1][];
    System.arraycopy(outputs, 0, all, 0, outputs.length);
    all[outputs.length] = sums;
    return all;
  }

  private static int[] steps(int n, int step) {
    int[] cuts = new int[(n + step - 1) / step + 1];
    for (int c = 1; c < cuts.length; c++) {
      cuts[c] = Math.min(n, c * step);
    }
    return cuts;
  }

  private static double[] random(int n, SplittableRandom random) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = random.nextDouble(-4, 4);
    }
    return v;
  }

  private static FusedLoop loop(Region region, SumOrder order, int lanes) throws Throwable {
    return constructed(
        LoopGenerator.define(region, LOOKUP, FusionSet.DEFAULT_BLOCK_SIZE, order, lanes), region);
  }

  private static FusedLoop constructed(MethodHandle constructor, Region region) throws Throwable {
    return (FusedLoop) constructor.invoke(new Object[region.members().length]);
  }

  private static boolean isVector(FusedLoop loop) {
    return loop.getClass().getName().contains("FusedVectorLoop");
  }
}
