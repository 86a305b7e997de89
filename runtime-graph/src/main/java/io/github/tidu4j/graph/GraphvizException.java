package io.github.tidu4j.graph;

/**
 * Rendering with Graphviz failed: it is not installed, {@code dot} rejected the input or crashed,
 * or it did not finish in time. The message says which and what to do; {@link #reason()} tells
 * them apart.
 *
 * <pre>{@code
 * try {
 *   svg = Graphviz.onPath().svg(dot);
 * } catch (GraphvizException e) {
 *   if (e.reason() != GraphvizException.Reason.NOT_INSTALLED) {
 *     throw e;
 *   }
 *   System.err.println(e.getMessage()); // how to install it; the DOT text can still be saved
 * }
 * }</pre>
 */
public final class GraphvizException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Why rendering failed. */
  public enum Reason {
    /** No {@code dot} executable where it was looked for. */
    NOT_INSTALLED,
    /** {@code dot} ran and exited with a non-zero status; the message carries its stderr. */
    FAILED,
    /** {@code dot} did not finish within the timeout and was killed. */
    TIMED_OUT
  }

  private final Reason reason;

  GraphvizException(Reason reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = reason;
  }

  /**
   * Why rendering failed.
   *
   * <pre>{@code
   * boolean installIt = e.reason() == GraphvizException.Reason.NOT_INSTALLED;
   * }</pre>
   */
  public Reason reason() {
    return reason;
  }
}
