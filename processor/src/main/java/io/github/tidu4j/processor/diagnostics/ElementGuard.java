package io.github.tidu4j.processor.diagnostics;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Collection;
import java.util.StringJoiner;
import javax.lang.model.element.Element;

/**
 * Runs the work for one element so that a bug in the processor becomes an {@code
 * [tidu4j:InternalError]} on that element, with the stack trace in the message, instead of a bare
 * processor crash that stops every other set from being generated and hides where it happened.
 *
 * <pre>{@code
 * if (!guard.run(element, () -> step.process(element))) {
 *   guard.run(element, () -> step.failed(element));
 * }
 * }</pre>
 */
public final class ElementGuard {
  private final Reporter reporter;

  public ElementGuard(Reporter reporter) {
    this.reporter = reporter;
  }

  /** Work on one element. */
  @FunctionalInterface
  public interface Work {
    void run();
  }

  /**
   * Runs {@code work}; reports an unexpected exception (or assertion error) on {@code element}.
   *
   * @return whether {@code work} completed normally
   */
  public boolean run(Element element, Work work) {
    try {
      work.run();
      return true;
    } catch (RuntimeException | AssertionError | LinkageError e) {
      reporter.report(internalError(element, e));
      return false;
    }
  }

  /**
   * Runs {@code work}, a step's bookkeeping for a whole round ({@code what}, e.g. {@code "the end
   * of a round"}); reports an unexpected exception once, on the first of {@code elements}, the sets
   * the round concerns, naming them all (with none, as an error of the compilation).
   */
  public void runForRound(String what, Collection<? extends Element> elements, Work work) {
    try {
      work.run();
    } catch (RuntimeException | AssertionError | LinkageError e) {
      StringJoiner names = new StringJoiner(", ", what + " (sets ", ")").setEmptyValue(what);
      elements.forEach(element -> names.add(element.getSimpleName()));
      if (elements.isEmpty()) {
        reporter.reportUnplaced(Message.INTERNAL_ERROR.format(names, stackTrace(e)));
      } else {
        reporter.report(internalError(names.toString(), elements.iterator().next(), e));
      }
    }
  }

  /** The diagnostic for {@code failure} on {@code element}: the message and the stack trace. */
  public static Diagnostic internalError(Element element, Throwable failure) {
    return internalError(element.getSimpleName(), element, failure);
  }

  private static Diagnostic internalError(CharSequence on, Element element, Throwable failure) {
    return new Diagnostic(
        Message.INTERNAL_ERROR,
        Message.INTERNAL_ERROR.format(on, stackTrace(failure)),
        Location.of(element));
  }

  private static String stackTrace(Throwable failure) {
    StringWriter trace = new StringWriter();
    failure.printStackTrace(new PrintWriter(trace));
    return trace.toString().strip();
  }
}
