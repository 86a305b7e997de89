package io.github.tidu4j.primitives.eager;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.TensorOp;

/**
 * The cached form of one eager operation for given attributes and operand types: the small graph
 * {@link io.github.tidu4j.primitives.TensorBuilder} built for it (inputs in operand order, one
 * output), or, where the builder added no node because the operation leaves its operand unchanged
 * ({@code reshape} to the same shape, {@code reduceSum} over no axes, {@code conj} of an f64 value,
 * ...), the index of the operand it returns.
 *
 * @param graph the graph to record, {@code null} for an identity
 * @param alias the operand returned unchanged, or {@code -1}
 */
record OpGraph(Graph<TensorOp> graph, int alias) {

  /** An operation recorded as {@code graph}. */
  static OpGraph of(Graph<TensorOp> graph) {
    return new OpGraph(graph, -1);
  }

  /** An operation that returns operand {@code operand} unchanged. */
  static OpGraph identity(int operand) {
    return new OpGraph(null, operand);
  }

  /** Whether the operation returns one of its operands unchanged. */
  boolean isIdentity() {
    return alias >= 0;
  }
}
