package io.github.tidu4j.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Location;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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

  /** {@code @PrimitiveSet(fluent)}: whether the fluent builder and value classes are generated. */
  @Value.Default
  default boolean fluent() {
    return true;
  }

  /** The operand type. */
  OperandModel operand();

  /**
   * {@code @PrimitiveSet(type)}: the abstract type the fluent values carry and the primitives'
   * type rules compute; empty for {@code Void}, the default.
   */
  Optional<TypeName> abstractType();

  /**
   * Whether the fluent value type gets {@code unary(UnaryOperator<XValue>)}, the {@code
   * ScalarAutodiff} body adapter: for sets over {@code double} without an abstract type, the sets
   * {@code ScalarAutodiff} serves.
   */
  default boolean hasUnaryBody() {
    return operand().type().equals(TypeName.DOUBLE) && abstractType().isEmpty();
  }

  /**
   * Whether the builder records its inputs' and outputs' types in the graph, and the fluent value
   * type gets {@code traceable(body)}, which makes a {@code FluentFunction}: for a set with an
   * abstract type and a domain (which reads a value's type) over a reference operand that is a
   * plain class (a class literal names it).
   */
  default boolean recordsValueTypes() {
    return abstractType().isPresent()
        && domainField().isPresent()
        && operand().type() instanceof ClassName;
  }

  /**
   * The name of the set's domain constant: a field of the set interface whose type is an {@code
   * io.github.tidu4j.ad.func.Domain} ({@code Domain<TensorType, Tensor> DOMAIN =
   * TensorDomain.INSTANCE;}), which the generated eager class's runtimes use; empty if the set
   * declares none (the first if several).
   */
  Optional<String> domainField();

  /**
   * Why the set's domain constants cannot serve the generated code (several, raw, or of other type
   * arguments than the set's abstract type and boxed operand), at the field; empty if they can.
   */
  Optional<FieldProblem> domainProblem();

  /**
   * The name of the set's tier policy constant: a field of the set interface whose type is an
   * {@code io.github.tidu4j.graph.bytecode.TierPolicy} ({@code TierPolicy<TensorOp, Tensor> TIERS =
   * FusionTier.POLICY;}), with which the generated eager class's default runtimes run their
   * programs; empty if the set declares none (they then run tiered towards bytecode).
   */
  Optional<String> tierPolicyField();

  /** The abstract type as written, for messages; empty for none. */
  Optional<String> abstractTypeText();

  /** Why the abstract type cannot be used (a primitive type, a generic one), if it cannot. */
  Optional<String> abstractTypeProblem();

  /**
   * Why the abstract type does not compare by value (a class inheriting {@code equals} from {@code
   * Object}, a record with an array component, ...), if it does not: the runtime compares and
   * hashes abstract types.
   */
  Optional<String> abstractTypeEqualityProblem();

  /**
   * The abstract type, or a type it names, if the code generated in the set's package cannot
   * reach it, as written.
   */
  Optional<String> abstractTypeInaccessible();

  /** {@code @PrimitiveSet(type = ...)}, or the annotation. */
  @Value.Auxiliary
  Location typeLocation();

  /** The context type; {@code Void} if none. */
  TypeName contextType();

  /** The context type as written. */
  String contextText();

  /**
   * Why the context type cannot be used (a primitive type; a generic one, which the class literal
   * names raw, so the generated code would be raw), if it cannot.
   */
  Optional<String> contextProblem();

  /**
   * The context type, or a type it names, if the code generated in the set's package cannot
   * reach it (a private nested type, or a non-public type of another package), as written.
   */
  Optional<String> contextInaccessible();

  /**
   * The source file declaring the set's top-level type, if that file is named for another type
   * (the set, or the type holding it, is an auxiliary class); empty where the compiler gives no
   * source trees.
   */
  Optional<String> auxiliaryFile();

  /**
   * The simple names of the types declared in the set's package that are also {@code java.lang}
   * names (a {@code com.example.String}, say): generated code must write those {@code java.lang}
   * types qualified, since the package's own type shadows them.
   */
  Set<String> javaLangShadows();

  /**
   * The simple names of the set's generated types that are also public {@code java.lang} types (a
   * set {@code String} generates {@code StringBuilder}): in the set's package they hide the {@code
   * java.lang} type from every class, generated or not.
   */
  Set<String> generatedJavaLangNames();

  /**
   * Whether generated code refers to a deprecated element: the set, a primitive or one of its
   * methods, the operand, context or an attribute type (or a type enclosing one of them).
   */
  boolean usesDeprecated();

  /** Whether one of the deprecated elements generated code refers to is deprecated for removal. */
  boolean usesDeprecatedForRemoval();

  /**
   * The composites: static methods of the set whose first parameter is its fluent value or
   * builder, which the generated fluent classes expose as methods.
   */
  List<CompositeModel> composites();

  /** The {@code @JointKernel} methods of the set, in declaration order. */
  List<JointKernelModel> jointKernels();

  /** The primitives, in declaration order (so index = opcode). */
  List<PrimitiveModel> primitives();

  /**
   * The generated types whose names are already taken (qualified), each with what takes it, e.g.
   * {@code "a type of that name is declared in the sources"}.
   */
  Map<String, String> takenTypeNames();

  /**
   * What {@link #takenTypeNames()} says of a name taken by a source type that is this processor's
   * own earlier output (it carries {@code @Generated} naming the processor): a generated-sources
   * directory compiled again as sources, not a clash a rename would mend.
   */
  String EARLIER_OUTPUT =
      "a type of that name is in the sources, generated earlier by this processor";

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

  /** The generated fluent builder, e.g. {@code RealBuilder}. */
  default ClassName builderType() {
    return ClassName.get(packageName(), prefix() + "Builder");
  }

  /** The generated fluent value, e.g. {@code RealValue}. */
  default ClassName valueType() {
    return ClassName.get(packageName(), prefix() + "Value");
  }

  /** The generated eager value class, e.g. {@code EagerReal}: {@code Eager} and the prefix. */
  default ClassName eagerType() {
    return ClassName.get(packageName(), eagerName());
  }

  /** The simple name of the generated eager value class, e.g. {@code EagerReal}. */
  default String eagerName() {
    return "Eager" + prefix();
  }

  /** The simple name of the generated fluent builder, e.g. {@code RealBuilder}; for messages. */
  default String builderName() {
    return prefix() + "Builder";
  }

  /** The simple name of the generated fluent value, e.g. {@code RealValue}; for messages. */
  default String valueName() {
    return prefix() + "Value";
  }

  /** All generated types. */
  default List<ClassName> generatedTypes() {
    return fluent()
        ? List.of(
            opType(),
            emitType(),
            evaluatorType(),
            kernelsType(),
            builderType(),
            valueType(),
            eagerType())
        : List.of(opType(), emitType(), evaluatorType(), kernelsType());
  }

  /**
   * The simple names of the types generated for a set with {@code prefix}: the prefix with each
   * of {@link #generatedSuffixes}, then, if {@code fluent}, the eager value class {@code Eager}
   * with the prefix.
   */
  static List<String> generatedNames(String prefix, boolean fluent) {
    List<String> names = new java.util.ArrayList<>();
    for (String suffix : generatedSuffixes(fluent)) {
      names.add(prefix + suffix);
    }
    if (fluent) {
      names.add("Eager" + prefix);
    }
    return names;
  }

  /**
   * The suffixes of the generated type names, {@code Op}, {@code Emit}, {@code Evaluator}, {@code
   * Kernels}, then {@code Builder} and {@code Value} if {@code fluent}.
   */
  static List<String> generatedSuffixes(boolean fluent) {
    return fluent
        ? List.of("Op", "Emit", "Evaluator", "Kernels", "Builder", "Value")
        : List.of("Op", "Emit", "Evaluator", "Kernels");
  }

  /** The scale primitive, if one is marked so (the first if several are). */
  default Optional<PrimitiveModel> scale() {
    return primitives().stream().filter(PrimitiveModel::scale).findFirst();
  }

  /** The zero primitive, if one is marked so (the first if several are). */
  default Optional<PrimitiveModel> zero() {
    return primitives().stream().filter(PrimitiveModel::zero).findFirst();
  }

  /** The accumulator, if exactly one primitive is marked so (the first otherwise). */
  default Optional<PrimitiveModel> accumulator() {
    return primitives().stream().filter(PrimitiveModel::accumulator).findFirst();
  }
}
