package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.LruMap;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.SystemProperties;
import io.github.tidu4j.graph.ThreadNames;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Compiled functions by (function, input types): calling a transformed function again with new
 * values of the same types reuses its compiled program, as {@code jax.jit} does. Functions are
 * compared by {@link Traceable} equality (a traced lambda by identity, a transform by its
 * parameters), so {@code grad(f)} built twice from the same {@code f} hits the same entry.
 *
 * <p>Bounded: the least recently used entry is dropped beyond the capacity, and, for a cache given
 * a byte bound, while the values its functions close over (each entry keeps them) weigh more than
 * it in all ({@link Domain#bytesOf}; a value several functions close over, as {@code f} and {@code
 * grad(f)} close over the same data, counts once), the entry just compiled and what it closes over
 * excepted. Thread-safe, and a miss compiles once: threads missing on a key another thread is
 * compiling wait for its result (or its failure) instead of compiling again.
 *
 * <p>A lambda that captures values is a new object each time its expression runs, so a new
 * function to this cache: made anew for every call, it is traced and compiled on every call. So
 * is the wrapper Kotlin makes each time a value of a Kotlin function type is passed where a Java
 * functional interface is expected (keep the function as that interface instead). Once
 * functions of one lambda class ({@link Traceable#origin}) have been compiled {@value
 * #COMPILATIONS_WARNED} times, a warning says so, once per class (System.Logger {@code
 * io.github.tidu4j.ad.func.FunctionCache}).
 *
 * <pre>{@code
 * FunctionCache<TensorOp, TensorType, Tensor> cache = new FunctionCache<>(TensorDomain.INSTANCE, TensorEvaluator::new, 256);
 * List<Tensor> gx = cache.get(grad, List.of(type)).call(List.of(x));
 * cache.stats().compilations();     // 1, however often it is called again with that type
 * }</pre>
 *
 * @param <P> the primitive set
 * @param <T> the abstract type of a value
 * @param <V> the concrete value type
 */
public final class FunctionCache<P extends Primitive<P, ?>, T, V> {
  /** Compilations of functions of one origin class after which a cache warns, once per class. */
  public static final int COMPILATIONS_WARNED = 64;

  /**
   * The system property giving how many compiled functions the caches of {@link ScalarAutodiff}
   * (each) and {@code TensorAutodiff} (one for the process) hold: an int of at least 1, read when
   * the cache is made; {@value #DEFAULT_ENTRIES} if unset. A service that calls more distinct
   * functions (or input types) than that in turn finds none of them cached: each call traces and
   * compiles again, milliseconds where a cached call takes microseconds (a cache warns once that
   * happens {@value #COMPILATIONS_WARNED} times).
   */
  public static final String ENTRIES_PROPERTY = "tidu4j.autodiff.cacheEntries";

  /** How many compiled functions a cache of the functional APIs holds unless configured. */
  public static final int DEFAULT_ENTRIES = 512;

  // per class, not holding it: a user's class loader stays collectable
  private static final ClassValue<OriginCompilations> COMPILED_BY_ORIGIN =
      new ClassValue<>() {
        @Override
        protected OriginCompilations computeValue(Class<?> type) {
          return new OriginCompilations();
        }
      };

  /**
   * The compilations of the functions of one origin class, in every cache: how many, how many of
   * them were of a key equal to the one before (one function compiled again and again: by caches
   * made anew, as a {@link ScalarAutodiff} made per call makes one, rather than by new lambdas),
   * and the last key's hash. Advisory: concurrent compilations may miscount a repeat.
   */
  private static final class OriginCompilations {
    final AtomicInteger count = new AtomicInteger();
    final AtomicInteger repeats = new AtomicInteger();
    volatile int lastKeyHash;
    volatile boolean any;
  }

  /** Where the warnings go: the System.Logger of this class (a test replaces it to read them). */
  static volatile Consumer<String> warnings = FunctionCache::warn;

  /**
   * Logs {@code message} as a warning; a named method, so that a logger that infers its caller
   * names this one rather than a lambda's synthetic method.
   */
  private static void warn(String message) {
    System.getLogger(FunctionCache.class.getName()).log(System.Logger.Level.WARNING, message);
  }

  private final Domain<T, V> domain;
  private final ProgramRunner.Factory<P, V> runners;
  private final LruMap<Key<P, T, V>, CompiledFunction<P, T, V>> entries;
  private final ConcurrentHashMap<Key<P, T, V>, Compilation<CompiledFunction<P, T, V>>> inFlight =
      new ConcurrentHashMap<>();
  private final int maxEntries;
  private final long maxBytes;
  // a hit through a memo counts too, from any number of threads at once: an adder, not a CAS loop
  private final LongAdder hits = new LongAdder();
  private final AtomicLong compilations = new AtomicLong();
  // changed by clear(): a memo remembered in another generation is not used
  private volatile int generation;
  /**
   * The hashes of the keys compiled most recently, up to four times the capacity but at least
   * 16,384 and at most 65,536: a key compiled again while its hash is here was most likely dropped
   * in between (a false match only makes the
   * warning come a little early). Hashes, not keys, so that a dropped function's class loader
   * stays collectable.
   */
  private final Map<Integer, Boolean> compiledRecently;
  private final AtomicLong compiledAgain = new AtomicLong();

  /**
   * A cache of at most {@code maxEntries} compiled functions over the values of {@code domain},
   * whose programs run with {@code runners}.
   *
   * @throws IllegalArgumentException if {@code maxEntries} is less than 1
   */
  public FunctionCache(Domain<T, V> domain, ProgramRunner.Factory<P, V> runners, int maxEntries) {
    this(domain, runners, maxEntries, Long.MAX_VALUE);
  }

  /**
   * A cache of at most {@code maxEntries} compiled functions whose closed-over values weigh at most
   * {@code maxBytes} in all (as {@link Domain#bytesOf} weighs them; a value several close over
   * counts once), but for the most recent.
   *
   * @throws IllegalArgumentException if {@code maxEntries} is less than 1 or {@code maxBytes}
   *     negative
   */
  public FunctionCache(
      Domain<T, V> domain, ProgramRunner.Factory<P, V> runners, int maxEntries, long maxBytes) {
    this.domain = Objects.requireNonNull(domain, "domain");
    this.runners = Objects.requireNonNull(runners, "runners");
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    // a cycle of up to this many functions is seen, however small the cache
    int remembered = (int) Math.min(Math.max(4L * maxEntries, 1 << 14), 1 << 16);
    this.compiledRecently =
        Collections.synchronizedMap(
            new LinkedHashMap<>() {
              @Override
              protected boolean removeEldestEntry(Map.Entry<Integer, Boolean> eldest) {
                return size() > remembered;
              }
            });
    // a value several entries close over (f and grad f over one data set) weighs once
    this.entries =
        new LruMap<>(maxEntries, maxBytes, compiled -> compiled.staged().constants().values(),
            this::bytesOf);
  }

  /**
   * The compiled form of {@code f} for {@code inputTypes}: stages and compiles it on a miss.
   *
   * @throws ADRuleError if a rule is missing or broken
   * @throws IllegalArgumentException if the types do not fit {@code f}
   * @throws IllegalStateException if {@code f} is called for these types while this thread traces
   *     it for them: a function that calls itself so would be traced without end (the thread
   *     would otherwise wait for its own compilation)
   * @throws CancellationException if this thread is interrupted while it compiles (at the next
   *     step of the compilation: linearize, transpose, compile; those waiting for it then compile
   *     it themselves) or while it waits for another thread's compilation of the same key (its
   *     interrupt status set again in both cases)
   * @throws OutOfMemoryError if the compilation runs out of memory: naming {@code f}, the input
   *     types and, for the heap, its maximum and what to do (the JVM's error is its cause)
   */
  public CompiledFunction<P, T, V> get(Traceable<P, T, V> f, List<T> inputTypes) {
    Key<P, T, V> key = new Key<>(f, List.copyOf(inputTypes));
    while (true) {
      CompiledFunction<P, T, V> hit = entries.get(key);
      if (hit != null) {
        hits.increment();
        return hit;
      }
      Compilation<CompiledFunction<P, T, V>> mine =
          new Compilation<>(f.describe() + " for " + key.inputTypes());
      Compilation<CompiledFunction<P, T, V>> running = inFlight.putIfAbsent(key, mine);
      if (running != null) {
        if (running.owner == Thread.currentThread()) {
          throw new IllegalStateException(
              f.describe() + " is called for " + key.inputTypes() + " while it is traced for them"
                  + " on this thread: a function that calls itself is traced without end");
        }
        CompiledFunction<P, T, V> compiled = running.await();
        if (compiled == null) {
          continue; // its thread was interrupted and stopped: compile it here
        }
        hits.increment();
        return compiled;
      }
      return compile(f, key, mine);
    }
  }

  /** Compiles {@code f} for {@code key}'s types as {@code mine}, the compilation others wait for. */
  private CompiledFunction<P, T, V> compile(
      Traceable<P, T, V> f, Key<P, T, V> key, Compilation<CompiledFunction<P, T, V>> mine) {
    try {
      // a compilation may have ended between the miss above and this thread's claim
      CompiledFunction<P, T, V> compiled = entries.get(key);
      if (compiled == null) {
        compiled = CompiledFunction.compile(f, f.stageNamed(key.inputTypes()), domain, runners);
        compilations.incrementAndGet();
        countCompilation(f, key);
        countCompilationAgain(key);
        compiled = entries.putIfAbsent(key, compiled);
      } else {
        hits.increment();
      }
      mine.complete(compiled);
      return compiled;
    } catch (OutOfMemoryError e) {
      // the compilation's graphs are unreachable now: name what ran out, for this thread and
      // those waiting for it
      OutOfMemoryError described = OutOfHeap.describe(f, key.inputTypes(), e);
      mine.fail(described);
      throw described;
    } catch (CancellationException e) {
      if (!Thread.currentThread().isInterrupted()) {
        mine.fail(e); // not this thread's interruption: thrown by the function's own code
        throw e;
      }
      // this thread was interrupted: those waiting were not, and compile it themselves
      mine.abandon();
      CancellationException named =
          new CancellationException("compiling " + f.describe() + " for " + key.inputTypes()
              + " stopped: " + e.getMessage() + "; a later call compiles it again");
      named.initCause(e);
      throw named;
    } catch (RuntimeException | Error e) {
      mine.fail(e);
      throw e;
    } finally {
      inFlight.remove(key, mine);
    }
  }

  @SuppressWarnings("unchecked")
  private long bytesOf(Object value) {
    return domain.bytesOf((V) value);
  }

  /**
   * Counts a compilation of {@code f} (as {@code key}) by its origin, and warns at {@link
   * #COMPILATIONS_WARNED}: of caches made anew where most were of one function, else of lambdas
   * made anew.
   */
  private void countCompilation(Traceable<?, ?, ?> f, Key<P, T, V> key) {
    Class<?> origin = f.origin();
    if (origin == null) {
      return; // a Traceable that declines to be counted
    }
    OriginCompilations counts = COMPILED_BY_ORIGIN.get(origin);
    int hash = key.hashCode();
    if (counts.any && counts.lastKeyHash == hash) {
      counts.repeats.incrementAndGet();
    }
    counts.lastKeyHash = hash;
    counts.any = true;
    if (counts.count.incrementAndGet() == COMPILATIONS_WARNED) {
      String name = origin.getName();
      int lambda = name.indexOf("$$Lambda");
      String what =
          lambda < 0 ? name : "a lambda in " + name.substring(0, lambda) + " (" + name + ")";
      int repeats = counts.repeats.get();
      if (2 * repeats >= COMPILATIONS_WARNED) {
        warnings.accept(
            "functions of " + what + " have been traced and compiled "
                + COMPILATIONS_WARNED + " times, " + repeats + " of them the function compiled"
                + " just before: the caches compiling it do not keep it. A cache made for every"
                + " call compiles on every call, and each ScalarAutodiff has a cache of its own:"
                + " make it once (ScalarAutodiff.of) and keep it. A cache made once may be"
                + " dropping the function and compiling it again (this one keeps " + maxEntries
                + " compiled functions), or be cleared in between; several caches compiling"
                + " one function in turn are expected to");
        return;
      }
      String cause =
          wrapsKotlinFunction(origin)
              ? "it wraps a Kotlin function value, and Kotlin makes a new wrapper each time a"
                  + " function-typed value is passed where a Java interface is expected, so each"
                  + " call is a new function. Keep the function as that interface (val f = Fn {"
                  + " … }), or keep what is made from it, and pass what changes as arguments."
              : lambda >= 0
                  ? "a lambda that captures values is a new function each time its expression"
                      + " runs, and one made for every call is compiled on every call. Make it"
                      + " once and pass what changes as arguments."
                  : "a cache tells functions apart by equals and hashCode, so an instance of a"
                      + " class that does not override them is a new function each time one is"
                      + " made, and one made for every call is compiled on every call. Make it"
                      + " once, or give the class value equality (a record of what its trace"
                      + " reads).";
      warnings.accept(
          "functions of " + what + " have been traced and compiled "
              + COMPILATIONS_WARNED + " times: " + cause + " If it is made once, the"
              + " cache may be dropping and compiling it again: it keeps " + maxEntries
              + " compiled functions" + (maxBytes == Long.MAX_VALUE ? "" : " and "
              + maxBytes + " bytes of the values they close over (" + constantBytes()
              + " bytes held now; pass large data as an argument rather than closing over it)")
              + ". If it is called with that many input types, this is expected");
    }
  }

  /**
   * Whether {@code origin}, a lambda's class, holds a Kotlin function value ({@code
   * kotlin.jvm.functions.Function0}, {@code Function1}, …): the wrapper Kotlin makes where a
   * function-typed value is passed as a Java functional interface, a new object at each such call.
   * Read by the field types' names, so tidu4j needs no Kotlin; false if they cannot be read.
   */
  static boolean wrapsKotlinFunction(Class<?> origin) {
    try {
      for (Field field : origin.getDeclaredFields()) {
        if (field.getType().getName().startsWith("kotlin.jvm.functions.Function")) {
          return true;
        }
      }
    } catch (SecurityException | LinkageError e) {
      // a security manager refusing, or a field's type missing: the general warning stands
    }
    return false;
  }

  /**
   * Counts a compilation of a key compiled before and dropped since, and warns once, at {@link
   * #COMPILATIONS_WARNED}, that the cache holds fewer functions than are in use.
   */
  private void countCompilationAgain(Key<P, T, V> key) {
    if (compiledRecently.put(key.hashCode(), Boolean.TRUE) == null
        || compiledAgain.incrementAndGet() != COMPILATIONS_WARNED) {
      return;
    }
    warnings.accept(
        "this cache has compiled " + COMPILATIONS_WARNED + " functions again after dropping them:"
            + " more functions (or input types) are in use than it holds, " + maxEntries
            + (maxBytes == Long.MAX_VALUE ? "" : " and " + maxBytes + " bytes of the values they"
                + " close over")
            + ", and each call of a dropped one traces and compiles it again. Raise the bound"
            + " (-D" + ENTRIES_PROPERTY
            + (maxBytes == Long.MAX_VALUE ? "" : ", -Dtidu4j.autodiff.cacheBytes")
            + "), or call fewer functions in turn");
  }

  /**
   * {@value #ENTRIES_PROPERTY} as an int of at least 1, or {@value #DEFAULT_ENTRIES} if unset.
   *
   * @throws IllegalArgumentException naming the property if it is set to anything else
   */
  public static int entriesProperty() {
    return entries(System.getProperty(ENTRIES_PROPERTY));
  }

  static int entries(String value) {
    return (int)
        SystemProperties.parse(
            ENTRIES_PROPERTY, value, DEFAULT_ENTRIES, 1, Integer.MAX_VALUE,
            "a number of compiled functions");
  }

  /**
   * How long a thread waits for another's compilation before a warning names the two threads
   * (tests shorten it).
   */
  static volatile long stallWarningNanos = TimeUnit.SECONDS.toNanos(10);

  /**
   * One thread's compilation of a key, which threads missing on the same key wait for. A lock
   * and a condition rather than a {@code CompletableFuture}, whose class initialises the fork-join
   * common pool (a first call in a fresh JVM would load some 20 classes for a wait that, in a
   * program with one thread, never happens), and rather than a monitor, on whose {@code wait} a
   * virtual thread pins its carrier before JDK 24.
   */
  private static final class Compilation<R> {
    /**
     * The compilation each thread waits for, in every cache: what {@link #await} follows to find
     * threads that would wait for each other.
     */
    private static final Map<Thread, Compilation<?>> WAITING = new ConcurrentHashMap<>();

    /** The most compilations a chain of waits is followed through (a bound, not a depth). */
    private static final int CHAIN_LIMIT = 10_000;

    /** The thread compiling: a call it makes on the same key is a recursion, not a wait. */
    final Thread owner = Thread.currentThread();
    /** The function and input types compiled, for messages ({@code "grad(f) for [f64]"}). */
    private final String what;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition finished = lock.newCondition();
    private R result;
    private Throwable failure;
    /** Volatile: {@link #cycleFrom} reads it without the lock. */
    private volatile boolean done;
    /** Whether a waiter has warned of a stall: once per compilation, however many wait. */
    private boolean stallWarned;

    Compilation(String what) {
      this.what = what;
    }

    void complete(R value) {
      finish(value, null);
    }

    void fail(Throwable e) {
      finish(null, e);
    }

    /** Ends it with no result: its thread stopped, and each waiting thread compiles it instead. */
    void abandon() {
      finish(null, null);
    }

    private void finish(R value, Throwable e) {
      lock.lock();
      try {
        result = value;
        failure = e;
        done = true;
        finished.signalAll();
      } finally {
        lock.unlock();
      }
    }

    /**
     * The compiled result ({@code null} if the compiling thread was interrupted and stopped, so
     * that this one compiles it), or the compiling thread's failure, rethrown as an exception of
     * this thread's ({@link WaiterFailure}). After {@link #stallWarningNanos} a warning names this
     * thread, the compiling thread and where that one is, once: a compilation may take seconds,
     * but if the compiling thread waits for this one by a means the cache cannot see (a traced
     * function that hands a call of itself, or of a function calling it, to another thread and
     * waits for it), neither ever ends.
     *
     * <p>Before it waits, this thread records what it waits for, then follows the owner of this
     * compilation to what that thread waits for, and so on: if the chain comes back to this
     * thread, the functions' traces call each other on two or more threads, and every one of them
     * would wait forever. It throws instead. Recording before following makes sure that of two
     * threads closing such a cycle at once, at least one sees it.
     *
     * @throws IllegalStateException if waiting would close such a cycle; the message names the
     *     threads and the functions they compile
     * @throws CancellationException if this thread is interrupted while it waits (its interrupt
     *     status set again): the compilation goes on in its own thread
     */
    R await() {
      Thread me = Thread.currentThread();
      WAITING.put(me, this);
      try {
        String cycle = cycleFrom(me);
        if (cycle != null) {
          throw new IllegalStateException(cycle);
        }
        return awaitDone();
      } finally {
        WAITING.remove(me, this);
      }
    }

    /**
     * The description of the cycle of waits that {@code me} would close by waiting for this
     * compilation, or {@code null} if there is none: this compilation's owner waits (for a
     * compilation whose owner waits …) for a compilation {@code me} owns.
     */
    private String cycleFrom(Thread me) {
      StringBuilder chain =
          new StringBuilder("thread ").append(ThreadNames.of(me)).append(" would wait for thread ")
              .append(ThreadNames.of(owner)).append(" to compile ").append(what);
      Thread next = owner;
      for (int step = 0; step < CHAIN_LIMIT; step++) {
        Compilation<?> awaited = WAITING.get(next);
        if (awaited == null || awaited.done) {
          return null;
        }
        chain.append(", which waits for thread ").append(ThreadNames.of(awaited.owner))
            .append(" to compile ").append(awaited.what);
        if (awaited.owner == me) {
          return chain.append(": the traces of these functions call each other, so none can be"
                  + " compiled before the others and each thread would wait forever (on one"
                  + " thread the same calls are refused as a function calling itself); make their"
                  + " traces not call each other").toString();
        }
        next = awaited.owner;
      }
      return null;
    }

    private R awaitDone() {
      lock.lock();
      try {
        long start = System.nanoTime();
        while (!done) {
          long stall = stallWarningNanos;
          long waited = System.nanoTime() - start;
          if (stallWarned || waited < stall) {
            finished.awaitNanos(stallWarned ? Long.MAX_VALUE : stall - waited);
            continue;
          }
          stallWarned = true; // one warning, not one per waiting thread
          lock.unlock();
          try {
            warnings.accept(stalled(waited));
          } finally {
            lock.lock();
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CancellationException(
            "interrupted while waiting for thread " + ThreadNames.of(owner) + " to compile " + what
                + " (the compilation goes on there)");
      } finally {
        lock.unlock();
      }
      if (failure != null) {
        // fail is given only what get catches, a RuntimeException or an Error; each waiting
        // thread throws its own copy, whose cause is the compiling thread's
        throw WaiterFailure.rethrow(failure);
      }
      return result;
    }

    private String stalled(long waitedNanos) {
      return "thread " + ThreadNames.of(Thread.currentThread()) + " has waited "
          + String.format(Locale.ROOT, "%.1f", waitedNanos / 1e9) + " s for thread "
          + ThreadNames.of(owner)
          + " to compile " + what + "; that thread is " + owner.getState()
          + where(owner.getStackTrace()) + ". A large function takes this long to compile, and"
          + " then nothing is wrong; but if that thread waits for this one by a means the cache"
          + " cannot see (the traced function hands a call of itself, or of a function that calls"
          + " it, to another thread and waits for the result), neither ends: call such functions"
          + " on the tracing thread, or interrupt this one (it then throws"
          + " CancellationException)";
    }

    /**
     * Where a thread is, for a message: its top frame and the first frame of code outside the
     * JDK below it (the top frame of a waiting thread is the JDK's park, which says nothing).
     */
    private static String where(StackTraceElement[] stack) {
      if (stack.length == 0) {
        return "";
      }
      for (StackTraceElement frame : stack) {
        String module = frame.getModuleName();
        if (module == null || !(module.startsWith("java.") || module.startsWith("jdk."))) {
          return frame == stack[0] ? " in " + frame : " in " + stack[0] + ", called from " + frame;
        }
      }
      return " in " + stack[0];
    }
  }

  /**
   * Runs {@code f} on {@code args}: the compiled program for the arguments' types, cached.
   *
   * @throws IllegalArgumentException naming {@code f} if the number of arguments is wrong, one is
   *     {@code null} or not a value the domain reads (passed through raw types), or if the types
   *     do not fit {@code f}
   * @throws ADRuleError if a rule is missing or broken
   * @throws IllegalStateException naming {@code f}, the output and both types if the program
   *     computes an output of another type than staging gave it (a rule returned a derivative of
   *     the wrong type)
   */
  public List<V> call(Traceable<P, T, V> f, List<V> args) {
    return get(f, typesOf(f, args)).run(args); // the key's types are the arguments' types
  }

  /**
   * As {@link #call(Traceable, List)}, through {@code memo}, which a function object keeps for its
   * own calls: when the arguments have the types of its last call, the compiled function that
   * call ran runs again with no lookup in the cache (no key made, no lock taken, so threads
   * calling one function do not queue), and the call counts as a hit. After {@link #clear} the
   * memo is not used: the next call looks up, so traces again, as every function does. An entry
   * the cache drops for room stays in use by the function objects that remember it.
   *
   * @throws IllegalArgumentException as {@link #call(Traceable, List)} does
   * @throws ADRuleError if a rule is missing or broken
   */
  public List<V> call(Traceable<P, T, V> f, List<V> args, Memo<P, T, V> memo) {
    List<T> types = typesOf(f, args);
    Memo.Last<P, T, V> last = memo.last;
    // relies on clear() changing the generation: a function called after it traces again
    if (last == null
        || last.generation != generation
        || !last.compiled.staged().inputTypes().equals(types)) {
      int now = generation; // read before the lookup: a clear during it makes the next call look
      last = new Memo.Last<>(get(f, types), now);
      memo.last = last;
    } else {
      hits.increment();
    }
    return last.compiled.run(args);
  }

  /**
   * What a function object keeps so that its calls skip the cache's lookup ({@link
   * #call(Traceable, List, Memo)}): the compiled function its last call ran. One per function
   * object, for one cache; thread-safe.
   *
   * @param <P> the primitive set
   * @param <T> the set's abstract type
   * @param <V> the set's values
   */
  public static final class Memo<P extends Primitive<P, ?>, T, V> {
    private volatile Last<P, T, V> last;

    /** The compiled function of the last call, and the cache's generation it was found in. */
    private static final class Last<P extends Primitive<P, ?>, T, V> {
      final CompiledFunction<P, T, V> compiled;
      final int generation;

      Last(CompiledFunction<P, T, V> compiled, int generation) {
        this.compiled = compiled;
        this.generation = generation;
      }
    }
  }

  /** The types of {@code args}, checked to be as many as {@code f}'s inputs and readable. */
  private List<T> typesOf(Traceable<P, T, V> f, List<V> args) {
    if (args.size() != f.arity()) {
      throw new IllegalArgumentException(
          f.describe() + " takes " + f.arity() + " argument" + (f.arity() == 1 ? "" : "s")
              + ", got " + args.size());
    }
    List<T> types = new ArrayList<>(args.size());
    for (int i = 0; i < args.size(); i++) {
      V arg = args.get(i);
      if (arg == null) {
        throw new IllegalArgumentException(f.describe() + ": argument " + i + " is null");
      }
      T type;
      try {
        type = domain.typeOf(arg);
      } catch (ClassCastException e) {
        // a raw list can hold any class; the domain's typeOf is the first code to cast it
        throw new IllegalArgumentException(
            f.describe() + ": argument " + i + " is a " + arg.getClass().getName()
                + ", which is not a value of the function's set (its domain's typeOf cannot"
                + " read it: " + e.getMessage() + ")",
            e);
      }
      types.add(type);
    }
    return types;
  }

  /**
   * The single element of {@code outputs}, the outputs of {@code f}.
   *
   * @throws IllegalStateException if there is not exactly one
   */
  public static <V> V single(Traceable<?, ?, ?> f, List<V> outputs) {
    if (outputs.size() != 1) {
      throw new IllegalStateException(
          f.describe() + " has " + outputs.size() + " outputs; use applyAll");
    }
    return outputs.get(0);
  }

  /**
   * The bytes the entries' closed-over values weigh in all ({@link Domain#bytesOf}), a value
   * several entries close over counted once.
   */
  public long constantBytes() {
    return entries.weight();
  }

  /** Hits, compilations and the current number of entries. */
  public Stats stats() {
    return new Stats(hits.sum(), compilations.get(), entries.size());
  }

  /**
   * Drops every entry (the counters keep counting); every function, a kept one too ({@link Memo}),
   * is traced and compiled again at its next call, so it reads what it closes over anew.
   */
  public void clear() {
    generation++;
    entries.clear();
    compiledRecently.clear();
  }

  /**
   * Counters of a {@link FunctionCache}.
   *
   * @param hits calls answered from the cache or a function's {@link Memo}, without compiling
   * @param compilations functions staged and compiled
   * @param size entries held now
   */
  public record Stats(long hits, long compilations, int size) {}

  private record Key<P extends Primitive<P, ?>, T, V>(Traceable<P, T, V> f, List<T> inputTypes) {
    // equals and hashCode written out, as a record derives them: the derived ones link through
    // method handles, which costs a fresh JVM milliseconds on its first call
    @Override
    public boolean equals(Object o) {
      return o instanceof Key<?, ?, ?> other
          && Objects.equals(f, other.f)
          && Objects.equals(inputTypes, other.inputTypes);
    }

    @Override
    public int hashCode() {
      return 31 * Objects.hashCode(f) + Objects.hashCode(inputTypes);
    }
  }
}
