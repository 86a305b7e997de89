package io.github.tidu4j.processor.reading;

import io.github.tidu4j.processor.diagnostics.Location;
import java.util.Optional;

/**
 * A type a declaration names that does not exist (yet), or an annotation value naming a constant
 * that does not resolve (yet): javac hands a processor such a value unresolved while the class
 * declaring the constant is still to be generated.
 *
 * @param typeName the name as written; for an annotation value, what the member expects (e.g.
 *     {@code "an int constant"})
 * @param user what refers to it, for the message (e.g. {@code "parameter x of Add.eval"}, or
 *     {@code "the value of outputs of @Primitive on Split"})
 * @param location where it is referred to
 * @param correction the fix, where the name is a sure mistake that no later round can mend (a
 *     misspelt generated type of the set, a rule-vocabulary type not imported); empty where another
 *     processor may still generate the type
 * @param annotationValue whether this is an annotation value rather than a type
 */
public record MissingType(
    String typeName,
    String user,
    Location location,
    Optional<String> correction,
    boolean annotationValue) {

  /** A missing type. */
  public MissingType(String typeName, String user, Location location, Optional<String> correction) {
    this(typeName, user, location, correction, false);
  }

  /** An annotation value that does not resolve to a constant of the expected kind (yet). */
  static MissingType value(
      String expected, String user, Location location, Optional<String> correction) {
    return new MissingType(expected, user, location, correction, true);
  }
}
