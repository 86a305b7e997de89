package io.github.tidu4j.graph;

/**
 * An operation that a {@link Graph} node applies to its inputs.
 *
 * <p>Implementations must have <em>structural</em> value semantics: two operations that compute the
 * same function (same kind, same attributes) must be {@link Object#equals equal} and have the same
 * {@link Object#hashCode hash}, because operations are part of {@link OperationKey}s, and keys are
 * what make equal computations in different graphs the same value. Enums and records of immutable
 * attributes satisfy this directly.
 *
 * <pre>{@code
 * enum Arith implements GraphOperation {
 *   ADD, NEG;
 *   public int inputArity() { return this == ADD ? 2 : 1; }
 *   public int outputArity() { return 1; }
 * }
 * }</pre>
 */
public interface GraphOperation {

  /** The number of inputs a node applying this operation takes. */
  int inputArity();

  /** The number of values a node applying this operation produces; at least one. */
  int outputArity();

  /** A short name for dumps and error messages; the simple class name unless overridden. */
  default String name() {
    return getClass().getSimpleName();
  }
}
