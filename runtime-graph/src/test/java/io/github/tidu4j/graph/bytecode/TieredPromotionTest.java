package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.SCALAR;
import static io.github.tidu4j.graph.bytecode.Fixtures.assertBitIdentical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.bytecode.TieredRunner.State;
import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link TieredRunners#promoting}: a promoted tier other than bytecode, and promotion by the work
 * of the calls rather than their number.
 */
class TieredPromotionTest {
  private static final ProgramRunner.Factory<ScalarOp, Double> FIRST = ProgramRunner.interpreter();

  /** A promoted tier that compiles bytecode and counts the programs it is asked for. */
  private static final class CountingTier implements ProgramRunner.Factory<ScalarOp, Double> {
    final BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(SCALAR, 16, DEFAULTS);
    final AtomicInteger prepared = new AtomicInteger();

    @Override
    public ProgramRunner<Double> prepare(CompiledProgram<ScalarOp> program) {
      prepared.incrementAndGet();
      return new BytecodeRunner<>(compiler.compile(program));
    }
  }

  private static List<Double> inputs(CompiledProgram<?> p, double shift) {
    List<Double> in = new ArrayList<>();
    for (double v : Fixtures.randDagInputs(p, RandDag.INPUT_VALUES)) {
      in.add(v + shift);
    }
    return in;
  }

  @Test
  void workAddsUpToTheThresholdThenThePromotedTierAnswers() {
    CountingTier tier = new CountingTier();
    AtomicInteger supplied = new AtomicInteger();
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.promoting(FIRST, () -> {
              supplied.incrementAndGet();
              return tier;
            })
            .work(in -> 10)
            .threshold(35)
            .synchronous()
            .build();
    CompiledProgram<ScalarOp> p = Fixtures.randDag(200, 1);
    TieredRunner<Double> runner = tiered.prepare(p);
    assertEquals(0, supplied.get(), "the promoted tier is made when a program is promoted");

    for (int call = 1; call <= 3; call++) {
      List<Double> in = inputs(p, call);
      assertBitIdentical(Interpreter.evalPositional(p, in), runner.run(in).toArray(), "call " + call);
      assertEquals(State.COUNTING, runner.state(), "work " + runner.work() + " < 35");
      assertEquals(10L * call, runner.work());
    }
    runner.run(inputs(p, 4)); // work 40: promoted after this call
    assertEquals(State.BYTECODE, runner.state());
    assertEquals(1, supplied.get());
    assertEquals(1, tier.prepared.get());
    assertNotSame(FIRST, runner.currentRunner());
    assertInstanceOf(BytecodeRunner.class, runner.currentRunner());
    List<Double> in = inputs(p, 5);
    assertBitIdentical(Interpreter.evalPositional(p, in), runner.run(in).toArray(), "promoted");
    assertEquals(new TieredRunners.Stats(1, 0, 1, 1, 0, null), tiered.stats());

    TieredRunner<Double> other = tiered.prepare(Fixtures.randDag(100, 2));
    for (int call = 0; call < 4; call++) {
      other.run(inputs(Fixtures.randDag(100, 2), 0));
    }
    assertEquals(State.BYTECODE, other.state());
    assertEquals(1, supplied.get(), "one promoted tier per factory");
    assertEquals(2, tier.prepared.get());
  }

  @Test
  void aCallWhoseOwnWorkReachesTheThresholdIsPromotedBeforeItRunsOnItsThread() {
    CountingTier tier = new CountingTier();
    List<Runnable> held = new ArrayList<>();
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.promoting(FIRST, () -> tier)
            .work(in -> in.size() * 1_000L)
            .threshold(1_000)
            .executor(held::add)
            .build();
    CompiledProgram<ScalarOp> p = Fixtures.randDag(200, 3);
    TieredRunner<Double> runner = tiered.prepare(p);
    List<Double> in = inputs(p, 0);

    List<Double> out = runner.run(in);
    assertEquals(List.of(), held, "made on the calling thread, not the executor");
    assertEquals(State.BYTECODE, runner.state());
    assertEquals(1, tier.prepared.get());
    assertEquals(1, tier.compiler.misses());
    assertBitIdentical(Interpreter.evalPositional(p, in), out.toArray(), "the first call");
  }

  @Test
  void smallCallsWaitForTheirWorkToAddUp() {
    CountingTier tier = new CountingTier();
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.promoting(FIRST, () -> tier)
            .work(in -> 1)
            .threshold(1_000)
            .synchronous()
            .build();
    CompiledProgram<ScalarOp> p = Fixtures.randDag(50, 4);
    TieredRunner<Double> runner = tiered.prepare(p);
    List<Double> in = inputs(p, 0);
    for (int call = 1; call < 1_000; call++) {
      runner.run(in);
    }
    assertEquals(State.COUNTING, runner.state());
    assertEquals(0, tier.prepared.get());
    runner.run(in);
    assertEquals(State.BYTECODE, runner.state());
  }

  @Test
  @Timeout(120)
  void concurrentCallersPromoteOnceInTheBackgroundAndSeeEqualResults() throws Exception {
    CountingTier tier = new CountingTier();
    AtomicInteger tasks = new AtomicInteger();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      TieredRunners<ScalarOp, Double> tiered =
          TieredRunners.promoting(FIRST, () -> tier)
              .work(in -> 7)
              .threshold(700)
              .executor(task -> {
                tasks.incrementAndGet();
                pool.execute(task);
              })
              .build();
      CompiledProgram<ScalarOp> p = Fixtures.randDag(400, 5);
      TieredRunner<Double> runner = tiered.prepare(p);
      List<Double> in = inputs(p, 0);
      long[] expected = bits(Interpreter.evalPositional(p, in));

      List<Integer> mismatches =
          Concurrently.run(
              8,
              thread -> {
                int bad = 0;
                for (int call = 0; call < 400; call++) {
                  if (!java.util.Arrays.equals(expected, bits(runner.run(in)))) {
                    bad++;
                  }
                }
                return bad;
              });

      assertEquals(List.of(0, 0, 0, 0, 0, 0, 0, 0), mismatches, "every call, on either tier");
      assertSame(State.BYTECODE, runner.settled().get(60, TimeUnit.SECONDS));
      assertEquals(1, tasks.get(), "one promotion requested");
      assertEquals(1, tier.prepared.get());
      assertEquals(new TieredRunners.Stats(1, 0, 1, 1, 0, null), tiered.stats());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aFailingPromotedTierLeavesTheFirstTierAndSaysWhy() {
    IllegalStateException broken = new IllegalStateException("no promoted tier here");
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.<ScalarOp, Double>promoting(FIRST, () -> {
              throw broken;
            })
            .work(in -> 5)
            .threshold(5)
            .synchronous()
            .build();
    CompiledProgram<ScalarOp> p = Fixtures.randDag(80, 6);
    TieredRunner<Double> runner = tiered.prepare(p);
    List<Double> in = inputs(p, 0);

    assertBitIdentical(Interpreter.evalPositional(p, in), runner.run(in).toArray(), "first");
    assertEquals(State.FAILED, runner.state());
    assertSame(broken, runner.failure().orElseThrow());
    assertBitIdentical(Interpreter.evalPositional(p, in), runner.run(in).toArray(), "after");
    assertEquals(1, tiered.stats().failed());
  }

  @Test
  void thePropertyAndOptionsAreChecked() {
    TieredRunners.Builder<ScalarOp, Double> b =
        TieredRunners.promoting(FIRST, CountingTier::new).work(in -> 1);
    assertThrows(IllegalArgumentException.class, () -> b.threshold(0));
    assertThrows(NullPointerException.class, () -> b.work(null));
    IllegalStateException notBytecode =
        assertThrows(IllegalStateException.class, () -> b.build().compiler());
    assertTrue(notBytecode.getMessage().contains("not to bytecode"), notBytecode.getMessage());

    String previous = System.getProperty(TieredRunners.WORK_THRESHOLD_PROPERTY);
    try {
      System.clearProperty(TieredRunners.WORK_THRESHOLD_PROPERTY);
      assertEquals(TieredRunners.DEFAULT_WORK_THRESHOLD,
          TieredRunners.promoting(FIRST, CountingTier::new).work(in -> 1).build().threshold());
      assertEquals(TieredRunners.DEFAULT_THRESHOLD,
          TieredRunners.promoting(FIRST, CountingTier::new).build().threshold(),
          "without a work measure, calls are counted");
      System.setProperty(TieredRunners.WORK_THRESHOLD_PROPERTY, "lots");
      IllegalArgumentException bad =
          assertThrows(
              IllegalArgumentException.class,
              () -> TieredRunners.promoting(FIRST, CountingTier::new).work(in -> 1).build());
      assertTrue(bad.getMessage().contains(TieredRunners.WORK_THRESHOLD_PROPERTY), bad.getMessage());
      System.setProperty(TieredRunners.WORK_THRESHOLD_PROPERTY, "5000000000");
      assertEquals(5_000_000_000L,
          TieredRunners.promoting(FIRST, CountingTier::new).work(in -> 1).build().threshold());
    } finally {
      if (previous == null) {
        System.clearProperty(TieredRunners.WORK_THRESHOLD_PROPERTY);
      } else {
        System.setProperty(TieredRunners.WORK_THRESHOLD_PROPERTY, previous);
      }
    }
  }

  private static long[] bits(List<Double> values) {
    long[] bits = new long[values.size()];
    for (int i = 0; i < bits.length; i++) {
      bits[i] = Double.doubleToLongBits(values.get(i));
    }
    return bits;
  }
}
