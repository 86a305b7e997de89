package io.github.tidu4j.primitives.scalar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Eager mode over the shipped scalar set with tiered evaluation: the generated {@code
 * EagerScalar.newRuntime()} runs each recorded graph on {@link ScalarEvaluator} first and as
 * bytecode from {@link ScalarKernels} once hot; values and gradients stay bit for bit those of the
 * switch evaluator alone ({@code EagerScalar.newRuntime(ScalarEvaluator::new)}) past the threshold.
 */
class TieredEagerScalarTest {
  private static final int CALLS = 12;

  /** x·sin x + tanh(x)/x: forward programs of several operations, backward through each. */
  private static final UnaryOperator<EagerScalar> F = x -> x.sin().mul(x).add(x.tanh().div(x));

  /** Runs F and its backward on both runtimes at {@code CALLS} points; compares the bits. */
  private static void assertSameBits(
      EagerRuntime<Double, EagerScalar> tiered, EagerRuntime<Double, EagerScalar> switchOnly) {
    for (int call = 0; call < CALLS; call++) {
      double x0 = 0.3 + 0.17 * call;
      EagerScalar a = tiered.variable(x0);
      EagerScalar b = switchOnly.variable(x0);
      EagerScalar ya = F.apply(a);
      EagerScalar yb = F.apply(b);
      assertEquals(
          Double.doubleToRawLongBits(yb.value()),
          Double.doubleToRawLongBits(ya.value()),
          "forward, call " + (call + 1) + " at " + x0);
      ya.backward();
      yb.backward();
      assertEquals(
          Double.doubleToRawLongBits(b.grad()),
          Double.doubleToRawLongBits(a.grad()),
          "backward, call " + (call + 1) + " at " + x0);
    }
  }

  @Test
  void graphsPromotedToBytecodeGiveTheSwitchEvaluatorsBits() {
    TieredRunners<ScalarOp, Double> runners =
        TieredRunners.builder(ScalarEvaluator::new, new BytecodeCompiler<>(ScalarKernels.kernelSet()))
            .threshold(3)
            .synchronous()
            .build();
    EagerRuntime<Double, EagerScalar> switchOnly = EagerScalar.newRuntime(ScalarEvaluator::new);
    assertSameBits(EagerScalar.newRuntime(runners), switchOnly);
    TieredRunners.Stats stats = runners.stats();
    assertTrue(stats.prepared() > 0, stats::toString);
    assertEquals(stats.prepared(), stats.promoted(), stats::toString);
    assertEquals(0, stats.failed(), stats::toString);
  }

  @Test
  void theDefaultRuntimesGiveTheSwitchEvaluatorsBits() {
    // the bytecode compiles on the background thread: the comparison holds whichever tier answers
    assertSameBits(EagerScalar.newRuntime(), EagerScalar.newRuntime(ScalarEvaluator::new));
    assertSameBits(EagerScalar.newRuntime(64), EagerScalar.newRuntime(ScalarEvaluator::new, 64));
  }

  @Test
  void runtimesOnOneRunnersCountTheirCallsTogetherTowardsBytecode() {
    TieredRunners<ScalarOp, Double> runners =
        TieredRunners.builder(ScalarEvaluator::new, new BytecodeCompiler<>(ScalarKernels.kernelSet()))
            .threshold(CALLS)
            .synchronous()
            .build();
    // one call of F and its backward on each of CALLS runtimes, as a server making a runtime per
    // request does: each program reaches the threshold only over the runtimes together
    for (int call = 0; call < CALLS; call++) {
      EagerRuntime<Double, EagerScalar> perRequest = EagerScalar.newRuntime(runners);
      EagerScalar x = perRequest.variable(0.3 + 0.17 * call);
      F.apply(x).backward();
    }
    TieredRunners.Stats stats = runners.stats();
    assertTrue(stats.prepared() > 0, stats::toString);
    assertEquals(stats.prepared(), stats.promoted(), stats::toString);
  }
}
