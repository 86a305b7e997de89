package io.github.tidu4j.ad;

/**
 * A differentiation rule could not be applied: the primitive has no such rule, or the rule broke
 * its contract (returned the wrong number of results, emitted an invalid operation, threw). The
 * message names the primitive and the rule kind; {@link #primitiveName()}, {@link #ruleKind()} and
 * {@link #reason()} give them to code.
 *
 * <p>Unchecked, like the other errors a transform meets in user code: a missing rule is a bug in a
 * primitive set, not a condition every caller of {@code linearize}, {@code grad} or {@code
 * backward} must handle. The transforms, the functional API and the eager mode all let it
 * through, each adding where it was met to its message; catch it where a missing rule can be
 * handled.
 *
 * <pre>{@code
 * try {
 *   LinearizedGraph<RealOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), wrt);
 *   AD.linearTranspose(jvp);
 * } catch (ADRuleError e) {
 *   System.err.println(e.primitiveName() + " " + e.ruleKind() + ": " + e.getMessage());
 * }
 * }</pre>
 */
public final class ADRuleError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Why a rule could not be applied. */
  public enum Reason {
    /** The primitive has no rule of this kind. */
    UNSUPPORTED,
    /** The rule returned something that breaks its contract. */
    INVALID_RESULT,
    /** The rule threw while running. */
    RULE_FAILED,
    /**
     * The rule declares the set's context parameter, but the transform calling it was given no
     * context.
     */
    MISSING_CONTEXT,
    /**
     * The transform calling the rule was given a context that is not of the set's context type
     * (possible only through raw types), or a context for a set that declares none.
     */
    WRONG_CONTEXT
  }

  private final String primitiveName;
  private final RuleKind ruleKind;
  private final Reason reason;

  private ADRuleError(
      String primitiveName, RuleKind ruleKind, Reason reason, String detail, Throwable cause) {
    this(describe(primitiveName, ruleKind, reason, detail), primitiveName, ruleKind, reason, cause);
  }

  private ADRuleError(
      String message, String primitiveName, RuleKind ruleKind, Reason reason, Throwable cause) {
    super(message, cause);
    this.primitiveName = primitiveName;
    this.ruleKind = ruleKind;
    this.reason = reason;
  }

  /**
   * This error with its message saying which value the rule was applied to: {@code value}
   * describes it (see {@link io.github.tidu4j.graph.ValueDescription}), for example {@code
   * "SIN(x)"}. The stack trace is this one's.
   */
  ADRuleError at(String value) {
    String doing =
        switch (ruleKind) {
          case JVP -> "differentiating ";
          case TRANSPOSE -> "transposing ";
          case TAYLOR -> "expanding ";
        };
    return within(doing + value);
  }

  /**
   * This error with its message saying which function was being staged when the rule failed:
   * {@code function} describes it, for example {@code "grad(f)"}. The primitive, the rule kind,
   * the reason, the cause and the stack trace are this one's.
   *
   * <pre>{@code
   * } catch (ADRuleError e) {
   *   throw e.whileStaging(f.describe());   // "… (while staging grad(f))"
   * }
   * }</pre>
   */
  public ADRuleError whileStaging(String function) {
    return within("staging " + function);
  }

  private ADRuleError within(String doing) {
    ADRuleError located =
        new ADRuleError(
            getMessage() + " (while " + doing + ")", primitiveName, ruleKind, reason, getCause());
    located.setStackTrace(getStackTrace());
    return located;
  }

  /**
   * This error as another thread throws it: the same message, primitive, rule kind, reason and
   * cause, made in the calling thread (its stack trace), with this one added as suppressed, so
   * that the thread where the rule ran is seen too. What a thread waiting for another's failed
   * compilation throws, so that threads do not share one exception object.
   */
  public ADRuleError inThisThread() {
    ADRuleError own = new ADRuleError(getMessage(), primitiveName, ruleKind, reason, getCause());
    own.addSuppressed(this);
    return own;
  }

  /** {@code primitive} has no {@code kind} rule. */
  public static ADRuleError unsupported(String primitive, RuleKind kind) {
    return new ADRuleError(primitive, kind, Reason.UNSUPPORTED, null, null);
  }

  /** {@code primitive}'s {@code kind} rule returned something invalid, described by {@code detail}. */
  public static ADRuleError invalidResult(String primitive, RuleKind kind, String detail) {
    return new ADRuleError(primitive, kind, Reason.INVALID_RESULT, detail, null);
  }

  /**
   * {@code primitive}'s {@code kind} rule declares a parameter of the set's context type {@code
   * contextType}, but the transform calling it was given no context ({@code null}). Generated
   * sets throw it before such a rule runs, so that the rule never reads a {@code null} context;
   * the message says how each API passes one.
   */
  public static ADRuleError missingContext(String primitive, RuleKind kind, Class<?> contextType) {
    return new ADRuleError(
        primitive, kind, Reason.MISSING_CONTEXT, contextType.getName(), null);
  }

  /**
   * {@code primitive}'s {@code kind} rule was called with a context of class {@code given}, which
   * is not of the set's context type {@code contextType} ({@code Void.class} for a set that
   * declares none). Only raw types let such a context through the typed APIs; the transforms
   * report it, with the {@link ClassCastException} it caused as {@code cause}, instead of a rule
   * failure.
   */
  public static ADRuleError wrongContext(
      String primitive, RuleKind kind, Class<?> contextType, Class<?> given, Throwable cause) {
    String detail =
        contextType == Void.class
            ? "was given a rule context, a " + given.getName() + ", but its set declares none"
                + " (@PrimitiveSet(context = …)); pass no context"
            : "takes the rule context " + contextType.getName() + ", but the transform was given a "
                + given.getName() + "; pass a " + contextType.getSimpleName()
                + " (only raw types let another class through)";
    return new ADRuleError(primitive, kind, Reason.WRONG_CONTEXT, detail, cause);
  }

  /** {@code primitive}'s {@code kind} rule threw {@code cause}. */
  public static ADRuleError ruleFailed(String primitive, RuleKind kind, Throwable cause) {
    String detail =
        cause instanceof StackOverflowError
            ? "StackOverflowError: it recursed until the stack overflowed (does it call itself,"
                + " directly or through a helper, without a base case?)"
            : cause.getClass().getSimpleName() + ": " + cause.getMessage();
    return new ADRuleError(primitive, kind, Reason.RULE_FAILED, detail, cause);
  }

  /**
   * What a transform reports when {@code op}'s {@code kind} rule, called with {@code ctx}, threw
   * {@code e}: a {@link Reason#WRONG_CONTEXT} if {@code e} is the cast of a context that is not
   * of the set's context type (checked only once a rule has failed, so a rule call costs
   * nothing more), a {@link Reason#RULE_FAILED} otherwise.
   */
  static ADRuleError failed(Primitive<?, ?> op, RuleKind kind, Object ctx, Throwable e) {
    if (e instanceof ClassCastException && ctx != null) {
      Class<?> type = RuleContext.typeOf(op.getClass());
      if (!type.isInstance(ctx)) {
        return wrongContext(op.name(), kind, type, ctx.getClass(), e);
      }
    }
    return ruleFailed(op.name(), kind, e);
  }

  private static String describe(String primitive, RuleKind kind, Reason reason, String detail) {
    String rule =
        switch (kind) {
          case JVP -> "JVP rule";
          case TRANSPOSE -> "transpose rule";
          case TAYLOR -> "Taylor rule";
        };
    switch (reason) {
      case UNSUPPORTED:
        return primitive
            + " has no "
            + rule
            + switch (kind) {
              case TRANSPOSE -> ", but a derivative uses it linearly; give it a transpose rule";
              case JVP -> "; give it a JVP rule to differentiate through it";
              case TAYLOR -> "; Taylor mode expands it from its JVP rule unless it declares one";
            };
      case INVALID_RESULT:
        return "the " + rule + " of " + primitive + " is invalid: " + detail;
      case MISSING_CONTEXT:
        return "the " + rule + " of " + primitive + " takes the rule context " + detail
            + ", but the transform was given none; pass one: ScalarAutodiff.withContext(ctx),"
            + " the context overloads of Transforms (jvp(f, ctx, …), grad(f, ctx, …), …), the"
            + " generated eager class's newRuntime(ctx), or the ctx argument of AD.linearize,"
            + " AD.linearTranspose and AD.taylor (a transform passes only its own context, so"
            + " each of nested transforms, grad(grad(f)), is given one)";
      case WRONG_CONTEXT:
        return "the " + rule + " of " + primitive + " " + detail;
      default:
        return "the " + rule + " of " + primitive + " failed: " + detail;
    }
  }

  /** The name of the primitive whose rule failed. */
  public String primitiveName() {
    return primitiveName;
  }

  /** The kind of rule. */
  public RuleKind ruleKind() {
    return ruleKind;
  }

  /** Why it failed. */
  public Reason reason() {
    return reason;
  }
}
