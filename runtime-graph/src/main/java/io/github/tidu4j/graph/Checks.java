package io.github.tidu4j.graph;

import java.util.function.Supplier;

/**
 * The checks mode of the identity core: with {@code -Dtidu4j.checks=true}, every key and graph
 * fast path recomputes its answer from scratch (a key from its definition, a canonical instance
 * from a full lookup, a first definition from a linear scan, a view's site from its graphs) and
 * compares; a mismatch throws an {@link IllegalStateException} naming the invariant of {@code
 * docs/identity-core.md} that was broken, the key or value, and both answers.
 *
 * <p>The flag is read once into {@link #ENABLED}, a {@code static final}: with it off, every
 * {@code if (Checks.ENABLED)} block is dead code the JIT removes, so the fast paths cost nothing
 * more. It is on for the project's whole test suite. The recomputations are slow, but kept to
 * O(1) or O(operation) amortized; the few that are not (a full scan of a segment of the weak key
 * table, a scan of a graph for a key it does not define) are bounded or sampled, as each says.
 *
 * <p>A test that breaks a fast path on purpose (here, an input key whose tangent ignores the pass,
 * invariant I8) runs only in the mode, and shows what the breakage gives unchecked:
 *
 * <pre>{@code
 * assumeTrue(Checks.ENABLED, "run with -Dtidu4j.checks=true (the build does)");
 *
 * LinearizedGraph<RealOp> second =
 *     Checks.withoutChecks(() -> AD.linearize(Graphs.resolve(f), f.outputKeys(), wrt));
 * }</pre>
 */
public final class Checks {
  /** The system property that turns the checks mode on: {@code true} or {@code false} (unset). */
  public static final String PROPERTY = "tidu4j.checks";

  /**
   * Whether the checks mode is on: the system property {@value #PROPERTY}, read once; a value
   * other than {@code true} or {@code false} (any case) fails this class's initialisation naming
   * it, so that a misspelt {@code -Dtidu4j.checks=yes} is not a silent "off".
   */
  public static final boolean ENABLED = enabled(System.getProperty(PROPERTY));

  /**
   * {@code value} of {@value #PROPERTY}: {@code true} for "true", {@code false} for "false" or
   * unset (null or blank).
   *
   * @throws IllegalArgumentException naming the property for any other value
   */
  static boolean enabled(String value) {
    return SystemProperties.parseChoice(PROPERTY, value, "false", "true").equals("true");
  }

  // per thread: how many withoutChecks calls are running on it
  // an anonymous class rather than withInitial and a lambda: Checks is loaded on every first call,
  // and the first lambda a JVM links costs milliseconds of method-handle set-up
  private static final ThreadLocal<int[]> SUSPENDED =
      new ThreadLocal<>() {
        @Override
        protected int[] initialValue() {
          return new int[1];
        }
      };

  private Checks() {}

  /**
   * Whether checks run on this thread now: the mode is on and no {@link #withoutChecks} call is
   * running on it. Call sites test {@link #ENABLED} first, so with the mode off this is never
   * called.
   */
  static boolean active() {
    return ENABLED && SUSPENDED.get()[0] == 0;
  }

  /**
   * Runs {@code body} on this thread with the checks off, and returns its result: for a test
   * that breaks a fast path on purpose and shows the silently wrong answer it then gives.
   */
  public static <T> T withoutChecks(Supplier<T> body) {
    int[] depth = SUSPENDED.get();
    depth[0]++;
    try {
      return body.get();
    } finally {
      depth[0]--;
    }
  }

  /**
   * Throws the failure of invariant {@code invariant} (such as {@code "I3 (scope use lists)"})
   * for {@code what}: the fast path answered {@code fast}, recomputation {@code slow}.
   */
  static IllegalStateException broken(String invariant, String what, Object fast, Object slow) {
    throw new IllegalStateException(
        "identity-core invariant "
            + invariant
            + " is broken for "
            + what
            + ": the fast path gives "
            + fast
            + ", recomputed from scratch it is "
            + slow
            + " (see docs/identity-core.md; one GraphBuilder used by two threads at once, which"
            + " it does not allow, breaks these too)");
  }

  /**
   * Checks invariant I8 for a transform's pass: the linear input {@code id} that {@code builder}
   * has just declared has a new key, created in the builder's own scope, so the keys built on it
   * are the pass's own. Called by the differentiation transforms when {@link #ENABLED}.
   *
   * @throws IllegalStateException naming I8 if the input key existed before the pass
   */
  public static void checkNewPassInput(GraphBuilder<?> builder, int id) {
    if (!active()) {
      return;
    }
    ValueKey key = builder.valueKey(id); // an input's key is never deferred: this makes no key
    KeyScope scope = CanonicalKey.of(key).scope();
    if (scope != builder.scope()) {
      throw broken(
          I8,
          "linear input " + key + " of the pass of " + builder.scope(),
          "a key of " + (scope == null ? "the global table" : scope.toString()),
          "a new key of " + builder.scope());
    }
  }

  static final String I1 = "I1 (canonical keys)";
  static final String I2 = "I2 (use slots and last-use memos)";
  static final String I3 = "I3 (scope use lists)";
  static final String I4 = "I4 (deferred keys)";
  static final String I5 = "I5 (first definitions)";
  static final String I6 = "I6 (view sites)";
  static final String I7 = "I7 (logical orders)";
  static final String I8 = "I8 (fresh passes)";
  static final String I9 = "I9 (node outputs)";
  static final String I10 = "I10 (key batches)";
  static final String I12 = "I12 (node kinds)";
}
