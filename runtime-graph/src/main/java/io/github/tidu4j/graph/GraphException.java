package io.github.tidu4j.graph;

/**
 * Bad input to the graph engine: a wrong arity, a reference that nothing defines, a missing or
 * extra input binding, an output slot that does not exist. The message names the culprit (the
 * operation, the key or the value) and says what was expected.
 *
 * <pre>{@code
 * try {
 *   Interpreter.eval(program, Map.of("x", 1.0));        // the program also takes "y"
 * } catch (GraphException e) {
 *   System.err.println(e.getMessage());                  // names the unbound input y
 * }
 * }</pre>
 */
public class GraphException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public GraphException(String message) {
    super(message);
  }

  public GraphException(String message, Throwable cause) {
    super(message, cause);
  }
}
