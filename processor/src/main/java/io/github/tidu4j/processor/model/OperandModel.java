package io.github.tidu4j.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.Optional;
import org.immutables.value.Value;

/** The set's operand type: the type of every input and output of every primitive. */
@Value.Immutable
public interface OperandModel {
  /** The type, e.g. {@code double}, {@code Complex} or {@code double[]}. */
  TypeName type();

  /** As written, for messages. */
  String text();

  /** Its JVM field descriptor, e.g. {@code D}. */
  String descriptor();

  /** Why it cannot be used, if it cannot. */
  Optional<String> problem();

  /**
   * The operand type, or a type it names, if the code generated in the set's package cannot
   * reach it, as written.
   */
  Optional<String> inaccessible();

  /** Whether it is a primitive type, which evaluators keep unboxed. */
  default boolean isPrimitive() {
    return type().isPrimitive();
  }

  /** The type as a type argument: boxed if primitive. */
  default TypeName boxed() {
    return type().isPrimitive() ? type().box() : type();
  }
}
