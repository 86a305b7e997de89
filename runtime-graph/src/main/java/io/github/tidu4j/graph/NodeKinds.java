package io.github.tidu4j.graph;

import static io.github.tidu4j.graph.Chunks.MASK;
import static io.github.tidu4j.graph.Chunks.SHIFT;

/**
 * The operation and role of each node of a graph, kept as the node's kind: a number indexing the
 * graph's small table of distinct (operation, role) pairs, one byte per node where the graph has
 * at most 256 kinds (see {@link KindNumbering}). So reading a node's operation or role reads no
 * key object (in a large graph, a cache miss each), and a graph whose builder deferred its keys
 * (see {@link DeferredKeys}) makes them from its kinds when someone first asks for one.
 *
 * <p>A node whose key was made when it was added has a kind too; its key names the same operation
 * and role (I12, checked in the checks mode by {@link GraphChecks#checkKind}).
 */
final class NodeKinds {
  // per node, its kind: in bytes (wide is null) or in ints (bytes is null); may be longer than
  // the graph
  private final byte[] bytes;
  private final int[] wide;
  private final GraphOperation[] operations;
  private final OperationRole[] roles;
  private final KeyScope scope; // where the deferred keys belong; null if none was deferred

  NodeKinds(
      byte[] bytes,
      int[] wide,
      GraphOperation[] operations,
      OperationRole[] roles,
      KeyScope scope) {
    this.bytes = bytes;
    this.wide = wide;
    this.operations = operations;
    this.roles = roles;
    this.scope = scope;
  }

  /** The scope the deferred keys belong to; null if the builder deferred none. */
  KeyScope scope() {
    return scope;
  }

  /** The kind of node {@code node}. */
  int kind(int node) {
    return bytes != null ? bytes[node] & 0xff : wide[node];
  }

  /** The number of distinct kinds; kinds are {@code 0 .. kindCount()-1}. */
  int kindCount() {
    return operations.length;
  }

  /** The operation of kind {@code kind}. */
  GraphOperation operationOf(int kind) {
    return operations[kind];
  }

  /** The role of kind {@code kind}. */
  OperationRole roleOf(int kind) {
    return roles[kind];
  }

  /**
   * Makes the keys of the nodes in {@code [fromNode, toNode)} that have none yet (their builder
   * deferred them), in node order, so that a node's local operands have their keys before it
   * needs them (no recursion), and stores them in {@code valueKeys} (the key tables in chunks, see
   * {@link Chunks}). Each key is interned as {@link OperationKey#of} interns any: one instance per
   * structure, whether this graph or another made it first (I1, I3).
   */
  void makeKeys(
      int fromNode,
      int toNode,
      int[] operandStart,
      int[] operands,
      ValueKey[][] externals,
      int[] nodeFirstValue,
      ValueKey[][] valueKeys) {
    ValueKey[] inputs = new ValueKey[4];
    for (int node = fromNode; node < toNode; node++) {
      int first = nodeFirstValue[node];
      if (valueKeys[first >>> SHIFT][first & MASK] != null) {
        continue; // made when the node was added
      }
      int start = operandStart[node];
      int count = operandStart[node + 1] - start;
      if (count > inputs.length) {
        inputs = new ValueKey[count];
      }
      for (int j = 0; j < count; j++) {
        int encoded = operands[start + j];
        if (encoded >= 0) {
          inputs[j] = valueKeys[encoded >>> SHIFT][encoded & MASK];
        } else {
          int slot = -encoded - 1;
          inputs[j] = externals[slot >>> SHIFT][slot & MASK];
        }
      }
      int kind = kind(node);
      GraphOperation operation = operations[kind];
      OperationKey key = OperationKey.of(operation, inputs, count, roles[kind]);
      for (int slot = 0; slot < operation.outputArity(); slot++) {
        int value = first + slot;
        valueKeys[value >>> SHIFT][value & MASK] = key.output(slot);
      }
    }
  }
}
