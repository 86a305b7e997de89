package io.github.tidu4j.ad;

import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;

/**
 * A value as differentiation rules see it: a {@link Local} value of the graph the rule is emitting
 * into (a tangent, a cotangent, or something the rule computed), or an {@link External} value of
 * another graph named by its key (a primal value the rule reads but never copies). A symbolic zero
 * (an absent tangent or cotangent) is {@code null}.
 *
 * <pre>{@code
 * // inside a JVP rule of Exp: dy = y·dx, with y the primal output (External), dx a tangent (Local)
 * PrimitiveValue dy = b.apply(RealOp.MUL, primalOut.get(0), tangentIn.get(0));
 * }</pre>
 */
public sealed interface PrimitiveValue permits PrimitiveValue.Local, PrimitiveValue.External {

  /** The graph-engine reference this value stands for. */
  ValueRef toRef();

  /** A value of the graph being emitted, by its local id. */
  record Local(int id) implements PrimitiveValue {
    @Override
    public ValueRef toRef() {
      return new ValueRef.Local(id);
    }

    @Override
    public String toString() {
      return "%" + id;
    }
  }

  /** A value of another graph, by its global key. */
  record External(ValueKey key) implements PrimitiveValue {
    /**
     * An external value.
     *
     * @throws IllegalArgumentException if {@code key} is {@code null}
     */
    public External {
      if (key == null) {
        throw new IllegalArgumentException("an external value needs a key");
      }
    }

    @Override
    public ValueRef toRef() {
      return new ValueRef.External(key);
    }

    @Override
    public String toString() {
      return "ext(" + key + ")";
    }
  }
}
