package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.ADRuleError;

/**
 * An {@link ADRuleError} met while staging a function for the functional API, which, like {@code
 * jax.grad}, does not make every call site handle a checked exception. The message names the
 * function being staged and, from the cause, the primitive and the rule.
 *
 * <pre>{@code
 * try {
 *   grad(f).apply(x);
 * } catch (UncheckedADRuleError e) {
 *   ADRuleError cause = e.getCause();   // primitiveName(), ruleKind(), reason()
 * }
 * }</pre>
 */
public final class UncheckedADRuleError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Wraps {@code cause}, met while staging the function {@code function}. */
  public UncheckedADRuleError(String function, ADRuleError cause) {
    super("while staging " + function + ": " + cause.getMessage(), cause);
  }

  @Override
  public synchronized ADRuleError getCause() {
    return (ADRuleError) super.getCause();
  }
}
