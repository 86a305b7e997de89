package io.github.tidu4j.ad;

/**
 * The kinds of differentiation rule a primitive can have; {@link ADRuleError#ruleKind()} says
 * which one failed.
 *
 * <pre>{@code
 * boolean reverseOnly = e.ruleKind() == RuleKind.TRANSPOSE; // forward mode still works
 * }</pre>
 */
public enum RuleKind {
  /** The forward (Jacobian-vector product) rule, called by {@link AD#linearize}. */
  JVP,
  /** The transpose rule of a linear use, called by {@link AD#linearTranspose}. */
  TRANSPOSE,
  /**
   * The optional hand-written Taylor rule ({@link Primitive#taylor}), called by {@link AD#taylor}
   * and {@link AD#taylorPath} where a primitive has one.
   */
  TAYLOR
}
