package io.github.tidu4j.ad.eager;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.CompilationCache;
import io.github.tidu4j.graph.LruMap;
import io.github.tidu4j.graph.ProgramRunner;

/**
 * What the eager runtimes of one primitive set share: the graphs of its operations, their backward
 * plans and Taylor expansions, the programs compiled from them, and an executor per runners object
 * the runtimes run on. Every runtime of the set reads and fills the same caches, so a runtime made
 * per request (a server's handler, a test) finds the graphs, plans and programs the runtimes before
 * it made, where a runtime of its own would build, differentiate and compile each operation again
 * (tens of µs per operation against about one).
 *
 * <p>One per operation class, held by the class ({@link ClassValue}): the caches go when the set's
 * classes are unloaded, and hold nothing of a class loader that the set's classes do not (tidu4j in
 * an application server's shared libraries, a set in an application: undeploying the application
 * frees its caches with it). Bounded: {@value #OPERATIONS} operation graphs and as many plans and
 * expansions, {@value #PROGRAMS} programs, {@value #EXECUTORS} executors, each least recently used
 * first out. Thread-safe.
 *
 * @param <Op> the operation type
 * @param <T> the abstract type
 * @param <V> the operand type
 */
final class EagerCaches<Op extends Primitive<Op, ?>, T, V> {
  static final int OPERATIONS = 1024;
  static final int PROGRAMS = 256;
  static final int EXECUTORS = 16;

  private static final ClassValue<EagerCaches<?, ?, ?>> BY_SET =
      new ClassValue<>() {
        @Override
        protected EagerCaches<?, ?, ?> computeValue(Class<?> operationType) {
          return new EagerCaches<>();
        }
      };

  final OpCache<Op, T> operations = new OpCache<>(OPERATIONS);
  final BackwardPlans plans = new BackwardPlans(OPERATIONS);
  // the Taylor expansions of operation graphs, one per (graph, inputs on the path, order)
  final LruMap<Object, Object> taylorPlans = new LruMap<>(OPERATIONS);
  private final CompilationCache<Op> programs = new CompilationCache<>(PROGRAMS);
  // by the runners' identity: the generated newRuntime() hands every runtime the set's one
  // default runners, and a method reference such as XEvaluator::new is one object per call site
  private final LruMap<ProgramRunner.Factory<Op, V>, InterpreterExecutor<Op, V>> executors =
      new LruMap<>(EXECUTORS);

  private EagerCaches() {}

  /** The caches of the set whose operation class is {@code set}'s. */
  @SuppressWarnings("unchecked") // one operation class has one operand and one abstract type
  static <Op extends Primitive<Op, C>, C, T, V> EagerCaches<Op, T, V> of(
      EagerSet<Op, C, T, V, ?> set) {
    return (EagerCaches<Op, T, V>) BY_SET.get(set.operationType());
  }

  /**
   * The executor of the runtimes on {@code runners}: one per runners object, summing gradients
   * with the accumulator of {@code anyOperation}, compiling through the set's program cache.
   */
  InterpreterExecutor<Op, V> executor(Op anyOperation, ProgramRunner.Factory<Op, V> runners) {
    InterpreterExecutor<Op, V> executor = executors.get(runners);
    if (executor != null) {
      return executor;
    }
    return executors.putIfAbsent(runners, InterpreterExecutor.of(anyOperation, programs, runners));
  }
}
