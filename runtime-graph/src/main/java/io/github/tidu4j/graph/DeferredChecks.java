package io.github.tidu4j.graph;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The checks mode's full lookup of a builder's deferred nodes (invariant I4 of {@code
 * docs/identity-core.md}): every deferred node recorded in a hash map by its kind and operands
 * (an operand by its key where it has one, else by its local id), against which each answer of
 * {@link DeferredKeys#find} is compared. It holds the first {@link #RECORD_LIMIT} deferred nodes
 * of a builder: past them, a repeat of a recorded node is still checked, a miss is not.
 */
final class DeferredChecks {
  static final int RECORD_LIMIT = 1 << 18;

  private final Map<Structure, Integer> nodes = new HashMap<>();

  /** I4: {@code found}, the node {@link DeferredKeys#find} gave, is the one recorded, or -1. */
  void checkFind(
      int found, GraphOperation operation, int kind, ValueKey[] keys, int[] locals, int count) {
    if (!Checks.active()) {
      return;
    }
    Integer recorded = nodes.get(new Structure(kind, keys, locals, count));
    int full = recorded == null ? -1 : recorded;
    if (found != full && (recorded != null || nodes.size() < RECORD_LIMIT)) {
      throw Checks.broken(
          Checks.I4,
          "a deferred " + operation.name() + " on " + describe(keys, locals, count),
          found < 0 ? "no earlier node" : "node " + found,
          full < 0 ? "no earlier node" : "node " + full);
    }
  }

  void recordAdded(int node, int kind, ValueKey[] keys, int[] locals, int count) {
    if (Checks.active() && nodes.size() < RECORD_LIMIT) {
      nodes.put(new Structure(kind, keys, locals, count), node);
    }
  }

  private static String describe(ValueKey[] keys, int[] locals, int count) {
    StringBuilder s = new StringBuilder("(");
    for (int j = 0; j < count; j++) {
      s.append(j > 0 ? ", " : "").append(keys[j] != null ? keys[j] : "%" + locals[j]);
    }
    return s.append(')').toString();
  }

  /** A node's kind and operands: each a canonical key (compared by identity) or a local id. */
  private static final class Structure {
    private final int kind;
    private final Object[] operands;
    private final int hash;

    Structure(int kind, ValueKey[] keys, int[] locals, int count) {
      this.kind = kind;
      this.operands = new Object[count];
      for (int j = 0; j < count; j++) {
        operands[j] = keys[j] != null ? keys[j] : Integer.valueOf(locals[j]);
      }
      this.hash = 31 * kind + Arrays.hashCode(operands);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Structure other && kind == other.kind && Arrays.equals(operands, other.operands);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
