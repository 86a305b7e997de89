package io.github.tidu4j.ad.eager;

import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;

/**
 * How an eager operation is built as a small graph: given a graph builder whose inputs are the
 * operands (with their abstract types), it adds the operation and returns its outputs. An output
 * that is one of the operands means the operation leaves that operand unchanged (a reshape to the
 * same shape); the runtime then returns the operand itself. The generated eager value classes
 * write one per method, with the set's fluent builder, so the same type rules check the operands.
 *
 * <pre>{@code
 * EagerOperation<RealOp, ScalarType> mul =
 *     (graph, operands, types) -> List.of(graph.apply(RealOp.MUL, operands.get(0), operands.get(1)));
 * }</pre>
 *
 * @param <Op> the operation type
 * @param <T> the abstract type of the operands
 */
@FunctionalInterface
public interface EagerOperation<Op extends GraphOperation, T> {

  /**
   * Adds the operation to {@code graph}.
   *
   * @param graph the builder, whose inputs are the operands
   * @param operands the operands' values in {@code graph}, in order
   * @param types their abstract types
   * @return the outputs, in slot order
   * @throws IllegalArgumentException if the operands' types do not fit the operation, naming the
   *     primitive and the types
   */
  List<ValueRef> build(GraphBuilder<Op> graph, List<ValueRef> operands, List<T> types);
}
