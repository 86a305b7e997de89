package io.github.tidu4j.primitives.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.bytecode.TieredRunner;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import io.github.tidu4j.primitives.FusionTier;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link FusionTier}: programs with elementwise instructions start unfused and are promoted to
 * their fused form by the elements their calls process; the values are equal across the switch.
 */
class FusionTierTest {

  /** y = Σ cos(exp(a·x) + b) over f64[n]. */
  private static CompiledProgram<TensorOp> program(int n) {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, n);
    TensorValue a = tb.input("a", DType.F64, n);
    TensorValue b = tb.input("b", DType.F64, n);
    Graph<TensorOp> g = tb.build(a.mul(x).exp().add(b).cos().sum());
    return Graphs.compile(
        Graphs.resolve(g),
        List.of(
            ValueKey.input(x.inputKey()), ValueKey.input(a.inputKey()),
            ValueKey.input(b.inputKey())),
        g.outputKeys());
  }

  private static List<Tensor> inputs(int n, double shift) {
    double[] x = new double[n];
    double[] a = new double[n];
    double[] b = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = Math.sin(i + shift);
      a[i] = 0.5 + 0.001 * i;
      b[i] = Math.cos(3 * i);
    }
    return List.of(Tensor.of(x, n), Tensor.of(a, n), Tensor.of(b, n));
  }

  private static final ProgramRunner.Factory<TensorOp, Tensor> FIRST = TensorEvaluator::new;

  @Test
  void aProgramIsFusedOnceItsCallsHaveProcessedTheThresholdOfElements() {
    AtomicInteger unfused = new AtomicInteger();
    ProgramRunner.Factory<TensorOp, Tensor> counting =
        p -> {
          unfused.incrementAndGet();
          return new TensorEvaluator(p);
        };
    TieredRunners<TensorOp, Tensor> tiered =
        FusionTier.builder(FIRST, TensorFusion::exactSet, counting)
            .threshold(1_000)
            .synchronous()
            .build();
    ProgramRunner.Factory<TensorOp, Tensor> runners = FusionTier.runners(tiered, counting);
    CompiledProgram<TensorOp> p = program(100);
    TieredRunner<Tensor> runner = assertInstanceOf(TieredRunner.class, runners.prepare(p));

    for (int call = 1; call <= 10; call++) {
      List<Tensor> in = inputs(100, call);
      assertEquals(Interpreter.evalPositional(p, in), runner.run(in), "call " + call);
      assertEquals(call < 10 ? TieredRunner.State.COUNTING : TieredRunner.State.BYTECODE,
          runner.state(), "after call " + call + ", work " + runner.work());
    }
    assertFalse(runner.currentRunner() instanceof TensorEvaluator);
    List<Tensor> in = inputs(100, 11);
    assertEquals(Interpreter.evalPositional(p, in), runner.run(in), "fused, the same bits");
    assertEquals(0, unfused.get(), "a program with a region needs no unfused runner");
  }

  @Test
  void aCallOverTheThresholdOfElementsRunsFusedAtOnce() {
    TieredRunners<TensorOp, Tensor> tiered =
        FusionTier.builder(FIRST, TensorFusion::exactSet, FIRST).threshold(1_000).build();
    CompiledProgram<TensorOp> p = program(1_000);
    TieredRunner<Tensor> runner = assertInstanceOf(TieredRunner.class, tiered.prepare(p));
    List<Tensor> in = inputs(1_000, 0);
    assertEquals(Interpreter.evalPositional(p, in), runner.run(in));
    assertEquals(TieredRunner.State.BYTECODE, runner.state(), "promoted on the calling thread");
    assertSame(runner.currentRunner(), runner.currentRunner());
  }

  @Test
  void programsWithoutElementwiseInstructionsGoToTheUnfusedRunners() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 2, 3);
    Graph<TensorOp> g = tb.build(x.transpose(1, 0));
    CompiledProgram<TensorOp> p =
        Graphs.compile(Graphs.resolve(g), List.of(ValueKey.input(x.inputKey())), g.outputKeys());
    assertFalse(FusionTier.hasElementwise(p));
    assertTrue(FusionTier.hasElementwise(program(3)));
    ProgramRunner.Factory<TensorOp, Tensor> runners =
        FusionTier.runners(FIRST, TensorFusion::exactSet, FIRST);
    assertInstanceOf(TensorEvaluator.class, runners.prepare(p));
    assertInstanceOf(TieredRunner.class, runners.prepare(program(3)));
  }

  @Test
  @Timeout(120)
  void concurrentCallersSeeTheSameBitsAcrossThePromotion() throws Exception {
    ExecutorService background = Executors.newSingleThreadExecutor();
    ExecutorService callers = Executors.newFixedThreadPool(6);
    try {
      TieredRunners<TensorOp, Tensor> tiered =
          FusionTier.builder(FIRST, TensorFusion::exactSet, FIRST)
              .threshold(20_000)
              .executor(background)
              .build();
      int n = 64;
      CompiledProgram<TensorOp> p = program(n);
      TieredRunner<Tensor> runner = assertInstanceOf(TieredRunner.class, tiered.prepare(p));
      List<Tensor> in = inputs(n, 0.25);
      List<Tensor> expected = Interpreter.evalPositional(p, in);
      List<Future<Integer>> mismatches = new ArrayList<>();
      for (int t = 0; t < 6; t++) {
        mismatches.add(callers.submit(() -> {
          int bad = 0;
          for (int call = 0; call < 600; call++) {
            if (!expected.equals(runner.run(in))) {
              bad++;
            }
          }
          return bad;
        }));
      }
      for (Future<Integer> m : mismatches) {
        assertEquals(0, m.get(60, TimeUnit.SECONDS), "every call, on either tier");
      }
      assertSame(TieredRunner.State.BYTECODE, runner.settled().get(60, TimeUnit.SECONDS));
      assertEquals(1, tiered.stats().promoted());
      assertEquals(1, tiered.stats().requested(), "promoted once");
      assertEquals(expected, runner.run(in));
    } finally {
      callers.shutdownNow();
      background.shutdownNow();
    }
  }
}
