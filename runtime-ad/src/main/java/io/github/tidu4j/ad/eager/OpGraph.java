package io.github.tidu4j.ad.eager;

import io.github.tidu4j.graph.ConstantInput;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;

/**
 * The cached form of one eager operation for given attributes and operand types: the small graph
 * built for it (inputs: the operands in order, then any {@link ConstantInput}s the definition
 * added, each bound to its own value when recorded), or, where the definition added no node
 * because the operation leaves its operand unchanged ({@code reshape} to the same shape, {@code
 * reduceSum} over no axes, {@code conj} of an f64 value, ...), the index of the operand it returns.
 *
 * @param graph the graph to record, {@code null} for an identity
 * @param alias the operand returned unchanged, or {@code -1}
 * @param <Op> the operation type
 */
record OpGraph<Op extends GraphOperation>(Graph<Op> graph, int alias) {

  /** An operation recorded as {@code graph}. */
  static <Op extends GraphOperation> OpGraph<Op> of(Graph<Op> graph) {
    return new OpGraph<>(graph, -1);
  }

  /** An operation that returns operand {@code operand} unchanged. */
  static <Op extends GraphOperation> OpGraph<Op> identity(int operand) {
    return new OpGraph<>(null, operand);
  }

  /** Whether the operation returns one of its operands unchanged. */
  boolean isIdentity() {
    return alias >= 0;
  }
}
