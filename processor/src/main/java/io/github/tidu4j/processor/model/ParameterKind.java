package io.github.tidu4j.processor.model;

/** What a rule or kernel parameter is, judged by its type. */
public enum ParameterKind {
  /** The set's operand type (kernel parameters). */
  OPERAND,
  /** The set's generated emitter. */
  EMITTER,
  /** {@code io.github.tidu4j.ad.rules.Primal}. */
  PRIMAL,
  /** {@code io.github.tidu4j.ad.rules.Output}: a primal output, in a JVP rule. */
  OUTPUT,
  /** {@code io.github.tidu4j.ad.rules.Tangent}. */
  TANGENT,
  /** {@code io.github.tidu4j.ad.rules.Arg}. */
  ARG,
  /** {@code io.github.tidu4j.ad.rules.Series}: a value's Taylor coefficients, in a Taylor rule. */
  SERIES,
  /** {@code int}: the order of the coefficient a Taylor rule emits. */
  ORDER,
  /** The set's context type. */
  CONTEXT,
  /** Anything else. */
  OTHER
}
