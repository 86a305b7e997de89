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

  /**
   * Whether its type is an emitter other than the set's own (another set's generated emitter), so
   * that a message can say why a rule cannot take it.
   */
  @Value.Default
  default boolean otherEmitter() {
    return false;
  }

  /** Where to report a problem with it. */
  @Value.Auxiliary
  Location location();
}
