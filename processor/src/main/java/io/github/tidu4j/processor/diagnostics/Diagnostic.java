package io.github.tidu4j.processor.diagnostics;

import java.util.Objects;

/**
 * One finding: a catalogued message, formatted, at a location.
 *
 * @param message the catalogue entry; gives the stable id and the severity
 * @param text the formatted text, starting with {@code [tidu4j:Id]}
 * @param location where it points
 */
public record Diagnostic(Message message, String text, Location location) {
  public Diagnostic {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(location, "location");
  }

  /** The severity of the catalogue entry. */
  public Severity severity() {
    return message.severity();
  }

  @Override
  public String toString() {
    return severity() + " " + text;
  }
}
