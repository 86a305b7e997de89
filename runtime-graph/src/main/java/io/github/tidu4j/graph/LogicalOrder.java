package io.github.tidu4j.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The operations some outputs depend on, across the graphs of a {@link ResolvedView}, in one
 * topological order, each structurally distinct operation once (common subexpressions merged by
 * key), together with the inputs reached. The order is deterministic: a depth-first post-order from
 * the outputs, operands visited left to right, so equal structures give equal orders.
 *
 * <p>Computed with an explicit stack: a chain of 10^6 operations needs no deep thread stack.
 *
 * <pre>{@code
 * LogicalOrder<Ops> order = view.topologicalOrder(List.of(y));
 * for (int k = 0; k < order.size(); k++) {
 *   Ops op = order.operation(k);   // operands of order.node(k) in order.graph(k) come earlier
 * }
 * }</pre>
 *
 * @param <Op> the operation type
 */
public final class LogicalOrder<Op extends GraphOperation> {
  private final Graph<Op>[] nodeGraphs;
  private final int[] nodes;
  private final List<ValueKey.Input> inputs;
  private final List<ValueKey> outputs;
  /** key -> (node ordinal << 1) for derived keys, (input ordinal << 1) | 1 for inputs. */
  private final KeyIndex ordinals;

  private LogicalOrder(
      Graph<Op>[] nodeGraphs,
      int[] nodes,
      List<ValueKey.Input> inputs,
      List<ValueKey> outputs,
      KeyIndex ordinals) {
    this.nodeGraphs = nodeGraphs;
    this.nodes = nodes;
    this.inputs = inputs;
    this.outputs = outputs;
    this.ordinals = ordinals;
  }

  static <Op extends GraphOperation> LogicalOrder<Op> of(
      ResolvedView<Op> view, List<? extends ValueKey> outputs) {
    return of(view, null, outputs);
  }

  /**
   * The order for {@code outputs}; with {@code declaredInputs} non-null, the inputs are exactly
   * those, in that order (unused ones included), and reaching any other input is an error.
   */
  @SuppressWarnings("unchecked")
  static <Op extends GraphOperation> LogicalOrder<Op> of(
      ResolvedView<Op> view,
      List<? extends ValueKey.Input> declaredInputs,
      List<? extends ValueKey> outputs) {
    int estimate = 16;
    for (Graph<Op> g : view.graphs()) {
      estimate += g.valueCount();
    }
    KeyIndex ordinals = new KeyIndex(estimate);
    List<ValueKey.Input> inputs = new ArrayList<>();
    Graph<Op>[] orderGraphs = new Graph[Math.max(16, estimate / 2)];
    int[] orderNodes = new int[orderGraphs.length];
    int count = 0;

    Graph<Op>[] stackGraphs = new Graph[64];
    int[] stackNodes = new int[64];
    int[] stackCursor = new int[64];

    if (declaredInputs != null) {
      for (ValueKey.Input input : declaredInputs) {
        if (input == null) {
          throw new GraphException("a declared input key is null");
        }
        if (ordinals.putIfAbsent(input, (inputs.size() << 1) | 1) != ((inputs.size() << 1) | 1)) {
          throw new GraphException("input " + input.key() + " is declared twice");
        }
        inputs.add(input);
      }
    }
    boolean closed = declaredInputs != null;

    for (ValueKey output : outputs) {
      if (output == null) {
        throw new GraphException("an output key is null");
      }
      if (ordinals.get(output) != KeyIndex.ABSENT) {
        continue;
      }
      ResolvedView.Site<Op> root = view.site(output);
      if (output instanceof ValueKey.Input input) {
        addReachedInput(input, closed, ordinals, inputs);
        continue;
      }
      int depth = 0;
      stackGraphs[0] = root.graph();
      stackNodes[0] = root.node();
      stackCursor[0] = 0;
      depth = 1;
      while (depth > 0) {
        int top = depth - 1;
        Graph<Op> g = stackGraphs[top];
        int node = stackNodes[top];
        int cursor = stackCursor[top];
        if (cursor < g.operandCount(node)) {
          stackCursor[top] = cursor + 1;
          int encoded = g.encodedOperand(node, cursor);
          ValueKey key = g.decodeKey(encoded);
          if (ordinals.get(key) != KeyIndex.ABSENT) {
            continue;
          }
          if (key instanceof ValueKey.Input input) {
            addReachedInput(input, closed, ordinals, inputs);
            continue;
          }
          Graph<Op> childGraph;
          int childNode;
          if (encoded >= 0) {
            childGraph = g;
            childNode = g.producer(encoded);
          } else {
            ResolvedView.Site<Op> site = view.site(key);
            childGraph = site.graph();
            childNode = site.node();
          }
          if (depth == stackNodes.length) {
            int grown = depth * 2;
            stackGraphs = Arrays.copyOf(stackGraphs, grown);
            stackNodes = Arrays.copyOf(stackNodes, grown);
            stackCursor = Arrays.copyOf(stackCursor, grown);
          }
          stackGraphs[depth] = childGraph;
          stackNodes[depth] = childNode;
          stackCursor[depth] = 0;
          depth++;
        } else {
          depth--;
          stackGraphs[depth] = null;
          OperationKey opKey = g.operationKey(node);
          int encodedOrdinal = count << 1;
          for (int slot = 0; slot < opKey.outputCount(); slot++) {
            ordinals.putIfAbsent(opKey.output(slot), encodedOrdinal);
          }
          if (count == orderNodes.length) {
            orderGraphs = Arrays.copyOf(orderGraphs, count * 2);
            orderNodes = Arrays.copyOf(orderNodes, count * 2);
          }
          orderGraphs[count] = g;
          orderNodes[count] = node;
          count++;
        }
      }
    }
    return new LogicalOrder<>(
        Arrays.copyOf(orderGraphs, count),
        Arrays.copyOf(orderNodes, count),
        Collections.unmodifiableList(inputs),
        List.copyOf(outputs),
        ordinals);
  }

  private static void addReachedInput(
      ValueKey.Input input, boolean closed, KeyIndex ordinals, List<ValueKey.Input> inputs) {
    if (closed) {
      throw new GraphException(
          "the outputs depend on input "
              + input.key()
              + ", which is not among the declared inputs "
              + describe(inputs));
    }
    ordinals.putIfAbsent(input, (inputs.size() << 1) | 1);
    inputs.add(input);
  }

  private static String describe(List<ValueKey.Input> inputs) {
    List<Object> keys = new ArrayList<>(inputs.size());
    for (ValueKey.Input input : inputs) {
      keys.add(input.key());
    }
    return keys.toString();
  }

  /** The number of operations, each structurally distinct one counted once. */
  public int size() {
    return nodes.length;
  }

  /** The graph that holds operation {@code k} of the order (any one, if several define it). */
  public Graph<Op> graph(int k) {
    return nodeGraphs[k];
  }

  /** The node id of operation {@code k} within {@link #graph(int) graph(k)}. */
  public int node(int k) {
    return nodes[k];
  }

  /** The operation {@code k} applies. */
  public Op operation(int k) {
    return nodeGraphs[k].operation(nodes[k]);
  }

  /** The key of operation {@code k}. */
  public OperationKey operationKey(int k) {
    return nodeGraphs[k].operationKey(nodes[k]);
  }

  /** The inputs reached, in the order first reached. */
  public List<ValueKey.Input> inputs() {
    return inputs;
  }

  /** The outputs this order was computed for. */
  public List<ValueKey> outputs() {
    return outputs;
  }

  /** The position in the order of the operation producing {@code key}, or {@code -1}. */
  public int ordinalOf(ValueKey key) {
    int encoded = ordinals.get(key);
    return encoded < 0 || (encoded & 1) != 0 ? -1 : encoded >>> 1;
  }

  /** The position of input {@code key} in {@link #inputs()}, or {@code -1}. */
  public int inputOrdinalOf(ValueKey key) {
    int encoded = ordinals.get(key);
    return encoded < 0 || (encoded & 1) == 0 ? -1 : encoded >>> 1;
  }

  @Override
  public String toString() {
    return "LogicalOrder[" + nodes.length + " operations, " + inputs.size() + " inputs]";
  }
}
