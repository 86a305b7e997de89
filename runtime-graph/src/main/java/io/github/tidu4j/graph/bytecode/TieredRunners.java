package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.SystemProperties;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

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
 * <p><b>Other promoted tiers, promotion by work.</b> {@link #promoting} gives tiered runners whose
 * promoted tier is another factory (a fusion set's fused programs, say), made when the first
 * program is promoted, and {@link Builder#work} counts what a call costs instead of one per call:
 * a program is promoted once the work of its calls adds up to the threshold, so one over large
 * tensors is promoted after a few calls and one over tiny tensors after many; a call whose own
 * work reaches the threshold is promoted before it runs, on the calling thread (its break-even is
 * one call: generating the promoted form and running it once costs less than running the first
 * tier once). With a work measure, the threshold defaults to {@value #DEFAULT_WORK_THRESHOLD}
 * ({@value #WORK_THRESHOLD_PROPERTY}), the measured break-even of the tensor set's fused loops
 * against its switch evaluator in elements × calls ({@code bench/.../eval/FusionBreakEven}).
 *
 * <pre>{@code
 * TieredRunners<TensorOp, Tensor> fused =
 *     TieredRunners.promoting(TensorEvaluator::new, () -> TensorFusion.runners(TensorEvaluator::new))
 *         .work(inputs -> inputs.get(0).size())
 *         .build();
 * }</pre>
 *
 * <p><b>Executor.</b> By default one daemon thread shared by every factory, {@code
 * tidu4j-bytecode}, started on the first request and stopped after 30 idle seconds: compilations
 * run one at a time, next to the callers rather than in their way. Not the common fork-join pool,
 * whose few threads (one on a two-core machine) parallel streams and futures share, and which a
 * compilation of up to a second would block. At most 256 requests wait for that
 * thread, each holding its program: a program that asks while they do keeps running on the first
 * tier and asks again after another threshold of calls, so a process that makes hot programs
 * faster than one thread compiles them holds a bounded queue. {@link Builder#synchronous()}
 * compiles on the calling thread, inside the call that reaches the threshold: for tests.
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

  /** The most requests that wait for the default executor's thread (see the class doc). */
  static final int MAX_PENDING = 256;

  /** The default size, in instructions, above which a program stays on the first tier. */
  public static final int DEFAULT_MAX_INSTRUCTIONS = 200_000;

  /** The system property that overrides {@link #DEFAULT_THRESHOLD} (read when a factory is built). */
  public static final String THRESHOLD_PROPERTY = "tidu4j.tier.threshold";

  /** The system property that overrides {@link #DEFAULT_MAX_INSTRUCTIONS}. */
  public static final String MAX_INSTRUCTIONS_PROPERTY = "tidu4j.tier.maxInstructions";

  /**
   * The default work (elements × calls, as the tensor set's fusion tier counts it) after which a
   * program of a factory with a {@linkplain Builder#work work measure} is promoted: 2^20, the
   * measured break-even of fusing a tensor program (plan, loop generation and the new loop class's
   * JIT warm-up) against running it on the warm switch evaluator ({@code
   * bench/.../tensor/FusionBreakEven}: the forward and gradient programs of sumExp, chain8 and
   * cheap8, five trials each, on two cores shared with other work). The break-even was of the
   * same order at every size, as a count of elements rather than of calls: medians of 1·10^5 to
   * 1·10^6 elements × calls at n = 10 (some trials not reached by 1.3·10^6), 3·10^5 to 2.9·10^6
   * at n = 10^3 (sumExp's forward not reached by 4·10^6: its one fused loop gains little over
   * three kernels), and 1 to 3 calls, 1·10^6 to 3·10^6, at n = 10^6.
   */
  public static final long DEFAULT_WORK_THRESHOLD = 1L << 20;

  /** The system property that overrides {@link #DEFAULT_WORK_THRESHOLD}. */
  public static final String WORK_THRESHOLD_PROPERTY = "tidu4j.tier.workThreshold";

  private final ProgramRunner.Factory<Op, V> firstTier;
  /** Gives the kernel set {@link #compiler} is made from; {@code null} if it was given. */
  private final Supplier<KernelSet<Op>> kernels;
  private volatile BytecodeCompiler<Op> compiler;
  /**
   * Gives the promoted tier when it is not bytecode ({@link #promoting}); else {@code null}, and
   * the promoted tier is {@link #compiler()}'s bytecode.
   */
  private final Supplier<? extends ProgramRunner.Factory<Op, V>> promotedTier;
  private volatile ProgramRunner.Factory<Op, V> promoted;
  /** The work of one call; {@code null} counts calls. */
  private final ToLongFunction<List<? extends V>> work;
  private final long threshold;
  private final int maxInstructions;
  private final Executor executor;
  private final AtomicLong prepared = new AtomicLong();
  private final AtomicLong requested = new AtomicLong();
  private final AtomicLong promotions = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private final AtomicLong firstTierOnly = new AtomicLong();
  private final AtomicBoolean failureLogged = new AtomicBoolean();
  private volatile Throwable lastFailure;

  private TieredRunners(Builder<Op, V> b) {
    this.firstTier = b.firstTier;
    this.kernels = b.kernels;
    this.compiler = b.compiler;
    this.promotedTier = b.promotedTier;
    this.work = b.work;
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
    return new Builder<>(firstTier, null, Objects.requireNonNull(kernels, "kernels"), null)
        .build();
  }

  /** A builder of tiered runners over {@code firstTier} and {@code compiler}. */
  public static <Op extends GraphOperation, V> Builder<Op, V> builder(
      ProgramRunner.Factory<Op, V> firstTier, BytecodeCompiler<Op> compiler) {
    return new Builder<>(firstTier, Objects.requireNonNull(compiler, "compiler"), null, null);
  }

  /**
   * A builder of tiered runners whose programs start on {@code firstTier} and are promoted to the
   * runners of the factory {@code promotedTier} gives when the first program is promoted (called
   * once, on the executor; a failure there is that program's failure, and is tried again by the
   * next). The promoted tier's results must equal the first tier's (bit for bit, or within what
   * its documentation states): callers cannot tell which tier answered.
   *
   * <pre>{@code
   * TieredRunners<TensorOp, Tensor> fused =
   *     TieredRunners.promoting(TensorEvaluator::new, () -> TensorFusion.runners(TensorEvaluator::new))
   *         .work(inputs -> inputs.get(0).size())
   *         .build();
   * }</pre>
   */
  public static <Op extends GraphOperation, V> Builder<Op, V> promoting(
      ProgramRunner.Factory<Op, V> firstTier,
      Supplier<? extends ProgramRunner.Factory<Op, V>> promotedTier) {
    return new Builder<>(
        firstTier, null, null, Objects.requireNonNull(promotedTier, "promotedTier"));
  }

  /**
   * The runner of {@code program}: the first tier's runner for it (prepared now), counting calls
   * (or their work) toward promotion unless the program has more than {@link #maxInstructions()}
   * instructions.
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

  /**
   * The calls (or, with a {@linkplain Builder#work work measure}, the work) after which a program
   * is promoted.
   */
  public long threshold() {
    return threshold;
  }

  /** The size, in instructions, above which a program stays on the first tier. */
  public int maxInstructions() {
    return maxInstructions;
  }

  /**
   * The compiler of the bytecode tier, with its cache; made now if no program has asked for
   * bytecode yet.
   *
   * @throws IllegalStateException if this factory's promoted tier is not bytecode ({@link
   *     #promoting})
   */
  public BytecodeCompiler<Op> compiler() {
    BytecodeCompiler<Op> c = compiler;
    if (c == null) {
      if (kernels == null) {
        throw new IllegalStateException(
            "these tiered runners promote to " + promotedTier + ", not to bytecode");
      }
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
        prepared.get(), firstTierOnly.get(), requested.get(), promotions.get(), failed.get(),
        lastFailure);
  }

  /**
   * The promoted runner of {@code program}, made now: its bytecode, compiled now (or found in the
   * compiler's cache), or the promoted tier's runner. The program is one {@link #prepare} was
   * given, so its operations are {@code Op}s.
   */
  ProgramRunner<V> promotedRunner(CompiledProgram<?> program) {
    @SuppressWarnings("unchecked")
    CompiledProgram<Op> own = (CompiledProgram<Op>) program;
    ProgramRunner.Factory<Op, V> tier = promoted;
    if (tier == null) {
      synchronized (this) {
        tier = promoted;
        if (tier == null) {
          tier = promotedTier == null
              ? p -> new BytecodeRunner<>(compiler().compile(p))
              : Objects.requireNonNull(promotedTier.get(), "the promoted tier supplier gave null");
          promoted = tier;
        }
      }
    }
    return tier.prepare(own);
  }

  /** The work of a call with {@code inputs}, at least 0; asked only if {@link #measuresWork()}. */
  long workOf(List<? extends V> inputs) {
    return Math.max(0, work.applyAsLong(inputs));
  }

  /** Whether a call's work is measured (else every call counts 1). */
  boolean measuresWork() {
    return work != null;
  }

  /** The executor that compiles bytecode: the builder's, else the shared compiler thread. */
  Executor executor() {
    return executor != null ? executor : CompilerThread.EXECUTOR;
  }

  void requested() {
    requested.incrementAndGet();
  }

  /** A request the executor could not take yet ({@link Busy}): its program asks again later. */
  void deferred() {
    requested.decrementAndGet();
  }

  void promoted() {
    promotions.incrementAndGet();
  }

  /** The warning logged for the first failed promotion of a factory: {@code e} caused it. */
  static String failureWarning(int instructions, Throwable e) {
    String cause =
        e instanceof NoClassDefFoundError missing
                && String.valueOf(missing.getMessage()).startsWith("org/objectweb/asm")
            ? " The bytecode and fused tiers write classes with ASM, which is not on the class"
                + " path (" + missing.getMessage() + "): add org.ow2.asm:asm, as the tidu4j"
                + " artifacts' dependency on it does."
            : "";
    return "tidu4j: promoting a program of " + instructions
        + " instructions failed; it keeps running on the first tier." + cause
        + " Further failures of this factory are counted in TieredRunners.stats(), not logged.";
  }

  void failed(TieredRunner<?> runner, Throwable e) {
    failed.incrementAndGet();
    lastFailure = e;
    if (failureLogged.compareAndSet(false, true)) {
      // looked up here, not in a static field: System.getLogger initialises the JDK's logging
      // (some 170 classes), which a program whose compilations succeed never needs
      System.getLogger(TieredRunners.class.getName()).log(
          System.Logger.Level.WARNING, failureWarning(runner.instructionCount(), e), e);
    }
  }

  @Override
  public String toString() {
    return "TieredRunners[threshold " + threshold + (work == null ? " calls" : " work")
        + ", maxInstructions " + maxInstructions + ", "
        + stats() + "]";
  }

  /**
   * Counters of a {@link TieredRunners}.
   *
   * @param prepared programs prepared
   * @param firstTierOnly of those, programs over the instruction limit, kept on the first tier
   * @param requested programs that reached the threshold and asked for promotion
   * @param promoted programs now running on the promoted tier
   * @param failed programs whose promotion failed (they stay on the first tier)
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
   * TieredRunners#THRESHOLD_PROPERTY} (or, with a {@linkplain #work work measure}, {@value
   * TieredRunners#WORK_THRESHOLD_PROPERTY}) and {@value TieredRunners#MAX_INSTRUCTIONS_PROPERTY},
   * read by {@link #build()}, else from the defaults.
   *
   * @param <Op> the operation type
   * @param <V> the value type
   */
  public static final class Builder<Op extends GraphOperation, V> {
    private final ProgramRunner.Factory<Op, V> firstTier;
    private final BytecodeCompiler<Op> compiler;
    private final Supplier<KernelSet<Op>> kernels;
    private final Supplier<? extends ProgramRunner.Factory<Op, V>> promotedTier;
    private ToLongFunction<List<? extends V>> work;
    private long threshold = -1;
    private int maxInstructions = -1;
    private Executor executor;

    private Builder(
        ProgramRunner.Factory<Op, V> firstTier,
        BytecodeCompiler<Op> compiler,
        Supplier<KernelSet<Op>> kernels,
        Supplier<? extends ProgramRunner.Factory<Op, V>> promotedTier) {
      this.firstTier = Objects.requireNonNull(firstTier, "firstTier");
      this.compiler = compiler;
      this.kernels = kernels;
      this.promotedTier = promotedTier;
    }

    /**
     * Promotes a program at its {@code calls}-th call, or, with a {@linkplain #work work
     * measure}, once the work of its calls adds up to {@code calls}. {@code Long.MAX_VALUE} keeps
     * programs on the first tier in practice.
     *
     * @throws IllegalArgumentException if {@code calls} is less than 1
     */
    public Builder<Op, V> threshold(long calls) {
      this.threshold = checkThreshold(calls, "threshold");
      return this;
    }

    /**
     * Counts the work of each call, {@code perCall} of its inputs (the elements of its largest
     * tensor, say; a negative value counts as 0), instead of one per call: a program is promoted
     * once its calls' work adds up to the {@linkplain #threshold threshold}, and before a call
     * whose own work reaches it, on the calling thread. {@code perCall} runs on every call until
     * then, so it should be cheap.
     */
    public Builder<Op, V> work(ToLongFunction<List<? extends V>> perCall) {
      this.work = Objects.requireNonNull(perCall, "perCall");
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
            work == null
                ? SystemProperties.longValue(
                    THRESHOLD_PROPERTY, DEFAULT_THRESHOLD, 1, Long.MAX_VALUE, "a number of calls")
                : SystemProperties.longValue(
                    WORK_THRESHOLD_PROPERTY, DEFAULT_WORK_THRESHOLD, 1, Long.MAX_VALUE,
                    "a number of units of work");
      }
      if (maxInstructions < 0) {
        // no program has more than Integer.MAX_VALUE instructions: a larger bound is no bound
        maxInstructions =
            (int)
                Math.min(
                    Integer.MAX_VALUE,
                    SystemProperties.longValue(
                        MAX_INSTRUCTIONS_PROPERTY, DEFAULT_MAX_INSTRUCTIONS, 0, Long.MAX_VALUE,
                        "a number of instructions"));
      }
      return new TieredRunners<>(this); // a null executor: the shared compiler thread, made lazily
    }

    private static long checkThreshold(long calls, String what) {
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
   * Thrown by the default executor when {@link #MAX_PENDING} requests wait already: the request is
   * not a failure, and its program asks again later.
   */
  static final class Busy extends RejectedExecutionException {
    private static final long serialVersionUID = 1L;

    Busy() {
      super(MAX_PENDING + " compilations are waiting already", null);
    }
  }

  /**
   * The default executor's thread, running {@code task}: a daemon that takes nothing of the thread
   * that happens to start it (a request's thread in a server), neither its inheritable thread-local
   * values nor its context class loader (a web application's), nor, up to JDK 23, the protection
   * domains of the classes on its stack, which a new thread keeps as its inherited access control
   * context (and with them their class loaders: an application undeployed would stay loaded), since
   * it serves every factory of the process and may outlive that thread by as long as compilations
   * keep coming. Made in a privileged action, whose context holds tidu4j's domain alone; its
   * context class loader is tidu4j's own, unless a security manager refuses to set it.
   */
  @SuppressWarnings("removal") // AccessController: up to JDK 23 the way to leave out the caller's
  static Thread compilerThread(Runnable task) {
    return java.security.AccessController.doPrivileged(
        (java.security.PrivilegedAction<Thread>)
            () -> {
              Thread t = new Thread(null, task, "tidu4j-bytecode", 0, false);
              t.setDaemon(true);
              try {
                t.setContextClassLoader(TieredRunners.class.getClassLoader());
              } catch (SecurityException e) {
                // the creator's stays: nothing the thread runs reads it
              }
              return t;
            });
  }

  /**
   * Stops the shared compiler thread ({@code tidu4j-bytecode}, the default executor of every
   * factory without one of its own) once the compilations already asked for are done, rather than
   * after 30 idle seconds; a later request starts a new one. For an application server undeploying
   * an application that bundles tidu4j, whose copy's thread would otherwise keep the application's
   * classes loaded for those 30 seconds (call {@code TensorAutodiff.clearCache()} too); programs
   * promoted meanwhile are not affected.
   *
   * <pre>{@code
   * TieredRunners.stopCompilerThread(); // e.g. in a ServletContextListener's contextDestroyed
   * }</pre>
   */
  public static void stopCompilerThread() {
    CompilerThread.stop();
  }

  /**
   * The default executor: one daemon thread, started when needed, stopped when idle or when asked
   * ({@link #stopCompilerThread}). A holder class, so that the executor and its classes are made
   * when a first program asks for bytecode, not when a factory is built.
   */
  private static final class CompilerThread {
    static final Executor EXECUTOR = task -> current().execute(task);

    private static ThreadPoolExecutor current; // guarded by CompilerThread.class

    private static synchronized ThreadPoolExecutor current() {
      if (current == null) {
        current = newExecutor();
      }
      return current;
    }

    private static synchronized void stop() {
      if (current != null) {
        current.shutdown(); // the requests queued still run; its thread then ends
        current = null;
      }
    }

    private static ThreadPoolExecutor newExecutor() {
      ThreadPoolExecutor pool =
          new ThreadPoolExecutor(
              1,
              1,
              30,
              TimeUnit.SECONDS,
              new LinkedBlockingQueue<>(MAX_PENDING),
              TieredRunners::compilerThread,
              (task, executor) -> {
                throw new Busy();
              });
      pool.allowCoreThreadTimeOut(true);
      return pool;
    }
  }
}
