package io.github.tidu4j.processor.diagnostics;

import java.util.Arrays;
import java.util.IllegalFormatException;
import java.util.Locale;

/**
 * The catalogue of everything the processor reports. Every message starts with a stable id, such as
 * {@code [tidu4j:MissingJvp]}, that tests, documentation and users can search for, says what is
 * wrong and how to fix it. Ids never change meaning; new checks get new ids.
 */
public enum Message {
  // ---- the set ----

  /** {@code @PrimitiveSet} on something other than an interface. */
  SET_NOT_INTERFACE(
      "SetNotInterface",
      "@PrimitiveSet is on the %s %s, but a primitive set is declared as an interface; declare %s"
          + " as an interface"),

  /** A set interface with type parameters. */
  GENERIC_SET(
      "GenericSet",
      "primitive set %s declares type parameters %s, but a primitive set cannot be generic; remove"
          + " them (the operand type is given by @PrimitiveSet(operand = ...))"),

  /** A private set, or one nested in a private type. */
  INACCESSIBLE_SET(
      "InaccessibleSet",
      "primitive set %s is private (or nested in a private type), but the code generated next to"
          + " it in package %s must reach it; make it package-private or public"),

  /** An operand type that cannot be used. */
  OPERAND_TYPE(
      "OperandType",
      "the operand type %s of primitive set %s cannot be used: %s; use a primitive type such as"
          + " double, or a non-generic class, record or array type"),

  /** A context type that cannot be used. */
  CONTEXT_TYPE(
      "ContextType",
      "the context type %s of primitive set %s cannot be used: %s; use a non-generic class, record"
          + " or interface (a record of your own can hold a generic value), or Void if the set"
          + " needs no context"),

  /** A type the generated code must name, but cannot reach from the set's package. */
  INACCESSIBLE_TYPE(
      "InaccessibleType",
      "%s has type %s, which the code generated for primitive set %s in package %s cannot"
          + " name: %s; make it (and every type enclosing it) package-private, or public if it"
          + " belongs to another package"),

  /** A prefix or primitive name that is not a Java identifier. */
  INVALID_NAME(
      "InvalidName",
      "%s \"%s\" is not a valid Java identifier, so no type or method can be generated from it; %s"),

  /** A generated type's name is taken. */
  TYPE_CLASH(
      "TypeClash",
      "primitive set %s would generate %s, but %s; rename the set, or set"
          + " @PrimitiveSet(prefix = ...) to generate other names"),

  /** The set's generated types are in the sources already: an earlier output compiled again. */
  EARLIER_OUTPUT_AS_SOURCE(
      "EarlierOutputAsSource",
      "primitive set %s would generate %s, but the sources already declare %s, generated earlier by"
          + " this processor (@Generated(\"io.github.tidu4j.processor.PrimitiveSetProcessor\")):"
          + " the directory generated sources are written to is being compiled as a source"
          + " directory, or the processor has already run on these sources in this build (kapt,"
          + " or another compilation before this one); remove that directory from the source"
          + " path, or delete it before compiling (mvn clean, or empty the directory given to"
          + " javac -s), or run the processor in one compilation only (-proc:none, in Maven"
          + " <proc>none</proc>, on the other)"),

  /** A name the set can see is still missing after the last round. */
  UNRESOLVED_TYPE(
      "UnresolvedType",
      "%s refers to %s, which %s, so the set cannot be generated; %s"),

  /**
   * A set still waiting for a type when javac ends processing early, after an error (or, under
   * {@code -Werror}, a warning) in an earlier round: the round that could have supplied the type
   * never ran.
   */
  ROUNDS_ENDED_EARLY(
      "RoundsEndedEarly",
      "primitive set %s waited for %s, which a later processing round could have supplied (another"
          + " annotation processor may generate it), but javac ran no further round after an error"
          + " in an earlier one, so the set's types (%s) were not generated and javac's \"cannot"
          + " find symbol\" errors for them follow from that error; fix the first error javac"
          + " reports. Under -Werror a warning ends the rounds too: -Xlint:processing warns of"
          + " annotations no processor claims, as Immutables', MapStruct's and Dagger's are left,"
          + " so compile with -Xlint:all,-processing rather than -Xlint:all"),

  /** An annotation value naming a constant that still does not resolve after the last round. */
  UNRESOLVED_VALUE(
      "UnresolvedValue",
      "%s does not resolve to %s, so the set cannot be generated; %s"),

  /** The rule vocabulary, and with it the runtime the generated code needs, is not on the class path. */
  MISSING_RULE_VOCABULARY(
      "MissingRuleVocabulary",
      "primitive set %s needs the rule vocabulary (package io.github.tidu4j.ad.rules: Tangent,"
          + " Primal, Cotangents, ...), which is not on the compile classpath, nor is the runtime"
          + " its generated code runs on; add the artifact io.github.tidu4j:tidu4j-runtime-ad as a"
          + " compile dependency (in Maven, a <dependency> with groupId io.github.tidu4j and"
          + " artifactId tidu4j-runtime-ad; in a named module, also requires io.github.tidu4j.ad)"),

  /** A set extending another set. */
  SET_EXTENDS_SET(
      "SetExtendsSet",
      "primitive set %s extends the primitive set %s, but a set's primitives are only the"
          + " @Primitive interfaces nested in it, and the inherited ones belong to %s (their rules"
          + " take its emitter); declare all the primitives in one set, or keep the two sets"
          + " independent and do not extend one from the other"),

  /** A set declared where generated code cannot name it. */
  LOCAL_SET(
      "LocalSet",
      "primitive set %s is declared %s, but the code generated for it is written next to it in its"
          + " package and must name it; declare it as a top-level interface or as a member of a"
          + " top-level type"),

  /** A nested interface with rules but no {@code @Primitive}. */
  NOT_A_PRIMITIVE(
      "NotAPrimitive",
      "interface %s nested in primitive set %s declares %s but is not annotated @Primitive, so no"
          + " operation is generated for it; annotate it @Primitive, or move it out of the set if"
          + " it is a helper"),

  // ---- accumulator ----

  /** No accumulator. */
  MISSING_ACCUMULATOR(
      "MissingAccumulator",
      "primitive set %s has no accumulator, which reverse mode needs to sum cotangents; mark its"
          + " binary add primitive @Primitive(accumulator = true)"),

  /** A second accumulator. */
  DUPLICATE_ACCUMULATOR(
      "DuplicateAccumulator",
      "%s is marked as the accumulator, but %s already is, and a set has exactly one; remove"
          + " accumulator = true from one of them"),

  /** An accumulator that is not a binary, single-output, attribute-free primitive. */
  ACCUMULATOR_SHAPE(
      "AccumulatorShape",
      "the accumulator %s %s, but the accumulator sums two cotangents: a binary, single-output"
          + " add without attributes, not multilinear; %s"),

  // ---- zero primitive ----

  /** A second zero primitive. */
  DUPLICATE_ZERO(
      "DuplicateZero",
      "%s is marked as the zero primitive, but %s already is, and a set has at most one; remove"
          + " zero = true from one of them"),

  /** A zero primitive that is not a unary, single-output, attribute-free, non-linear primitive. */
  ZERO_SHAPE(
      "ZeroShape",
      "the zero primitive %s %s, but the zero primitive maps one value to the zero shaped like it:"
          + " a unary, single-output primitive without attributes, neither multilinear nor the"
          + " accumulator; %s"),

  /** A second scale primitive. */
  DUPLICATE_SCALE(
      "DuplicateScale",
      "%s is marked as the scale primitive, but %s already is, and a set has at most one; remove"
          + " scale = true from one of them"),

  /** A scale primitive that is not unary, single-output, with one double attribute. */
  SCALE_SHAPE(
      "ScaleShape",
      "the scale primitive %s %s, but the scale primitive multiplies one value by a real constant:"
          + " a unary, single-output primitive with one attribute of type double (the factor),"
          + " neither the accumulator nor the zero primitive; %s"),

  /** A rule on the scale primitive. */
  SCALE_RULE(
      "ScaleRule",
      "the scale primitive %s declares a %s rule, but the generated code gives it its rules"
          + " (scale the tangent, scale the cotangent, by the same factor); remove %s.%s"),

  /** A rule on the zero primitive. */
  ZERO_RULE(
      "ZeroRule",
      "the zero primitive %s declares a %s rule, but its derivative is a symbolic zero that the"
          + " generated code supplies, and rules never emit it on tangents; remove %s.%s"),

  // ---- primitives ----

  /** {@code @Primitive} on something other than an interface. */
  PRIMITIVE_NOT_INTERFACE(
      "PrimitiveNotInterface",
      "@Primitive is on the %s %s, but a primitive is declared as an interface; declare %s as an"
          + " interface%s"),

  /** A primitive interface with type parameters. */
  GENERIC_PRIMITIVE(
      "GenericPrimitive",
      "primitive %s declares type parameters %s, but a primitive cannot be generic (its"
          + " operations must be plain values); remove them"),

  /** {@code @Primitive} not nested directly in a set. */
  PRIMITIVE_OUTSIDE_SET(
      "PrimitiveOutsideSet",
      "@Primitive %s is not nested directly in a @PrimitiveSet interface (%s); move it into the"
          + " interface of its primitive set"),

  /** A sealed primitive interface, which the generated operation class cannot implement. */
  SEALED_PRIMITIVE(
      "SealedPrimitive",
      "primitive %s is sealed, but the generated class %s must implement it and a sealed"
          + " interface admits only the classes it permits; remove sealed (declare it non-sealed"
          + " if it extends a sealed interface)"),

  /** {@code outputs} below one. */
  OUTPUT_COUNT(
      "OutputCount",
      "primitive %s declares outputs = %d, but a primitive gives at least one output; remove"
          + " outputs or set it to 1 or more"),

  /** More inputs or outputs than generated code (or the JVM) can take. */
  ARITY_LIMIT(
      "ArityLimit",
      "primitive %s %s, but %s; %s"),

  /** No {@code eval}. */
  MISSING_EVAL(
      "MissingEval",
      "primitive %s has no eval kernel, so it cannot be evaluated; declare static %s eval(%s ...)"
          + " or, if it reads attributes, a default method"),

  /** An {@code eval} whose parameters or return type do not match the set. */
  EVAL_SIGNATURE("EvalSignature", "%s"),

  /** No {@code jvp} on a primitive with inputs. */
  MISSING_JVP(
      "MissingJvp",
      "primitive %s has no JVP rule, so nothing can be differentiated through it; declare static"
          + " %s jvp(%s e, ..., Tangent dx ...) with one Tangent per input"),

  /**
   * A method whose name is a slip away from a rule the primitive lacks ({@code Jvp}, {@code
   * transposed}): reported at it, beside the missing rule's error.
   */
  MISSPELT_RULE(
      "MisspeltRule",
      "%s.%s looks like its %s rule, which it lacks; a rule is recognized by its exact name:"
          + " rename it %s"),

  /** A {@code jvp} whose parameters or return type are wrong. */
  JVP_SIGNATURE("JvpSignature", "%s"),

  /** A {@code transpose} whose parameters or return type are wrong. */
  TRANSPOSE_SIGNATURE("TransposeSignature", "%s"),

  /** A {@code taylor} whose parameters or return type are wrong. */
  TAYLOR_SIGNATURE("TaylorSignature", "%s"),

  /**
   * A {@code Primal} (JVP) or {@code Arg} (transpose) parameter whose name says it holds another
   * value than the one it binds to: these bind to {@code eval}'s inputs by position, so the name
   * must be the input's; primal outputs are {@code Output} parameters, which must not carry an
   * input's name.
   */
  PRIMAL_BINDING("PrimalBinding", "parameter %s of %s %s; %s"),

  /**
   * A JVP's {@code Tangent} named, by the {@code d}-prefix convention, for another input than the
   * one it binds to by position.
   */
  TANGENT_BINDING("TangentBinding", "parameter %s of %s %s; %s"),

  /** The closure check: a primitive rules can emit linearly has no transpose rule. */
  MISSING_TRANSPOSE(
      "MissingTranspose",
      "%s is %s, so rules can emit it on tangents, but it has no transpose rule, which reverse"
          + " mode needs for every primitive in a linear graph; declare static Cotangents"
          + " transpose(%s e, ...) or drop %s"),

  /**
   * A primitive without operands marked multilinear: a constant is linear in nothing, and no rule
   * can emit it on tangents.
   */
  MULTILINEAR_CONSTANT(
      "MultilinearConstant",
      "%s is marked multilinear but takes no operands, so it is a constant, which is linear in"
          + " nothing: emitted on tangents it would add a constant to a tangent; drop multilinear"
          + " = true (a constant's tangent is zero, which needs no JVP or transpose rule: linearize"
          + " calls no rule for an operation without operands)"),

  /** A transpose rule nothing can call. */
  UNUSED_TRANSPOSE(
      "UnusedTranspose",
      Severity.WARNING,
      "%s has a transpose rule, but it is neither multilinear nor the accumulator, so rules cannot"
          + " emit it on tangents and the rule is never called; mark it @Primitive(multilinear ="
          + " true) if it is linear in each operand, or remove the rule"),

  /** A set declared in a file named for another type. */
  AUXILIARY_SET(
      "AuxiliarySet",
      Severity.WARNING,
      "%s is declared in %s, a file named for another type, so the classes generated for set %s,"
          + " each in a file of its own, use an auxiliary class, which javac's"
          + " -Xlint:auxiliaryclass (part of -Xlint:all) warns about in each of them; declare %s"
          + " in a file %s.java of its own"),

  /** A JVP rule nothing can call. */
  UNUSED_JVP(
      "UnusedJvp",
      Severity.WARNING,
      "%s takes no operands, so no tangent ever reaches it and its JVP rule is never called (the"
          + " tangent of a value computed from no operand is zero); remove the rule"),

  /** A static rule in a superinterface, which a primitive does not inherit. */
  INHERITED_RULE(
      "InheritedRule",
      "primitive %s extends an interface declaring static %s, but static interface methods are not"
          + " inherited, so %s has no %s; declare it in %s (it may delegate to %s), or make the"
          + " inherited rule a default method"),

  /** Rules in a Kotlin companion object without {@code @JvmStatic}. */
  KOTLIN_COMPANION(
      "KotlinCompanion",
      "primitive %s declares %s in its companion object, as instance methods of %s.Companion, which"
          + " are not rules of %s; annotate each with @JvmStatic, so that Kotlin compiles it to a"
          + " static method of %s as well"),

  /** A rule that is abstract or private. */
  RULE_NOT_IMPLEMENTED(
      "RuleNotImplemented",
      "%s.%s is %s, but the generated code calls it; a rule is a static method or, if it reads"
          + " attributes, a default method"),

  /** Several methods with a rule's name. */
  DUPLICATE_RULE(
      "DuplicateRule",
      "%s declares %d methods named %s, but a primitive has at most one; merge or rename them"),

  /** A rule with type parameters. */
  GENERIC_RULE(
      "GenericRule",
      "%s.%s declares type parameters %s, but rules are called with fixed types; remove them"),

  /** A rule throwing a checked exception the generated code cannot propagate. */
  CHECKED_EXCEPTION(
      "CheckedException",
      "%s.%s declares throws %s, but %s; throw an unchecked exception instead"),

  /** A context parameter of the wrong type. */
  CONTEXT_PARAMETER(
      "ContextParameter",
      "parameter %s of %s.%s is in the context position but has type %s, while the context type"
          + " of set %s is %s; %s"),

  // ---- elementwise primitives ----

  /** An elementwise primitive without per-element kernels, or with half of the complex pair. */
  MISSING_ELEMENT_KERNEL(
      "MissingElementKernel",
      "elementwise primitive %s %s, but a fusion backend computes it one element at a time with"
          + " its per-element kernels; %s"),

  /** A per-element kernel whose declaration does not fit its primitive. */
  ELEMENT_KERNEL_SIGNATURE(
      "ElementKernelSignature",
      "%s.%s %s, but %s; %s"),

  /** Per-element kernels on a primitive not marked elementwise. */
  NOT_ELEMENTWISE(
      "NotElementwise",
      "primitive %s declares the per-element kernel %s but is not marked elementwise, so no"
          + " fusion backend calls it; mark it @Primitive(elementwise = true) if each result"
          + " element depends only on the operand elements at its position, or rename the method"),

  /** An elementwise primitive that is not unary-or-more with one output. */
  ELEMENTWISE_SHAPE(
      "ElementwiseShape",
      "primitive %s is marked elementwise but %s, and an elementwise primitive computes one"
          + " result element from its operands' elements at the same position; %s"),

  // ---- joint kernels ----

  /** A joint kernel whose method cannot be called as one. */
  JOINT_KERNEL_SIGNATURE(
      "JointKernelSignature",
      "joint kernel %s of primitive set %s is declared %s, but %s; declare it as static void"
          + " %s(%s x, %s[] out, int at), writing the result of the i-th primitive listed to"
          + " out[at + i]"),

  /** A block kernel of the wrong signature. */
  BLOCK_KERNEL_SIGNATURE(
      "BlockKernelSignature",
      "block kernel %s.block is declared %s, but %s; declare it as static void block(double[] x,"
          + " int xOff, double[] y, int yOff, int n), computing y[yOff + i] = element(x[xOff + i])"
          + " for i < n"),

  /** A block kernel on a primitive a fused loop cannot call it for. */
  BLOCK_KERNEL_PRIMITIVE(
      "BlockKernelPrimitive",
      "primitive %s declares a block kernel but %s, so no fused loop calls it; %s"),

  /** A joint kernel listing something it cannot compute jointly. */
  JOINT_KERNEL_PRIMITIVE(
      "JointKernelPrimitive",
      "joint kernel %s of primitive set %s lists %s, but %s; %s"),

  // ---- attributes ----

  /** An attribute type without value semantics. */
  ATTRIBUTE_TYPE(
      "AttributeType",
      "attribute %s of %s has type %s, which is not an immutable value (%s), so equal operations"
          + " could compare unequal or change after interning; use a primitive, a boxed primitive,"
          + " String, an enum, a record of such values, an operation of this set (%s), or int[],"
          + " long[], double[] or boolean[]"),

  /** An abstract method that is not an attribute accessor. */
  ATTRIBUTE_SIGNATURE(
      "AttributeSignature",
      "abstract method %s of %s %s, but abstract methods of a primitive are its attributes:"
          + " accessors without parameters or type parameters that return a value; %s"),

  // ---- abstract types ----

  /** An abstract type that cannot be used. */
  ABSTRACT_TYPE(
      "AbstractType",
      "the abstract type %s of primitive set %s cannot be used: %s; use a non-generic class,"
          + " record or interface (or leave @PrimitiveSet(type) out for values without one)"),

  /** A domain constant the generated classes cannot use. */
  DOMAIN_CONSTANT(
      "DomainConstant",
      "the domain constant of primitive set %s cannot be used: %s; declare one field of type"
          + " Domain<abstract type, boxed operand> (TensorPrimitives declares Domain<TensorType,"
          + " Tensor> DOMAIN), with which the generated builder and eager class read values'"
          + " types"),

  /** An abstract type whose values do not compare by value. */
  ABSTRACT_TYPE_EQUALITY(
      "AbstractTypeEquality",
      "the abstract type %s of primitive set %s does not compare by value: %s; the runtime compares"
          + " and hashes abstract types (a compiled function is cached by its inputs' types, and"
          + " eager backward checks that a seed's type equals its output's), so equal types that"
          + " are distinct objects would count as different: a function compiled again on every"
          + " call, a seed of the output's type rejected; make it a record (of components that"
          + " compare by value), an enum, or a class that overrides equals(Object) and hashCode()"
          + " (an interface or an abstract class: declare both in it, for what implements it to"
          + " override, or make it sealed, permitting only such types)"),

  /** A primitive of a typed set without a type rule. */
  MISSING_TYPE_RULE(
      "MissingTypeRule",
      "primitive %s has no type rule, but primitive set %s declares the abstract type %s, so the"
          + " fluent method could not give its output a type; declare %s, returning the output's"
          + " type (and throwing IllegalArgumentException for operands it cannot take)"),

  /** A type rule or an attribute derivation in a set without an abstract type. */
  TYPE_RULE_WITHOUT_TYPE(
      "TypeRuleWithoutType",
      "%s works on abstract types, but primitive set %s declares none; declare"
          + " @PrimitiveSet(type = ...), or rename the method"),

  /** A type rule of the wrong shape. */
  TYPE_RULE_SIGNATURE(
      "TypeRuleSignature",
      "the type rule %s.type %s; declare it as %s (the operands' types, then any of the"
          + " primitive's attributes it needs, each named and typed like the attribute)"),

  /** An identity rule of the wrong shape, or on a primitive that cannot return its operand. */
  IDENTITY_RULE_SIGNATURE(
      "IdentityRuleSignature",
      "the identity rule %s.isIdentity %s; declare it as %s (the operand's type, then any of"
          + " the primitive's attributes it needs, each named and typed like the attribute)"),

  /** An attribute derivation of the wrong shape. */
  DERIVED_ATTRIBUTE_SIGNATURE(
      "DerivedAttributeSignature",
      "%s.%s, named like the attribute %s, derives it from the operands' types, but %s; declare it"
          + " as %s"),

  /** A composite that cannot become a fluent method. */
  COMPOSITE_SIGNATURE(
      "CompositeSignature",
      "composite %s would become a method of %s, but it %s; %s"),

  // ---- names ----

  /** Two primitives with one name. */
  DUPLICATE_NAME(
      "DuplicateName",
      "primitive %s has the name %s, as %s does, but names identify primitives in dumps, errors"
          + " and generated code; give one of them another @Primitive(name = ...)"),

  /** A generated member name that is taken. */
  NAME_CLASH("NameClash", "%s"),

  /** A generated class whose class file name would be longer than file systems allow. */
  NAME_TOO_LONG(
      "NameTooLong",
      "%s would generate the class %s, whose class file %s takes %d bytes, more than the %d a file"
          + " name may take; %s"),

  /** A generated class that hides a {@code java.lang} class of the same name in its package. */
  HIDES_JAVA_LANG(
      "HidesJavaLang",
      Severity.WARNING,
      "primitive set %s generates %s, which hides java.lang.%s from the code of %s: %s"
          + " written there means the generated class; rename the set, or set"
          + " @PrimitiveSet(prefix = ...) to generate other names"),

  // ---- the processor itself ----

  /** A bug in the processor, reported where it happened. */
  INTERNAL_ERROR(
      "InternalError",
      "the tidu4j processor failed unexpectedly on %s; please report this with the declaration."
          + " %s"),

  /** The generated file could not be written. */
  WRITE_FAILED("WriteFailed", "could not write %s: %s");

  private final String id;
  private final String template;
  private final Severity severity;

  Message(String id, String template) {
    this(id, Severity.ERROR, template);
  }

  Message(String id, Severity severity, String template) {
    this.id = id;
    this.severity = severity;
    this.template = template;
  }

  /** The stable id, e.g. {@code MissingJvp}. */
  public String id() {
    return id;
  }

  /** The tag messages start with, e.g. {@code [tidu4j:MissingJvp]}. */
  public String tag() {
    return "[tidu4j:" + id + "]";
  }

  /** Whether this fails the build. */
  public Severity severity() {
    return severity;
  }

  /** The full text: the tag, then the template filled with {@code args}. */
  public String format(Object... args) {
    try {
      return tag() + " " + String.format(Locale.ROOT, template, args);
    } catch (IllegalFormatException e) {
      throw new IllegalArgumentException(
          "message " + id + " takes other arguments than " + Arrays.toString(args), e);
    }
  }
}
