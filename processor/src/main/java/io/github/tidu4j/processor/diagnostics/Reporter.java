package io.github.tidu4j.processor.diagnostics;

import javax.annotation.processing.Messager;
import javax.tools.Diagnostic.Kind;

/**
 * Prints diagnostics through the compiler's {@link Messager}, at their element and, where known,
 * at the annotation and its value, so IDEs and build logs point at the offending source.
 */
public final class Reporter {
  private final Messager messager;

  public Reporter(Messager messager) {
    this.messager = messager;
  }

  /** Prints {@code diagnostic}. */
  public void report(Diagnostic diagnostic) {
    Location at = diagnostic.location();
    Kind kind = diagnostic.severity() == Severity.ERROR ? Kind.ERROR : Kind.WARNING;
    if (at.annotation != null && at.value != null) {
      messager.printMessage(kind, diagnostic.text(), at.element, at.annotation, at.value);
    } else if (at.annotation != null) {
      messager.printMessage(kind, diagnostic.text(), at.element, at.annotation);
    } else {
      messager.printMessage(kind, diagnostic.text(), at.element);
    }
  }

  /** Prints the error {@code text} at no element: for a failure that concerns no declaration. */
  public void reportUnplaced(String text) {
    messager.printMessage(Kind.ERROR, text);
  }

  /** Prints every diagnostic of {@code diagnostics}, in order. */
  public void reportAll(Iterable<Diagnostic> diagnostics) {
    for (Diagnostic diagnostic : diagnostics) {
      report(diagnostic);
    }
  }
}
