package io.github.tidu4j.processor.model;

import io.github.tidu4j.processor.diagnostics.Location;
import org.immutables.value.Value;

/**
 * A static or default method of a primitive interface that is neither a rule nor an attribute: a
 * helper of the user's, recorded so its name can be checked against generated members.
 */
@Value.Immutable
public interface HelperMethod {
  /** The method name. */
  String name();

  /** The number of parameters. */
  int parameterCount();

  /** Whether it is a default (instance) method, which the generated class inherits. */
  boolean isDefault();

  /** Where to report a problem with it. */
  @Value.Auxiliary
  Location location();
}
