package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorKernels;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;

/**
 * The eager tensor runtime with tiered evaluation ({@link TensorEvaluator} first, bytecode over
 * {@link TensorKernels} once hot): forward values and gradients equal, tensor for tensor, those of
 * the switch evaluator alone, before and after every recorded graph is promoted.
 */
class TieredEagerTensorTest {

  @Test
  void promotedEagerTensorGraphsGiveTheSwitchEvaluatorsTensors() {
    TieredRunners<TensorOp, Tensor> runners =
        TieredRunners.builder(TensorEvaluator::new, new BytecodeCompiler<>(TensorKernels.kernelSet()))
            .threshold(2)
            .synchronous()
            .build();
    EagerRuntime<Tensor, EagerTensor> tiered = EagerTensor.newRuntime(runners);
    EagerRuntime<Tensor, EagerTensor> switchOnly = EagerTensor.newRuntime(TensorEvaluator::new);
    for (int call = 0; call < 6; call++) {
      Tensor x0 = Tensor.vector(0.5 + call, -1.25, 0.1 * call);
      EagerTensor a = tiered.variable(x0);
      EagerTensor b = switchOnly.variable(x0);
      EagerTensor ya = a.mul(a).add(a.sin()).exp().sum();
      EagerTensor yb = b.mul(b).add(b.sin()).exp().sum();
      assertEquals(yb.value(), ya.value(), "forward, call " + (call + 1));
      ya.backward();
      yb.backward();
      assertEquals(b.grad(), a.grad(), "backward, call " + (call + 1));
    }
    TieredRunners.Stats stats = runners.stats();
    assertTrue(stats.prepared() > 0, stats::toString);
    assertEquals(stats.prepared(), stats.promoted(), stats::toString);
    assertEquals(0, stats.failed(), stats::toString);
  }
}
