package io.github.tidu4j.processor.model;

import io.github.tidu4j.processor.diagnostics.Location;
import org.immutables.value.Value;

/** One parameter of a kernel or rule. */
@Value.Immutable
public interface ParameterModel {
  /** The declared name. */
  String name();

  /** What it is. */
  ParameterKind kind();

  /** Its type as written, for messages. */
  String typeText();

  /** Where to report a problem with it. */
  @Value.Auxiliary
  Location location();
}
