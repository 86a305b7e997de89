package io.github.tidu4j.graph;

/**
 * Bad input to the graph engine: a wrong arity, a reference that nothing defines, a missing or
 * extra input binding, an output slot that does not exist. The message names the culprit (the
 * operation, the key or the value) and says what was expected.
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
