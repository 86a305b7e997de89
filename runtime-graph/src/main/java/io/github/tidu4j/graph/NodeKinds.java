package io.github.tidu4j.graph;

/**
 * The operation and role of each node of a graph whose keys were deferred (see {@link
 * DeferredKeys}), and the making of those keys when someone first asks for one.
 *
 * <p>A node's kind indexes a small table of the distinct (operation, role) pairs of the graph; a
 * node that has its key has no kind ({@link #KEYED}): its key holds both.
 */
final class NodeKinds {
  /** The kind of a node whose key was made when it was added. */
  static final int KEYED = -1;

  private final int[] kinds; // per node; may be longer than the graph
  private final GraphOperation[] operations;
  private final OperationRole[] roles;
  private final KeyScope scope; // where the deferred keys belong; null for a snapshot

  NodeKinds(int[] kinds, GraphOperation[] operations, OperationRole[] roles, KeyScope scope) {
    this.kinds = kinds;
    this.operations = operations;
    this.roles = roles;
    this.scope = scope;
  }

  /** The scope the deferred keys belong to. */
  KeyScope scope() {
    return scope;
  }

  /** Whether the node's key was deferred (it may have been made since). */
  boolean isDeferred(int node) {
    return kinds[node] != KEYED;
  }

  GraphOperation operation(int node) {
    return operations[kinds[node]];
  }

  OperationRole role(int node) {
    return roles[kinds[node]];
  }

  /**
   * Makes the keys of the deferred nodes in {@code [fromNode, toNode)}, in node order, so that a
   * node's local operands have their keys before it needs them (no recursion), and stores them in
   * {@code valueKeys}. Each key is interned as {@link OperationKey#of} interns any: one instance
   * per structure, whether this graph or another made it first (I1, I3).
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
      int kind = kinds[node];
      if (kind == KEYED) {
        continue;
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
      GraphOperation operation = operations[kind];
      OperationKey key = OperationKey.of(operation, inputs, count, roles[kind]);
      int first = nodeFirstValue[node];
      for (int slot = 0; slot < operation.outputArity(); slot++) {
        valueKeys[first + slot] = key.output(slot);
      }
    }
  }
}
