package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.ProgramRunner;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Tiered evaluation: a {@link ProgramRunner.Factory} whose programs start on a first tier (a
 * set's generated switch evaluator, which costs nothing to prepare) and move to bytecode once they
 * have been called {@link #threshold()} times. A program called once never pays for bytecode
 * generation; a hot one ends at the bytecode tier's speed. Each program's {@link TieredRunner}
 * counts its calls without a lock, asks for bytecode once, and keeps answering on the first tier
 * while a {@link BytecodeCompiler} (with its cache by structure) compiles on the {@linkplain
 * Builder#executor executor}; the bytecode is swapped in when ready. The tiers give bit-identical
 * results, so the swap changes only the speed. Nothing of the bytecode backend is made before the
 * first program asks for it: {@link #of} takes the kernel set as a supplier, called then.
 *
 * <pre>{@code
 * TieredRunners<ScalarOp, Double> tiered = TieredRunners.of(ScalarEvaluator::new, ScalarKernels::kernelSet);
 * ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, tiered);
 * double d = ad.grad(ad.function(ScalarValue.unary(x -> x.sin()))).apply(0.5);   // cos 0.5, on the first tier
 * TieredRunners.Stats stats = tiered.stats();   // 1 program prepared, none promoted yet
 *
 * TieredRunners<ScalarOp, Double> forTests =
 *     TieredRunners.builder(ScalarEvaluator::new, new BytecodeCompiler<>(ScalarKernels.kernelSet()))
 *         .threshold(3)
 *         .synchronous()
 *         .build();
 * }</pre>
 *
 * <p><b>Thresholds.</b> {@value #DEFAULT_THRESHOLD} calls by default ({@value #THRESHOLD_PROPERTY}
 * overrides it; {@link Builder#threshold} too): the measured break-even, the call count K from
 * which generating a program's class and then making K calls of it costs no more than K calls of
 * the warm switch evaluator ({@code bench/.../eval/TierBreakEven}, RandDAG primal and gradient
 * programs of 10^2 to 10^5 instructions, each a structure the JVM had not seen, on two cores
 * shared with other work). Generation is the small part (under 1 ms to 6 ms at 10^2 instructions,
 * 1–14 ms at 10^3, 10–190 ms at 10^4 to 10^5); the larger part is the new class running in the
 * JVM's bytecode interpreter until the JIT has compiled its methods. The break-even ranged from
 * 4,096 to 131,072 calls (some trials had not reached it when they stopped), with no trend in the
 * program's size (both sides grow with it), median about 32,768; once compiled, the bytecode ran at 0.5–0.9 of the switch evaluator's time per call
 * (1.0, no gain, on the smallest primal programs). Promoting at the break-even is the classic
 * rent-or-buy rule: a program whose break-even it is costs, however often it is called, at most
 * twice what the better of "never promote" and "promote at once" would have cost; the spread of
 * the measured break-evens makes that a guide rather than a bound.
 *
 * <p>Programs of more than {@value #DEFAULT_MAX_INSTRUCTIONS} instructions ({@value
 * #MAX_INSTRUCTIONS_PROPERTY}, {@link Builder#maxInstructions}) stay on the first tier: the
 * RandDAG(10^5) gradient (325,000 instructions, 2,500 generated methods) runs slower as bytecode
 * than on the switch evaluator for the first minute or so of calls, until C2 has compiled all its
 * methods (3.3–4.4 times slower after 1,024 calls), while the RandDAG(10^5) primal (100,000
 * instructions) is as fast as bytecode after a few thousand calls, and faster once warm.
 *
 * <p><b>Executor.</b> By default one daemon thread shared by every factory, {@code
 * tidu4j-bytecode}, started on the first request and stopped after 30 idle seconds: compilations
 * run one at a time, next to the callers rather than in their way. Not the common fork-join pool,
 * whose few threads (one on a two-core machine) parallel streams and futures share, and which a
 * compilation of up to a second would block. {@link Builder#synchronous()} compiles on the calling
 * thread, inside the call that reaches the threshold: for tests.
 *
 * <p><b>Failures.</b> A program whose compilation fails (a kernel the generated class cannot
 * reach, say) stays on the first tier; its {@link TieredRunner#failure()} keeps the exception,
 * {@link #stats()} counts it and keeps the last one, and the first failure of each factory is
 * logged as a warning ({@link System.Logger} {@code io.github.tidu4j.graph.bytecode.TieredRunners}).
 *
 * @param <Op> the operation type
 * @param <V> the value type
 */
public final class TieredRunners<Op extends GraphOperation, V>
    implements ProgramRunner.Factory<Op, V> {
  /** The default number of calls after which a program asks for bytecode. */
  public static final int DEFAULT_THRESHOLD = 32_768;

  /** The default size, in instructions, above which a program stays on the first tier. */
  public static final int DEFAULT_MAX_INSTRUCTIONS = 200_000;

  /** The system property that overrides {@link #DEFAULT_THRESHOLD} (read when a factory is built). */
  public static final String THRESHOLD_PROPERTY = "tidu4j.tier.threshold";

  /** The system property that overrides {@link #DEFAULT_MAX_INSTRUCTIONS}. */
  public static final String MAX_INSTRUCTIONS_PROPERTY = "tidu4j.tier.maxInstructions";

  private final ProgramRunner.Factory<Op, V> firstTier;
  /** Gives the kernel set {@link #compiler} is made from; {@code null} if it was given. */
  private final Supplier<KernelSet<Op>> kernels;
  private volatile BytecodeCompiler<Op> compiler;
  private final int threshold;
  private final int maxInstructions;
  private final Executor executor;
  private final AtomicLong prepared = new AtomicLong();
  private final AtomicLong requested = new AtomicLong();
  private final AtomicLong promoted = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private final AtomicLong firstTierOnly = new AtomicLong();
  private final AtomicBoolean failureLogged = new AtomicBoolean();
  private volatile Throwable lastFailure;

  private TieredRunners(Builder<Op, V> b) {
    this.firstTier = b.firstTier;
    this.kernels = b.kernels;
    this.compiler = b.compiler;
    this.threshold = b.threshold;
    this.maxInstructions = b.maxInstructions;
    this.executor = b.executor;
  }

  /**
   * Tiered runners with the default options (or those the system properties set): {@code
   * firstTier} first, then bytecode from a {@link BytecodeCompiler} over the kernel set {@code
   * kernels} gives when the first program asks for bytecode (a failure there is that program's
   * compilation failure, and is tried again by the next).
   *
   * @throws IllegalArgumentException if a system property is not a valid value
   */
  public static <Op extends GraphOperation, V> TieredRunners<Op, V> of(
      ProgramRunner.Factory<Op, V> firstTier, Supplier<KernelSet<Op>> kernels) {
    return new Builder<>(firstTier, null, Objects.requireNonNull(kernels, "kernels")).build();
  }

  /** A builder of tiered runners over {@code firstTier} and {@code compiler}. */
  public static <Op extends GraphOperation, V> Builder<Op, V> builder(
      ProgramRunner.Factory<Op, V> firstTier, BytecodeCompiler<Op> compiler) {
    return new Builder<>(firstTier, Objects.requireNonNull(compiler, "compiler"), null);
  }

  /**
   * The runner of {@code program}: the first tier's runner for it (prepared now), counting calls
   * toward bytecode unless the program has more than {@link #maxInstructions()} instructions.
   */
  @Override
  public TieredRunner<V> prepare(CompiledProgram<Op> program) {
    ProgramRunner<V> first = firstTier.prepare(program);
    boolean tooLarge = program.instructionCount() > maxInstructions;
    prepared.incrementAndGet();
    if (tooLarge) {
      firstTierOnly.incrementAndGet();
    }
    return new TieredRunner<>(
        this,
        first,
        program,
        program.instructionCount(),
        threshold,
        tooLarge);
  }

  /** The number of calls after which a program asks for bytecode. */
  public int threshold() {
    return threshold;
  }

  /** The size, in instructions, above which a program stays on the first tier. */
  public int maxInstructions() {
    return maxInstructions;
  }

  /**
   * The compiler of the bytecode tier, with its cache; made now if no program has asked for
   * bytecode yet.
   */
  public BytecodeCompiler<Op> compiler() {
    BytecodeCompiler<Op> c = compiler;
    if (c == null) {
      synchronized (this) {
        c = compiler;
        if (c == null) {
          c = new BytecodeCompiler<>(
              Objects.requireNonNull(kernels.get(), "the kernel set supplier gave null"));
          compiler = c;
        }
      }
    }
    return c;
  }

  /** Counters of what this factory's programs did so far. */
  public Stats stats() {
    return new Stats(
        prepared.get(), firstTierOnly.get(), requested.get(), promoted.get(), failed.get(),
        lastFailure);
  }

  /**
   * The bytecode runner of {@code program}, compiled now (or found in the compiler's cache). The
   * program is one {@link #prepare} was given, so its operations are {@code Op}s.
   */
  ProgramRunner<V> bytecodeRunner(CompiledProgram<?> program) {
    @SuppressWarnings("unchecked")
    CompiledProgram<Op> own = (CompiledProgram<Op>) program;
    return new BytecodeRunner<>(compiler().compile(own));
  }

  /** The executor that compiles bytecode: the builder's, else the shared compiler thread. */
  Executor executor() {
    return executor != null ? executor : CompilerThread.EXECUTOR;
  }

  void requested() {
    requested.incrementAndGet();
  }

  void promoted() {
    promoted.incrementAndGet();
  }

  void failed(TieredRunner<?> runner, Throwable e) {
    failed.incrementAndGet();
    lastFailure = e;
    if (failureLogged.compareAndSet(false, true)) {
      // looked up here, not in a static field: System.getLogger initialises the JDK's logging
      // (some 170 classes), which a program whose compilations succeed never needs
      System.getLogger(TieredRunners.class.getName()).log(
          System.Logger.Level.WARNING,
          "tidu4j: bytecode compilation of a program of " + runner.instructionCount()
              + " instructions failed; it keeps running on the first tier. Further failures of"
              + " this factory are counted in TieredRunners.stats(), not logged.",
          e);
    }
  }

  @Override
  public String toString() {
    return "TieredRunners[threshold " + threshold + ", maxInstructions " + maxInstructions + ", "
        + stats() + "]";
  }

  /**
   * Counters of a {@link TieredRunners}.
   *
   * @param prepared programs prepared
   * @param firstTierOnly of those, programs over the instruction limit, kept on the first tier
   * @param requested programs that reached the threshold and asked for bytecode
   * @param promoted programs now running bytecode
   * @param failed programs whose compilation failed (they stay on the first tier)
   * @param lastFailure the last such failure, or {@code null}
   */
  public record Stats(
      long prepared,
      long firstTierOnly,
      long requested,
      long promoted,
      long failed,
      Throwable lastFailure) {}

  /**
   * Options of a {@link TieredRunners}; those not set come from the system properties {@value
   * TieredRunners#THRESHOLD_PROPERTY} and {@value TieredRunners#MAX_INSTRUCTIONS_PROPERTY}, read
   * by {@link #build()}, else from the defaults.
   *
   * @param <Op> the operation type
   * @param <V> the value type
   */
  public static final class Builder<Op extends GraphOperation, V> {
    private final ProgramRunner.Factory<Op, V> firstTier;
    private final BytecodeCompiler<Op> compiler;
    private final Supplier<KernelSet<Op>> kernels;
    private int threshold = -1;
    private int maxInstructions = -1;
    private Executor executor;

    private Builder(
        ProgramRunner.Factory<Op, V> firstTier,
        BytecodeCompiler<Op> compiler,
        Supplier<KernelSet<Op>> kernels) {
      this.firstTier = Objects.requireNonNull(firstTier, "firstTier");
      this.compiler = compiler;
      this.kernels = kernels;
    }

    /**
     * Asks for bytecode at a program's {@code calls}-th call. {@code Integer.MAX_VALUE} keeps
     * programs on the first tier in practice.
     *
     * @throws IllegalArgumentException if {@code calls} is less than 1
     */
    public Builder<Op, V> threshold(int calls) {
      this.threshold = checkThreshold(calls, "threshold");
      return this;
    }

    /**
     * Keeps programs of more than {@code instructions} instructions on the first tier.
     *
     * @throws IllegalArgumentException if {@code instructions} is negative
     */
    public Builder<Op, V> maxInstructions(int instructions) {
      this.maxInstructions = checkMaxInstructions(instructions, "maxInstructions");
      return this;
    }

    /** Compiles bytecode on {@code executor}, which should not run tasks on the caller's thread. */
    public Builder<Op, V> executor(Executor executor) {
      this.executor = Objects.requireNonNull(executor, "executor");
      return this;
    }

    /**
     * Compiles bytecode on the calling thread, inside the call that reaches the threshold, so
     * that the next call runs bytecode: deterministic, for tests.
     */
    public Builder<Op, V> synchronous() {
      return executor(Runnable::run);
    }

    /**
     * The factory.
     *
     * @throws IllegalArgumentException naming the property if a system property this needs is
     *     not a valid value
     */
    public TieredRunners<Op, V> build() {
      if (threshold < 0) {
        threshold =
            checkThreshold(property(THRESHOLD_PROPERTY, DEFAULT_THRESHOLD), THRESHOLD_PROPERTY);
      }
      if (maxInstructions < 0) {
        maxInstructions = checkMaxInstructions(
            property(MAX_INSTRUCTIONS_PROPERTY, DEFAULT_MAX_INSTRUCTIONS),
            MAX_INSTRUCTIONS_PROPERTY);
      }
      return new TieredRunners<>(this); // a null executor: the shared compiler thread, made lazily
    }

    private static int property(String name, int fallback) {
      String value = System.getProperty(name);
      if (value == null || value.isBlank()) {
        return fallback;
      }
      try {
        return Integer.parseInt(value.strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "system property " + name + " must be an integer, was \"" + value + "\"", e);
      }
    }

    private static int checkThreshold(int calls, String what) {
      if (calls < 1) {
        throw new IllegalArgumentException(what + " must be at least 1 call, was " + calls);
      }
      return calls;
    }

    private static int checkMaxInstructions(int instructions, String what) {
      if (instructions < 0) {
        throw new IllegalArgumentException(what + " must not be negative, was " + instructions);
      }
      return instructions;
    }
  }

  /**
   * The default executor: one daemon thread, started when needed, stopped when idle. A holder
   * class, so that the executor and its classes are made when a first program asks for bytecode,
   * not when a factory is built.
   */
  private static final class CompilerThread {
    static final Executor EXECUTOR = newExecutor();

    private static Executor newExecutor() {
      ThreadPoolExecutor pool =
          new ThreadPoolExecutor(
              1,
              1,
              30,
              TimeUnit.SECONDS,
              new LinkedBlockingQueue<>(),
              task -> {
                Thread t = new Thread(task, "tidu4j-bytecode");
                t.setDaemon(true);
                return t;
              });
      pool.allowCoreThreadTimeOut(true);
      return pool;
    }
  }
}
