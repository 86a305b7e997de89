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
import io.github.tidu4j.graph.fusion.BlockedSum;
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
import java.util.List;
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
    assertEquals(Interpreter.evalPositional(p, List.of(x, a, b)), y);
    assertEquals(1, TensorFusion.fuse(p).regionCount());
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
    FusedProgram<TensorOp, Tensor> fused = TensorFusion.set().withParallelism(four).fuse(program);
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
    FusionSet<TensorOp, Tensor> set = TensorFusion.set();
    FusionSet<TensorOp, Tensor> serial = set.withParallelism(FusionParallelism.serial());
    assertEquals(unfused, serial.fuse(program).evalPositional(inputs));
    assertSame(serial, TensorFusion.set(FusionParallelism.serial()));
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
    assertEquals(Interpreter.evalPositional(program, inputs), serial.evalPositional(inputs));
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
    assertEquals(Interpreter.evalPositional(program, List.of(x)), y);
  }

  @Test
  void aBlockedSumIsTheInOrderSumUpToOneBlock() {
    double[] data = {0.1, 0.2, 0.3, -1e-17};
    double s = BlockedSum.sum(data, 0, data.length);
    assertEquals(((0.0 + 0.1) + 0.2 + 0.3) + -1e-17, s);
  }
}
