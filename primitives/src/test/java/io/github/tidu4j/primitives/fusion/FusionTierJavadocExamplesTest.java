package io.github.tidu4j.primitives.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.github.tidu4j.graph.BlockKernelDescriptor;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.bytecode.TieredRunner;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import io.github.tidu4j.graph.fusion.BlockKernel;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.graph.fusion.SumOrder;
import io.github.tidu4j.primitives.FusionTier;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorKernels;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Javadoc examples of fusion as a promoted tier ({@link TieredRunners#promoting}, {@link
 * FusionTier}) and of declared block kernels ({@link BlockKernelDescriptor}, {@link
 * BlockKernel#byPrimitive}), run and checked.
 */
class FusionTierJavadocExamplesTest {

  /** y = Σ exp(x·x) over f64[3]. */
  private static CompiledProgram<TensorOp> program() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue xv = tb.input("x", DType.F64, 3);
    Graph<TensorOp> g = tb.build(xv.mul(xv).exp().sum());
    return Graphs.compile(Graphs.materialize(g));
  }

  @Test
  void promotingTieredRunnersCountTheWorkOfTheCalls() {
    CompiledProgram<TensorOp> program = program();
    TieredRunners<TensorOp, Tensor> fused =
        TieredRunners.promoting(TensorEvaluator::new, () -> TensorFusion.runners(TensorEvaluator::new))
            .work(inputs -> inputs.get(0).size())
            .build();
    assertEquals(TieredRunners.DEFAULT_WORK_THRESHOLD, fused.threshold());
    TieredRunner<Tensor> runner = fused.prepare(program);
    runner.run(List.of(Tensor.vector(1, 2, 3)));
    assertEquals(3, runner.work());
    assertEquals(TieredRunner.State.COUNTING, runner.state());
  }

  @Test
  void fusionTierRunsTheSwitchEvaluatorThenFused() {
    CompiledProgram<TensorOp> program = program();
    Tensor x = Tensor.vector(0.5, -1, 2);
    ProgramRunner.Factory<TensorOp, Tensor> runners =
        FusionTier.runners(TensorEvaluator::new, TensorFusion::set,
            TieredRunners.of(TensorEvaluator::new, TensorKernels::kernelSet));
    List<Tensor> y = runners.prepare(program).run(List.of(x));   // switch evaluator, then fused
    assertEquals(new TensorEvaluator(program).run(List.of(x)), y);

  }

  @Test
  void fusionTierBuilderTakesOtherOptions() {
    CompiledProgram<TensorOp> program = program();
    Tensor x = Tensor.vector(0.5, -1, 2);
    ProgramRunner.Factory<TensorOp, Tensor> unfused = TensorEvaluator::new;
    TieredRunners<TensorOp, Tensor> tiered =
        FusionTier.builder(TensorEvaluator::new, TensorFusion::exactSet, unfused)
            .threshold(1).synchronous().build();
    ProgramRunner.Factory<TensorOp, Tensor> runners = FusionTier.runners(tiered, unfused);
    TieredRunner<?> r = assertInstanceOf(TieredRunner.class, runners.prepare(program));
    assertEquals(
        new TensorEvaluator(program).run(List.of(x)), runnerOf(r).run(List.of(x)), "fused, exact");
    assertEquals(TieredRunner.State.BYTECODE, r.state());
  }

  @SuppressWarnings("unchecked")
  private static TieredRunner<Tensor> runnerOf(TieredRunner<?> r) {
    return (TieredRunner<Tensor>) r;
  }

  @Test
  void declaredBlockKernelsBecomeAFusionSetsBlockKernels() {
    BlockKernelDescriptor exp =
        new BlockKernelDescriptor(13, "Exp", "com/example/Tensors$Exp", "block");
    assertEquals("Exp", exp.primitiveName());

    FusionSet<TensorOp, Tensor> exact = TensorFusion.exactSet();
    FusionSet<TensorOp, Tensor> vectorised = exact.withBlockKernels(
        BlockKernel.byPrimitive(TensorKernels.BLOCK_KERNELS, TensorKernels.class.getClassLoader()));
    // TensorFusion.set() is these block kernels with sums in lane order
    assertEquals(TensorFusion.set(), vectorised.withSumOrder(SumOrder.LANES));
  }
}
