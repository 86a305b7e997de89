package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.SCALAR;
import static io.github.tidu4j.graph.bytecode.Fixtures.assertBitIdentical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.bytecode.TieredRunner.State;
import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarKernels;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Tiered evaluation over the test scalar set: the reference interpreter is the first tier, so
 * every test also checks the bytecode against it bit for bit across the swap.
 */
class TieredRunnersTest {
  private static final ProgramRunner.Factory<ScalarOp, Double> FIRST = ProgramRunner.interpreter();

  private static BytecodeCompiler<ScalarOp> compiler() {
    return new BytecodeCompiler<>(SCALAR, 16, DEFAULTS);
  }

  private static CompiledProgram<ScalarOp> program(int n, long seed) {
    return Fixtures.randDag(n, seed);
  }

  /** The program's inputs, by its Integer input keys, shifted by {@code shift}. */
  private static List<Double> inputs(CompiledProgram<?> p, double shift) {
    double[] values = Fixtures.randDagInputs(p, RandDag.INPUT_VALUES);
    List<Double> in = new ArrayList<>();
    for (double v : values) {
      in.add(v + shift);
    }
    return in;
  }

  private static void assertSameAsInterpreter(
      CompiledProgram<ScalarOp> p, List<Double> in, List<Double> out, String what) {
    assertBitIdentical(Interpreter.evalPositional(p, in), out.toArray(), what);
  }

  /**
   * The compiler thread, started by whichever thread first asks for bytecode (a request's thread
   * in a server), takes neither that thread's inheritable thread-local values nor its context class
   * loader, which it would keep alive for as long as it runs.
   */
  @Test
  void theCompilerThreadTakesNothingOfTheThreadThatStartsIt() throws Exception {
    InheritableThreadLocal<byte[]> requestData = new InheritableThreadLocal<>();
    ClassLoader webApp = new java.net.URLClassLoader(new java.net.URL[0], null);
    Object[] seen = new Object[2];
    Thread starter =
        new Thread(
            () -> {
              requestData.set(new byte[1 << 20]);
              Thread.currentThread().setContextClassLoader(webApp);
              Thread compiler =
                  TieredRunners.compilerThread(
                      () -> {
                        seen[0] = requestData.get();
                        seen[1] = Thread.currentThread().getContextClassLoader();
                      });
              assertTrue(compiler.isDaemon());
              assertEquals("tidu4j-bytecode", compiler.getName());
              compiler.start();
              try {
                compiler.join();
              } catch (InterruptedException e) {
                throw new AssertionError(e);
              }
            });
    starter.start();
    starter.join();
    assertEquals(null, seen[0], "the starter's inheritable thread-local value");
    assertSame(TieredRunners.class.getClassLoader(), seen[1], "tidu4j's class loader");
  }

  @Test
  void promotesAtTheThresholdCallAndRunsBytecodeFromTheNext() {
    BytecodeCompiler<ScalarOp> compiler = compiler();
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(FIRST, compiler).threshold(3).synchronous().build();
    CompiledProgram<ScalarOp> p = program(200, 1);
    TieredRunner<Double> runner = tiered.prepare(p);
    List<Double> in = inputs(p, 0);

    for (int call = 1; call <= 2; call++) {
      assertSameAsInterpreter(p, in, runner.run(in), "call " + call);
      assertEquals(State.COUNTING, runner.state());
      assertEquals(call, runner.calls());
      assertEquals(0, compiler.misses() + compiler.hits(), "no bytecode before the threshold");
    }
    assertSameAsInterpreter(p, in, runner.run(in), "call 3");
    assertEquals(State.BYTECODE, runner.state(), "the third call asks, synchronously");
    assertEquals(1, compiler.misses());
    assertInstanceOf(BytecodeRunner.class, runner.currentRunner());
    assertSame(State.BYTECODE, runner.settled().join());
    assertSameAsInterpreter(p, in, runner.run(in), "call 4, on bytecode");
    assertEquals(3, runner.calls(), "counting stops at the request");
    assertEquals(new TieredRunners.Stats(1, 0, 1, 1, 0, null), tiered.stats());
  }

  /**
   * The first tier's lists and the bytecode's differ (an array's view, an unmodifiable list): a
   * caller writing into the outputs would start failing once the program is promoted.
   */
  @Test
  void theOutputsAreAnUnmodifiableListOnEveryTier() {
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(FIRST, compiler()).threshold(2).synchronous().build();
    CompiledProgram<ScalarOp> p = program(50, 1);
    TieredRunner<Double> runner = tiered.prepare(p);
    List<Double> in = inputs(p, 0);
    for (int call = 1; call <= 3; call++) {
      List<Double> out = runner.run(in);
      assertThrows(UnsupportedOperationException.class, () -> out.set(0, 1.0), "call " + call);
    }
    assertEquals(State.BYTECODE, runner.state());
  }

  @Test
  void settledAskedForBeforeTheCompilationEndsCompletesWhenItEnds() {
    List<Runnable> held = new ArrayList<>();
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(FIRST, compiler()).threshold(1).executor(held::add).build();
    CompiledProgram<ScalarOp> p = program(100, 3);
    TieredRunner<Double> runner = tiered.prepare(p);
    List<Double> in = inputs(p, 0);

    var before = runner.settled();
    runner.run(in);
    var asked = runner.settled();
    assertEquals(State.COMPILING, runner.state());
    assertEquals(1, held.size(), "the first call asks for bytecode");
    assertTrue(!before.isDone() && !asked.isDone(), "nothing settles while compiling");

    held.get(0).run();
    assertSame(State.BYTECODE, before.join(), "asked for before the request");
    assertSame(State.BYTECODE, asked.join(), "asked for while compiling");
    assertSame(State.BYTECODE, runner.settled().join(), "asked for after");
  }

  @Test
  void aProgramCalledOnceNeverCompilesBytecode() {
    BytecodeCompiler<ScalarOp> compiler = compiler();
    TieredRunners<ScalarOp, Double> tiered = TieredRunners.builder(FIRST, compiler).build();
    CompiledProgram<ScalarOp> p = program(100, 2);
    TieredRunner<Double> runner = tiered.prepare(p);
    List<Double> in = inputs(p, 0);

    assertSameAsInterpreter(p, in, runner.run(in), "the one call");

    assertEquals(TieredRunners.DEFAULT_THRESHOLD, tiered.threshold());
    assertEquals(State.COUNTING, runner.state());
    assertEquals(0, compiler.misses() + compiler.hits());
    assertEquals(0, compiler.size());
    assertEquals(0, tiered.stats().requested());
    assertTrue(!runner.settled().isDone(), "nothing was requested, so nothing settles");
  }

  @Test
  void theKernelSetIsMadeOnlyWhenAProgramAsksForBytecode() {
    AtomicInteger made = new AtomicInteger();
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.of(FIRST, () -> {
          made.incrementAndGet();
          return SCALAR;
        });
    CompiledProgram<ScalarOp> p = program(100, 20);
    TieredRunner<Double> runner = tiered.prepare(p);
    for (int call = 0; call < 10; call++) {
      runner.run(inputs(p, 0));
    }
    assertEquals(0, made.get(), "ten calls are far below the default threshold");
    assertEquals(State.COUNTING, runner.state());
    assertSame(SCALAR, tiered.compiler().kernels());
    assertEquals(1, made.get());
  }

  @Test
  void resultsAreBitIdenticalAcrossTheSwap() {
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(FIRST, compiler()).threshold(5).synchronous().build();
    for (long seed = 10; seed < 14; seed++) {
      CompiledProgram<ScalarOp> p = program(300, seed);
      TieredRunner<Double> runner = tiered.prepare(p);
      List<List<Double>> before = new ArrayList<>();
      for (int call = 0; call < 5; call++) {
        before.add(runner.run(inputs(p, call * 0.25)));
      }
      assertEquals(State.BYTECODE, runner.state());
      for (int call = 0; call < 5; call++) {
        List<Double> after = runner.run(inputs(p, call * 0.25));
        assertBitIdentical(before.get(call), after.toArray(), "seed " + seed + ", inputs " + call);
      }
    }
  }

  @Test
  @Timeout(120)
  void manyConcurrentCallersCompileOnceAndAllSeeTheSameResults() throws Exception {
    AtomicInteger tasks = new AtomicInteger();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      BytecodeCompiler<ScalarOp> compiler = compiler();
      TieredRunners<ScalarOp, Double> tiered =
          TieredRunners.builder(FIRST, compiler)
              .threshold(50)
              .executor(task -> {
                tasks.incrementAndGet();
                pool.execute(task);
              })
              .build();
      CompiledProgram<ScalarOp> p = program(500, 3);
      TieredRunner<Double> runner = tiered.prepare(p);
      List<Double> in = inputs(p, 0);
      List<Double> expected = Interpreter.evalPositional(p, in);

      List<Integer> mismatches =
          Concurrently.run(
              8,
              thread -> {
                int bad = 0;
                for (int call = 0; call < 400; call++) {
                  List<Double> out = runner.run(in);
                  if (!Arrays.equals(bits(expected), bits(out))) {
                    bad++;
                  }
                }
                return bad;
              });

      assertEquals(List.of(0, 0, 0, 0, 0, 0, 0, 0), mismatches, "every call, on either tier");
      assertSame(State.BYTECODE, runner.settled().get(60, TimeUnit.SECONDS));
      assertEquals(1, tasks.get(), "one compilation requested");
      assertEquals(1, compiler.misses());
      assertEquals(0, compiler.hits());
      assertEquals(new TieredRunners.Stats(1, 0, 1, 1, 0, null), tiered.stats());
      assertSameAsInterpreter(p, in, runner.run(in), "after the swap");
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aFailedCompilationKeepsTheFirstTierAndSaysWhy() {
    // every operation maps to an opcode the table does not have: generation fails naming it
    KernelSet<ScalarOp> broken = KernelSet.of(double.class, ScalarKernels.TABLE, op -> 99);
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(FIRST, new BytecodeCompiler<>(broken, 16, DEFAULTS))
            .threshold(1)
            .synchronous()
            .build();
    CompiledProgram<ScalarOp> p = program(50, 4);
    TieredRunner<Double> runner = tiered.prepare(p);
    List<Double> in = inputs(p, 0);

    assertSameAsInterpreter(p, in, runner.run(in), "the call that asked");
    assertEquals(State.FAILED, runner.state());
    Throwable failure = runner.failure().orElseThrow();
    assertInstanceOf(GraphException.class, failure);
    assertTrue(failure.getMessage().contains("has opcode 99"), failure.getMessage());
    assertSame(State.FAILED, runner.settled().join());
    assertSameAsInterpreter(p, in, runner.run(in), "later calls, still on the first tier");
    assertSame(failure, tiered.stats().lastFailure());

    CompiledProgram<ScalarOp> q = program(60, 5);
    TieredRunner<Double> other = tiered.prepare(q);
    other.run(inputs(q, 0));
    TieredRunners.Stats stats = tiered.stats();
    assertEquals(2, stats.failed(), "every failure is counted");
    assertEquals(0, stats.promoted());
    assertSame(other.failure().orElseThrow(), stats.lastFailure());
  }

  @Test
  void aRejectedRequestIsAFailure() {
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(FIRST, compiler())
            .threshold(1)
            .executor(task -> {
              throw new RejectedExecutionException("shut down");
            })
            .build();
    CompiledProgram<ScalarOp> p = program(50, 6);
    TieredRunner<Double> runner = tiered.prepare(p);
    assertSameAsInterpreter(p, inputs(p, 0), runner.run(inputs(p, 0)), "the call");
    assertEquals(State.FAILED, runner.state());
    assertInstanceOf(RejectedExecutionException.class, runner.failure().orElseThrow());
  }

  @Test
  void aPromotionFailingForWantOfAsmSaysToAddIt() {
    String warning =
        TieredRunners.failureWarning(10, new NoClassDefFoundError("org/objectweb/asm/Type"));
    assertTrue(warning.contains("ASM, which is not on the class path (org/objectweb/asm/Type):"
        + " add org.ow2.asm:asm"), warning);
    String other = TieredRunners.failureWarning(10, new IllegalStateException("x"));
    assertEquals(
        "tidu4j: promoting a program of 10 instructions failed; it keeps running on the first"
            + " tier. Further failures of this factory are counted in TieredRunners.stats(), not"
            + " logged.",
        other);
  }

  @Test
  void anExecutorThrowingSomethingElseIsAFailureAndTheCallStillAnswers() {
    // an executor should reject with RejectedExecutionException; one that throws anything else
    // fails the promotion, not the call, and the stats say so
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(FIRST, compiler())
            .threshold(1)
            .executor(task -> {
              throw new IllegalStateException("broken executor");
            })
            .build();
    CompiledProgram<ScalarOp> p = program(50, 6);
    TieredRunner<Double> runner = tiered.prepare(p);
    assertSameAsInterpreter(p, inputs(p, 0), runner.run(inputs(p, 0)), "the call");
    assertEquals(State.FAILED, runner.state());
    assertInstanceOf(IllegalStateException.class, runner.failure().orElseThrow());
    assertEquals(1, tiered.stats().failed());
    assertSameAsInterpreter(p, inputs(p, 1), runner.run(inputs(p, 1)), "a later call");
  }

  @Test
  void aRequestTheBusyCompilerCannotTakeIsAskedAgainAfterAnotherThreshold() {
    // the default executor refuses a request when its queue is full: the program counts again
    AtomicInteger offered = new AtomicInteger();
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(FIRST, compiler())
            .threshold(3)
            .executor(task -> {
              if (offered.incrementAndGet() == 1) {
                throw new TieredRunners.Busy();
              }
              task.run();
            })
            .build();
    CompiledProgram<ScalarOp> p = program(50, 6);
    TieredRunner<Double> runner = tiered.prepare(p);
    for (int call = 1; call <= 5; call++) {
      assertSameAsInterpreter(p, inputs(p, call), runner.run(inputs(p, call)), "call " + call);
      assertEquals(State.COUNTING, runner.state(), "call " + call);
    }
    assertEquals(1, offered.get(), "asked once in five calls");
    assertEquals(0, tiered.stats().requested());
    assertEquals(0, tiered.stats().failed());
    assertSameAsInterpreter(p, inputs(p, 6), runner.run(inputs(p, 6)), "call 6");
    assertEquals(2, offered.get(), "asked again at the threshold's second multiple");
    assertEquals(State.BYTECODE, runner.state());
    assertEquals(1, tiered.stats().promoted());
  }

  @Test
  void programsOverTheInstructionLimitStayOnTheFirstTier() {
    BytecodeCompiler<ScalarOp> compiler = compiler();
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(FIRST, compiler).threshold(1).maxInstructions(40).synchronous().build();
    CompiledProgram<ScalarOp> large = program(100, 7);
    assertTrue(large.instructionCount() > 40);
    TieredRunner<Double> runner = tiered.prepare(large);
    assertEquals(State.FIRST_TIER_ONLY, runner.state());
    assertTrue(runner.settled().isDone());
    for (int call = 0; call < 5; call++) {
      assertSameAsInterpreter(large, inputs(large, 0), runner.run(inputs(large, 0)), "call");
    }
    assertEquals(State.FIRST_TIER_ONLY, runner.state());
    assertEquals(0, compiler.misses() + compiler.hits());
    assertEquals(1, tiered.stats().firstTierOnly());
  }

  @Test
  void programsOfOneStructureShareTheCompiledClass() {
    BytecodeCompiler<ScalarOp> compiler = compiler();
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(FIRST, compiler).threshold(1).synchronous().build();
    CompiledProgram<ScalarOp> p = program(80, 8);
    TieredRunner<Double> a = tiered.prepare(p);
    TieredRunner<Double> b = tiered.prepare(program(80, 8));
    a.run(inputs(p, 0));
    b.run(inputs(p, 0));
    assertEquals(State.BYTECODE, a.state());
    assertEquals(State.BYTECODE, b.state());
    assertEquals(1, compiler.misses());
    assertEquals(1, compiler.hits());
  }

  @Test
  void theBytecodeTierNamesBadInputsAsTheFirstTierDoes() {
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(FIRST, compiler()).threshold(1).synchronous().build();
    CompiledProgram<ScalarOp> p = program(40, 9);
    TieredRunner<Double> runner = tiered.prepare(p);
    runner.run(inputs(p, 0));
    assertEquals(State.BYTECODE, runner.state());

    List<Double> withNull = new ArrayList<>(inputs(p, 0));
    withNull.set(0, null);
    GraphException unbound = assertThrows(GraphException.class, () -> runner.run(withNull));
    assertTrue(
        unbound.getMessage().contains("input " + p.inputKeys().get(0) + " is bound to null"),
        unbound.getMessage());
    GraphException count =
        assertThrows(GraphException.class, () -> runner.run(inputs(p, 0).subList(0, 1)));
    assertTrue(count.getMessage().contains("inputs"), count.getMessage());
  }

  @Test
  void optionsAreChecked() {
    TieredRunners.Builder<ScalarOp, Double> b = TieredRunners.builder(FIRST, compiler());
    assertThrows(IllegalArgumentException.class, () -> b.threshold(0));
    assertThrows(IllegalArgumentException.class, () -> b.maxInstructions(-1));
    String previous = System.getProperty(TieredRunners.THRESHOLD_PROPERTY);
    try {
      System.setProperty(TieredRunners.THRESHOLD_PROPERTY, "often");
      IllegalArgumentException bad =
          assertThrows(IllegalArgumentException.class, () -> TieredRunners.of(FIRST, () -> SCALAR));
      assertTrue(bad.getMessage().contains(TieredRunners.THRESHOLD_PROPERTY), bad.getMessage());
      System.setProperty(TieredRunners.THRESHOLD_PROPERTY, "0");
      assertEquals(
          "system property " + TieredRunners.THRESHOLD_PROPERTY
              + " = '0': expected a number of calls of at least 1",
          assertThrows(IllegalArgumentException.class, () -> TieredRunners.of(FIRST, () -> SCALAR))
              .getMessage());
      System.setProperty(TieredRunners.THRESHOLD_PROPERTY, "17");
      assertEquals(17, TieredRunners.of(FIRST, () -> SCALAR).threshold());
      String max = System.getProperty(TieredRunners.MAX_INSTRUCTIONS_PROPERTY);
      try {
        // the value given, not one clamped to an int first
        System.setProperty(TieredRunners.MAX_INSTRUCTIONS_PROPERTY, "-99999999999");
        assertEquals(
            "system property " + TieredRunners.MAX_INSTRUCTIONS_PROPERTY
                + " = '-99999999999': expected a number of instructions of at least 0",
            assertThrows(
                    IllegalArgumentException.class, () -> TieredRunners.of(FIRST, () -> SCALAR))
                .getMessage());
      } finally {
        if (max == null) {
          System.clearProperty(TieredRunners.MAX_INSTRUCTIONS_PROPERTY);
        } else {
          System.setProperty(TieredRunners.MAX_INSTRUCTIONS_PROPERTY, max);
        }
      }
    } finally {
      if (previous == null) {
        System.clearProperty(TieredRunners.THRESHOLD_PROPERTY);
      } else {
        System.setProperty(TieredRunners.THRESHOLD_PROPERTY, previous);
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
