package io.github.tidu4j.processor.model;

import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Location;
import java.util.List;
import org.immutables.value.Value;

/**
 * A composite of a set: a static method of the set interface whose first parameter is the set's
 * fluent value ({@code static XValue sub(XValue a, XValue b)}) or builder ({@code static XValue
 * constant(XBuilder b, ...)}), written with the fluent methods of the primitives. The generated
 * value (or builder) gets a method of that name delegating to it, so {@code a.sub(b)} reads like a
 * primitive's method (JAX's {@code lax} wrappers around its primitives' {@code bind}).
 */
@Value.Immutable
public interface CompositeModel {
  /** The method's name, which the fluent method takes. */
  String name();

  /** Whether the first parameter is the builder (a builder method) rather than the value. */
  boolean onBuilder();

  /** The names of the parameters after the first, in order. */
  List<String> parameterNames();

  /** Their types, the set's fluent types named as they are generated. */
  List<TypeName> parameterTypes();

  /** Whether the last parameter is variable-arity. */
  boolean varargs();

  /**
   * The first sentence of the method's Javadoc, fit for generated Javadoc ({@code DocSummary});
   * empty if it has none.
   */
  @Value.Default
  @Value.Auxiliary
  default String summary() {
    return "";
  }

  /** The return type, the set's fluent types named as they are generated. */
  TypeName returnType();

  /** The method's type parameters (not allowed). */
  List<String> typeParameters();

  /** The checked exceptions it declares, as written (not allowed: fluent methods declare none). */
  List<String> checkedExceptions();

  /** Where to report a problem with it. */
  @Value.Auxiliary
  Location location();
}
