package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Diagnostic;
import io.github.tidu4j.processor.diagnostics.Location;
import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.diagnostics.Severity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What validating one set found. Validators add to it and carry on, so one bad primitive does not
 * stop the others from being checked; the processor prints it and generates code only if it holds
 * no error.
 */
public final class ValidationReport {
  private final List<Diagnostic> diagnostics = new ArrayList<>();

  /** Adds {@code message}, formatted with {@code args}, at {@code location}. */
  public void add(Message message, Location location, Object... args) {
    diagnostics.add(new Diagnostic(message, message.format(args), location));
  }

  /** Whether any diagnostic is an error. */
  public boolean hasErrors() {
    for (Diagnostic diagnostic : diagnostics) {
      if (diagnostic.severity() == Severity.ERROR) {
        return true;
      }
    }
    return false;
  }

  /** Everything found, in the order found. */
  public List<Diagnostic> diagnostics() {
    return Collections.unmodifiableList(diagnostics);
  }

  /** The number of diagnostics so far; lets a validator tell whether a check added any. */
  int size() {
    return diagnostics.size();
  }
}
