package io.github.tidu4j.ad;

import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The nodes a {@link PrimitiveBuilder} emitted while recording (see {@link
 * PrimitiveBuilder#record}), in creation order: each one's operation, operands, first output and
 * whether it is linear. Taylor mode reads what a JVP rule emitted from it, since a graph being
 * built does not give its nodes back: recording the JVP rule of {@code SIN}, the first node is the
 * primal {@code COS(x)}, the second the linear {@code MUL(COS(x), dx)}.
 *
 * @param <P> the primitive set
 */
final class EmittedNodes<P extends Primitive<P, ?>> {
  /**
   * One emitted node: {@code operation} on {@code operands}, its outputs the local values from
   * {@code first}, {@code linear} if some operand carries tangent flow.
   */
  record Node<P>(P operation, ValueRef[] operands, int first, boolean linear) {
    int outputCount() {
      return ((Primitive<?, ?>) operation).outputArity();
    }
  }

  private final List<Node<P>> nodes = new ArrayList<>();

  void add(P operation, ValueRef[] operands, int count, int first, boolean linear) {
    nodes.add(new Node<>(operation, Arrays.copyOf(operands, count), first, linear));
  }

  Node<P> get(int i) {
    return nodes.get(i);
  }

  int size() {
    return nodes.size();
  }
}
