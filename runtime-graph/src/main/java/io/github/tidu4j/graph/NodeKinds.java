package io.github.tidu4j.graph;

/**
 * The kind of each node of a graph (see {@link KindTable}), which names its operation and role
 * (I10 in docs/identity-core.md), and the making of the keys its builder deferred (see {@link
 * DeferredKeys}) when someone first asks for one.
 *
 * <p>A node's kind indexes a small table of the distinct (operation, role) pairs of the graph, so
 * a walk over the graph's nodes reads their operations and roles from an {@code int} array next to
 * its other node arrays, not from their keys.
 */
final class NodeKinds {
  private final int[] kinds; // per node; may be longer than the graph
  private final GraphOperation[] operations;
  private final OperationRole[] roles;
  private final KeyScope scope; // where the deferred keys belong; null if no key was deferred

  NodeKinds(int[] kinds, GraphOperation[] operations, OperationRole[] roles, KeyScope scope) {
    this.kinds = kinds;
    this.operations = operations;
    this.roles = roles;
    this.scope = scope;
  }

  /** The scope the deferred keys belong to; null if the builder deferred none. */
  KeyScope scope() {
    return scope;
  }

  // relies on I10: a node's kind names the operation and role of its key
  GraphOperation operation(int node) {
    return operations[kinds[node]];
  }

  // relies on I10, as operation
  OperationRole role(int node) {
    return roles[kinds[node]];
  }

  /**
   * Makes the keys of the deferred nodes in {@code [fromNode, toNode)} (those whose first value
   * has no key in {@code valueKeys}), in node order, so that a node's local operands have their
   * keys before it needs them (no recursion), and stores them in {@code valueKeys}. Each key is
   * interned as {@link OperationKey#of} interns any: one instance per structure, whether this graph
   * or another made it first (I1, I3).
   */
  void makeKeys(
      int fromNode,
      int toNode,
      int[] operandStart,
      int[] operands,
      ValueKey[] externals,
      int[] nodeFirstValue,
      ValueKey[] valueKeys) {
    ValueKey[] inputs = new ValueKey[4];
    for (int node = fromNode; node < toNode; node++) {
      int first = nodeFirstValue[node];
      if (valueKeys[first] != null) {
        continue; // made when the node was added
      }
      int start = operandStart[node];
      int count = operandStart[node + 1] - start;
      if (count > inputs.length) {
        inputs = new ValueKey[count];
      }
      for (int j = 0; j < count; j++) {
        int encoded = operands[start + j];
        inputs[j] = encoded >= 0 ? valueKeys[encoded] : externals[-encoded - 1];
      }
      int kind = kinds[node];
      GraphOperation operation = operations[kind];
      OperationKey key = OperationKey.of(operation, inputs, count, roles[kind]);
      for (int slot = 0; slot < operation.outputArity(); slot++) {
        valueKeys[first + slot] = key.output(slot);
      }
    }
  }
}
