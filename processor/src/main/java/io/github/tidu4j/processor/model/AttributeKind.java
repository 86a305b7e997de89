package io.github.tidu4j.processor.model;

/**
 * The value kinds an attribute can have; each decides how generated code copies, compares, hashes
 * and prints it.
 */
public enum AttributeKind {
  /** A primitive type: compared with {@code ==} (floating point by its bits). */
  PRIMITIVE,
  /** A boxed primitive: never null, compared with {@code equals}. */
  BOXED,
  /** {@code String}. */
  STRING,
  /** An enum: compared with {@code ==}, hashed by ordinal so hashes are stable across runs. */
  ENUM,
  /** A record whose components are themselves values. */
  RECORD,
  /**
   * An operation of the set itself ({@code XOp}): canonical and structurally compared and hashed,
   * so a value; for primitives that apply another operation of the set.
   */
  OPERATION,
  /** {@code int[]}, {@code long[]}, {@code double[]} or {@code boolean[]}: copied in and out. */
  PRIMITIVE_ARRAY,
  /** Anything else: not allowed. */
  INVALID
}
