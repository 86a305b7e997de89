package io.github.tidu4j.ad.check;

import java.util.Optional;

/**
 * A derivative disagrees with its reference by more than the tolerance. The message says at which
 * order and in which check (for example {@code order 2, JVP of VJP}: the JVP check of the VJP
 * function), the expected and actual values and the tolerance; the accessors give them to code.
 * An {@link AssertionError}, so test frameworks report it as a failed assertion.
 *
 * <pre>{@code
 * // fn: a CheckedFunction whose VJP is wrong (its JVP is right)
 * GradientCheckFailure e = assertThrows(GradientCheckFailure.class,
 *     () -> GradientChecker.check(fn, point, ScalarDomain.INSTANCE, 1, Mode.BOTH, null, new Random(0)));
 * assertEquals("VJP", e.check());
 * }</pre>
 */
public final class GradientCheckFailure extends AssertionError {
  private static final long serialVersionUID = 1L;

  private final int order;
  private final String check;
  private final transient Object expected;
  private final transient Object actual;
  private final Tolerance tolerance;
  /** The check's transform, or null for a check of neither (the zero primitive's values). */
  private final Mode mode;
  private final String failingOperation;

  GradientCheckFailure(
      String message,
      int order,
      String check,
      Mode mode,
      Object expected,
      Object actual,
      Tolerance tolerance) {
    this(message, order, check, mode, expected, actual, tolerance, null);
  }

  private GradientCheckFailure(
      String message,
      int order,
      String check,
      Mode mode,
      Object expected,
      Object actual,
      Tolerance tolerance,
      String failingOperation) {
    super(message);
    this.order = order;
    this.check = check;
    this.mode = mode;
    this.expected = expected;
    this.actual = actual;
    this.tolerance = tolerance;
    this.failingOperation = failingOperation;
  }

  /**
   * The failure of the check {@code check} of order {@code order}, whose {@code program} ({@code
   * "the JVP program"}, …) threw {@code error} where the function itself evaluated: an operation a
   * rule emitted refuses what it is given there. {@code error} is its cause; {@code head} begins
   * the message ({@code "order 1, JVP"}) and {@code at} ends it (the point).
   */
  static GradientCheckFailure programThrew(
      String head, String program, RuntimeException error, String at, int order, String check,
      Mode mode, Tolerance tolerance) {
    GradientCheckFailure failure =
        new GradientCheckFailure(
            head + ": " + program + " threw " + error + ", where the function evaluated: an"
                + " operation a rule emitted refuses what it is given there (operands of another"
                + " shape or dtype than the rule meant, or a value outside its domain); at " + at,
            order,
            check,
            mode,
            null,
            null,
            tolerance);
    failure.initCause(error);
    return failure;
  }

  /**
   * This failure with {@code more} added to its message and, if not null, {@code operation} as
   * the operation found to fail alone; the stack trace and the cause are this one's.
   */
  GradientCheckFailure explained(String more, String operation) {
    GradientCheckFailure explained =
        new GradientCheckFailure(
            getMessage() + more, order, check, mode, expected, actual, tolerance, operation);
    explained.setStackTrace(getStackTrace());
    if (getCause() != null) {
      explained.initCause(getCause()); // a program that threw: the error stays the cause
    }
    return explained;
  }

  /** The transform the failed check checked; null where it checked the zero primitive's values. */
  Mode mode() {
    return mode;
  }

  /**
   * The operation of the function whose rules fail the same check alone, applied to inputs of the
   * values its operands have at the point, as it prints ({@code Polygamma[n=2]}); empty if none
   * does (the operations pass alone, and the failure is in how they compose or in the steps).
   */
  public Optional<String> failingOperation() {
    return Optional.ofNullable(failingOperation);
  }

  /** The derivative order that failed: 1 for the function's own JVP or VJP. */
  public int order() {
    return order;
  }

  /**
   * The check that failed, innermost transform last: {@code "JVP"}, {@code "VJP"}, {@code "JVP of
   * VJP"} (the JVP check of the function {@code (x, ȳ) -> Jᵀ(x)·ȳ}), …
   */
  public String check() {
    return check;
  }

  /**
   * The reference: the central-difference JVP output (a value of the operand type) for a JVP
   * check, the inner product {@code ⟨ȳ, J·t⟩} (a {@code Double}) for a VJP check; the primal
   * where a derivative was of another kind than it; null where the check threw (the cause).
   */
  public Object expected() {
    return expected;
  }

  /**
   * What the transform gave: the JVP output, or the inner product {@code ⟨Jᵀ·ȳ, t⟩}; the
   * derivative of another kind; null where the check threw.
   */
  public Object actual() {
    return actual;
  }

  /** The tolerance the check used; null where the check threw. */
  public Tolerance tolerance() {
    return tolerance;
  }
}
