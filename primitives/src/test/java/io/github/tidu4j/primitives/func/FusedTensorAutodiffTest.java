package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.testing.RandomTensors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.bytecode.TieredRunner;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import io.github.tidu4j.graph.fusion.BlockedSum;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.primitives.TensorDomain;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.FusionTier;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.testing.VectorisedValues;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * {@link TensorAutodiff} runs its compiled functions fused: with the exact fusion set ({@code
 * -Dtidu4j.autodiff.fusion=exact}), forward values and gradients equal the unfused program's bit
 * for bit (the same function compiled alike and run by the interpreter), on one thread and, for
 * tensors past the default threshold, on as many as the machine has; with the default
 * (vectorised) set they are those bits too where {@code VectorMath} runs its {@link Math} loops,
 * and within the transcendental functions' last bits otherwise ({@link VectorisedValues}); the compiled program is cached as
 * before, and programs with nothing to fuse run tiered.
 */
class FusedTensorAutodiffTest {

  private static FnN function(String name) {
    return v -> {
      var x = v.get(0);
      var a = v.get(1);
      var b = v.get(2);
      var y =
          switch (name) {
            case "sumExp" -> a.mul(x).exp().sum();
            case "chain8" -> x.mul(a).add(b).exp().sin().cos().tanh().neg().mul(a).sum();
            case "cheap8" -> x.mul(a).add(b).neg().mul(a).add(b).neg().mul(a).add(b).sum();
            default -> throw new IllegalArgumentException(name);
          };
      return List.of(y);
    };
  }

  /** The same functions, compiled alike, run unfused by the reference interpreter. */
  private static final FunctionCache<TensorOp, TensorType, Tensor> UNFUSED =
      new FunctionCache<>(
          TensorDomain.INSTANCE, ProgramRunner.<TensorOp, Tensor>interpreter(), 64);

  /**
   * The same functions, compiled alike, run as TensorAutodiff runs them with fusion=exact once
   * promoted: a work threshold of 1 promotes every program before its first call.
   */
  private static final FunctionCache<TensorOp, TensorType, Tensor> EXACT =
      new FunctionCache<>(
          TensorDomain.INSTANCE,
          TensorAutodiff.runners("exact", b -> b.threshold(1).synchronous()),
          64);

  /** The same, with the default (vectorised) fusion set. */
  private static final FunctionCache<TensorOp, TensorType, Tensor> FUSED =
      new FunctionCache<>(
          TensorDomain.INSTANCE,
          TensorAutodiff.runners("true", b -> b.threshold(1).synchronous()),
          64);

  /** One kind of list from every tier: a caller cannot start failing once a program is promoted. */
  @Test
  void theOutputsAreAnUnmodifiableListOnEveryTier() {
    TensorFunction f = TensorAutodiff.grad(x -> x.exp().sum());
    List<Tensor> args = List.of(Tensor.vector(1, 2, 3));
    for (FunctionCache<TensorOp, TensorType, Tensor> tier : List.of(UNFUSED, EXACT, FUSED)) {
      List<Tensor> out = tier.call(f.traceable(), args);
      assertThrows(UnsupportedOperationException.class, () -> out.set(0, out.get(0)));
    }
    List<Tensor> withZero =
        TensorAutodiff.grad(TensorAutodiff.function((Fn2) (x, y) -> x.sum()), 0, 1)
            .applyAll(Tensor.vector(1, 2), Tensor.vector(3));
    assertThrows(UnsupportedOperationException.class, () -> withZero.set(1, withZero.get(1)));
  }

  static void assertUnfusedValues(TensorFunction f, List<Tensor> args) {
    TensorType[] types = args.stream().map(TensorType::of).toArray(TensorType[]::new);
    assertTrue(TensorFusion.fuse(f.program(types)).regionCount() > 0, f.describe());
    List<Tensor> unfused = UNFUSED.call(f.traceable(), args);
    assertEquals(unfused, EXACT.call(f.traceable(), args), f.describe());
    VectorisedValues.assertClose(unfused, FUSED.call(f.traceable(), args), f.describe());
    VectorisedValues.assertClose(unfused, f.applyAll(args), f.describe());
  }

  @Test
  void compiledFunctionsRunFusedByDefaultOnceTheirWorkPaysForIt() {
    assertEquals("true", TensorAutodiff.FUSION, "no -D" + TensorAutodiff.FUSION_PROPERTY + " here");
    TensorFunction f = TensorAutodiff.function(3, function("sumExp"));
    // one call over more elements than the work threshold: fused before it runs
    int n = (int) TieredRunners.DEFAULT_WORK_THRESHOLD;
    SplittableRandom r = new SplittableRandom(5);
    List<Tensor> args = List.of(vector(r, n, -2, 2), vector(r, n, -1, 1), vector(r, n, -1, 1));
    CompiledProgram<TensorOp> program =
        f.program(args.stream().map(TensorType::of).toArray(TensorType[]::new));
    ProgramRunner<Tensor> fused = TensorAutodiff.runners("exact").prepare(program);
    ProgramRunner<Tensor> tiered = TensorAutodiff.runners("false").prepare(program);
    ProgramRunner<Tensor> byDefault = TensorAutodiff.runners("true").prepare(program);
    List<Tensor> y = tiered.run(args);
    assertEquals(y, fused.run(args));
    VectorisedValues.assertClose(y, byDefault.run(args), "the default set");
    for (ProgramRunner<Tensor> runner : List.of(fused, byDefault)) {
      TieredRunner<Tensor> t = assertInstanceOf(TieredRunner.class, runner);
      assertEquals(TieredRunner.State.BYTECODE, t.state(), "a program with a region runs fused");
      assertFalse(t.currentRunner() instanceof TensorEvaluator, "promoted to its fused form");
    }
    TieredRunner<Tensor> off = assertInstanceOf(TieredRunner.class, tiered);
    assertEquals(TieredRunner.State.COUNTING, off.state(), "fusion off: counting towards bytecode");
  }

  @Test
  void aSmallProgramStartsOnTheSwitchEvaluator() {
    TensorFunction f = TensorAutodiff.function(3, function("sumExp"));
    List<Tensor> args = List.of(Tensor.vector(1, 2), Tensor.vector(3, 4), Tensor.vector(5, 6));
    CompiledProgram<TensorOp> program =
        f.program(args.stream().map(TensorType::of).toArray(TensorType[]::new));
    TieredRunner<Tensor> runner =
        assertInstanceOf(TieredRunner.class, TensorAutodiff.runners("exact").prepare(program));
    assertEquals(UNFUSED.call(f.traceable(), args), runner.run(args));
    assertEquals(TieredRunner.State.COUNTING, runner.state());
    assertEquals(2, runner.work(), "a call's work: its largest input's elements");
    assertInstanceOf(TensorEvaluator.class, runner.currentRunner());
  }

  @Test
  void aProgramWithNothingToFuseRunsTiered() {
    TensorFunction f = TensorAutodiff.function(x -> x.transpose(1, 0));
    CompiledProgram<TensorOp> program = f.program(TensorType.of(Tensor.zeros(DType.F64, 2, 3)));
    assertEquals(0, TensorFusion.fuse(program).regionCount());
    assertFalse(FusionTier.hasElementwise(program));
    for (String mode : List.of("true", "exact")) {
      TieredRunner<Tensor> runner =
          assertInstanceOf(
              TieredRunner.class,
              TensorAutodiff.runners(mode, b -> b.threshold(1).synchronous()).prepare(program));
      runner.run(List.of(Tensor.zeros(DType.F64, 2, 3)));
      assertEquals(TieredRunner.State.COUNTING, runner.state(), "towards bytecode, by calls");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sumExp", "chain8", "cheap8"})
  void forwardAndGradientEqualTheUnfusedBitForBitOnOneThreadAndOnSeveral(String name) {
    for (int n : new int[] {3, 1000, 3 * BlockedSum.BLOCK + 5}) {
      SplittableRandom r = new SplittableRandom(n);
      List<Tensor> args = List.of(vector(r, n, -2, 2), vector(r, n, -1, 1), vector(r, n, -1, 1));
      TensorFunction f = TensorAutodiff.function(3, function(name));
      assertUnfusedValues(f, args);
      assertUnfusedValues(TensorAutodiff.grad(f, 0, 1), args);
      assertUnfusedValues(TensorAutodiff.valueAndGrad(f, 0), args);
      List<Tensor> vjpArgs = new ArrayList<>(args);
      vjpArgs.add(Tensor.scalar(1.0));
      assertUnfusedValues(TensorAutodiff.vjp(f, 1, 0), vjpArgs);
    }
  }

  @Test
  void aSumExpLargeEnoughToSplitGivesTheUnfusedBits() {
    // Mul, Exp and the sum cost 1 + 16 + 1 per element: past the default threshold of work
    int n = (int) (FusionParallelism.DEFAULT_THRESHOLD / 18) + 3 * BlockedSum.BLOCK;
    SplittableRandom r = new SplittableRandom(n);
    List<Tensor> args = List.of(vector(r, n, -2, 2), vector(r, n, -1, 1), vector(r, n, -1, 1));
    TensorFunction f = TensorAutodiff.function(3, function("sumExp"));
    assertUnfusedValues(f, args);
    assertUnfusedValues(TensorAutodiff.grad(f, 0), args);
  }

  @Test
  void fusedFunctionsAreCompiledOnceAndCached() {
    TensorFunction g = TensorAutodiff.grad(TensorAutodiff.function(3, function("cheap8")), 0);
    SplittableRandom r = new SplittableRandom(9);
    List<Tensor> args = List.of(vector(r, 50, -2, 2), vector(r, 50, -1, 1), vector(r, 50, -1, 1));
    List<Tensor> first = g.applyAll(args);
    long compilations = TensorAutodiff.cacheStats().compilations();
    for (int i = 0; i < 5; i++) {
      assertEquals(first, g.applyAll(args));
    }
    assertEquals(compilations, TensorAutodiff.cacheStats().compilations());
  }

  /**
   * The shared cache's tiers are visible: a hot elementwise program is promoted to its fused loop,
   * and the fused tier's counters say so (a service reads them to see whether programs fuse).
   */
  @Test
  void theSharedCachesTiersCountTheirPromotions() throws InterruptedException {
    TensorAutodiff.TierStats before = TensorAutodiff.tierStats();
    assertTrue(before.bytecode() != null);
    if (!TensorAutodiff.FUSION.equals("false")) {
      Tensor x = vector(new SplittableRandom(3), 1 << 18, -1, 1);
      double marker = x.toDoubleArray()[0];
      TensorFunction g = TensorAutodiff.grad(v -> v.sin().mul(v).scale(marker).sum());
      for (int call = 0; call < 8; call++) {
        g.apply(x);
      }
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (TensorAutodiff.tierStats().fused().promoted() == before.fused().promoted()
          && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      TensorAutodiff.TierStats after = TensorAutodiff.tierStats();
      assertTrue(after.fused().requested() > before.fused().requested(), after.toString());
      assertTrue(after.fused().promoted() > before.fused().promoted(), after.toString());
    }
  }
}
