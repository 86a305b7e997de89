package io.github.tidu4j.graph;

/**
 * How a node names one of its operands: a {@link Local} value of the same graph, by its
 * graph-scoped id, or an {@link External} value of another graph, by its global {@link ValueKey}.
 * External references are resolved by {@link Graphs#resolve}, which reports any that no graph of
 * the view defines.
 *
 * <pre>{@code
 * GraphBuilder<Ops> b = Graph.builder();
 * ValueRef.Local x = b.input("x");
 * ValueRef y = ValueRef.external(primal.outputKey(0));
 * b.output(b.apply(Ops.MUL, x, y));
 * }</pre>
 */
public sealed interface ValueRef permits ValueRef.Local, ValueRef.External {

  /** A reference to local value {@code id}. */
  static Local local(int id) {
    return new Local(id);
  }

  /** A reference to the value with key {@code key}, defined in this or another graph. */
  static External external(ValueKey key) {
    return new External(key);
  }

  /**
   * A value of the same graph, by its graph-scoped id. Ids are never meaningful across graphs: a
   * reference a {@link GraphBuilder} hands out remembers the builder, which refuses it in another
   * builder (one kept from an earlier function's trace, say, would name another value there).
   * Equal ids make equal references, whichever builder made them.
   */
  sealed class Local implements ValueRef permits OwnedLocal {
    private final int id;

    /** A reference to local value {@code id}, usable with any builder that has it. */
    public Local(int id) {
      this.id = id;
    }

    /** The value's id in its graph. */
    public final int id() {
      return id;
    }

    /**
     * Whether this reference may name a value of {@code builder}'s graph: it was made by that
     * builder, or by id alone.
     */
    public boolean isOf(GraphBuilder<?> builder) {
      return true;
    }

    @Override
    public final boolean equals(Object o) {
      return o instanceof Local other && other.id == id;
    }

    @Override
    public final int hashCode() {
      return Integer.hashCode(id);
    }

    @Override
    public final String toString() {
      return "%" + id;
    }
  }

  /** A value named by its global key; some graph of the resolved view must define it. */
  record External(ValueKey key) implements ValueRef {
    public External {
      if (key == null) {
        throw new GraphException("an external reference needs a key");
      }
    }

    @Override
    public String toString() {
      return "ext(" + key + ")";
    }
  }
}
