package io.github.tidu4j.processor.model;

import com.palantir.javapoet.ClassName;
import io.github.tidu4j.processor.diagnostics.Location;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.immutables.value.Value;

/** One {@code @Primitive} interface of a set, as declared. */
@Value.Immutable
public interface PrimitiveModel {
  /** The primitive's name: {@code @Primitive(name)}, or the interface's simple name. */
  String name();

  /** The declared interface. */
  ClassName interfaceType();

  /** The interface's internal JVM name, e.g. {@code com/example/Real$Add}. */
  String internalName();

  /** The declaration index in the set: the stable opcode. */
  int opcode();

  /** What kind of type carries the annotation ({@code interface}, {@code class}, ...). */
  String declaredKind();

  /** Whether the type was compiled from Kotlin (it carries {@code kotlin.Metadata}: kapt's stubs). */
  @Value.Default
  default boolean fromKotlin() {
    return false;
  }

  /** The interface's type parameters (not allowed). */
  List<String> typeParameters();

  /** {@code @Primitive(accumulator)}. */
  boolean accumulator();

  /** {@code @Primitive(zero)}. */
  boolean zero();

  /** {@code @Primitive(multilinear)}. */
  boolean multilinear();

  /** {@code @Primitive(scale)}. */
  boolean scale();

  /** {@code @Primitive(elementwise)}. */
  boolean elementwise();

  /** {@code @Primitive(outputs)}. */
  int outputs();

  /** Whether {@code @Primitive(name)} was given. */
  boolean hasExplicitName();

  /** The abstract methods: the attributes, if well formed. */
  List<AttributeModel> attributes();

  /** Every method named {@code eval}, {@code jvp} or {@code transpose}, in declaration order. */
  List<RuleMethod> rules();

  /**
   * The type rule: the static method {@code type} computing the output's abstract type from the
   * operands' ones (and attributes), if declared.
   */
  Optional<TypeRuleModel> typeRule();

  /**
   * The identity rule: the static method {@code isIdentity} telling, from the operand's type and
   * the attributes, that the operation would return its operand unchanged, so the fluent method
   * returns the operand and adds no node; if declared.
   */
  Optional<TypeRuleModel> identityRule();

  /**
   * The derived attributes: attribute name to the method named like it, with parameters, that
   * computes it from the operands' abstract types.
   */
  Map<String, TypeRuleModel> derivations();

  /**
   * Methods named like the type rule, the identity rule or a derived attribute after the first of
   * that name, in declaration order: a primitive has at most one of each, so these are reported.
   */
  List<TypeRuleModel> extraTypeRules();

  /** Other methods, for name checks. */
  List<HelperMethod> helpers();

  /** Whether the interface is {@code sealed}, so no class outside its permits clause implements it. */
  boolean sealed();

  /** Whether the interface is {@code Serializable}, so the generated operation class is too. */
  boolean serializable();

  /**
   * The simple names of the member types of the interface, declared or inherited: the generated
   * operation class inherits them, so inside it they shadow types of the same simple name.
   */
  Set<String> memberTypeNames();

  /**
   * The names of the fields (constants) of the interface, declared or inherited: the generated
   * operation class inherits them, so inside it they shadow types of the same simple name where
   * an expression names a type ({@code Double.hashCode(...)}).
   */
  Set<String> fieldNames();

  /**
   * The first sentence of the interface's Javadoc, fit for generated Javadoc ({@code
   * DocSummary}); empty if it has none. What the generated fluent methods show of it.
   */
  @Value.Default
  @Value.Auxiliary
  default String summary() {
    return "";
  }

  /** The interface. */
  @Value.Auxiliary
  Location location();

  /** The {@code @Primitive} annotation. */
  @Value.Auxiliary
  Location annotationLocation();

  /** {@code @Primitive(accumulator = ...)}, or the annotation. */
  @Value.Auxiliary
  Location accumulatorLocation();

  /** {@code @Primitive(zero = ...)}, or the annotation. */
  @Value.Auxiliary
  Location zeroLocation();

  /** {@code @Primitive(multilinear = ...)}, or the annotation. */
  @Value.Auxiliary
  Location multilinearLocation();

  /** {@code @Primitive(scale = ...)}, or the annotation. */
  @Value.Auxiliary
  Location scaleLocation();

  /** {@code @Primitive(elementwise = ...)}, or the annotation. */
  @Value.Auxiliary
  Location elementwiseLocation();

  /**
   * The per-element kernels declared in the interface ({@code element}, {@code elementRe}, {@code
   * elementIm}), in declaration order.
   */
  List<ElementKernelModel> elementKernels();

  /**
   * Its block kernels ({@code block} methods; one is right, and only on a unary elementwise
   * primitive), in declaration order.
   */
  List<BlockKernelModel> blockKernels();

  /** The (first) per-element kernel named {@code name}. */
  default Optional<ElementKernelModel> elementKernel(String name) {
    for (ElementKernelModel kernel : elementKernels()) {
      if (kernel.name().equals(name)) {
        return Optional.of(kernel);
      }
    }
    return Optional.empty();
  }

  /** {@code @Primitive(outputs = ...)}, or the annotation. */
  @Value.Auxiliary
  Location outputsLocation();

  /** {@code @Primitive(name = ...)}, or the interface. */
  @Value.Auxiliary
  Location nameLocation();

  /**
   * Rules a superinterface declares as static methods, which the primitive does not inherit
   * (static interface methods are not inherited): rule name to {@code Base.jvp}.
   */
  Map<String, String> inheritedStaticRules();

  /**
   * Rules the primitive does not declare but its nested class {@code Companion} does as instance
   * methods: a Kotlin companion object's functions without {@code @JvmStatic}, which the processor
   * does not read (with it, Kotlin compiles each to a static method of the primitive as well):
   * rule name to {@code Add.Companion.eval}.
   */
  Map<String, String> companionRules();

  /** The methods declaring {@code role}. */
  default List<RuleMethod> rules(RuleRole role) {
    List<RuleMethod> found = new ArrayList<>();
    for (RuleMethod rule : rules()) {
      if (rule.role() == role) {
        found.add(rule);
      }
    }
    return found;
  }

  /** The (first) method declaring {@code role}. */
  default Optional<RuleMethod> rule(RuleRole role) {
    for (RuleMethod rule : rules()) {
      if (rule.role() == role) {
        return Optional.of(rule);
      }
    }
    return Optional.empty();
  }

  /** The kernel's parameter count: the input arity; 0 without a kernel. */
  default int arity() {
    return rule(RuleRole.EVAL).map(eval -> eval.parameters().size()).orElse(0);
  }

  /**
   * The {@code eval} input each of {@code jvp}'s {@code Primal} parameters reads, in parameter
   * order: input <i>i</i> for the <i>i</i>-th of a rule taking one per input, and for a rule taking
   * fewer, the input it is named as (the validator holds such a rule to {@code eval}'s names, in
   * {@code eval}'s order).
   */
  default List<Integer> primalInputs(RuleMethod jvp) {
    List<String> names = new ArrayList<>();
    rule(RuleRole.EVAL).ifPresent(eval -> eval.parameters().forEach(p -> names.add(p.name())));
    List<Integer> inputs = new ArrayList<>();
    boolean byName = jvp.count(ParameterKind.PRIMAL) < names.size();
    for (ParameterModel parameter : jvp.parameters()) {
      if (parameter.kind() == ParameterKind.PRIMAL) {
        inputs.add(byName ? names.indexOf(parameter.name()) : inputs.size());
      }
    }
    return inputs;
  }

  /** Whether the primitive has attributes, so its operations are interned rather than one constant. */
  default boolean hasAttributes() {
    return !attributes().isEmpty();
  }

  /**
   * Whether {@code attribute} is derived from the operands' types rather than given: its method
   * takes the operands' types alone. A method that also takes the attribute, last, normalizes a
   * given value instead ({@code static int[] axes(TensorType x, int[] axes)} sorting the axes),
   * reading any attributes declared before it, by name, between the two ({@code static int[]
   * broadcastDimensions(TensorType x, int[] shape, int[] broadcastDimensions)}).
   */
  default boolean isDerived(AttributeModel attribute) {
    TypeRuleModel derivation = derivations().get(attribute.name());
    return derivation != null && derivation.parameterNames().size() == arity();
  }

  /** Whether {@code attribute} is given, then normalized by its method. */
  default boolean isNormalized(AttributeModel attribute) {
    return derivations().containsKey(attribute.name()) && !isDerived(attribute);
  }

  /** Whether rules can emit it with tangent operands, so it must have a transpose rule. */
  default boolean isLinear() {
    return accumulator() || multilinear() || scale();
  }

  /**
   * Whether it is linear in each operand separately: multilinear, or the scale primitive (linear in
   * its one operand); the emitter accepts tangent operands for it, and the generated operation
   * says so to Taylor mode ({@code Primitive.isMultilinear()}).
   */
  default boolean isMultilinear() {
    return multilinear() || scale();
  }

  /** The nested class of the generated operation type, e.g. {@code SinCosOp}. */
  default String className() {
    return name() + "Op";
  }

  /** The constant of an attribute-free primitive, e.g. {@code SIN_COS}. */
  default String constantName() {
    return Names.constantCase(name());
  }

  /** The emitter method (and operation factory) name, e.g. {@code sinCos}. */
  default String methodName() {
    return Names.lowerCamel(name());
  }
}
