package io.github.tidu4j.processor.model;

import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Location;
import java.util.List;
import org.immutables.value.Value;

/**
 * A method of a primitive that works on the set's abstract type ({@code @PrimitiveSet(type)}): the
 * type rule {@code type(...)}, which gives the output's type from the operands' types and the
 * attributes, or the derivation of an attribute, a static method named like the attribute that
 * computes it from the operands' types. As declared; validators check its shape.
 */
@Value.Immutable
public interface TypeRuleModel {
  /** The method's name: {@code type}, or the attribute's. */
  String name();

  /** Whether it is static, as both kinds must be. */
  boolean isStatic();

  /** The method's type parameters (not allowed). */
  List<String> typeParameters();

  /** The parameters' names, in order. */
  List<String> parameterNames();

  /** The parameters' types, in order. */
  List<TypeName> parameterTypes();

  /** The parameters' types as written, for messages. */
  List<String> parameterTypeTexts();

  /** The return type. */
  TypeName returnType();

  /** The return type as written, for messages. */
  String returnText();

  /** Where to report a problem with it. */
  @Value.Auxiliary
  Location location();
}
