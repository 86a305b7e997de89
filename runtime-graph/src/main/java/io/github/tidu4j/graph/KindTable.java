package io.github.tidu4j.graph;

import java.util.Arrays;

/**
 * The distinct (operation, role) pairs of a graph being built, each numbered once: a node's
 * <em>kind</em>. A builder records every node's kind in an {@code int} array ({@link NodeKinds}),
 * so a reader of the graph gets a node's operation and role from that array and this small table
 * instead of from the node's key, an object of its own and, in a large graph, a cache miss.
 *
 * <p>A graph holds few kinds (a primitive set's operations, in a role or two), so the table stays
 * in cache; the kind of the last node is tried first, then a small open-addressing table by hash,
 * comparing by identity before {@code equals}.
 *
 * <pre>{@code
 * KindTable kinds = new KindTable();
 * int sin = kinds.kindOf(Ops.SIN, OperationRole.primary());   // 0
 * kinds.operation(sin);                                       // Ops.SIN
 * }</pre>
 */
final class KindTable {
  private GraphOperation[] operations = new GraphOperation[8];
  private OperationRole[] roles = new OperationRole[8];
  private int count;
  /** kind + 1 by the pair's hash, open addressing; 0 is empty. */
  private int[] table = new int[16];
  /** The kind last returned, tried first. */
  private int last = -1;

  /** The kind of (operation, role), numbered on first use. */
  int kindOf(GraphOperation operation, OperationRole role) {
    int recent = last;
    if (recent >= 0 && operations[recent] == operation && roles[recent] == role) {
      return recent;
    }
    int h = hash(operation, role);
    int mask = table.length - 1;
    for (int i = h & mask; ; i = (i + 1) & mask) {
      int entry = table[i];
      if (entry == 0) {
        return last = add(operation, role, i);
      }
      int kind = entry - 1;
      if (same(kind, operation, role)) {
        return last = kind;
      }
    }
  }

  private boolean same(int kind, GraphOperation operation, OperationRole role) {
    GraphOperation o = operations[kind];
    OperationRole r = roles[kind];
    return (r == role || r.equals(role)) && (o == operation || o.equals(operation));
  }

  private int add(GraphOperation operation, OperationRole role, int slot) {
    if (count == operations.length) {
      operations = Arrays.copyOf(operations, count * 2);
      roles = Arrays.copyOf(roles, count * 2);
    }
    operations[count] = operation;
    roles[count] = role;
    table[slot] = ++count;
    if (count > table.length >>> 1) {
      rehash();
    }
    return count - 1;
  }

  private static int hash(GraphOperation operation, OperationRole role) {
    return Hashing.mix(operation.hashCode() * 31 + role.hashCode());
  }

  private void rehash() {
    table = new int[table.length * 2];
    int mask = table.length - 1;
    for (int kind = 0; kind < count; kind++) {
      int i = hash(operations[kind], roles[kind]) & mask;
      while (table[i] != 0) {
        i = (i + 1) & mask;
      }
      table[i] = kind + 1;
    }
  }

  /** The operation of {@code kind}. */
  GraphOperation operation(int kind) {
    return operations[kind];
  }

  /** The role of {@code kind}. */
  OperationRole role(int kind) {
    return roles[kind];
  }

  /**
   * The kinds of a graph: {@code nodeKinds} (each node's kind; may be longer than the graph) with
   * this table's pairs as they are now; the deferred keys, if any, belong to {@code scope}.
   */
  NodeKinds freeze(int[] nodeKinds, KeyScope scope) {
    return new NodeKinds(
        nodeKinds, Arrays.copyOf(operations, count), Arrays.copyOf(roles, count), scope);
  }
}
