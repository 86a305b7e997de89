package io.github.tidu4j.graph;

/**
 * The role an operation plays in a graph, part of its {@link OperationKey}: a {@link Primary}
 * computation, or a {@link Linearized} one (an operation a derivative transform emitted, linear in
 * the operands its {@link ActiveMask} marks active).
 *
 * <pre>{@code
 * OperationRole primal = OperationRole.primary();
 * OperationRole linear = OperationRole.linearized(ActiveMask.of(false, true));
 * }</pre>
 */
public sealed interface OperationRole permits OperationRole.Primary, OperationRole.Linearized {

  /** The primal role. */
  static Primary primary() {
    return Primary.INSTANCE;
  }

  /** A linearized role with the given active operands. */
  static Linearized linearized(ActiveMask activeMask) {
    if (activeMask == null) {
      throw new GraphException("a linearized role needs an active mask");
    }
    return activeMask.role();
  }

  /** A primal computation. */
  enum Primary implements OperationRole {
    INSTANCE;

    @Override
    public String toString() {
      return "primary";
    }
  }

  /** A computation linear in the operands {@code activeMask} marks active. */
  record Linearized(ActiveMask activeMask) implements OperationRole {
    public Linearized {
      if (activeMask == null) {
        throw new GraphException("a linearized role needs an active mask");
      }
    }

    // equals and hashCode written out, as a record would derive them: the derived ones link
    // through method handles, which costs a fresh JVM milliseconds on its first linearize
    @Override
    public boolean equals(Object o) {
      return o instanceof Linearized other && activeMask.equals(other.activeMask);
    }

    @Override
    public int hashCode() {
      return activeMask.hashCode();
    }

    @Override
    public String toString() {
      return "linearized" + activeMask;
    }
  }
}
