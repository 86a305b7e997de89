package io.github.tidu4j.processor.reading;

import io.github.tidu4j.processor.diagnostics.Location;

/**
 * A type a declaration names that does not exist (yet), or an annotation value naming a constant
 * that does not resolve (yet): javac hands a processor such a value unresolved while the class
 * declaring the constant is still to be generated.
 *
 * @param typeName the name as written; for an annotation value, what the member expects (e.g.
 *     {@code "an int constant"})
 * @param user what refers to it, for the message (e.g. {@code "parameter x of Add.eval"}, or
 *     {@code "outputs of @Primitive on Split"})
 * @param location where it is referred to
 * @param annotationValue whether this is an annotation value rather than a type
 */
public record MissingType(String typeName, String user, Location location, boolean annotationValue) {

  /** A missing type. */
  public MissingType(String typeName, String user, Location location) {
    this(typeName, user, location, false);
  }

  /** An annotation value that does not resolve to a constant of the expected kind. */
  static MissingType value(String expected, String user, Location location) {
    return new MissingType(expected, user, location, true);
  }
}
