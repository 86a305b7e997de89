package io.github.tidu4j.primitives.fusion;

import static io.github.tidu4j.primitives.fusion.TensorFusionTest.assertSameValues;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.fusion.AxisSum;
import io.github.tidu4j.graph.fusion.BlockedSum;
import io.github.tidu4j.graph.fusion.Broadcast;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorKernels;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorPrimitives;
import io.github.tidu4j.primitives.TensorPrimitives.BroadcastInDim;
import io.github.tidu4j.primitives.TensorPrimitives.ReduceSum;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.TensorElementValues;
import io.github.tidu4j.primitives.testing.RandomTensors;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * General broadcasts ({@code BroadcastInDim} of a tensor) read inside fused regions and sums over
 * some axes ending them: the exact set's values are the unfused ones bit for bit (an axis sum adds
 * in the kernel's order), the default set's within {@code VectorisedValues}' tolerance, on one
 * thread and with splitting forced from the first element; programs of rank 1 to 3, broadcasts
 * along any axes and from length-1 axes, sums over every axis and set of axes, forward and
 * gradient programs; and the regions are the expected ones, so a change that silently runs them
 * unfused fails.
 */
class BroadcastFusionTest {

  private static final FusionParallelism FORCED =
      FusionParallelism.of(ForkJoinPool.commonPool(), 4, 0);

  /**
   * {@link TensorFusionTest#assertSameValues}, and the exact set's values with splitting forced
   * from the first element are the unfused ones too.
   */
  private static void assertUnfusedValues(CompiledProgram<TensorOp> p, List<Tensor> inputs) {
    assertSameValues(p, inputs);
    assertEquals(Interpreter.evalPositional(p, inputs),
        TensorFusion.exactSet(FORCED).fuse(p).evalPositional(inputs),
        "splitting forced: the exact set's values differ from the Interpreter's");
  }

  private static CompiledProgram<TensorOp> compile(TensorBuilder tb, TensorValue... outputs) {
    return Graphs.compile(Graphs.materialize(tb.build(outputs)));
  }

  /** The names of the instructions of {@code fused}'s regions, region by region. */
  private static List<List<String>> regionNames(FusedProgram<TensorOp, Tensor> fused) {
    List<List<String>> names = new ArrayList<>();
    for (int[] region : fused.regions()) {
      names.add(Arrays.stream(region).mapToObj(i -> fused.program().operation(i).name()).toList());
    }
    return names;
  }

  /** The [m, n] shapes tried: unit axes, one block, and more elements than a block. */
  private static final int[][] MATRICES = {
    {1, 5}, {5, 1}, {1, 1}, {3, 4}, {7, 300}, {200, BlockedSum.BLOCK / 100}
  };

  /**
   * Σ_j tanh(x∘w + b_j) and Σ_i of the same with a column bias c_i: a row and a column vector
   * broadcast over an [m, n] matrix, summed over the last and the first axis and over both.
   */
  @Test
  void biasVectorsOverRowsAndColumnsWithTheirAxisSumsFuse() {
    for (int[] mn : MATRICES) {
      int m = mn[0];
      int n = mn[1];
      TensorBuilder tb = TensorBuilder.create();
      TensorValue x = tb.input("x", DType.F64, m, n);
      TensorValue w = tb.input("w", DType.F64, m, n);
      TensorValue b = tb.input("b", DType.F64, n);
      TensorValue c = tb.input("c", DType.F64, m);
      TensorValue rows = x.mul(w).add(b.broadcastInDim(new int[] {m, n}, 1)).tanh();
      TensorValue cols = x.mul(c.broadcastInDim(new int[] {m, n}, 0)).add(w);
      CompiledProgram<TensorOp> p =
          compile(tb, rows.reduceSum(1), rows.reduceSum(0), cols.reduceSum(0), cols.reduceSum(1),
              cols.sum());
      SplittableRandom r = new SplittableRandom(m * 1000 + n);
      assertUnfusedValues(p, List.of(RandomTensors.of(r, -2, 2, m, n),
          RandomTensors.of(r, -1, 1, m, n), RandomTensors.of(r, -1, 1, n),
          RandomTensors.of(r, -1, 1, m)));
    }
  }

  @Test
  void aBiasedTanhSummedOverItsLastAxisIsOneRegion() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 4, 6);
    TensorValue a = tb.input("a", DType.F64);
    TensorValue b = tb.input("b", DType.F64, 6);
    TensorValue y =
        x.mul(a.broadcastInDim(new int[] {4, 6})).add(b.broadcastInDim(new int[] {4, 6}, 1))
            .tanh().reduceSum(1);
    CompiledProgram<TensorOp> p = compile(tb, y);
    for (FusedProgram<TensorOp, Tensor> fused :
        List.of(TensorFusion.fuseExact(p), TensorFusion.fuse(p))) {
      assertEquals(
          List.of(List.of("BroadcastInDim", "Mul", "BroadcastInDim", "Add", "Tanh", "ReduceSum")),
          regionNames(fused));
      assertEquals(p.instructionCount(), fused.regions().get(0).length);
    }
    SplittableRandom r = new SplittableRandom(3);
    assertUnfusedValues(p, List.of(RandomTensors.of(r, -2, 2, 4, 6), Tensor.scalar(0.7),
        RandomTensors.of(r, -1, 1, 6)));
  }

  /**
   * A [p, r] matrix broadcast into [p, q, r] along axes 0 and 2 (the middle axis repeated), a
   * vector along the middle axis, and sums over each axis and each pair of axes.
   */
  @Test
  void rank2IntoRank3AlongTheOuterAxesAndSumsOverEveryAxisSet() {
    for (int[] pqr : new int[][] {{2, 3, 4}, {3, 1, 5}, {1, 4, 2}, {5, 7, 1}, {20, 30, 40}}) {
      int[] shape = pqr;
      TensorBuilder tb = TensorBuilder.create();
      TensorValue x = tb.input("x", DType.F64, shape);
      TensorValue w = tb.input("w", DType.F64, shape[0], shape[2]);
      TensorValue v = tb.input("v", DType.F64, shape[1]);
      TensorValue y =
          x.mul(w.broadcastInDim(shape, 0, 2)).add(v.broadcastInDim(shape, 1)).sin();
      List<TensorValue> outputs = new ArrayList<>();
      for (int[] axes : new int[][] {{0}, {1}, {2}, {0, 1}, {1, 2}, {0, 2}}) {
        outputs.add(y.reduceSum(axes));
      }
      outputs.add(y);
      CompiledProgram<TensorOp> p = compile(tb, outputs.toArray(TensorValue[]::new));
      SplittableRandom r = new SplittableRandom(Arrays.hashCode(shape));
      assertUnfusedValues(p, List.of(RandomTensors.of(r, -2, 2, shape),
          RandomTensors.of(r, -1, 1, shape[0], shape[2]), RandomTensors.of(r, -1, 1, shape[1])));
    }
  }

  @Test
  void everyNonDegenerateSumOfARank3RegionFusesIntoIt() {
    TensorBuilder tb = TensorBuilder.create();
    int[] shape = {2, 3, 4};
    TensorValue x = tb.input("x", DType.F64, shape);
    TensorValue w = tb.input("w", DType.F64, 2, 4);
    TensorValue y = x.mul(w.broadcastInDim(shape, 0, 2)).exp();
    CompiledProgram<TensorOp> p = compile(tb, y.reduceSum(1), y.reduceSum(0, 2), y.reduceSum(2));
    FusedProgram<TensorOp, Tensor> fused = TensorFusion.fuseExact(p);
    assertEquals(1, fused.regionCount());
    assertEquals(p.instructionCount(), fused.regions().get(0).length);
  }

  /**
   * Length-1 operand axes broadcast to longer ones ([1, n] and [m, 1] into [m, n]), a region with a
   * unit axis ([m, 1, n]), sums over a unit axis together with others.
   */
  @Test
  void lengthOneAxesBroadcastAndSum() {
    for (int[] mn : new int[][] {{3, 4}, {1, 6}, {6, 1}, {40, 500}}) {
      int m = mn[0];
      int n = mn[1];
      int[] shape = {m, 1, n};
      TensorBuilder tb = TensorBuilder.create();
      TensorValue x = tb.input("x", DType.F64, m, n);
      TensorValue row = tb.input("row", DType.F64, 1, n);
      TensorValue col = tb.input("col", DType.F64, m, 1);
      TensorValue z = tb.input("z", DType.F64, shape);
      TensorValue y =
          x.add(row.broadcastInDim(new int[] {m, n}, 0, 1))
              .mul(col.broadcastInDim(new int[] {m, n}, 0, 1)).cos();
      TensorValue u = z.mul(row.broadcastInDim(shape, 1, 2)).add(z);
      CompiledProgram<TensorOp> p =
          compile(tb, y.reduceSum(0), y.reduceSum(1), u.reduceSum(0, 1), u.reduceSum(1, 2),
              u.reduceSum(0));
      SplittableRandom r = new SplittableRandom(m + 31 * n);
      assertUnfusedValues(p, List.of(RandomTensors.of(r, -2, 2, m, n),
          RandomTensors.of(r, -1, 1, 1, n), RandomTensors.of(r, -1, 1, m, 1),
          RandomTensors.of(r, -1, 1, shape)));
    }
  }

  /**
   * A sum of unit axes only passes its elements through ({@code -0.0} stays), and a sum of every
   * axis longer than 1 adds as a full sum: both run unfused, with the unfused values.
   */
  @Test
  void sumsOfUnitAxesOnlyOrOfEveryLongAxisRunUnfused() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 1, 5);
    TensorValue y = tb.input("y", DType.F64, 5, 1);
    TensorValue e = x.mul(x).neg();
    TensorValue f = y.mul(y).neg();
    CompiledProgram<TensorOp> p = compile(tb, e.reduceSum(0), e.reduceSum(1), f.reduceSum(1));
    FusedProgram<TensorOp, Tensor> fused = TensorFusion.fuseExact(p);
    for (List<String> region : regionNames(fused)) {
      assertFalse(region.contains("ReduceSum"), region.toString());
    }
    assertUnfusedValues(p, List.of(Tensor.of(new double[] {0, -0.0, 1, 2, 3}, 1, 5),
        Tensor.of(new double[] {-0.0, 0, 3, 2, 1}, 5, 1)));
  }

  @Test
  void signedZerosSumAsTheKernelDoes() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 2, 3);
    TensorValue b = tb.input("b", DType.F64, 3);
    TensorValue y = x.mul(b.broadcastInDim(new int[] {2, 3}, 1));
    CompiledProgram<TensorOp> p = compile(tb, y.reduceSum(1), y.reduceSum(0));
    assertEquals(1, TensorFusion.fuseExact(p).regionCount());
    assertUnfusedValues(p, List.of(Tensor.of(new double[] {-0.0, 1, -0.0, 0, -0.0, 2}, 2, 3),
        Tensor.of(new double[] {1, -0.0, 1}, 3)));
  }

  @Test
  void complexBroadcastsAndAxisSumsGiveTheUnfusedValues() {
    int m = 3;
    int n = 4;
    TensorBuilder tb = TensorBuilder.create();
    TensorValue z = tb.input("z", DType.C128, m, n);
    TensorValue b = tb.input("b", DType.C128, n);
    TensorValue y = z.mul(z).add(b.broadcastInDim(new int[] {m, n}, 1)).exp();
    CompiledProgram<TensorOp> p = compile(tb, y.reduceSum(1), y.reduceSum(0), y);
    assertEquals(1, TensorFusion.fuseExact(p).regionCount());
    SplittableRandom r = new SplittableRandom(11);
    List<Tensor> inputs =
        List.of(RandomTensors.complex(r, -1, 1, m, n), RandomTensors.complex(r, -1, 1, n));
    assertUnfusedValues(p, inputs); // learns the region's kinds
    assertUnfusedValues(p, inputs); // runs its complex loop
  }

  @Test
  void aBroadcastOperandOfAnotherShapeFailsAsTheUnfusedKernelDoes() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 2, 3);
    TensorValue b = tb.input("b", DType.F64, 3);
    CompiledProgram<TensorOp> p =
        compile(tb, x.add(b.broadcastInDim(new int[] {2, 3}, 1)).reduceSum(1));
    List<Tensor> wrong = List.of(Tensor.zeros(DType.F64, 2, 3), Tensor.vector(1, 2));
    GraphException unfused =
        assertThrows(GraphException.class, () -> Interpreter.evalPositional(p, wrong));
    GraphException fused =
        assertThrows(GraphException.class, () -> TensorFusion.fuseExact(p).evalPositional(wrong));
    assertEquals(unfused.getMessage(), fused.getMessage());
    List<Tensor> transposed = List.of(Tensor.zeros(DType.F64, 3, 2), Tensor.vector(1, 2, 3));
    unfused = assertThrows(GraphException.class, () -> Interpreter.evalPositional(p, transposed));
    fused = assertThrows(
        GraphException.class, () -> TensorFusion.fuseExact(p).evalPositional(transposed));
    assertEquals(unfused.getMessage(), fused.getMessage());
  }

  /** What a gradient program needs: the function, its inputs and the compiled gradient. */
  private record Gradient(CompiledProgram<TensorOp> forward, CompiledProgram<TensorOp> vjp) {}

  /**
   * {@code y(w, x, b)} with inputs w, x [m, n], b [n], and its VJP with respect to w and b:
   * linearize, transpose, merge with the forward graph, compile.
   */
  private static Gradient gradient(int m, int n, boolean rowSums) {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue w = tb.input("w", DType.F64, m, n);
    TensorValue x = tb.input("x", DType.F64, m, n);
    TensorValue b = tb.input("b", DType.F64, n);
    TensorValue t = w.mul(x).add(b.broadcastInDim(new int[] {m, n}, 1)).tanh();
    Graph<TensorOp> f = tb.build(rowSums ? t.reduceSum(1) : t.sum());
    List<ValueKey.Input> inputs =
        List.of(ValueKey.input(w.inputKey()), ValueKey.input(x.inputKey()),
            ValueKey.input(b.inputKey()));
    CompiledProgram<TensorOp> forward =
        Graphs.compile(Graphs.materializeMerge(Graphs.resolve(f), inputs, f.outputKeys()));
    LinearizedGraph<TensorOp> lin =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(inputs.get(0), inputs.get(2)));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(lin);
    List<ValueKey.Input> vjpInputs = new ArrayList<>(inputs);
    vjpInputs.add(ValueKey.input(vjp.linearInput(0)));
    CompiledProgram<TensorOp> grad =
        Graphs.compile(
            Graphs.materializeMerge(
                Graphs.resolve(List.of(f, vjp.graph())),
                vjpInputs,
                List.of(f.outputKey(0), vjp.linearOutput(0), vjp.linearOutput(1))));
    return new Gradient(forward, grad);
  }

  /**
   * The gradients of Σ_ij tanh(w∘x + b_j) and of its row sums Σ_j tanh(w∘x + b_j): the transpose
   * of the bias broadcast is a sum over the first axis, of the row sums a broadcast of the
   * cotangent over the rows; both fuse, and the values are the unfused ones.
   */
  @Test
  void gradientsOfABiasedTanhFuseTheirBroadcastsAndAxisSums() {
    for (int[] mn : MATRICES) {
      int m = mn[0];
      int n = mn[1];
      for (boolean rowSums : new boolean[] {false, true}) {
        Gradient g = gradient(m, n, rowSums);
        SplittableRandom r = new SplittableRandom(m * 7 + n);
        List<Tensor> inputs =
            new ArrayList<>(List.of(RandomTensors.of(r, -1, 1, m, n),
                RandomTensors.of(r, -2, 2, m, n), RandomTensors.of(r, -1, 1, n)));
        assertUnfusedValues(g.forward(), inputs);
        inputs.add(rowSums ? RandomTensors.of(r, -1, 1, m) : Tensor.scalar(1.0));
        assertUnfusedValues(g.vjp(), inputs);
      }
    }
  }

  @Test
  void theGradientsBroadcastsAndAxisSumsAreInItsRegions() {
    for (boolean rowSums : new boolean[] {false, true}) {
      Gradient g = gradient(4, 5, rowSums);
      FusedProgram<TensorOp, Tensor> fused = TensorFusion.fuseExact(g.vjp());
      List<List<String>> regions = regionNames(fused);
      int fusedSums = 0;
      int fusedBroadcasts = 0;
      for (List<String> region : regions) {
        fusedSums += (int) region.stream().filter("ReduceSum"::equals).count();
        fusedBroadcasts += (int) region.stream().filter("BroadcastInDim"::equals).count();
      }
      int sums = 0;
      int broadcasts = 0;
      for (int i = 0; i < g.vjp().instructionCount(); i++) {
        String name = g.vjp().operation(i).name();
        sums += name.equals("ReduceSum") ? 1 : 0;
        broadcasts += name.equals("BroadcastInDim") ? 1 : 0;
      }
      assertEquals(sums, fusedSums, "every sum is fused: " + regions);
      assertEquals(broadcasts, fusedBroadcasts, "every broadcast is fused: " + regions);
      assertTrue(fused.regionCount() <= 2, "forward and backward, at most: " + regions);
    }
  }

  /**
   * Random programs over a random shape of rank 1 to 3 (lengths 1 to 4): elementwise steps over
   * earlier values and broadcasts of inputs of random rank (each kept axis at full length or 1),
   * with sums over random sets of axes as outputs.
   */
  @Test
  void randomProgramsWithBroadcastsAndAxisSumsEqualTheUnfusedBitForBit() {
    Random random = new Random(21);
    int regionsWithAxisSums = 0;
    for (int trial = 0; trial < 80; trial++) {
      int rank = 1 + random.nextInt(3);
      int[] shape = new int[rank];
      for (int d = 0; d < rank; d++) {
        shape[d] = 1 + random.nextInt(4);
      }
      TensorBuilder tb = TensorBuilder.create();
      SplittableRandom data = new SplittableRandom(trial);
      List<TensorValue> values = new ArrayList<>();
      List<Tensor> inputs = new ArrayList<>();
      values.add(tb.input("x", DType.F64, shape));
      inputs.add(RandomTensors.of(data, 0.1, 2, shape));
      for (int k = 0; k < 3; k++) {
        int[] dims = IntStream.range(0, rank).filter(d -> random.nextBoolean()).toArray();
        int[] operandShape = new int[dims.length];
        for (int j = 0; j < dims.length; j++) {
          operandShape[j] = random.nextInt(3) == 0 ? 1 : shape[dims[j]];
        }
        TensorValue operand = tb.input("b" + k, DType.F64, operandShape);
        inputs.add(RandomTensors.of(data, 0.1, 2, operandShape));
        values.add(operand.broadcastInDim(shape, dims));
      }
      List<TensorValue> outputs = new ArrayList<>();
      for (int step = 0; step < 8; step++) {
        TensorValue a = values.get(random.nextInt(values.size()));
        TensorValue b = values.get(random.nextInt(values.size()));
        TensorValue next =
            switch (random.nextInt(5)) {
              case 0 -> a.add(b);
              case 1 -> a.mul(b);
              case 2 -> a.sin();
              case 3 -> a.neg().add(b.exp());
              default -> a.div(b);
            };
        values.add(next);
        if (random.nextInt(3) == 0) {
          int[] axes = IntStream.range(0, rank).filter(d -> random.nextBoolean()).toArray();
          outputs.add(axes.length == 0 ? next.sum() : next.reduceSum(axes));
        }
      }
      outputs.add(values.get(values.size() - 1).reduceSum(rank - 1));
      if (rank > 1) {
        outputs.add(values.get(values.size() - 2).reduceSum(0));
      }
      CompiledProgram<TensorOp> p = compile(tb, outputs.toArray(TensorValue[]::new));
      for (List<String> region : regionNames(TensorFusion.fuseExact(p))) {
        regionsWithAxisSums += region.contains("ReduceSum") ? 1 : 0;
      }
      assertUnfusedValues(p, inputs);
    }
    assertTrue(regionsWithAxisSums > 40, "regions with sums: " + regionsWithAxisSums);
  }

  /**
   * A region with broadcasts and no axis sum splits across threads like any other: over three
   * blocks, each block's counters start where its first element is.
   */
  @Test
  void aLargeRegionWithBroadcastsOnlySplitsAcrossThreadsWithTheUnfusedValues() {
    int m = 3 * BlockedSum.BLOCK / 64 + 5;
    int n = 64;
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, m, n);
    TensorValue b = tb.input("b", DType.F64, n);
    TensorValue c = tb.input("c", DType.F64, m, 1);
    TensorValue y =
        x.mul(b.broadcastInDim(new int[] {m, n}, 1)).add(c.broadcastInDim(new int[] {m, n}, 0, 1))
            .sin();
    CompiledProgram<TensorOp> p = compile(tb, y, y.sum());
    assertEquals(1, TensorFusion.fuseExact(p).regionCount());
    SplittableRandom r = new SplittableRandom(8);
    assertUnfusedValues(p, List.of(RandomTensors.of(r, -2, 2, m, n), RandomTensors.of(r, -1, 1, n),
        RandomTensors.of(r, -1, 1, m, 1)));
  }

  /**
   * Row sums split into blocks of whole rows (each on its own task, adding into its own result
   * elements); column sums, and row sums in a region with a full sum, do not split: either way
   * the values are the unfused ones. The executor counts the helper tasks the splits start.
   */
  @Test
  void rowSumsSplitIntoBlocksOfWholeRowsAndColumnSumsDoNot() {
    AtomicInteger tasks = new AtomicInteger();
    Executor counting = task -> {
      tasks.incrementAndGet();
      ForkJoinPool.commonPool().execute(task);
    };
    FusionParallelism split = FusionParallelism.of(counting, 3, 0);
    int m = 4 * BlockedSum.BLOCK / 100 + 3; // rows of 100 elements: four blocks of 164 rows
    int n = 100;
    for (String what : List.of("rows", "columns", "rows and all")) {
      TensorBuilder tb = TensorBuilder.create();
      TensorValue x = tb.input("x", DType.F64, m, n);
      TensorValue b = tb.input("b", DType.F64, n);
      TensorValue y = x.mul(b.broadcastInDim(new int[] {m, n}, 1)).cos();
      CompiledProgram<TensorOp> p =
          switch (what) {
            case "rows" -> compile(tb, y.reduceSum(1), y);
            case "columns" -> compile(tb, y.reduceSum(0));
            default -> compile(tb, y.reduceSum(1), y.sum());
          };
      SplittableRandom r = new SplittableRandom(what.length());
      List<Tensor> inputs =
          List.of(RandomTensors.of(r, -2, 2, m, n), RandomTensors.of(r, -1, 1, n));
      assertEquals(1, TensorFusion.fuseExact(p).regionCount(), what);
      tasks.set(0);
      assertEquals(Interpreter.evalPositional(p, inputs),
          TensorFusion.exactSet(split).fuse(p).evalPositional(inputs), what);
      assertEquals(what.equals("rows") ? 2 : 0, tasks.get(), what + ": helper tasks");
      assertUnfusedValues(p, inputs);
    }
  }

  /**
   * The example of {@link FusionSet}'s eight-argument {@code of}: a set told the tensor set's
   * broadcasts and sums by lambdas fuses a bias over the rows and the row sums into one region,
   * with the unfused values; and the examples of {@link Broadcast} and {@link AxisSum}.
   */
  @Test
  void javadocExamplesOfBroadcastsAndAxisSums() {
    int m = 3;
    int n = 4;
    // a bias b[j] added to every row of an [m, n] matrix
    Broadcast rows = new Broadcast(new int[] {n}, new int[] {m, n}, new int[] {1});
    AxisSum rowSums = new AxisSum(new int[] {m, n}, new int[] {1}); // [m, n] -> [m]
    assertArrayEquals(new int[] {m}, rowSums.shape());
    assertEquals(rows, new Broadcast(new int[] {4}, new int[] {3, 4}, new int[] {1}));

    Predicate<TensorOp> isFullSum =
        op -> op instanceof ReduceSum s && s.axes().length == s.operandShape().length;
    Predicate<TensorOp> isScalarBroadcast = op -> false;
    Predicate<TensorOp> isTranscendental = op -> op instanceof TensorPrimitives.Tanh;
    FusionSet<TensorOp, Tensor> set =
        FusionSet.of(TensorKernels.kernelSet(), TensorKernels.ELEMENTWISE,
            TensorElementValues.INSTANCE, isFullSum, isScalarBroadcast, isTranscendental,
            op -> op instanceof BroadcastInDim b
                ? new Broadcast(b.operandShape(), b.shape(), b.broadcastDimensions()) : null,
            op -> op instanceof ReduceSum s ? new AxisSum(s.operandShape(), s.axes()) : null);
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, m, n);
    TensorValue b = tb.input("b", DType.F64, n);
    CompiledProgram<TensorOp> p =
        compile(tb, x.mul(x).add(b.broadcastInDim(new int[] {m, n}, 1)).tanh().reduceSum(1));
    FusedProgram<TensorOp, Tensor> fused = set.fuse(p);
    assertEquals(1, fused.regionCount());
    assertEquals(5, p.instructionCount()); // Mul, BroadcastInDim, Add, Tanh, ReduceSum
    assertEquals(5, fused.regions().get(0).length, regionNames(fused).toString());
    SplittableRandom r = new SplittableRandom(4);
    List<Tensor> inputs = List.of(RandomTensors.of(r, -1, 1, m, n), RandomTensors.of(r, -1, 1, n));
    assertEquals(Interpreter.evalPositional(p, inputs), fused.evalPositional(inputs));
  }

  @Test
  void theResultsOfAxisSumsHaveTheirShapes() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 2, 3, 4);
    TensorValue y = x.exp();
    CompiledProgram<TensorOp> p = compile(tb, y.reduceSum(1), y.reduceSum(0, 2));
    List<Tensor> out =
        TensorFusion.fuseExact(p).evalPositional(List.of(Tensor.zeros(DType.F64, 2, 3, 4)));
    assertArrayEquals(new int[] {2, 4}, out.get(0).shape().dims());
    assertArrayEquals(new int[] {3}, out.get(1).shape().dims());
    assertEquals(3.0, out.get(0).get(1, 2));
    assertEquals(8.0, out.get(1).get(2));
  }
}
