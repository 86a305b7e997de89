package io.github.tidu4j.primitives.fusion;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.ElementKernel;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.fusion.BlockKernel;
import io.github.tidu4j.graph.fusion.BlockedSum;
import io.github.tidu4j.graph.fusion.LaneSum;
import io.github.tidu4j.graph.fusion.SumOrder;
import io.github.tidu4j.graph.fusion.ElementValues;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorKernels;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorPrimitives;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.ComplexElements;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.TensorElementValues;
import io.github.tidu4j.primitives.tensor.VectorMath;
import io.github.tidu4j.primitives.testing.VectorisedValues;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The Javadoc examples of the element kernel descriptors, the fusion backend (with its split
 * across threads) and the tensor set's fusion, run and checked.
 */
class FusionJavadocExamplesTest {

  @Test
  void elementKernelsDescribeDoubleMethods() {
    ElementKernel mul = new ElementKernel("element", "(DD)D", true);
    assertEquals(2, mul.parameterCount());
    assertThrows(IllegalArgumentException.class, () -> new ElementKernel("element", "(F)D", true));

    ElementKernelDescriptor neg = new ElementKernelDescriptor(2, "Neg", "com/example/Tensors$Neg", 1,
        new ElementKernel("element", "(D)D", true),
        new ElementKernel("elementRe", "(DD)D", true),
        new ElementKernel("elementIm", "(DD)D", true));
    assertEquals(1, neg.inputArity());
    IllegalArgumentException half =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ElementKernelDescriptor(2, "Neg", "com/example/Tensors$Neg", 1,
                null, new ElementKernel("elementRe", "(DD)D", true), null));
    assertEquals("Neg: the complex kernels come as a pair, elementRe and elementIm",
        half.getMessage());
    IllegalArgumentException arity =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ElementKernelDescriptor(2, "Neg", "com/example/Tensors$Neg", 1,
                new ElementKernel("element", "(DD)D", true), null, null));
    assertEquals("Neg: element kernel element(DD)D takes 2 doubles; expected 1", arity.getMessage());
  }

  @Test
  void elementValuesReadTensorsInPlace() {
    ElementValues<Tensor> values = TensorElementValues.INSTANCE;
    double[] elements = values.data(Tensor.vector(1, 2, 3)); // [1, 2, 3], not copied
    assertArrayEquals(new double[] {1, 2, 3}, elements);
  }

  @Test
  void tensorElementValuesReadTheDataArray() {
    double[] elements = TensorElementValues.INSTANCE.data(Tensor.vector(1, 2, 3));
    assertArrayEquals(new double[] {1, 2, 3}, elements);
  }

  @Test
  void complexElementsGiveOnePartEach() {
    double re = ComplexElements.mulRe(1, 2, 3, 4);   // (1 + 2i)(3 + 4i) = −5 + 10i
    double im = ComplexElements.mulIm(1, 2, 3, 4);
    assertEquals(-5.0, re);
    assertEquals(10.0, im);
  }

  /** {@code Σ exp(x·a + b)} over three vectors, with inputs x, a, b in that order. */
  private static Graph<TensorOp> graph() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue xv = tb.input("x", DType.F64, 3);
    TensorValue av = tb.input("a", DType.F64, 3);
    TensorValue bv = tb.input("b", DType.F64, 3);
    return tb.build(xv.mul(av).add(bv).exp().sum());
  }

  @Test
  void aFusionSetFusesAndCachesPrograms() {
    Predicate<TensorOp> isFullSum =
        op -> op instanceof TensorPrimitives.ReduceSum s && s.axes().length == s.operandShape().length;
    Predicate<TensorOp> isScalarBroadcast = op -> false;
    CompiledProgram<TensorOp> program = Graphs.compile(Graphs.materialize(graph()));
    Tensor x = Tensor.vector(0.5, 1, 2);
    Tensor a = Tensor.vector(1, -1, 0.25);
    Tensor b = Tensor.vector(0, 1, 2);

    FusionSet<TensorOp, Tensor> set =
        FusionSet.of(TensorKernels.kernelSet(), TensorKernels.ELEMENTWISE,
            TensorElementValues.INSTANCE, isFullSum, isScalarBroadcast);
    List<Tensor> y = set.fuse(program).evalPositional(List.of(x, a, b));

    FusedProgram<TensorOp, Tensor> fused = set.fuse(program);
    List<Tensor> y2 = fused.evalPositional(List.of(x, a, b));

    assertSame(fused, set.fuse(program));
    assertEquals(1, fused.regionCount());
    List<Tensor> unfused = Interpreter.evalPositional(program, List.of(x, a, b));
    assertEquals(unfused, y);
    assertEquals(unfused, y2);
  }

  @Test
  void aFusionSetWithCostlyOperationsGivesEachItsOwnRegion() {
    Predicate<TensorOp> isFullSum =
        op -> op instanceof TensorPrimitives.ReduceSum s && s.axes().length == s.operandShape().length;
    Predicate<TensorOp> isScalarBroadcast = op -> false;
    TensorBuilder tb = TensorBuilder.create();
    TensorValue xv = tb.input("x", DType.F64, 3);
    CompiledProgram<TensorOp> program =
        Graphs.compile(Graphs.materialize(tb.build(xv.exp().neg().sin().sum())));
    Tensor x = Tensor.vector(0.5, 1, 2);

    FusionSet<TensorOp, Tensor> set =
        FusionSet.of(TensorKernels.kernelSet(), TensorKernels.ELEMENTWISE,
            TensorElementValues.INSTANCE, isFullSum, isScalarBroadcast,
            op -> op instanceof TensorPrimitives.Exp || op instanceof TensorPrimitives.Sin);

    FusedProgram<TensorOp, Tensor> fused = set.fuse(program);
    assertEquals(2, fused.regionCount(), "[Exp, Neg] and [Sin, ReduceSum]");
    assertArrayEquals(new int[] {0, 1}, fused.regions().get(0));
    assertEquals(Interpreter.evalPositional(program, List.of(x)), fused.evalPositional(List.of(x)));
  }

  @Test
  void tensorFusionFusesThroughTheShippedSet() {
    Graph<TensorOp> g = graph();
    Tensor x = Tensor.vector(0.5, 1, 2);
    Tensor a = Tensor.vector(1, -1, 0.25);
    Tensor b = Tensor.vector(0, 1, 2);
    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(g));
    List<Tensor> y = TensorFusion.fuse(p).evalPositional(List.of(x, a, b));
    List<Tensor> same = TensorFusion.fuseExact(p).evalPositional(List.of(x, a, b));
    List<Tensor> unfused = Interpreter.evalPositional(p, List.of(x, a, b));
    assertEquals(unfused, same);
    if (!VectorMath.isVectorised()) {
      assertEquals(unfused, y);
    }
    assertEquals(1, TensorFusion.fuse(p).regionCount());
  }

  @Test
  void blockKernelsNameStaticBlockFunctions() {
    BlockKernel exp = new BlockKernel(VectorMath.class, "exp");
    assertEquals("exp", exp.methodName());
    assertThrows(IllegalArgumentException.class, () -> new BlockKernel(VectorMath.class, "expm1"));
  }

  @Test
  void aSetWithBlockKernelsCallsThemPerBlock() {
    Predicate<TensorOp> isFullSum =
        op -> op instanceof TensorPrimitives.ReduceSum s && s.axes().length == s.operandShape().length;
    FusionSet<TensorOp, Tensor> exact =
        FusionSet.of(TensorKernels.kernelSet(), TensorKernels.ELEMENTWISE,
            TensorElementValues.INSTANCE, isFullSum, op -> false);
    FusionSet<TensorOp, Tensor> vectorised =
        exact.withBlockKernels(Map.of("Exp", new BlockKernel(VectorMath.class, "exp")));
    FusionSet<TensorOp, Tensor> blocks256 =
        TensorFusion.exactSet().withBlockKernels(TensorFusion.blockKernels(), 256);
    assertEquals(FusionSet.DEFAULT_BLOCK_SIZE, vectorised.blockSize());
    assertEquals(256, blocks256.blockSize());

    TensorBuilder tb = TensorBuilder.create();
    TensorValue xv = tb.input("x", DType.F64, 3);
    CompiledProgram<TensorOp> program =
        Graphs.compile(Graphs.materialize(tb.build(xv.exp().neg().exp().sum())));
    assertEquals(1, exact.fuse(program).regionCount());
    assertEquals(1, vectorised.fuse(program).regionCount());
    assertEquals(2, TensorFusion.exactSet().fuse(program).regionCount(), "Exp is costly");
    assertEquals(1, TensorFusion.set().fuse(program).regionCount(),
        "Exp has a block kernel: not called per element, so not costly");
    Tensor x = Tensor.vector(0.5, 1, 2);
    assertEquals(Interpreter.evalPositional(program, List.of(x)),
        exact.fuse(program).evalPositional(List.of(x)));

    IllegalArgumentException binary =
        assertThrows(IllegalArgumentException.class,
            () -> exact.withBlockKernels(Map.of("Mul", new BlockKernel(VectorMath.class, "exp"))));
    assertEquals("Mul: a block kernel replaces a static real element kernel of one input (no"
        + " attributes), but Mul takes 2 input(s)", binary.getMessage());
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class,
            () -> exact.withBlockKernels(Map.of("Erf", new BlockKernel(VectorMath.class, "exp"))));
    assertEquals("block kernels for [Erf], which are not elementwise primitives of the set",
        unknown.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> exact.withBlockKernels(TensorFusion.blockKernels(), 0));
  }

  @Test
  void largeLoopsSplitAsTheParallelismSays() {
    Tensor x = Tensor.vector(0.5, 1, 2);
    Tensor a = Tensor.vector(1, -1, 0.25);
    Tensor b = Tensor.vector(0, 1, 2);
    List<Tensor> inputs = List.of(x, a, b);
    CompiledProgram<TensorOp> program = Graphs.compile(Graphs.materialize(graph()));
    List<Tensor> unfused = Interpreter.evalPositional(program, inputs);

    // FusionParallelism
    FusionParallelism four = FusionParallelism.of(ForkJoinPool.commonPool(), 4, 1 << 18);
    FusedProgram<TensorOp, Tensor> fused =
        TensorFusion.exactSet().withParallelism(four).fuse(program);
    FusionParallelism.serial();    // every region on the calling thread
    assertEquals(unfused, fused.evalPositional(inputs));

    // FusedProgram.withParallelism
    List<Tensor> y = fused.withParallelism(FusionParallelism.serial()).evalPositional(inputs);
    assertEquals(unfused, y);
  }

  @Test
  void setsOfOtherParallelismsShareTheLoops() {
    List<Tensor> inputs =
        List.of(Tensor.vector(0.5, 1, 2), Tensor.vector(1, -1, 0.25), Tensor.vector(0, 1, 2));
    CompiledProgram<TensorOp> program = Graphs.compile(Graphs.materialize(graph()));
    List<Tensor> unfused = Interpreter.evalPositional(program, inputs);

    // FusionSet.withParallelism
    FusionSet<TensorOp, Tensor> set = TensorFusion.exactSet();
    FusionSet<TensorOp, Tensor> serial = set.withParallelism(FusionParallelism.serial());
    assertEquals(unfused, serial.fuse(program).evalPositional(inputs));
    assertSame(serial, TensorFusion.exactSet(FusionParallelism.serial()));
  }

  @Test
  void tensorFusionSetsOfAParallelismCacheTheirPrograms() {
    List<Tensor> inputs =
        List.of(Tensor.vector(0.5, 1, 2), Tensor.vector(1, -1, 0.25), Tensor.vector(0, 1, 2));
    CompiledProgram<TensorOp> program = Graphs.compile(Graphs.materialize(graph()));

    // TensorFusion.set(FusionParallelism)
    FusedProgram<TensorOp, Tensor> serial =
        TensorFusion.set(FusionParallelism.serial()).fuse(program);
    assertSame(serial, TensorFusion.set(FusionParallelism.serial()).fuse(program));
    List<Tensor> unfused = Interpreter.evalPositional(program, inputs);
    VectorisedValues.assertClose(unfused, serial.evalPositional(inputs), "serial");

    // TensorFusion.exactSet(FusionParallelism)
    FusedProgram<TensorOp, Tensor> exactSerial =
        TensorFusion.exactSet(FusionParallelism.serial()).fuse(program);
    assertEquals(unfused, exactSerial.evalPositional(inputs));
  }

  @Test
  void tensorFusionRunnersRunProgramsWithRegionsFused() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue in = tb.input("x", DType.F64, 3);
    CompiledProgram<TensorOp> program =
        Graphs.compile(Graphs.materialize(tb.build(in.mul(in).exp().sum())));
    Tensor x = Tensor.vector(0.5, 1, 2);

    // TensorFusion.runners
    ProgramRunner.Factory<TensorOp, Tensor> runners = TensorFusion.runners(TensorEvaluator::new);
    List<Tensor> y = runners.prepare(program).run(List.of(x));
    List<Tensor> unfused = Interpreter.evalPositional(program, List.of(x));
    VectorisedValues.assertClose(unfused, y, "runners");
    ProgramRunner.Factory<TensorOp, Tensor> exact =
        TensorFusion.runners(TensorFusion.exactSet(), TensorEvaluator::new);
    assertEquals(unfused, exact.prepare(program).run(List.of(x)));
  }

  @Test
  void lanesAddInEightPartialSumsPerBlockAndFormASetOption() {
    double[] data = new double[150];
    for (int i = 0; i < data.length; i++) {
      data[i] = 1.0 / (i + 1);
    }
    double s = LaneSum.sum(data, 0, data.length);
    double[] lanes = LaneSum.newLanes(1); // as a generated loop adds a block in chunks
    LaneSum.add(lanes, 0, data, 0, 100, 0); // elements 0 … 99 of the block
    LaneSum.add(lanes, 0, data, 100, 50, 100); // elements 100 … 149
    double block = LaneSum.total(lanes, 0);
    assertEquals(s, 0.0 + block);
    assertEquals(BlockedSum.sum(data, 0, data.length), SumOrder.SEQUENTIAL.sum(data, 0, 150));
  }

  @Test
  void aSetWithLaneSumsSumsAsItsOrderSays() {
    double[] data = new double[150];
    for (int i = 0; i < data.length; i++) {
      data[i] = 1.0 / (i + 1);
    }
    FusionSet<TensorOp, Tensor> fast = TensorFusion.exactSet().withSumOrder(SumOrder.LANES);
    double s = SumOrder.LANES.sum(data, 0, data.length); // what fast's loops compute for Σ data
    FusionSet<TensorOp, Tensor> lanes = TensorFusion.exactSet().withSumOrder(SumOrder.LANES);
    assertSame(fast, lanes);
    assertEquals(SumOrder.LANES, fast.sumOrder());
    assertEquals(LaneSum.sum(data, 0, data.length), s);
    TensorBuilder tb = TensorBuilder.create();
    TensorValue xv = tb.input("x", DType.F64, 150);
    CompiledProgram<TensorOp> program = Graphs.compile(Graphs.materialize(tb.build(xv.sum())));
    assertEquals(List.of(Tensor.scalar(s)),
        fast.fuse(program).evalPositional(List.of(Tensor.of(data, 150))));
  }

  @Test
  void aBlockedSumIsTheInOrderSumUpToOneBlock() {
    double[] data = {0.1, 0.2, 0.3, -1e-17};
    double s = BlockedSum.sum(data, 0, data.length);
    assertEquals(((0.0 + 0.1) + 0.2 + 0.3) + -1e-17, s);
  }
}
