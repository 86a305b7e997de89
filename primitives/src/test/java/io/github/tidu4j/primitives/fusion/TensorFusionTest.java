package io.github.tidu4j.primitives.fusion;

import static io.github.tidu4j.primitives.testing.RandomTensors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
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
import io.github.tidu4j.graph.fusion.BlockedSum;
import io.github.tidu4j.graph.fusion.BlockKernel;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.graph.fusion.SumOrder;
import io.github.tidu4j.primitives.InputKey;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorPrimitives;
import io.github.tidu4j.primitives.TensorKernels;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.VectorMath;
import io.github.tidu4j.primitives.testing.VectorisedValues;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fused tensor programs give the unfused programs' values bit for bit (the exact set always, the
 * default set's block loops with sequential sums when {@link VectorMath} runs {@link Math} loops;
 * with lane-order sums, the per-element loops' lane-order values): the benchmark's functions
 * forward and with their gradients (large ones on any number of threads, where the default set
 * gives the one-thread values, see {@link VectorisedValues}), random elementwise programs, sums of one element and of
 * signed zeros, complex values, and the fallback (mismatched shapes) that runs regions unfused.
 */
class TensorFusionTest {

  /**
   * The three functions of ElementwiseBenchmark: sumExp, chain8, cheap8; and two of cheap members
   * for the vector loops: divided (Sub, Div, Recip, Add) and scaled (Scale, whose kernel reads an
   * attribute, so it keeps the element loop).
   */
  private static TensorValue function(String name, TensorValue x, TensorValue a, TensorValue b) {
    return switch (name) {
      case "sumExp" -> a.mul(x).exp().sum();
      case "chain8" -> x.mul(a).add(b).exp().sin().cos().tanh().neg().mul(a).sum();
      case "cheap8" -> x.mul(a).add(b).neg().mul(a).add(b).neg().mul(a).add(b).sum();
      case "divided" -> x.sub(b).div(a).recip().add(x).sum();
      case "scaled" -> x.scale(0.5).mul(a).sum();
      default -> throw new IllegalArgumentException(name);
    };
  }

  /** A function's forward program and its gradient program (inputs x, a, b and the seed). */
  record Programs(CompiledProgram<TensorOp> forward, CompiledProgram<TensorOp> gradient) {}

  /** The programs of {@link #function} {@code name} over vectors of {@code n} elements. */
  static Programs programs(String name, int n) {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, n);
    TensorValue a = tb.input("a", DType.F64, n);
    TensorValue b = tb.input("b", DType.F64, n);
    Graph<TensorOp> f = tb.build(function(name, x, a, b));
    List<ValueKey.Input> inputs =
        List.of(
            ValueKey.input(x.inputKey()), ValueKey.input(a.inputKey()),
            ValueKey.input(b.inputKey()));
    CompiledProgram<TensorOp> fwd = Graphs.compile(Graphs.resolve(f), inputs, f.outputKeys());
    LinearizedGraph<TensorOp> lin =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(inputs.get(0)));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(lin);
    List<ValueKey.Input> gradInputs = new ArrayList<>(inputs);
    gradInputs.add(ValueKey.input(vjp.linearInput(0)));
    CompiledProgram<TensorOp> grad =
        Graphs.compile(
            Graphs.resolve(List.of(f, vjp.graph())),
            gradInputs,
            List.of(f.outputKey(0), vjp.linearOutput(0)));
    return new Programs(fwd, grad);
  }

  /**
   * The exact set's fused values equal the Interpreter's bit for bit, and so do the default set's
   * block loops with sequential sums when {@link VectorMath} runs its {@link Math} loops, in
   * blocks of the default size and of 3 elements (so that the programs here, of a few to 1000
   * elements, run many blocks and a partial one); with lane-order sums, block loops of either size
   * give the per-element loops' lane-order values bit for bit, and those are within {@link
   * VectorisedValues}' tolerance of the unfused ones. Vectorised, the default set's values are
   * tested against their bounds by {@code VectorMathFusionTest}.
   */
  static void assertSameValues(CompiledProgram<TensorOp> p, List<Tensor> inputs) {
    List<Tensor> unfused = Interpreter.evalPositional(p, inputs);
    List<Tensor> exact = TensorFusion.fuseExact(p).evalPositional(inputs);
    assertEquals(unfused, exact, "fused values differ from the Interpreter's (Tensor.equals: bits)");
    List<Tensor> lanes = EXACT_LANES.fuse(p).evalPositional(inputs);
    VectorisedValues.assertClose(unfused, lanes, "lane-order sums");
    List<Tensor> vectorised = TensorFusion.fuse(p).evalPositional(inputs);
    VectorisedValues.assertClose(unfused, vectorised, "the default set");
    VectorisedValues.assertMathLoopsExact(p, inputs, unfused, vectorised, "the default set");
    if (!VectorMath.isVectorised()) {
      assertEquals(unfused, SMALL_BLOCKS.fuse(p).evalPositional(inputs),
          "block loops of 3 elements over Math differ from the Interpreter's values");
      assertEquals(lanes, SMALL_BLOCKS.withSumOrder(SumOrder.LANES).fuse(p).evalPositional(inputs),
          "block loops of 3 elements over Math with lane sums differ from per-element loops'");
    }
  }

  private static final FusionSet<TensorOp, Tensor> SMALL_BLOCKS =
      TensorFusion.exactSet().withBlockKernels(TensorFusion.blockKernels(), 3);

  private static final FusionSet<TensorOp, Tensor> EXACT_LANES =
      TensorFusion.exactSet().withSumOrder(SumOrder.LANES);

  @ParameterizedTest
  @ValueSource(strings = {"sumExp", "chain8", "cheap8"})
  void benchmarkFunctionsForwardAndGradientEqualTheUnfusedBitForBit(String name) {
    for (int n : new int[] {1, 2, 7, 1000}) {
      Programs p = programs(name, n);
      SplittableRandom r = new SplittableRandom(n);
      Tensor x = vector(r, n, -2, 2);
      Tensor a = vector(r, n, -1, 1);
      Tensor b = vector(r, n, -1, 1);
      assertSameValues(p.forward(), List.of(x, a, b));
      assertSameValues(p.gradient(), List.of(x, a, b, Tensor.scalar(1.0)));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sumExp", "cheap8"})
  void theForwardProgramIsOneRegionAndTheGradientAtMostTwo(String name) {
    Programs p = programs(name, 5);
    for (FusionSet<TensorOp, Tensor> set : List.of(TensorFusion.exactSet(), TensorFusion.set())) {
      FusedProgram<TensorOp, Tensor> forward = set.fuse(p.forward());
      assertEquals(1, forward.regionCount());
      assertEquals(p.forward().instructionCount(), forward.regions().get(0).length,
          "every forward instruction is elementwise or the final sum");
      FusedProgram<TensorOp, Tensor> gradient = set.fuse(p.gradient());
      assertTrue(gradient.regionCount() >= 1 && gradient.regionCount() <= 2,
          gradient.regionCount() + " regions");
    }
    assertEveryInstructionFusedWithAtMostOneTranscendentalPerRegion(
        TensorFusion.fuseExact(p.gradient()));
  }

  /**
   * Each gradient's plan, in the exact set and the default set, with vector loops and without:
   * sumExp's is one region; cheap8's forward sum and its dy/dx (from the seed's splat and a) merge
   * into one region reading a once; chain8's is one region with block kernels, and seven in the
   * exact set (exp, sin, cos and tanh forward, and the derivatives' cos, sin and sech), where every
   * region holds one transcendental call and no two of them may merge.
   */
  @Test
  void gradientPlansMergeTheirIndependentRegions() {
    Map<String, int[]> expected =
        Map.of("sumExp", new int[] {1, 1}, "cheap8", new int[] {1, 1}, "chain8", new int[] {7, 1});
    for (var e : expected.entrySet()) {
      CompiledProgram<TensorOp> gradient = programs(e.getKey(), 5).gradient();
      List<FusionSet<TensorOp, Tensor>> sets = List.of(TensorFusion.exactSet(), TensorFusion.set());
      for (int s = 0; s < sets.size(); s++) {
        for (boolean vectorLoops : new boolean[] {true, false}) {
          FusedProgram<TensorOp, Tensor> fused =
              sets.get(s).withVectorLoops(vectorLoops).fuse(gradient);
          String what = e.getKey() + (s == 0 ? ", exact set" : ", default set")
              + (vectorLoops ? "" : ", element loops");
          assertEquals(e.getValue()[s], fused.regionCount(), what);
          assertEquals(gradient.instructionCount(),
              fused.regions().stream().mapToInt(r -> r.length).sum(), what + ": all fused");
        }
      }
    }
    // cheap8's one region holds two independent parts: the forward sum and dy/dx
    assertEquals(2, independentParts(programs("cheap8", 5).gradient(),
        TensorFusion.fuseExact(programs("cheap8", 5).gradient()).regions().get(0)));
  }

  /**
   * The parts of a region no operand edge between members joins: 1 for a region the pass grows
   * (each member joins its operands' regions), more where independent regions merged.
   */
  private static int independentParts(CompiledProgram<TensorOp> program, int[] members) {
    int[] parent = new int[members.length];
    for (int m = 0; m < members.length; m++) {
      parent[m] = m;
    }
    for (int m = 0; m < members.length; m++) {
      for (int j = 0; j < program.argumentCount(members[m]); j++) {
        int slot = program.argumentSlot(members[m], j);
        // the operand's producer: the latest instruction before writing its slot (slots are
        // reused), joined if it is a member
        int producer = members[m] - 1;
        while (producer >= 0 && !writes(program, producer, slot)) {
          producer--;
        }
        int k = Arrays.binarySearch(members, producer);
        if (producer >= 0 && k >= 0) {
          parent[root(parent, k)] = root(parent, m);
        }
      }
    }
    int parts = 0;
    for (int m = 0; m < members.length; m++) {
      parts += root(parent, m) == m ? 1 : 0;
    }
    return parts;
  }

  private static boolean writes(CompiledProgram<TensorOp> program, int i, int slot) {
    for (int r = 0; r < program.resultCount(i); r++) {
      if (program.resultSlot(i, r) == slot) {
        return true;
      }
    }
    return false;
  }

  private static int root(int[] parent, int m) {
    while (parent[m] != m) {
      m = parent[m];
    }
    return m;
  }

  /**
   * Regions that must not merge: dy/dx reading x through a transpose of the forward region's value
   * (a path through an unfused instruction), and a region over another input whose shape nothing
   * ties to the first's.
   */
  @Test
  void dependentRegionsAndRegionsOfOtherShapesDoNotMerge() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 3, 3);
    TensorValue a = tb.input("a", DType.F64, 3, 3);
    TensorValue y = tb.input("y", DType.F64, 4);
    TensorValue first = x.mul(a);
    TensorValue second = first.transpose(1, 0).add(x).neg();
    TensorValue other = y.neg().mul(y);
    CompiledProgram<TensorOp> p =
        Graphs.compile(Graphs.materialize(tb.build(first.sum(), second, other)));
    for (FusionSet<TensorOp, Tensor> set : List.of(TensorFusion.exactSet(), TensorFusion.set())) {
      FusedProgram<TensorOp, Tensor> fused = set.fuse(p);
      assertEquals(3, fused.regionCount(), "x·a summed, transposed + x, y's: "
          + fused.regions().stream().map(Arrays::toString).toList());
      for (int[] region : fused.regions()) {
        assertEquals(1, independentParts(p, region));
      }
    }
    SplittableRandom r = new SplittableRandom(3);
    assertSameValues(p, List.of(Tensor.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 3),
        Tensor.of(new double[] {-1, 0.5, 2, 3, -4, 5, 0.25, 7, 8}, 3, 3), vector(r, 4, -1, 1)));
  }

  /** With VectorMath's block kernels, transcendental operations do not split a region. */
  @Test
  void chain8IsOneRegionWithBlockKernels() {
    Programs p = programs("chain8", 5);
    FusedProgram<TensorOp, Tensor> forward = TensorFusion.fuse(p.forward());
    assertEquals(1, forward.regionCount());
    assertEquals(p.forward().instructionCount(), forward.regions().get(0).length);
    FusedProgram<TensorOp, Tensor> gradient = TensorFusion.fuse(p.gradient());
    int fused = gradient.regions().stream().mapToInt(r -> r.length).sum();
    assertEquals(p.gradient().instructionCount(), fused, "every instruction is fused");
    assertTrue(gradient.regionCount() <= 2, gradient.regionCount() + " regions");
  }

  @Test
  void chain8SplitsBeforeEachTranscendentalAfterTheFirstOfARegion() {
    Programs p = programs("chain8", 5);
    FusedProgram<TensorOp, Tensor> forward = TensorFusion.fuseExact(p.forward());
    List<String> regions =
        forward.regions().stream()
            .map(r -> Arrays.stream(r).mapToObj(i -> p.forward().operation(i).name()).toList())
            .map(String::valueOf)
            .toList();
    assertEquals(
        List.of("[Mul, Add, Exp]", "[Sin]", "[Cos]", "[Tanh, Neg, Mul, ReduceSum]"), regions);
    assertEveryInstructionFusedWithAtMostOneTranscendentalPerRegion(forward);
    assertEveryInstructionFusedWithAtMostOneTranscendentalPerRegion(
        TensorFusion.fuseExact(p.gradient()));
  }

  private static void assertEveryInstructionFusedWithAtMostOneTranscendentalPerRegion(
      FusedProgram<TensorOp, Tensor> fused) {
    CompiledProgram<TensorOp> program = fused.program();
    int fusedInstructions = 0;
    for (int[] region : fused.regions()) {
      fusedInstructions += region.length;
      List<String> transcendental =
          Arrays.stream(region)
              .mapToObj(i -> program.operation(i).name())
              .filter(List.of("Exp", "Log", "Sin", "Cos", "Tanh", "Sech")::contains)
              .toList();
      assertTrue(transcendental.size() <= 1, "one region calls " + transcendental);
    }
    assertEquals(program.instructionCount(), fusedInstructions,
        "every instruction is fused: elementwise, scalar broadcasts, full sums");
  }

  @Test
  void fusedProgramsAreCachedPerProgram() {
    Programs p = programs("cheap8", 3);
    assertSame(TensorFusion.fuse(p.forward()), TensorFusion.fuse(p.forward()));
    assertNotSame(TensorFusion.fuse(p.forward()), TensorFusion.fuse(p.gradient()));
  }

  @Test
  void aSumOfOneElementPassesItThroughAndSignedZerosSumAsTheKernelDoes() {
    for (int n : new int[] {0, 1, 2, 3}) {
      TensorBuilder tb = TensorBuilder.create();
      TensorValue x = tb.input("x", DType.F64, n);
      CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(tb.build(x.neg().sum())));
      double[] zeros = new double[n]; // neg gives -0.0 everywhere
      assertSameValues(p, List.of(Tensor.of(zeros, n)));
      double[] negZeros = new double[n];
      Arrays.fill(negZeros, -0.0);
      assertSameValues(p, List.of(Tensor.of(negZeros, n)));
    }
  }

  @Test
  void aFusedProgramIsCollectedWithItsProgram() throws InterruptedException {
    // the shared set keeps one fused program per compiled program, for as long as the program
    // lives: programs dropped after fusion, each closing over a constant, leave nothing behind
    List<WeakReference<Object>> dropped = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      TensorBuilder tb = TensorBuilder.create();
      TensorValue x = tb.input("x", DType.F64, 64);
      Tensor constant = Tensor.full(DType.F64, i, 64);
      TensorValue c = tb.constant(constant);
      CompiledProgram<TensorOp> p =
          Graphs.compile(Graphs.materialize(tb.build(x.mul(c).exp().sum())));
      FusedProgram<TensorOp, Tensor> fused = TensorFusion.fuse(p);
      assertSame(fused, TensorFusion.fuse(p));
      assertEquals(
          Tensor.scalar(64),
          fused.evalPositional(List.of(Tensor.zeros(DType.F64, 64), constant)).get(0));
      dropped.add(new WeakReference<>(p));
      dropped.add(new WeakReference<>(fused));
    }
    for (int attempt = 0; attempt < 100 && dropped.stream().anyMatch(r -> r.get() != null);
        attempt++) {
      System.gc();
      Thread.sleep(20);
    }
    assertEquals(
        0, dropped.stream().filter(r -> r.get() != null).count(), "programs or fused programs kept");
  }

  @Test
  void aRegionOverAnEmptyAxisGivesTheUnfusedZerosInEveryFusedSet() {
    // x[3,1] broadcast along an empty axis to [3,0] (and [0,3]), then summed over each axis: the
    // loop runs over no element, whichever axis is empty
    Tensor x = Tensor.of(new double[] {1, 2, 3}, 3, 1);
    for (boolean mul : new boolean[] {false, true}) {
      for (int axis = 0; axis < 2; axis++) {
        TensorBuilder tb = TensorBuilder.create();
        TensorValue w = tb.input("x", DType.F64, 3, 1).broadcastInDim(new int[] {3, 0}, 0, 1);
        TensorValue v = mul ? w.mul(w) : w.exp();
        CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(tb.build(v.reduceSum(axis))));
        assertSameValues(p, List.of(x));
        assertEquals(
            axis == 0 ? Tensor.zeros(DType.F64, 0) : Tensor.zeros(DType.F64, 3),
            TensorFusion.fuseExact(p).evalPositional(List.of(x)).get(0));
      }
    }
  }

  @Test
  void complexValuesGiveTheUnfusedValues() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue z = tb.input("z", DType.C128, 3);
    CompiledProgram<TensorOp> p =
        Graphs.compile(Graphs.materialize(tb.build(z.mul(z).exp().add(z).sum())));
    Tensor value = Tensor.complex(new double[] {1, 2, -0.5, 0.25, 0, -1}, 3);
    assertEquals(1, TensorFusion.fuse(p).regionCount());
    assertSameValues(p, List.of(value)); // learns the region's kinds (ComplexFusionTest: more)
    assertSameValues(p, List.of(value)); // runs its complex loop
  }

  @Test
  void aShapeMismatchFailsAsTheUnfusedKernelDoes() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 3);
    TensorValue y = tb.input("y", DType.F64, 3);
    CompiledProgram<TensorOp> p =
        Graphs.compile(Graphs.materialize(tb.build(x.mul(y).exp())));
    List<Tensor> wrong = List.of(Tensor.vector(1, 2, 3), Tensor.vector(1, 2));
    GraphException unfused =
        assertThrows(GraphException.class, () -> Interpreter.evalPositional(p, wrong));
    GraphException fused =
        assertThrows(GraphException.class, () -> TensorFusion.fuse(p).evalPositional(wrong));
    assertEquals(unfused.getMessage(), fused.getMessage());
  }

  /** An input of {@code b}'s graph declared untyped, as a graph built on the runtime's builder. */
  private static TensorValue untypedInput(TensorBuilder b, String name, int... dims) {
    return b.value(b.graph().input(InputKey.user(name)), TensorType.of(DType.F64, dims));
  }

  /**
   * A loop takes its length from its arrays: a region ending in a sum built for f64[4], or
   * broadcasting a scalar to [4], given an input of another shape fails as the unfused kernel does
   * instead of summing, or broadcasting into, the elements it was given. (The inputs are untyped,
   * so the kernels see the values; typed ones are refused at the binding, fused or not.)
   */
  @Test
  void anInputOfAnotherShapeThanASumOrScalarBroadcastWasBuiltForFailsAsUnfused() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = untypedInput(tb, "x", 4);
    CompiledProgram<TensorOp> summed =
        Graphs.compile(Graphs.materialize(tb.build(x.exp().mul(x).sum())));
    TensorBuilder sb = TensorBuilder.create();
    TensorValue s = untypedInput(sb, "s");
    TensorValue product = untypedInput(sb, "x", 4).mul(s.broadcastInDim(new int[] {4}));
    CompiledProgram<TensorOp> splat = Graphs.compile(Graphs.materialize(sb.build(product)));
    List<List<Tensor>> wrong =
        List.of(
            List.of(Tensor.vector(1, 2, 3, 4, 5)),
            List.of(Tensor.scalar(2)),
            List.of(Tensor.zeros(DType.F64, 2, 2)));
    for (List<Tensor> inputs : wrong) {
      GraphException unfused =
          assertThrows(GraphException.class, () -> Interpreter.evalPositional(summed, inputs));
      assertTrue(unfused.getMessage().contains("the operation was built for shape [4]"),
          unfused.getMessage());
      for (FusedProgram<TensorOp, Tensor> fused :
          List.of(TensorFusion.fuse(summed), TensorFusion.fuseExact(summed))) {
        assertEquals(1, fused.regionCount());
        GraphException e =
            assertThrows(GraphException.class, () -> fused.evalPositional(inputs), "" + inputs);
        assertEquals(unfused.getMessage(), e.getMessage());
      }
      List<Tensor> withScalar = List.of(Tensor.scalar(3), inputs.get(0));
      unfused =
          assertThrows(GraphException.class, () -> Interpreter.evalPositional(splat, withScalar));
      for (FusedProgram<TensorOp, Tensor> fused :
          List.of(TensorFusion.fuse(splat), TensorFusion.fuseExact(splat))) {
        assertEquals(1, fused.regionCount());
        GraphException e =
            assertThrows(
                GraphException.class, () -> fused.evalPositional(withScalar), "" + inputs);
        assertEquals(unfused.getMessage(), e.getMessage());
      }
    }
    // the shapes they were built for still run fused, with the unfused values
    assertSameValues(summed, List.of(Tensor.vector(0.5, -1, 2, 3)));
    assertSameValues(splat, List.of(Tensor.scalar(-0.25), Tensor.vector(0.5, -1, 2, 3)));
  }

  @Test
  void scalarBroadcastsAndAttributesReadByKernelsFuse() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 4);
    TensorValue s = tb.input("s", DType.F64);
    TensorValue y = x.mul(s.broadcastInDim(new int[] {4}, new int[0])).scale(0.75).sin();
    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(tb.build(y, y.sum())));
    assertEquals(1, TensorFusion.fuse(p).regionCount());
    assertSameValues(p, List.of(Tensor.vector(0.5, -1, 2, 3.25), Tensor.scalar(-1.5)));
  }

  /** Cheap members only (Neg, Add): the size limit, not the transcendental one, splits the chain. */
  @Test
  void aLongChainSplitsIntoRegionsOfAtMostTwoHundredMembers() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 5);
    TensorValue y = x;
    for (int i = 0; i < 1000; i++) {
      y = i % 2 == 0 ? y.neg() : y.add(x);
    }
    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(tb.build(y.sum())));
    FusedProgram<TensorOp, Tensor> fused = TensorFusion.fuse(p);
    assertEquals(6, fused.regionCount(), "1001 instructions in regions of at most 200");
    for (int[] region : fused.regions()) {
      assertTrue(region.length <= 200, region.length + " members");
    }
    assertSameValues(p, List.of(Tensor.vector(0.1, -0.2, 0.3, 2, -3)));
  }

  /** Splits of every kind: one thread, two and four of two executors, and split from any size. */
  private static List<FusionParallelism> splits(ExecutorService pool) {
    return List.of(
        FusionParallelism.serial(),
        FusionParallelism.of(ForkJoinPool.commonPool(), 2, 0),
        FusionParallelism.of(pool, 4, 0),
        FusionParallelism.of(pool, 3, FusionParallelism.DEFAULT_THRESHOLD),
        FusionParallelism.defaults());
  }

  @ParameterizedTest
  @ValueSource(strings = {"sumExp", "chain8", "cheap8"})
  void largeProgramsGiveTheUnfusedBitsOnAnyNumberOfThreads(String name) {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      for (int n : new int[] {BlockedSum.BLOCK + 1, 3 * BlockedSum.BLOCK + 5, 200_003}) {
        Programs p = programs(name, n);
        SplittableRandom r = new SplittableRandom(n);
        List<Tensor> forwardInputs =
            List.of(vector(r, n, -2, 2), vector(r, n, -1, 1), vector(r, n, -1, 1));
        List<Tensor> gradientInputs = new ArrayList<>(forwardInputs);
        gradientInputs.add(Tensor.scalar(1.0));
        List<Tensor> forward = Interpreter.evalPositional(p.forward(), forwardInputs);
        List<Tensor> gradient = Interpreter.evalPositional(p.gradient(), gradientInputs);
        List<Tensor> vectorisedForward =
            TensorFusion.set(FusionParallelism.serial()).fuse(p.forward())
                .evalPositional(forwardInputs);
        List<Tensor> vectorisedGradient =
            TensorFusion.set(FusionParallelism.serial()).fuse(p.gradient())
                .evalPositional(gradientInputs);
        VectorisedValues.assertMathLoopsExact(
            p.forward(), forwardInputs, forward, vectorisedForward, name + " forward, n " + n);
        VectorisedValues.assertMathLoopsExact(
            p.gradient(), gradientInputs, gradient, vectorisedGradient, name + " gradient, n " + n);
        FusionSet<TensorOp, Tensor> lanes = EXACT_LANES.withParallelism(FusionParallelism.serial());
        List<Tensor> lanesForward = lanes.fuse(p.forward()).evalPositional(forwardInputs);
        List<Tensor> lanesGradient = lanes.fuse(p.gradient()).evalPositional(gradientInputs);
        for (FusionParallelism split : splits(pool)) {
          FusionSet<TensorOp, Tensor> lanesSplit = EXACT_LANES.withParallelism(split);
          assertEquals(lanesForward, lanesSplit.fuse(p.forward()).evalPositional(forwardInputs),
              name + " lane sums forward, n " + n + ", " + split);
          assertEquals(lanesGradient, lanesSplit.fuse(p.gradient()).evalPositional(gradientInputs),
              name + " lane sums gradient, n " + n + ", " + split);
          FusionSet<TensorOp, Tensor> set = TensorFusion.exactSet(split);
          assertEquals(forward, set.fuse(p.forward()).evalPositional(forwardInputs),
              name + " forward, n " + n + ", " + split);
          assertEquals(gradient, set.fuse(p.gradient()).evalPositional(gradientInputs),
              name + " gradient, n " + n + ", " + split);
          FusionSet<TensorOp, Tensor> vectorised = TensorFusion.set(split);
          List<Tensor> splitForward = vectorised.fuse(p.forward()).evalPositional(forwardInputs);
          List<Tensor> splitGradient =
              vectorised.fuse(p.gradient()).evalPositional(gradientInputs);
          VectorisedValues.assertClose(vectorisedForward, splitForward,
              name + " vectorised forward, n " + n + ", " + split);
          VectorisedValues.assertClose(vectorisedGradient, splitGradient,
              name + " vectorised gradient, n " + n + ", " + split);
          if (!VectorMath.isVectorised()) {
            assertEquals(vectorisedForward, splitForward, name + " forward, Math blocks, " + split);
            assertEquals(vectorisedGradient, splitGradient, name + " gradient, Math blocks, " + split);
          }
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aRegionWithoutSumsWritesTheSameElementsWhateverTheSplit() {
    int n = 2 * BlockedSum.BLOCK + 1;
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, n);
    TensorValue a = tb.input("a", DType.F64, n);
    Graph<TensorOp> f = tb.build(x.mul(a).add(a).exp(), x.neg());
    CompiledProgram<TensorOp> p =
        Graphs.compile(Graphs.resolve(f),
            List.of(ValueKey.input(x.inputKey()), ValueKey.input(a.inputKey())), f.outputKeys());
    SplittableRandom r = new SplittableRandom(5);
    List<Tensor> inputs = List.of(vector(r, n, -2, 2), vector(r, n, -1, 1));
    List<Tensor> unfused = Interpreter.evalPositional(p, inputs);
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Tensor> vectorised =
          TensorFusion.set(FusionParallelism.serial()).fuse(p).evalPositional(inputs);
      List<Tensor> smallBlocks =
          SMALL_BLOCKS.withParallelism(FusionParallelism.serial()).fuse(p).evalPositional(inputs);
      for (FusionParallelism split : splits(pool)) {
        assertEquals(unfused, TensorFusion.exactSet(split).fuse(p).evalPositional(inputs),
            split.toString());
        VectorisedValues.assertClose(vectorised,
            TensorFusion.set(split).fuse(p).evalPositional(inputs), "vectorised, " + split);
        VectorisedValues.assertClose(smallBlocks,
            SMALL_BLOCKS.withParallelism(split).fuse(p).evalPositional(inputs),
            "blocks of 3, " + split);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void setsOfEachSplitShareTheLoopsAndCacheTheirPrograms() {
    Programs p = programs("sumExp", 5);
    FusionParallelism two = FusionParallelism.of(ForkJoinPool.commonPool(), 2, 0);
    FusionSet<TensorOp, Tensor> set = TensorFusion.set(two);
    assertSame(set.fuse(p.forward()), set.fuse(p.forward()));
    assertEquals(two, set.fuse(p.forward()).parallelism());
    assertSame(TensorFusion.set().parallelism(), TensorFusion.fuse(p.forward()).parallelism());
    FusedProgram<TensorOp, Tensor> serial =
        TensorFusion.fuse(p.forward()).withParallelism(FusionParallelism.serial());
    assertSame(FusionParallelism.serial(), serial.parallelism());
    assertEquals(TensorFusion.fuse(p.forward()).regions().get(0)[0], serial.regions().get(0)[0]);
    assertSame(TensorFusion.set(), TensorFusion.set(TensorFusion.set().parallelism()));
    assertSame(set, TensorFusion.set(FusionParallelism.of(ForkJoinPool.commonPool(), 2, 0)),
        "equal options, one set");
  }

  @Test
  void blockKernelsAndParallelismComposeInEitherOrderIntoOneSetPerPairOfOptions() {
    FusionParallelism two = FusionParallelism.of(ForkJoinPool.commonPool(), 2, 0);
    FusionSet<TensorOp, Tensor> exact = TensorFusion.exactSet();
    assertSame(TensorFusion.set(),
        exact.withBlockKernels(TensorFusion.blockKernels()).withSumOrder(SumOrder.LANES));
    assertSame(TensorFusion.set(),
        exact.withSumOrder(SumOrder.LANES).withBlockKernels(TensorFusion.blockKernels()));
    assertEquals(SumOrder.LANES, TensorFusion.set().sumOrder());
    assertEquals(SumOrder.SEQUENTIAL, exact.sumOrder());
    assertSame(exact, TensorFusion.set().withBlockKernels(Map.of()).withSumOrder(SumOrder.SEQUENTIAL));
    FusionSet<TensorOp, Tensor> blocksThenSplit =
        exact.withBlockKernels(TensorFusion.blockKernels()).withSumOrder(SumOrder.LANES)
            .withParallelism(two);
    FusionSet<TensorOp, Tensor> splitThenBlocks =
        exact.withParallelism(two).withSumOrder(SumOrder.LANES)
            .withBlockKernels(TensorFusion.blockKernels());
    assertSame(blocksThenSplit, splitThenBlocks);
    assertEquals(SumOrder.LANES, blocksThenSplit.sumOrder());
    assertSame(TensorFusion.set(two), blocksThenSplit);
    assertEquals(two, blocksThenSplit.parallelism());
    assertEquals(FusionSet.DEFAULT_BLOCK_SIZE, blocksThenSplit.blockSize());
    assertNotSame(TensorFusion.exactSet(two), TensorFusion.set(two), "other block kernels");
    FusionSet<TensorOp, Tensor> small = exact.withParallelism(two)
        .withBlockKernels(TensorFusion.blockKernels(), 3);
    assertEquals(3, small.blockSize());
    assertEquals(two, small.parallelism());
    assertSame(SMALL_BLOCKS.withParallelism(two), small);
    assertNotSame(TensorFusion.set(two), small, "another block size");
    assertSame(TensorFusion.exactSet(two), small.withBlockKernels(Map.of()),
        "no block kernels: the exact set's");
    Programs p = programs("chain8", 5);
    assertEquals(two, splitThenBlocks.fuse(p.forward()).parallelism());
    assertEquals(TensorFusion.fuse(p.forward()).regions().get(0)[0],
        splitThenBlocks.fuse(p.forward()).regions().get(0)[0]);
  }

  /**
   * A chain of 300 operations, every other one transcendental: with block kernels, a region holds
   * at most 8 of them, and its members times (block members + 1) stay within 200 (one element
   * loop per block member and a last one).
   */
  @Test
  void aLongTranscendentalChainSplitsIntoRegionsOfAtMostEightBlockMembers() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 5);
    TensorValue y = x;
    for (int i = 0; i < 300; i++) {
      y = i % 2 == 0 ? y.sin() : y.scale(1.5);
    }
    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(tb.build(y.sum())));
    FusedProgram<TensorOp, Tensor> fused = TensorFusion.fuse(p);
    int members = 0;
    for (int[] region : fused.regions()) {
      long blocks = Arrays.stream(region).filter(i -> p.operation(i).name().equals("Sin")).count();
      assertTrue(blocks <= 8, blocks + " block members");
      assertTrue(region.length * (blocks + 1) <= 200, region.length + " members, " + blocks
          + " block members");
      members += region.length;
    }
    assertEquals(p.instructionCount(), members, "every instruction is fused");
    assertTrue(fused.regionCount() >= 300 / 2 / 8, fused.regionCount() + " regions");
    assertSameValues(p, List.of(Tensor.vector(0.1, -0.2, 0.3, 2, -3)));
  }

  /**
   * Random programs over a few inputs: each step applies a random elementwise primitive to random
   * earlier values, with a full sum or a non-elementwise operation (a transpose of a matrix, which
   * splits regions) now and then; every value is an output, so every region has live-outs.
   */
  @Test
  void randomElementwiseProgramsEqualTheUnfusedBitForBit() {
    Random random = new Random(7);
    for (int trial = 0; trial < 60; trial++) {
      TensorBuilder tb = TensorBuilder.create();
      int rows = 1 + random.nextInt(3);
      List<TensorValue> values = new ArrayList<>();
      List<Tensor> inputs = new ArrayList<>();
      addSquareInputs(tb, rows, trial, values, inputs); // square, so a transpose keeps the shape
      List<TensorValue> outputs = new ArrayList<>();
      List<Function<TensorValue, TensorValue>> unary =
          List.of(TensorValue::exp, TensorValue::neg, TensorValue::sin, TensorValue::cos,
              TensorValue::tanh, TensorValue::sqrt, TensorValue::recip, TensorValue::log,
              v -> v.scale(1.5), v -> v.transpose(1, 0));
      for (int step = 0; step < 12; step++) {
        TensorValue a = values.get(random.nextInt(values.size()));
        TensorValue b = values.get(random.nextInt(values.size()));
        TensorValue next =
            switch (random.nextInt(4)) {
              case 0 -> a.add(b);
              case 1 -> a.mul(b);
              case 2 -> a.div(b.exp());
              default -> unary.get(random.nextInt(unary.size())).apply(a);
            };
        values.add(next);
        if (random.nextInt(4) == 0) {
          outputs.add(next.sum());
        }
      }
      outputs.add(values.get(values.size() - 1));
      outputs.add(values.get(values.size() - 2));
      CompiledProgram<TensorOp> p =
          Graphs.compile(Graphs.materialize(tb.build(outputs.toArray(TensorValue[]::new))));
      assertSameValues(p, inputs);
    }
  }

  /**
   * Random programs of a few chains over the same inputs, their steps interleaved: each chain
   * applies random elementwise primitives (now and then a transpose, which splits regions, or an
   * operand from another chain, which ties them) and ends with its value and, often, its sum as
   * outputs. Independent chains' regions merge (checked: many regions of both sets hold independent
   * parts), and every fused program gives the unfused values.
   */
  @Test
  void randomProgramsOfIndependentChainsMergeAndEqualTheUnfusedBitForBit() {
    Random random = new Random(11);
    int[] merged = new int[2];
    List<FusionSet<TensorOp, Tensor>> sets = List.of(TensorFusion.exactSet(), TensorFusion.set());
    List<Function<TensorValue, TensorValue>> unary =
        List.of(TensorValue::exp, TensorValue::neg, TensorValue::sin, TensorValue::neg,
            TensorValue::recip, v -> v.scale(1.5), v -> v.transpose(1, 0));
    for (int trial = 0; trial < 40; trial++) {
      TensorBuilder tb = TensorBuilder.create();
      int n = 1 + random.nextInt(3);
      List<TensorValue> inputs = new ArrayList<>();
      List<Tensor> data = new ArrayList<>();
      addSquareInputs(tb, n, trial, inputs, data);
      TensorValue[] chains = new TensorValue[2 + random.nextInt(3)];
      for (int c = 0; c < chains.length; c++) {
        chains[c] = inputs.get(random.nextInt(3));
      }
      for (int step = 0; step < 6 * chains.length; step++) {
        int c = random.nextInt(chains.length);
        TensorValue other =
            random.nextInt(8) == 0
                ? chains[random.nextInt(chains.length)]
                : inputs.get(random.nextInt(3));
        chains[c] =
            switch (random.nextInt(3)) {
              case 0 -> chains[c].add(other);
              case 1 -> chains[c].mul(other);
              default -> unary.get(random.nextInt(unary.size())).apply(chains[c]);
            };
      }
      List<TensorValue> outputs = new ArrayList<>();
      for (TensorValue chain : chains) {
        outputs.add(chain);
        if (random.nextBoolean()) {
          outputs.add(chain.sum());
        }
      }
      CompiledProgram<TensorOp> p =
          Graphs.compile(Graphs.materialize(tb.build(outputs.toArray(TensorValue[]::new))));
      for (int s = 0; s < sets.size(); s++) {
        for (int[] region : sets.get(s).fuse(p).regions()) {
          merged[s] += independentParts(p, region) > 1 ? 1 : 0;
        }
      }
      assertSameValues(p, data);
    }
    assertTrue(merged[0] >= 10 && merged[1] >= 10,
        "regions holding merged independent parts: " + Arrays.toString(merged));
  }

  /**
   * A program of 120,000 instructions: 20,000 independent sums over x and a, and a chain through
   * 20,000 transposes reading x. The merges happen in one scan (no recursion, no quadratic search):
   * the sums merge (66 of their 3-member regions in one of at most 200 members), the chain's
   * regions, each reading the one before through a transpose, do not; and the values are the
   * unfused ones.
   */
  @Test
  void aLargeProgramOfManySiblingsMergesWithinTheLimits() {
    int k = 20_000;
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 2, 2);
    TensorValue a = tb.input("a", DType.F64, 2, 2);
    List<TensorValue> outputs = new ArrayList<>();
    TensorValue chain = a;
    for (int i = 0; i < k; i++) {
      outputs.add(x.scale(1.0 + i).mul(a).sum());
      chain = chain.neg().transpose(1, 0).add(x);
    }
    outputs.add(chain);
    CompiledProgram<TensorOp> p =
        Graphs.compile(Graphs.materialize(tb.build(outputs.toArray(TensorValue[]::new))));
    assertEquals(6 * k, p.instructionCount());
    for (FusionSet<TensorOp, Tensor> set : List.of(TensorFusion.exactSet(), TensorFusion.set())) {
      FusedProgram<TensorOp, Tensor> fused = set.fuse(p);
      int members = 0;
      for (int[] region : fused.regions()) {
        assertTrue(region.length <= 200, region.length + " members");
        members += region.length;
      }
      assertEquals(5 * k, members, "every instruction but the transposes is fused");
      assertTrue(fused.regionCount() > k && fused.regionCount() < k + k / 50,
          fused.regionCount() + " regions: the chain's k + 1 (a few holding sums) and the sums' "
              + "k / 66 (2k + 1 before the merges)");
    }
    List<Tensor> inputs = List.of(Tensor.of(new double[] {0.5, -1, 2, 0.25}, 2, 2),
        Tensor.of(new double[] {1, 2, -3, 0.5}, 2, 2));
    List<Tensor> unfused = Interpreter.evalPositional(p, inputs);
    assertEquals(unfused, TensorFusion.fuseExact(p).evalPositional(inputs), "bits");
    VectorisedValues.assertClose(unfused, TensorFusion.fuse(p).evalPositional(inputs), "default");
  }

  @Test
  void theVectorisedSetsBlockKernelsAreTheOnesTheTensorSetDeclares() {
    Map<String, BlockKernel> kernels = TensorFusion.blockKernels();
    assertEquals(java.util.Set.of("Exp", "Log", "Sin", "Cos", "Tanh", "Sech"), kernels.keySet());
    for (io.github.tidu4j.graph.BlockKernelDescriptor d : TensorKernels.BLOCK_KERNELS) {
      BlockKernel k = kernels.get(d.primitiveName());
      assertEquals(d.ownerInternalName(), k.owner().getName().replace('.', '/'));
      assertEquals("block", k.methodName());
      assertSame(TensorPrimitives.class, k.owner().getDeclaringClass(),
          d.primitiveName() + " is declared on its primitive's interface");
    }
    // each computes its primitive's function over the block it is given, within VectorMath's
    // bounds (1 ulp, 2.5 for tanh) plus Math's (sech: its own few against 1 / cosh)
    double[] x = {-1.5, -0.25, 0.0, 0.5, 1.0, 2.0, 3.0};
    Map<String, java.util.function.DoubleUnaryOperator> math = Map.of(
        "Exp", Math::exp, "Log", Math::log, "Sin", Math::sin, "Cos", Math::cos, "Tanh", Math::tanh,
        "Sech", x1 -> 1 / Math.cosh(x1));
    for (var e : kernels.entrySet()) {
      double[] in = e.getKey().equals("Log") ? new double[] {0.25, 0.5, 1, 2, 3, 10, 1e6} : x;
      double[] y = new double[in.length + 2];
      try {
        e.getValue().owner()
            .getMethod("block", double[].class, int.class, double[].class, int.class, int.class)
            .invoke(null, in, 0, y, 1, in.length);
      } catch (ReflectiveOperationException ex) {
        throw new AssertionError(ex);
      }
      for (int i = 0; i < in.length; i++) {
        double want = math.get(e.getKey()).applyAsDouble(in[i]);
        assertEquals(want, y[1 + i], 6 * Math.ulp(want), e.getKey() + "(" + in[i] + ")");
      }
      assertEquals(0.0, y[0], "nothing before yOff");
      assertEquals(0.0, y[in.length + 1], "nothing after n");
    }
  }

  /**
   * Adds inputs x0, x1, x2 of shape {@code n} × {@code n} to {@code tb}, into {@code values}, and
   * their data, each element in [0.1, 2) from {@code seed}, into {@code tensors}.
   */
  private static void addSquareInputs(
      TensorBuilder tb, int n, long seed, List<TensorValue> values, List<Tensor> tensors) {
    SplittableRandom data = new SplittableRandom(seed);
    for (int i = 0; i < 3; i++) {
      values.add(tb.input("x" + i, DType.F64, n, n));
      double[] v = new double[n * n];
      for (int k = 0; k < v.length; k++) {
        v[k] = 0.1 + 1.9 * data.nextDouble();
      }
      tensors.add(Tensor.of(v, n, n));
    }
  }
}
