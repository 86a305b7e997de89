package io.github.tidu4j.graph;

/**
 * What {@link ValueDescription} needs to know of a node of an expression: an input's name, or an
 * operation's name, output and operands. Value keys and compiled programs are both read through
 * it, so they are described by one walk.
 *
 * @param <N> the node type
 */
interface ExpressionTree<N> {
  /** The input name of {@code node}, or {@code null} if it is computed by an operation. */
  Object inputName(N node);

  /** The name of the operation computing {@code node}. */
  String operationName(N node);

  /**
   * The operation computing {@code node} with its attributes where it has any ({@link
   * GraphPrinter#describe}, {@code Polygamma[n=2]}): how the described application itself prints,
   * its operands printing by name alone.
   */
  String operationText(N node);

  /** Which output of a multi-output operation {@code node} is, or {@code -1} to print none. */
  int output(N node);

  /** The number of operands of the operation computing {@code node}. */
  int operandCount(N node);

  /** Operand {@code j} of the operation computing {@code node}. */
  N operand(N node, int j);
}
