package io.github.tidu4j.processor.model;

import io.github.tidu4j.processor.diagnostics.Location;
import java.util.List;
import org.immutables.value.Value;

/**
 * A method named {@code eval}, {@code jvp}, {@code transpose} or {@code taylor} in a primitive
 * interface.
 */
@Value.Immutable
public interface RuleMethod {
  /** Which one it is. */
  RuleRole role();

  /** How it is declared. */
  Dispatch dispatch();

  /** Its parameters, in order. */
  List<ParameterModel> parameters();

  /** What it returns. */
  ReturnKind returnKind();

  /** Its return type as written, for messages. */
  String returnText();

  /** Its type parameters, if any (not allowed). */
  List<String> typeParameters();

  /**
   * The checked exceptions it declares; unchecked ones, {@code ADRuleError} among them, are not
   * listed.
   */
  List<String> checkedExceptions();

  /** Its JVM method descriptor, e.g. {@code (DD)D}; what a bytecode backend calls. */
  String descriptor();

  /** Where to report a problem with it. */
  @Value.Auxiliary
  Location location();

  /** The number of parameters of {@code kind}. */
  default int count(ParameterKind kind) {
    int count = 0;
    for (ParameterModel parameter : parameters()) {
      if (parameter.kind() == kind) {
        count++;
      }
    }
    return count;
  }
}
