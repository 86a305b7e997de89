package io.github.tidu4j.processor.model;

/** What a rule or kernel returns, judged by its type. */
public enum ReturnKind {
  /** The set's operand type. */
  OPERAND,
  /** An array of the set's operand type. */
  OPERAND_ARRAY,
  /** {@code Tangent}. */
  TANGENT,
  /** {@code Tangents}. */
  TANGENTS,
  /** {@code Cotangents}. */
  COTANGENTS,
  /** {@code void}. */
  VOID,
  /** Anything else. */
  OTHER
}
