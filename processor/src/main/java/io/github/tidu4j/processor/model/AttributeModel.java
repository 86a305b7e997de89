package io.github.tidu4j.processor.model;

import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Location;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/** An abstract method of a primitive interface: an attribute accessor, if well formed. */
@Value.Immutable
public interface AttributeModel {
  /** The accessor's name, which is also the attribute's. */
  String name();

  /** The attribute's type. */
  TypeName type();

  /** The type as written, for messages. */
  String typeText();

  /** How generated code treats the value. */
  AttributeKind kind();

  /** For an {@link AttributeKind#INVALID} type: why it is not a value. */
  Optional<String> problem();

  /**
   * The attribute's type, or a type it names, if the code generated in the set's package cannot
   * reach it, as written.
   */
  Optional<String> inaccessible();

  /** The accessor's parameter count; attributes have none. */
  int parameterCount();

  /** The accessor's type parameters; attributes have none. */
  List<String> typeParameters();

  /** Where to report a problem with it. */
  @Value.Auxiliary
  Location location();

  /** Whether the accessor has an attribute's shape, whatever its type. */
  default boolean isAccessor() {
    return parameterCount() == 0 && typeParameters().isEmpty() && !type().equals(TypeName.VOID);
  }
}
