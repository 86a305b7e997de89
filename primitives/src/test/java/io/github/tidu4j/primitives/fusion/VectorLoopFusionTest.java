package io.github.tidu4j.primitives.fusion;

import static io.github.tidu4j.primitives.testing.RandomTensors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.fusion.BlockedSum;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.graph.fusion.SumOrder;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tensor set's fused programs (with per-element {@code Math} kernels and sums in either order)
 * with vector loops ({@link FusionSet#withVectorLoops}, on by default) give the element loops'
 * values bit for bit: the benchmark's functions (their gradients broadcast the scalar seed), a
 * program with subtraction, division and reciprocal, and one with an attribute-reading kernel
 * (which keeps the element loop), forward and with their gradients, for lengths below, at and
 * around one vector, odd lengths, and lengths of several blocks split over two threads. The pom's
 * {@code vector-loops-incubator} execution runs it with {@code jdk.incubator.vector} resolved,
 * where cheap regions do run over vectors (runtime-graph's {@code VectorLoopTest} checks which
 * loops are generated); the default execution runs it without, where both sides are element loops.
 */
class VectorLoopFusionTest {

  // Math kernels per element, so that only the vector loops could change a bit (VectorMath's
  // block kernels may round a last bit differently until C2 compiles them, see TensorFusion)
  private static final FusionSet<TensorOp, Tensor> SERIAL =
      TensorFusion.exactSet(FusionParallelism.serial()).withSumOrder(SumOrder.LANES);
  private static final FusionSet<TensorOp, Tensor> SPLIT =
      TensorFusion.exactSet(FusionParallelism.of(ForkJoinPool.commonPool(), 2, 0))
          .withSumOrder(SumOrder.LANES);

  @ParameterizedTest
  @ValueSource(strings = {"cheap8", "divided", "scaled", "sumExp", "chain8"})
  void vectorLoopsGiveTheElementLoopsBits(String name) {
    for (int n : new int[] {1, 5, 8, 9, 17, 1003, 2 * BlockedSum.BLOCK + 5}) {
      SplittableRandom r = new SplittableRandom(31L * n + name.hashCode());
      Tensor x = vector(r, n, -2, 2);
      Tensor a = vector(r, n, 0.5, 1.5);
      Tensor b = vector(r, n, -1, 1);
      TensorFusionTest.Programs made = TensorFusionTest.programs(name, n);
      List<CompiledProgram<TensorOp>> programs = List.of(made.forward(), made.gradient());
      List<List<Tensor>> inputs =
          List.of(List.of(x, a, b), List.of(x, a, b, Tensor.scalar(1.0)));
      for (int p = 0; p < 2; p++) {
        for (FusionSet<TensorOp, Tensor> set :
            List.of(SERIAL, SPLIT, SERIAL.withSumOrder(SumOrder.SEQUENTIAL))) {
          assertTrue(set.vectorLoops());
          FusionSet<TensorOp, Tensor> element = set.withVectorLoops(false);
          assertFalse(element.vectorLoops());
          assertEquals(
              element.fuse(programs.get(p)).evalPositional(inputs.get(p)),
              set.fuse(programs.get(p)).evalPositional(inputs.get(p)),
              name + (p == 0 ? " forward" : " gradient") + ", n = " + n + ", "
                  + set.parallelism() + ", " + set.sumOrder());
        }
      }
    }
  }

  /**
   * cheap8's gradient is one region with vector loops too: its dy/dx (a vector loop alone) merges
   * with the forward sum, a vector loop with lane-order sums and an element loop with in-order
   * ones ({@code vectorLoopsGiveTheElementLoopsBits} compares their values).
   */
  @Test
  void cheap8sGradientIsOneRegionInEitherSumOrder() {
    CompiledProgram<TensorOp> gradient = TensorFusionTest.programs("cheap8", 1003).gradient();
    for (FusionSet<TensorOp, Tensor> set :
        List.of(SERIAL, SERIAL.withSumOrder(SumOrder.SEQUENTIAL), TensorFusion.set())) {
      assertEquals(1, set.fuse(gradient).regionCount(), set.sumOrder().toString());
    }
  }

  /** FusionSet.withVectorLoops' Javadoc example: a set of element loops, same values. */
  @Test
  void elementLoopsSetExample() {
    FusionSet<TensorOp, Tensor> elementLoops = TensorFusion.set().withVectorLoops(false);
    assertFalse(elementLoops.vectorLoops());
    assertTrue(TensorFusion.set().vectorLoops());
    assertEquals(TensorFusion.set().sumOrder(), elementLoops.sumOrder());
    assertEquals(TensorFusion.set().blockSize(), elementLoops.blockSize());
    assertTrue(elementLoops.withVectorLoops(true).vectorLoops());
  }
}
