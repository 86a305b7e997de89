package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.ProgramRunner;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;

/**
 * The runner of one program under {@link TieredRunners}: it runs the program on the first tier
 * (the set's switch evaluator) and counts the calls (or their work); the call that reaches the
 * threshold asks for the promoted tier (bytecode, or the factory's {@linkplain
 * TieredRunners#promoting promoted tier}), which is made on the factory's executor while calls go
 * on running on the first tier, and swapped in when it is ready; a call whose own work reaches the
 * threshold makes it on its own thread first and runs on it. A promotion that fails leaves the
 * program on the first tier, with the failure kept ({@link #failure()}) and reported by the
 * factory.
 *
 * <p>The hot path takes no lock: a call reads the current runner (one volatile read) and, while
 * the program is still counting, bumps plain counters. Counting races between threads may lose
 * increments, which only delays the request; exactly one thread wins the request (a
 * compare-and-set), so a program is promoted at most once however many threads call it. The tiers
 * give equal results, so a caller cannot tell which tier answered.
 *
 * <pre>{@code
 * TieredRunner<Double> r = forTests.prepare(program);
 * List<Double> y = r.run(List.of(0.5));   // on the first tier; the third call asks for bytecode
 * TieredRunner.State s = r.state();       // COUNTING until then
 * }</pre>
 *
 * @param <V> the value type
 */
public final class TieredRunner<V> implements ProgramRunner<V> {
  /** Where a program stands. */
  public enum State {
    /** On the first tier, counting calls towards the threshold. */
    COUNTING,
    /** On the first tier, its bytecode (or promoted form) being made. */
    COMPILING,
    /** On the promoted tier: bytecode, or the factory's promoted tier's runner. */
    BYTECODE,
    /** On the first tier for good: its promotion failed ({@link #failure()} says why). */
    FAILED,
    /** On the first tier for good: larger than the factory's instruction limit. */
    FIRST_TIER_ONLY
  }

  private static final VarHandle CURRENT;

  static {
    try {
      CURRENT =
          MethodHandles.lookup().findVarHandle(TieredRunner.class, "current", ProgramRunner.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final TieredRunners<?, V> owner;
  private final ProgramRunner<V> first;
  private final CompiledProgram<?> program;
  private final int instructions;
  private final long threshold;
  /** The runner every call uses; {@code null} while counting (calls then use {@link #first}). */
  private volatile ProgramRunner<V> current;
  /**
   * Calls counted while {@link #current} is {@code null}; racy on purpose (see the class doc). A
   * long, as the threshold is: an int would wrap before a threshold above 2^31 − 1.
   */
  private long calls;
  /** Work counted while {@link #current} is {@code null}, if the factory measures it; racy too. */
  private long work;
  private volatile State state;
  private volatile Throwable failure;
  /**
   * What {@link #settled()} copies; made when first asked for (a CompletableFuture initialises the
   * fork-join common pool, some 20 classes a first call need not load). Guarded by {@code this}.
   */
  private CompletableFuture<State> settled;

  TieredRunner(
      TieredRunners<?, V> owner,
      ProgramRunner<V> first,
      CompiledProgram<?> program,
      int instructions,
      long threshold,
      boolean firstTierOnly) {
    this.owner = owner;
    this.first = first;
    this.program = program;
    this.instructions = instructions;
    this.threshold = threshold;
    if (firstTierOnly) {
      this.current = first;
      this.state = State.FIRST_TIER_ONLY;
    } else {
      this.state = State.COUNTING;
    }
  }

  @Override
  public List<V> run(List<? extends V> inputs) {
    // one kind of list on every tier, so a caller cannot tell which tier answered
    return Collections.unmodifiableList(runOnTier(inputs));
  }

  private List<V> runOnTier(List<? extends V> inputs) {
    ProgramRunner<V> r = current;
    if (r != null) {
      return r.run(inputs);
    }
    long total = ++calls;
    if (owner.measuresWork()) {
      long once = owner.workOf(inputs);
      if (once >= threshold) {
        // one call's work pays for the promotion: made here, and this call runs on it
        requestPromotion(true);
        return currentRunner().run(inputs);
      }
      total = work = saturatedAdd(work, once);
    }
    List<V> outputs = first.run(inputs);
    if (total >= threshold) {
      requestPromotion(false);
    }
    return outputs;
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  /**
   * Asks for promotion once: the thread that moves {@link #current} off {@code null} makes it, on
   * the factory's executor, or on its own thread if {@code here}.
   */
  private void requestPromotion(boolean here) {
    if (!CURRENT.compareAndSet(this, null, first)) {
      return;
    }
    state = State.COMPILING;
    owner.requested();
    if (here) {
      compile();
      return;
    }
    try {
      owner.executor().execute(this::compile);
    } catch (TieredRunners.Busy e) {
      // the compiler's queue is full: count again from zero, then ask again
      calls = 0;
      work = 0;
      state = State.COUNTING;
      owner.deferred();
      current = null;
    } catch (RejectedExecutionException e) {
      fail(e);
    } catch (RuntimeException e) {
      // an executor breaking its contract (it should reject with RejectedExecutionException):
      // recorded as this promotion's failure, and the call that asked still returns its result
      fail(e);
    }
  }

  /** Makes the promoted runner and swaps it in, or records the failure. */
  private void compile() {
    ProgramRunner<V> compiled;
    try {
      compiled = owner.promotedRunner(program);
    } catch (RuntimeException | LinkageError e) {
      fail(e);
      return;
    } catch (Error e) {
      fail(e);
      throw e; // out of memory and the like: recorded, and left to the executor's thread to see
    }
    current = compiled;
    state = State.BYTECODE;
    owner.promoted();
    settle(State.BYTECODE);
  }

  private void fail(Throwable e) {
    failure = e;
    state = State.FAILED;
    owner.failed(this, e);
    settle(State.FAILED);
  }

  /**
   * Completes {@link #settled} with the final state {@code s}, already in {@link #state}, if it
   * has been made; one made later is completed from {@link #state} by {@link #settled()}.
   */
  private void settle(State s) {
    CompletableFuture<State> f;
    synchronized (this) {
      f = settled;
    }
    if (f != null) {
      f.complete(s);
    }
  }

  /** Where the program stands now. */
  public State state() {
    return state;
  }

  /**
   * The number of calls counted so far, {@code Integer.MAX_VALUE} from there on; it stops at the
   * call that asked for promotion, and may fall short of the true count when threads race (lost
   * increments only delay the request).
   */
  public int calls() {
    return (int) Math.min(calls, Integer.MAX_VALUE);
  }

  /**
   * The work counted so far, if the factory measures it ({@link TieredRunners.Builder#work}), else
   * 0; like {@link #calls()}, it stops at the request and may fall short when threads race.
   */
  public long work() {
    return work;
  }

  /** The calls (or, if the factory measures it, the work) at which this program is promoted. */
  public long threshold() {
    return threshold;
  }

  /** The number of instructions of the program. */
  public int instructionCount() {
    return instructions;
  }

  /** Why compiling the bytecode failed, if it did. */
  public Optional<Throwable> failure() {
    return Optional.ofNullable(failure);
  }

  /**
   * Completes with {@link State#BYTECODE} or {@link State#FAILED} when a requested compilation
   * ends, at once with {@link State#FIRST_TIER_ONLY} for a program over the instruction limit;
   * never for a program not yet called {@link #threshold()} times (or its work). A copy: completing
   * it does nothing to this runner.
   */
  public CompletableFuture<State> settled() {
    CompletableFuture<State> f;
    synchronized (this) {
      if (settled == null) {
        settled = new CompletableFuture<>();
        State s = state;
        if (s == State.BYTECODE || s == State.FAILED || s == State.FIRST_TIER_ONLY) {
          settled.complete(s);
        }
      }
      f = settled;
    }
    return f.copy();
  }

  /** The runner calls go to now: the first tier's, or the promoted one once swapped in. */
  public ProgramRunner<V> currentRunner() {
    ProgramRunner<V> r = current;
    return r == null ? first : r;
  }

  @Override
  public String toString() {
    return "TieredRunner[" + state + ", " + instructions + " instructions, "
        + (owner.measuresWork()
            ? calls + " calls, " + work + "/" + threshold + " work]"
            : calls + "/" + threshold + " calls]");
  }
}
