package io.github.tidu4j.processor.writer;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.model.AttributeModel;
import java.util.Arrays;

/**
 * How generated code hashes, compares and prints an attribute, by its kind: no reflection, no
 * boxing; floating point compared by bits (so {@code NaN} equals itself and {@code 0.0} differs
 * from {@code -0.0}, as for records); enums hashed by ordinal so hashes are stable across runs.
 */
final class Attributes {
  private Attributes() {}

  /** The hash of {@code value}. */
  static CodeBlock hash(AttributeModel attribute, CodeBlock value) {
    switch (attribute.kind()) {
      case PRIMITIVE:
        return CodeBlock.of("$T.hashCode($L)", attribute.type().box(), value);
      case PRIMITIVE_ARRAY:
        return CodeBlock.of("$T.hashCode($L)", Arrays.class, value);
      case ENUM:
        return CodeBlock.of("$L.ordinal()", value);
      default:
        return CodeBlock.of("$L.hashCode()", value);
    }
  }

  /** Whether {@code a} and {@code b} are equal. */
  static CodeBlock equal(AttributeModel attribute, CodeBlock a, CodeBlock b) {
    switch (attribute.kind()) {
      case PRIMITIVE:
        if (attribute.type().equals(TypeName.DOUBLE)) {
          return CodeBlock.of(
              "$T.doubleToLongBits($L) == $T.doubleToLongBits($L)", Double.class, a, Double.class, b);
        }
        if (attribute.type().equals(TypeName.FLOAT)) {
          return CodeBlock.of(
              "$T.floatToIntBits($L) == $T.floatToIntBits($L)", Float.class, a, Float.class, b);
        }
        return CodeBlock.of("$L == $L", a, b);
      case ENUM:
        return CodeBlock.of("$L == $L", a, b);
      case PRIMITIVE_ARRAY:
        return CodeBlock.of("$T.equals($L, $L)", Arrays.class, a, b);
      default:
        return CodeBlock.of("$L.equals($L)", a, b);
    }
  }

  /** {@code value} as text. */
  static CodeBlock text(AttributeModel attribute, CodeBlock value) {
    return switch (attribute.kind()) {
      case PRIMITIVE_ARRAY -> CodeBlock.of("$T.toString($L)", Arrays.class, value);
      default -> value;
    };
  }
}
