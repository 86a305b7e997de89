package io.github.tidu4j.primitives.eager;

import static io.github.tidu4j.primitives.testing.RandomTensors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.bytecode.TieredRunner;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.FusionTier;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorKernels;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorPrimitives;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.testing.VectorisedValues;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The generated {@code EagerTensor.newRuntime()} runs its graphs as the set's tier policy ({@code
 * TensorPrimitives.TIERS}, {@link FusionTier#POLICY}) says: a graph with elementwise instructions
 * on the switch evaluator first, fused once its calls have processed enough elements (a graph over
 * more than the work threshold at once), other graphs towards bytecode.
 */
class EagerFusionTierTest {

  @Test
  void theTensorSetDeclaresTheFusionTierAsItsPolicy() {
    assertSame(FusionTier.POLICY, TensorPrimitives.TIERS);
  }

  @Test
  void thePolicyPromotesGraphsWithElementwiseInstructionsToTheirFusedLoops() {
    TensorBuilder tb = TensorBuilder.create();
    int n = (int) TieredRunners.DEFAULT_WORK_THRESHOLD;
    TensorValue x = tb.input("x", DType.F64, n);
    Graph<TensorOp> g = tb.build(x.mul(x).exp().sum());
    CompiledProgram<TensorOp> p =
        Graphs.compile(Graphs.resolve(g), List.of(ValueKey.input(x.inputKey())), g.outputKeys());
    ProgramRunner.Factory<TensorOp, Tensor> runners =
        FusionTier.POLICY.runners(
            TensorEvaluator::new,
            TieredRunners.<TensorOp, Tensor>of(TensorEvaluator::new, TensorKernels::kernelSet));
    TieredRunner<?> runner = assertInstanceOf(TieredRunner.class, runners.prepare(p));
    List<Tensor> in = List.of(vector(new SplittableRandom(1), n, -1, 1));
    VectorisedValues.assertClose(new TensorEvaluator(p).run(in), runTyped(runner, in), "fused");
    assertEquals(TieredRunner.State.BYTECODE, runner.state(), "one call over 2^20 elements");
    assertFalse(runner.currentRunner() instanceof TensorEvaluator);
  }

  @SuppressWarnings("unchecked")
  private static List<Tensor> runTyped(TieredRunner<?> runner, List<Tensor> in) {
    return ((TieredRunner<Tensor>) runner).run(in);
  }

  @Test
  void theDefaultRuntimeGivesTheSwitchEvaluatorsTensorsSmallAndLarge() {
    EagerRuntime<Tensor, EagerTensor> reference = EagerTensor.newRuntime(TensorEvaluator::new);
    EagerRuntime<Tensor, EagerTensor> byDefault = EagerTensor.newRuntime();
    for (int n : new int[] {5, (int) TieredRunners.DEFAULT_WORK_THRESHOLD + 7}) {
      SplittableRandom r = new SplittableRandom(n);
      Tensor x0 = vector(r, n, -1, 1);
      Tensor c = vector(r, n, -1, 1);
      Tensor[] values = new Tensor[2];
      Tensor[] grads = new Tensor[2];
      int i = 0;
      for (EagerRuntime<Tensor, EagerTensor> rt : List.of(reference, byDefault)) {
        EagerTensor x = rt.variable(x0);
        EagerTensor y = x.mul(x).add(2.0).sub(x.tanh().mul(c)).exp().mul(3.0).sum();
        y.backward();
        values[i] = y.value();
        grads[i] = x.grad();
        i++;
      }
      if (n == 5) {
        // a first call over five elements runs on the switch evaluator: the same bits
        assertEquals(values[0], values[1], "value, n " + n);
        assertEquals(grads[0], grads[1], "gradient, n " + n);
      } else {
        VectorisedValues.assertClose(
            List.of(values[0], grads[0]), List.of(values[1], grads[1]), "fused at once, n " + n);
      }
    }
  }
}
