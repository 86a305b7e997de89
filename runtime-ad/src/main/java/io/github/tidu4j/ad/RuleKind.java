package io.github.tidu4j.ad;

/** The kinds of differentiation rule a primitive can have. */
public enum RuleKind {
  /** The forward (Jacobian-vector product) rule, called by {@link AD#linearize}. */
  JVP,
  /** The transpose rule of a linear use, called by {@link AD#linearTranspose}. */
  TRANSPOSE
}
