package io.github.tidu4j.processor.diagnostics;

/** How serious a diagnostic is: an error fails the build, a warning does not. */
public enum Severity {
  ERROR,
  WARNING
}
