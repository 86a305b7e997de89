package io.github.tidu4j.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Location;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * One {@code @PrimitiveSet}, as declared: what the reader found and what validators check. Once
 * valid, it is all the writers need.
 */
@Value.Immutable
public interface PrimitiveSetModel {
  /** The annotated type. */
  ClassName setType();

  /** What kind of type carries the annotation ({@code interface}, {@code class}, ...). */
  String declaredKind();

  /** The set's type parameters (not allowed). */
  List<String> typeParameters();

  /** Whether code in the set's package can name it. */
  boolean accessible();

  /** The prefix of the generated names: {@code @PrimitiveSet(prefix)} or the simple name. */
  String prefix();

  /** Whether {@code @PrimitiveSet(prefix)} was given. */
  boolean hasExplicitPrefix();

  /** The operand type. */
  OperandModel operand();

  /** The context type; {@code Void} if none. */
  TypeName contextType();

  /** The context type as written. */
  String contextText();

  /** The primitives, in declaration order (so index = opcode). */
  List<PrimitiveModel> primitives();

  /**
   * The generated types whose names are already taken (qualified), each with what takes it, e.g.
   * {@code "a type of that name is declared in the sources"}.
   */
  Map<String, String> takenTypeNames();

  /** The annotated type. */
  @Value.Auxiliary
  Location location();

  /** {@code @PrimitiveSet(operand = ...)}. */
  @Value.Auxiliary
  Location operandLocation();

  /** {@code @PrimitiveSet(context = ...)}, or the annotation. */
  @Value.Auxiliary
  Location contextLocation();

  /** The {@code @PrimitiveSet} interfaces this set extends, directly or not, by simple name. */
  List<String> superSets();

  /**
   * Interfaces nested in the set that declare a rule-named method with a body ({@code eval},
   * {@code jvp} or {@code transpose}) but are not annotated {@code @Primitive}: likely a
   * forgotten annotation. Simple name to the rule methods found.
   */
  Map<String, String> unannotatedRuleHolders();

  /** Where each {@link #unannotatedRuleHolders()} entry is declared. */
  @Value.Auxiliary
  Map<String, Location> unannotatedRuleHolderLocations();

  /** {@code @PrimitiveSet(prefix = ...)}, or the annotation. */
  @Value.Auxiliary
  Location prefixLocation();

  /** The set's package. */
  default String packageName() {
    return setType().packageName();
  }

  /** The simple name of the generated operation type, e.g. {@code RealOp}; for messages. */
  default String opName() {
    return prefix() + "Op";
  }

  /** The simple name of the generated emitter, e.g. {@code RealEmit}; for messages. */
  default String emitName() {
    return prefix() + "Emit";
  }

  /** The generated operation type, e.g. {@code RealOp}. */
  default ClassName opType() {
    return ClassName.get(packageName(), prefix() + "Op");
  }

  /** The generated emitter, e.g. {@code RealEmit}. */
  default ClassName emitType() {
    return ClassName.get(packageName(), prefix() + "Emit");
  }

  /** The generated evaluator, e.g. {@code RealEvaluator}. */
  default ClassName evaluatorType() {
    return ClassName.get(packageName(), prefix() + "Evaluator");
  }

  /** The generated kernel table, e.g. {@code RealKernels}. */
  default ClassName kernelsType() {
    return ClassName.get(packageName(), prefix() + "Kernels");
  }

  /** All generated types. */
  default List<ClassName> generatedTypes() {
    return List.of(opType(), emitType(), evaluatorType(), kernelsType());
  }

  /** The accumulator, if exactly one primitive is marked so (the first otherwise). */
  default Optional<PrimitiveModel> accumulator() {
    return primitives().stream().filter(PrimitiveModel::accumulator).findFirst();
  }
}
