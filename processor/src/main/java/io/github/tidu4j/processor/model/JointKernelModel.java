package io.github.tidu4j.processor.model;

import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Location;
import java.util.List;
import org.immutables.value.Value;

/**
 * A {@code @JointKernel} method of a set: a static method computing several unary primitives of
 * one argument at once, {@code static void name(T x, T[] out, int at)}.
 */
@Value.Immutable
public interface JointKernelModel {
  /** The method's name. */
  String name();

  /** How it is declared: generated code can call only a static one. */
  Dispatch dispatch();

  /** The listed classes as written, in order, for messages. */
  List<String> listed();

  /**
   * For each listed class, the index of the primitive it is in the set's {@link
   * PrimitiveSetModel#primitives()}, or -1 if it is not a primitive of the set.
   */
  List<Integer> primitiveIndexes();

  /** Its parameter types. */
  List<TypeName> parameterTypes();

  /** Its return type. */
  TypeName returnType();

  /** Its signature as written, e.g. {@code void sinCos(double, double[], int)}, for messages. */
  String signatureText();

  /** Its type parameters, if any (not allowed). */
  List<String> typeParameters();

  /** The checked exceptions it declares (not allowed). */
  List<String> checkedExceptions();

  /** Its JVM method descriptor, e.g. {@code (D[DI)V}. */
  String descriptor();

  /** The method, where a problem with its declaration is reported. */
  @Value.Auxiliary
  Location location();

  /** The annotation's value, where a problem with the listed primitives is reported. */
  @Value.Auxiliary
  Location valueLocation();
}
