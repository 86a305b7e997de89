package io.github.tidu4j.ad.eager;

import java.util.Arrays;

/**
 * What identifies the small graph of one eager operation: the operation's name (the eager method's
 * name), its attributes (axes, shapes, an einsum specification, a factor) and the abstract types of
 * its operands. Equal keys get the same cached {@link OpGraph}, so a training loop builds each
 * (operation, attributes, operand types) once.
 *
 * <p>Immutable: the arrays are owned by the key (the generated eager methods pass copies of
 * anything a user could mutate); equality is structural ({@link Arrays#deepEquals}, so array
 * attributes compare by content), the hash computed once.
 */
final class OpKey {
  private final String operation;
  private final Object[] attributes;
  private final Object[] operands;
  private final int hash;

  OpKey(String operation, Object[] attributes, Object[] operands) {
    this.operation = operation;
    this.attributes = attributes;
    this.operands = operands;
    this.hash =
        31 * (31 * operation.hashCode() + Arrays.deepHashCode(attributes))
            + Arrays.hashCode(operands);
  }

  /** The name of the operation, for example {@code mul} or {@code einsum}. */
  String operation() {
    return operation;
  }

  /** The operand types, in order; the caller must not modify the array. */
  Object[] operands() {
    return operands;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof OpKey other
        && other.hash == hash
        && other.operation.equals(operation)
        && Arrays.deepEquals(other.attributes, attributes)
        && Arrays.equals(other.operands, operands);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  /** For example {@code reduceSum[[0]](f64[2, 3])}. */
  @Override
  public String toString() {
    return operation
        + (attributes.length == 0 ? "" : Arrays.deepToString(attributes))
        + Arrays.toString(operands).replace('[', '(').replace(']', ')');
  }
}
