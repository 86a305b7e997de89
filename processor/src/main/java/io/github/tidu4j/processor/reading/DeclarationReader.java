package io.github.tidu4j.processor.reading;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Location;
import io.github.tidu4j.processor.model.AttributeKind;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.CompositeModel;
import io.github.tidu4j.processor.model.FieldProblem;
import io.github.tidu4j.processor.model.Dispatch;
import io.github.tidu4j.processor.model.BlockKernelModel;
import io.github.tidu4j.processor.model.ElementKernelModel;
import io.github.tidu4j.processor.model.HelperMethod;
import io.github.tidu4j.processor.model.ImmutableAttributeModel;
import io.github.tidu4j.processor.model.ImmutableCompositeModel;
import io.github.tidu4j.processor.model.ImmutableBlockKernelModel;
import io.github.tidu4j.processor.model.ImmutableElementKernelModel;
import io.github.tidu4j.processor.model.ImmutableHelperMethod;
import io.github.tidu4j.processor.model.ImmutableOperandModel;
import io.github.tidu4j.processor.model.ImmutableParameterModel;
import io.github.tidu4j.processor.model.ImmutablePrimitiveModel;
import io.github.tidu4j.processor.model.ImmutablePrimitiveSetModel;
import io.github.tidu4j.processor.model.ImmutableRuleMethod;
import io.github.tidu4j.processor.model.ImmutableTypeRuleModel;
import io.github.tidu4j.processor.model.Names;
import io.github.tidu4j.processor.model.OperandModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleMethod;
import io.github.tidu4j.processor.model.RuleRole;
import io.github.tidu4j.processor.model.RuntimeTypes;
import io.github.tidu4j.processor.model.TypeRuleModel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads a {@code @PrimitiveSet} element and its nested {@code @Primitive}s into the declaration
 * model. Judges nothing: whatever it finds, valid or not, goes into the model for the validators.
 * The one thing it decides is whether the set must wait: if a declaration names a type that does
 * not exist yet (other than the set's own emitter, generated from this very model), the set is
 * read again in the next round.
 */
public final class DeclarationReader {
  /** The class Kotlin compiles a companion object to, nested in its interface. */
  private static final String KOTLIN_COMPANION = "Companion";

  /** The annotation the Kotlin compiler puts on every class it writes, kapt's stubs included. */
  private static final String KOTLIN_METADATA = "kotlin.Metadata";

  /** The annotation declaring a set. */
  public static final String PRIMITIVE_SET = "io.github.tidu4j.annotations.PrimitiveSet";

  /** The annotation declaring a primitive. */
  public static final String PRIMITIVE = "io.github.tidu4j.annotations.Primitive";
  public static final String JOINT_KERNEL = JointKernelReader.JOINT_KERNEL;

  /** The functional API's domain interface, the type of a set's domain constant. */
  private static final String DOMAIN = "io.github.tidu4j.ad.func.Domain";
  private static final String SCALAR_TYPE = "io.github.tidu4j.ad.func.ScalarType";
  private static final String TIER_POLICY = "io.github.tidu4j.graph.bytecode.TierPolicy";

  private final Elements elements;
  private final Types types;
  private final Function<String, Optional<String>> takenTypeNames;
  private final Optional<ValueSources> sources;

  /**
   * @param takenTypeNames for a qualified type name, what already takes it (a source type, another
   *     set's generated type), if anything
   */
  public DeclarationReader(
      Elements elements, Types types, Function<String, Optional<String>> takenTypeNames) {
    this(elements, types, takenTypeNames, Optional.empty());
  }

  /**
   * @param takenTypeNames for a qualified type name, what already takes it (a source type, another
   *     set's generated type), if anything
   * @param sources the source trees, to tell an annotation value no round can mend, if available
   */
  public DeclarationReader(
      Elements elements,
      Types types,
      Function<String, Optional<String>> takenTypeNames,
      Optional<ValueSources> sources) {
    this.elements = elements;
    this.types = types;
    this.takenTypeNames = takenTypeNames;
    this.sources = sources;
  }

  /**
   * Adds the type that {@code annotation}'s member {@code member} names to {@code missing} if it
   * does not resolve (yet): {@code role} says what it is for the set, for the message.
   */
  private void addIfMissing(
      List<MissingType> missing,
      TypeMirror type,
      Element set,
      AnnotationMirror annotation,
      String member,
      String role,
      Location location) {
    if (type == null || type.getKind() == TypeKind.ERROR) {
      missing.add(
          new MissingType(
              valueText(set, annotation, member), role, location, Optional.empty()));
    }
  }

  /** Reads {@code set}, which carries {@code @PrimitiveSet}. */
  public Reading read(TypeElement set) {
    AnnotationMirror annotation = annotation(set, PRIMITIVE_SET).orElseThrow();
    ClassName setType = ClassName.get(set);
    List<MissingType> missing = new ArrayList<>();
    String prefix =
        constant(set, annotation, "prefix", String.class, "of @PrimitiveSet on " + set.getSimpleName(), missing)
            .orElse("");
    boolean fluent =
        constant(set, annotation, "fluent", Boolean.class, "of @PrimitiveSet on " + set.getSimpleName(), missing)
            .orElse(true);
    boolean explicitPrefix = !prefix.isEmpty();
    if (!explicitPrefix) {
      prefix = set.getSimpleName().toString();
    }
    String packageName = elements.getPackageOf(set).getQualifiedName().toString();

    Location setLocation = Location.of(set);
    Location operandLocation = valueLocation(set, annotation, "operand");
    Location contextLocation = valueLocation(set, annotation, "context");

    TypeMirror operand = typeValue(annotation, "operand");
    TypeMirror context = typeValue(annotation, "context");
    TypeMirror abstractType = typeValue(annotation, "type");
    Location typeLocation = valueLocation(set, annotation, "type");
    String of = " of " + set.getSimpleName();
    addIfMissing(missing, abstractType, set, annotation, "type", "the abstract type" + of, typeLocation);
    addIfMissing(missing, operand, set, annotation, "operand", "the operand" + of, operandLocation);
    addIfMissing(missing, context, set, annotation, "context", "the context" + of, contextLocation);
    if (!missing.isEmpty()) {
      return new Reading.MustWait(missing, prefix, Optional.empty());
    }

    // with a prefix that names no type, nothing can be generated: accept any *Emit a rule names
    // as the emitter, so the only error is the prefix
    TypeInspector inspector =
        new TypeInspector(
            elements,
            types,
            operand,
            context,
            packageName,
            Names.isIdentifier(prefix + "Emit") ? prefix : null);
    References references = new References(elements, packageName);
    references.refersTo(set);
    references.refersTo(operand);
    references.refersTo(context);
    boolean typed = !isVoid(abstractType);
    if (typed) {
      references.refersTo(abstractType);
    }
    List<PrimitiveModel> primitives = new ArrayList<>();
    Map<String, String> unannotated = new LinkedHashMap<>();
    Map<String, Location> unannotatedLocations = new LinkedHashMap<>();
    Set<TypeElement> bases = primitiveBases(set);
    for (Element enclosed : set.getEnclosedElements()) {
      if (enclosed instanceof TypeElement nested && annotation(nested, PRIMITIVE).isPresent()) {
        primitives.add(readPrimitive(nested, primitives.size(), inspector, missing, references));
      } else if (enclosed instanceof TypeElement nested
          && nested.getKind() == ElementKind.INTERFACE
          && !bases.contains(nested)) {
        // rules with bodies in an interface not marked @Primitive and no primitive's base: most
        // likely a forgotten annotation
        List<String> rules = new ArrayList<>();
        for (ExecutableElement method : ElementFilter.methodsIn(nested.getEnclosedElements())) {
          String name = method.getSimpleName().toString();
          if (RuleRole.ofMethodName(name) != null
              && !method.getModifiers().contains(Modifier.ABSTRACT)
              && !rules.contains(name)) {
            rules.add(name);
          }
        }
        if (!rules.isEmpty()) {
          String name = nested.getSimpleName().toString();
          unannotated.put(name, String.join(" and ", rules));
          unannotatedLocations.put(name, Location.of(nested));
        }
      }
    }
    List<CompositeModel> composites = fluent ? composites(set, inspector) : List.of();
    missing.addAll(inspector.missing());

    ImmutablePrimitiveSetModel.Builder model =
        ImmutablePrimitiveSetModel.builder()
            .setType(setType)
            .declaredKind(kindName(set.getKind()))
            .typeParameters(names(set.getTypeParameters()))
            .accessible(isAccessible(set))
            .prefix(prefix)
            .fluent(fluent)
            .hasExplicitPrefix(explicitPrefix)
            .operand(operand(operand, inspector, references))
            .abstractType(typed ? Optional.of(TypeName.get(abstractType)) : Optional.empty())
            .domainField(fieldOfType(set, DOMAIN))
            .domainProblem(domainProblem(set, operand, typed ? abstractType : null))
            .tierPolicyField(fieldOfType(set, TIER_POLICY))
            .abstractTypeText(
                typed ? Optional.of(TypeInspector.display(abstractType)) : Optional.empty())
            .abstractTypeProblem(typed ? abstractTypeProblem(abstractType) : Optional.empty())
            .abstractTypeEqualityProblem(
                typed
                    ? new ValueEquality(elements, types, sources).problem(abstractType)
                    : Optional.empty())
            .abstractTypeInaccessible(
                typed ? references.inaccessible(abstractType) : Optional.empty())
            .typeLocation(typeLocation)
            .contextType(TypeName.get(context))
            .contextText(TypeInspector.display(context))
            .contextProblem(contextProblem(context))
            .contextInaccessible(references.inaccessible(context))
            .auxiliaryFile(sources.flatMap(s -> s.auxiliaryFileOf(topLevel(set))))
            .javaLangShadows(references.javaLangShadows())
            .generatedJavaLangNames(generatedJavaLangNames(prefix, fluent))
            .usesDeprecated(references.deprecated())
            .usesDeprecatedForRemoval(references.deprecatedForRemoval())
            .primitives(primitives)
            .composites(composites)
            .jointKernels(JointKernelReader.read(set, inspector))
            .superSets(superSets(set))
            .unannotatedRuleHolders(unannotated)
            .unannotatedRuleHolderLocations(unannotatedLocations)
            .location(setLocation)
            .operandLocation(operandLocation)
            .contextLocation(contextLocation)
            .prefixLocation(valueLocation(set, annotation, "prefix"));
    Optional<String> earlierGenerator = earlierGenerator(set, packageName, prefix);
    for (String simple : PrimitiveSetModel.generatedNames(prefix, fluent)) {
      String name = packageName.isEmpty() ? simple : packageName + "." + simple;
      Optional<String> taken = takenTypeNames.apply(name);
      if (taken.isEmpty() && earlierGenerator.isPresent() && elements.getTypeElement(name) != null) {
        taken = earlierGenerator;
      }
      taken.ifPresent(reason -> model.putTakenTypeNames(name, reason));
    }
    if (!missing.isEmpty()) {
      // the set as read is checked only where a missing name is sure, which no round can mend
      boolean sure = missing.stream().anyMatch(m -> m.correction().isPresent());
      return new Reading.MustWait(
          missing, prefix, sure ? Optional.of(model.build()) : Optional.empty());
    }
    return new Reading.Complete(model.build());
  }

  /** The generated simple names of a set of {@code prefix} that name public {@code java.lang} types. */
  private Set<String> generatedJavaLangNames(String prefix, boolean fluent) {
    Set<String> names = new TreeSet<>();
    for (String simple : PrimitiveSetModel.generatedNames(prefix, fluent)) {
      TypeElement type = elements.getTypeElement("java.lang." + simple);
      if (type != null && type.getModifiers().contains(Modifier.PUBLIC)) {
        names.add(simple);
      }
    }
    return names;
  }

  /** The top-level type that is, or holds, {@code type}. */
  private static TypeElement topLevel(TypeElement type) {
    TypeElement top = type;
    while (top.getEnclosingElement() instanceof TypeElement outer) {
      top = outer;
    }
    return top;
  }

  /**
   * Why the set's domain constants cannot serve the generated code, at the field to fix: several
   * (the generated code would take the first, whatever its name), a raw {@code Domain} (unchecked
   * conversions in generated code), or one whose type arguments are not the set's abstract type
   * ({@code ScalarType} for an untyped set over {@code double}; any for other untyped sets) and its
   * boxed operand (generated code that does not compile).
   */
  private Optional<FieldProblem> domainProblem(
      TypeElement set, TypeMirror operand, TypeMirror abstractType) {
    List<VariableElement> fields = fieldsOfType(set, DOMAIN);
    if (fields.isEmpty()) {
      return Optional.empty();
    }
    TypeMirror erased = types.erasure(elements.getTypeElement(DOMAIN).asType());
    if (fields.size() > 1) {
      List<String> names = new ArrayList<>();
      for (VariableElement field : fields) {
        names.add(field.getSimpleName().toString());
      }
      return Optional.of(
          new FieldProblem(
              "it declares " + fields.size() + " fields of type Domain (" + String.join(", ", names)
                  + "), and the generated classes would read values' types with the first, "
                  + names.get(0) + ", whatever its name",
              Location.of(fields.get(1))));
    }
    VariableElement field = fields.get(0);
    Location location = Location.of(field);
    String name = field.getSimpleName().toString();
    if (!(field.asType() instanceof DeclaredType declared)
        || !types.isSameType(types.erasure(declared), erased)) {
      return Optional.of(
          new FieldProblem(
              "field " + name + " is a " + TypeInspector.display(field.asType())
                  + ", not a Domain itself, so its type arguments cannot be checked",
              location));
    }
    if (declared.getTypeArguments().isEmpty()) {
      return Optional.of(
          new FieldProblem(
              "field " + name + " is a raw Domain, which the generated classes would use through"
                  + " unchecked conversions",
              location));
    }
    TypeMirror typeArgument = declared.getTypeArguments().get(0);
    TypeMirror valueArgument = declared.getTypeArguments().get(1);
    TypeMirror boxed =
        operand.getKind().isPrimitive()
            ? types.boxedClass((PrimitiveType) operand).asType()
            : operand;
    TypeMirror expectedType =
        abstractType != null
            ? abstractType
            : operand.getKind() == TypeKind.DOUBLE
                ? elements.getTypeElement(SCALAR_TYPE).asType()
                : null;
    if (!types.isSameType(valueArgument, boxed)
        || (expectedType != null && !types.isSameType(typeArgument, expectedType))) {
      return Optional.of(
          new FieldProblem(
              "field " + name + " is a " + TypeInspector.display(field.asType()) + ", but the"
                  + " set's " + (expectedType != null ? "abstract type and " : "") + "operand"
                  + " make it a Domain<"
                  + (expectedType != null
                      ? TypeInspector.display(expectedType)
                      : TypeInspector.display(typeArgument))
                  + ", " + TypeInspector.display(boxed) + ">",
              location));
    }
    return Optional.empty();
  }

  /** The name of the first field of {@code set} whose type is a {@code typeName}, if any. */
  private Optional<String> fieldOfType(TypeElement set, String typeName) {
    return fieldsOfType(set, typeName).stream()
        .findFirst()
        .map(field -> field.getSimpleName().toString());
  }

  /**
   * The fields of {@code set} whose type is a {@code typeName} (erased), in declaration order;
   * none if that type is not on the class path.
   */
  private List<VariableElement> fieldsOfType(TypeElement set, String typeName) {
    TypeElement type = elements.getTypeElement(typeName);
    if (type == null) {
      return List.of();
    }
    TypeMirror erased = types.erasure(type.asType());
    List<VariableElement> fields = new ArrayList<>();
    for (VariableElement field : ElementFilter.fieldsIn(set.getEnclosedElements())) {
      if (types.isAssignable(types.erasure(field.asType()), erased)) {
        fields.add(field);
      }
    }
    return fields;
  }

  private OperandModel operand(
      TypeMirror operand, TypeInspector inspector, References references) {
    ImmutableOperandModel.Builder model =
        ImmutableOperandModel.builder()
            .text(TypeInspector.display(operand))
            .inaccessible(references.inaccessible(operand))
            .type(TypeName.get(operand))
            .descriptor(operand.getKind() == TypeKind.VOID ? "V" : inspector.descriptor(operand));
    if (operand.getKind() == TypeKind.VOID) {
      model.problem("void has no values");
    } else if (operand.getKind() == TypeKind.DECLARED
        && !((TypeElement) types.asElement(operand)).getTypeParameters().isEmpty()) {
      model.problem("it is generic, and a class literal can only name it raw");
    }
    return model.build();
  }

  /**
   * The set's composites: its static methods whose first parameter is the set's fluent value or
   * builder (recognised by name, since they are generated in this round).
   */
  private List<CompositeModel> composites(TypeElement set, TypeInspector inspector) {
    List<CompositeModel> composites = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(set.getEnclosedElements())) {
      List<? extends VariableElement> parameters = method.getParameters();
      if (!method.getModifiers().contains(Modifier.STATIC)
          || method.getModifiers().contains(Modifier.PRIVATE)
          || parameters.isEmpty()) {
        continue;
      }
      String receiver = inspector.fluentSuffix(parameters.get(0).asType());
      if (receiver == null) {
        continue;
      }
      ImmutableCompositeModel.Builder composite =
          ImmutableCompositeModel.builder()
              .name(method.getSimpleName().toString())
              .onBuilder(receiver.equals("Builder"))
              .varargs(method.isVarArgs())
              .summary(DocSummary.of(elements.getDocComment(method)))
              .returnType(inspector.fluentAware(method.getReturnType()))
              .typeParameters(names(method.getTypeParameters()))
              .location(Location.of(method));
      for (VariableElement parameter : parameters.subList(1, parameters.size())) {
        composite
            .addParameterNames(parameter.getSimpleName().toString())
            .addParameterTypes(inspector.fluentAware(parameter.asType()));
      }
      for (TypeMirror thrown : method.getThrownTypes()) {
        if (!inspector.isUnchecked(thrown)) {
          composite.addCheckedExceptions(TypeInspector.display(thrown));
        }
      }
      composites.add(composite.build());
    }
    return composites;
  }

  private static boolean isVoid(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals("java.lang.Void");
  }

  /** Why {@code type} cannot be a set's context type: rules receive it as an object, by name. */
  private Optional<String> contextProblem(TypeMirror type) {
    if (type.getKind().isPrimitive()) {
      return Optional.of("it is a primitive type, but rules receive the context as an object");
    }
    if (type.getKind() == TypeKind.DECLARED
        && !((TypeElement) types.asElement(type)).getTypeParameters().isEmpty()) {
      return Optional.of(
          "it is generic, and a class literal can only name it raw, so the generated code and"
              + " the rules would use a raw type");
    }
    if (types.isAssignable(types.boxedClass(types.getPrimitiveType(TypeKind.INT)).asType(), type)) {
      return Optional.of(
          "an int converts to it, so the APIs that take a context beside numbers cannot tell"
              + " them apart: Transforms.jvp(f, 0) would be ambiguous between argnums and a"
              + " context, and the eager class's newRuntime(4) would be taken for a segment"
              + " limit");
    }
    return Optional.empty();
  }

  /** Why {@code type} cannot be a set's abstract type: generated code names it, unparameterized. */
  private Optional<String> abstractTypeProblem(TypeMirror type) {
    if (type.getKind().isPrimitive() || type.getKind() == TypeKind.VOID) {
      return Optional.of("it is not a reference type");
    }
    if (type.getKind() == TypeKind.DECLARED
        && !((TypeElement) types.asElement(type)).getTypeParameters().isEmpty()) {
      return Optional.of("it is generic, and a class literal can only name it raw");
    }
    return Optional.empty();
  }

  private PrimitiveModel readPrimitive(
      TypeElement type,
      int opcode,
      TypeInspector inspector,
      List<MissingType> missing,
      References references) {
    AnnotationMirror annotation = annotation(type, PRIMITIVE).orElseThrow();
    String on = "of @Primitive on " + type.getSimpleName();
    String explicitName = constant(type, annotation, "name", String.class, on, missing).orElse("");
    ImmutablePrimitiveModel.Builder model =
        ImmutablePrimitiveModel.builder()
            .name(explicitName.isEmpty() ? type.getSimpleName().toString() : explicitName)
            .hasExplicitName(!explicitName.isEmpty())
            .interfaceType(ClassName.get(type))
            .internalName(inspector.internalName(type))
            .opcode(opcode)
            .declaredKind(kindName(type.getKind()))
            .summary(DocSummary.of(elements.getDocComment(type)))
            .fromKotlin(annotation(type, KOTLIN_METADATA).isPresent())
            .typeParameters(names(type.getTypeParameters()))
            .accumulator(
                constant(type, annotation, "accumulator", Boolean.class, on, missing).orElse(false))
            .zero(constant(type, annotation, "zero", Boolean.class, on, missing).orElse(false))
            .multilinear(
                constant(type, annotation, "multilinear", Boolean.class, on, missing).orElse(false))
            .scale(constant(type, annotation, "scale", Boolean.class, on, missing).orElse(false))
            .elementwise(
                constant(type, annotation, "elementwise", Boolean.class, on, missing).orElse(false))
            .outputs(constant(type, annotation, "outputs", Integer.class, on, missing).orElse(1))
            .sealed(type.getModifiers().contains(Modifier.SEALED))
            .serializable(isSerializable(type))
            .location(Location.of(type))
            .annotationLocation(Location.of(type, annotation))
            .accumulatorLocation(valueLocation(type, annotation, "accumulator"))
            .zeroLocation(valueLocation(type, annotation, "zero"))
            .multilinearLocation(valueLocation(type, annotation, "multilinear"))
            .scaleLocation(valueLocation(type, annotation, "scale"))
            .elementwiseLocation(valueLocation(type, annotation, "elementwise"))
            .outputsLocation(valueLocation(type, annotation, "outputs"))
            .nameLocation(
                explicitName.isEmpty() ? Location.of(type) : valueLocation(type, annotation, "name"));

    references.refersTo(type);
    List<? extends Element> members = elements.getAllMembers(type);
    for (TypeElement member : ElementFilter.typesIn(members)) {
      model.addMemberTypeNames(member.getSimpleName().toString());
    }
    for (VariableElement field : ElementFilter.fieldsIn(members)) {
      model.addFieldNames(field.getSimpleName().toString());
    }
    String simpleName = type.getSimpleName().toString();
    Set<String> attributeNames = new HashSet<>();
    for (ExecutableElement method : ElementFilter.methodsIn(members)) {
      if (method.getModifiers().contains(Modifier.ABSTRACT) && method.getParameters().isEmpty()) {
        attributeNames.add(method.getSimpleName().toString());
      }
    }
    Set<String> typeRules = new HashSet<>();
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      String methodName = method.getSimpleName().toString();
      RuleRole role = RuleRole.ofMethodName(methodName);
      boolean concrete = !method.getModifiers().contains(Modifier.ABSTRACT);
      boolean derivation =
          concrete && !method.getParameters().isEmpty() && attributeNames.contains(methodName);
      boolean typeLike =
          concrete
              && (methodName.equals(TYPE_RULE) || methodName.equals(IDENTITY_RULE) || derivation);
      if (role != null) {
        references.refersTo(method);
        model.addRules(readRule(method, role, simpleName, inspector, null));
      } else if (ElementKernelModel.isKernelName(methodName)) {
        references.refersTo(method);
        model.addElementKernels(readElementKernel(method, simpleName, inspector));
      } else if (methodName.equals(BlockKernelModel.NAME)) {
        references.refersTo(method);
        model.addBlockKernels(readBlockKernel(method, simpleName, inspector));
      } else if (typeLike && !typeRules.add(methodName)) {
        references.refersTo(method);
        model.addExtraTypeRules(readTypeRule(method, simpleName, inspector));
      } else if (concrete && methodName.equals(TYPE_RULE)) {
        references.refersTo(method);
        model.typeRule(readTypeRule(method, simpleName, inspector));
      } else if (concrete && methodName.equals(IDENTITY_RULE)) {
        references.refersTo(method);
        model.identityRule(readTypeRule(method, simpleName, inspector));
      } else if (derivation) {
        references.refersTo(method);
        model.putDerivations(methodName, readTypeRule(method, simpleName, inspector));
      } else if (!method.getModifiers().contains(Modifier.ABSTRACT)) {
        model.addHelpers(readHelper(method));
      }
    }
    readInheritedRules(type, model, simpleName, inspector);
    readCompanionRules(type, model, simpleName);
    // attributes: abstract methods, declared here or inherited from superinterfaces, in
    // declaration order: they are the parameters of the generated factory and emitter methods
    for (ExecutableElement method : inDeclarationOrder(type, ElementFilter.methodsIn(members))) {
      if (method.getModifiers().contains(Modifier.ABSTRACT)
          && RuleRole.ofMethodName(method.getSimpleName().toString()) == null
          && !ElementKernelModel.isKernelName(method.getSimpleName().toString())
          && !method.getSimpleName().contentEquals(BlockKernelModel.NAME)
          && !isObjectMethod(method)) {
        references.refersTo(method);
        model.addAttributes(readAttribute(type, method, simpleName, inspector, references));
      }
    }
    return model.build();
  }

  /**
   * Rules a primitive inherits from its superinterfaces, for the roles it does not declare itself:
   * a default (or abstract) method is inherited, and the generated operation calls it like its
   * own; a static one is not inherited (static interface methods never are), which is recorded
   * for a diagnostic. The nearest superinterface declaring a role wins.
   */
  private void readInheritedRules(
      TypeElement type,
      ImmutablePrimitiveModel.Builder model,
      String simpleName,
      TypeInspector inspector) {
    Set<RuleRole> seen = new HashSet<>();
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      RuleRole role = RuleRole.ofMethodName(method.getSimpleName().toString());
      if (role != null) {
        seen.add(role);
      }
    }
    for (TypeElement superType : allSuperinterfaces(type)) {
      Set<RuleRole> here = new HashSet<>();
      for (ExecutableElement method : ElementFilter.methodsIn(superType.getEnclosedElements())) {
        RuleRole role = RuleRole.ofMethodName(method.getSimpleName().toString());
        if (role == null || seen.contains(role)) {
          continue;
        }
        here.add(role);
        if (method.getModifiers().contains(Modifier.STATIC)) {
          model.putInheritedStaticRules(
              role.methodName(), superType.getSimpleName() + "." + role.methodName());
        } else if (!method.getModifiers().contains(Modifier.PRIVATE)) {
          // a rule inherited from a class file (another module's primitive) has no line to
          // point at: its diagnostics point at the primitive inheriting it
          boolean inClassFile = sources.map(source -> !source.hasSource(method)).orElse(false);
          model.addRules(readRule(method, role, simpleName, inspector, inClassFile ? type : null));
        }
      }
      seen.addAll(here);
    }
  }

  /**
   * Rules the primitive lacks that its nested class {@code Companion} declares as instance methods
   * (a Kotlin companion object whose functions are not {@code @JvmStatic}), recorded for one
   * diagnostic in place of a missing rule each.
   */
  private static void readCompanionRules(
      TypeElement type, ImmutablePrimitiveModel.Builder model, String simpleName) {
    Set<String> declared = new HashSet<>();
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      declared.add(method.getSimpleName().toString());
    }
    for (TypeElement nested : ElementFilter.typesIn(type.getEnclosedElements())) {
      if (nested.getKind() != ElementKind.CLASS
          || !nested.getSimpleName().contentEquals(KOTLIN_COMPANION)) {
        continue;
      }
      for (ExecutableElement method : ElementFilter.methodsIn(nested.getEnclosedElements())) {
        String name = method.getSimpleName().toString();
        if (RuleRole.ofMethodName(name) != null
            && !declared.contains(name)
            && !method.getModifiers().contains(Modifier.STATIC)) {
          model.putCompanionRules(name, simpleName + "." + KOTLIN_COMPANION + "." + name);
        }
      }
    }
  }

  private List<TypeElement> superinterfaces(TypeElement type) {
    List<TypeElement> found = new ArrayList<>();
    for (TypeMirror superType : type.getInterfaces()) {
      if (types.asElement(superType) instanceof TypeElement element) {
        found.add(element);
      }
    }
    return found;
  }

  /** The interfaces the set's primitives extend, directly or not: bases rules are inherited from. */
  private Set<TypeElement> primitiveBases(TypeElement set) {
    Set<TypeElement> bases = new HashSet<>();
    for (Element enclosed : set.getEnclosedElements()) {
      if (enclosed instanceof TypeElement nested && annotation(nested, PRIMITIVE).isPresent()) {
        bases.addAll(allSuperinterfaces(nested));
      }
    }
    return bases;
  }

  /**
   * The {@code @PrimitiveSet} interfaces {@code set} extends, directly or not: those of the
   * sources by their annotation, and those compiled earlier (from a jar, another module, an earlier
   * build), whose source-retained annotation their class files do not keep, by {@link
   * #hasGeneratedOperations the operations generated for them}.
   */
  private List<String> superSets(TypeElement set) {
    List<String> found = new ArrayList<>();
    for (TypeElement superType : allSuperinterfaces(set)) {
      if (annotation(superType, PRIMITIVE_SET).isPresent() || hasGeneratedOperations(superType)) {
        found.add(superType.getSimpleName().toString());
      }
    }
    return found;
  }

  /**
   * Why the names {@code set} would generate are taken, if another set generated them in an
   * earlier compilation: the operation class {@code prefix + "Op"} is on the source or class path
   * and holds another set's primitives ({@link #generatedPrimitives}). A compilation of some files
   * alone (an IDE's, or javac given the changed files) sees that set only there, so without this
   * check {@code set} would overwrite its generated classes and leave the code compiled against
   * them to fail at run time. A set whose source declares another prefix now is not in the way:
   * its next compilation regenerates its own names.
   */
  private Optional<String> earlierGenerator(TypeElement set, String packageName, String prefix) {
    TypeElement operations =
        elements.getTypeElement(packageName.isEmpty() ? prefix + "Op" : packageName + "." + prefix + "Op");
    if (operations == null) {
      return Optional.empty();
    }
    try {
      for (TypeElement primitive : generatedPrimitives(operations)) {
        if (primitive.getEnclosingElement() instanceof TypeElement other
            && !other.equals(set)
            && other.getKind() == ElementKind.INTERFACE
            && (annotation(other, PRIMITIVE_SET).isEmpty() || prefixOf(other).equals(prefix))) {
          return Optional.of(
              "primitive set " + other.getQualifiedName() + " generated a type of that name in"
                  + " an earlier compilation, which this one would overwrite (it is on the source"
                  + " or class path; if " + other.getSimpleName() + " no longer declares this"
                  + " prefix or no longer exists, delete that earlier output, with mvn clean"
                  + " for instance)");
        }
      }
    } catch (RuntimeException e) {
      // a class file of an earlier build that no longer completes (javac's CompletionFailure):
      // nothing to tell from it
    }
    return Optional.empty();
  }

  /**
   * Whether {@code type}'s package holds the operation class generated for it as a set: a
   * top-level {@code ...Op} class whose {@linkplain #generatedPrimitives primitives} are {@code
   * type}'s nested interfaces. That is how a set compiled earlier shows in class files, whatever
   * its prefix; an interface with no nested interface cannot be a set with primitives and is not
   * looked further at.
   */
  private boolean hasGeneratedOperations(TypeElement type) {
    Set<TypeElement> nested = new HashSet<>(ElementFilter.typesIn(type.getEnclosedElements()));
    if (nested.isEmpty()) {
      return false;
    }
    for (TypeElement candidate :
        ElementFilter.typesIn(elements.getPackageOf(type).getEnclosedElements())) {
      if (candidate.getSimpleName().toString().endsWith("Op")
          && generatedPrimitives(candidate).stream().anyMatch(nested::contains)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The primitive interfaces {@code candidate} holds operations of, if it is an operation class
   * this processor generated: a class implementing the runtime's {@code Primitive} whose nested
   * classes implement them ({@code AlgOp.AddOp implements Alg.Add}); none for any other type.
   */
  private List<TypeElement> generatedPrimitives(TypeElement candidate) {
    if (candidate.getKind() != ElementKind.CLASS
        || candidate.getInterfaces().stream()
            .noneMatch(i -> isNamed(i, RuntimeTypes.PRIMITIVE.canonicalName()))) {
      return List.of();
    }
    List<TypeElement> primitives = new ArrayList<>();
    for (TypeElement operation : ElementFilter.typesIn(candidate.getEnclosedElements())) {
      for (TypeMirror implemented : operation.getInterfaces()) {
        if (types.asElement(implemented) instanceof TypeElement element) {
          primitives.add(element);
        }
      }
    }
    return primitives;
  }

  private boolean isNamed(TypeMirror type, String qualifiedName) {
    return types.asElement(type) instanceof TypeElement element
        && element.getQualifiedName().contentEquals(qualifiedName);
  }

  /**
   * {@code methods} (members of {@code type}) in declaration order: the type's own methods in the
   * order its source declares them, then each superinterface's in turn ({@link
   * #allSuperinterfaces}), nearest first. {@code Elements.getAllMembers} promises no order, and
   * compilers differ: javac lists the members in declaration order, the Eclipse compiler in an
   * order of its own, which would swap two attributes of one type in every generated signature.
   */
  private List<ExecutableElement> inDeclarationOrder(
      TypeElement type, List<ExecutableElement> methods) {
    Map<Element, Integer> rank = new HashMap<>();
    List<TypeElement> declaring = new ArrayList<>();
    declaring.add(type);
    declaring.addAll(allSuperinterfaces(type));
    for (TypeElement declarer : declaring) {
      for (Element member : declarer.getEnclosedElements()) {
        rank.putIfAbsent(member, rank.size());
      }
    }
    List<ExecutableElement> ordered = new ArrayList<>(methods);
    // a member of no type walked (java.lang.Object's, which no interface declares) goes last
    ordered.sort(Comparator.comparingInt(method -> rank.getOrDefault(method, Integer.MAX_VALUE)));
    return ordered;
  }

  /**
   * The interfaces {@code type} extends, directly or not, each once, nearest first (breadth
   * first); iterative, so the depth of a hierarchy is not limited by the stack.
   */
  private Set<TypeElement> allSuperinterfaces(TypeElement type) {
    Set<TypeElement> found = new LinkedHashSet<>();
    Deque<TypeElement> queue = new ArrayDeque<>(superinterfaces(type));
    while (!queue.isEmpty()) {
      TypeElement superType = queue.removeFirst();
      if (found.add(superType)) {
        queue.addAll(superinterfaces(superType));
      }
    }
    return found;
  }

  /**
   * Reads rule {@code method} of {@code primitive}; {@code locatedAt}, if not null, is the element
   * every diagnostic about the rule points at instead of the method and its parameters (a rule
   * inherited from a class file, where they have no line).
   */
  private RuleMethod readRule(
      ExecutableElement method,
      RuleRole role,
      String primitive,
      TypeInspector inspector,
      Element locatedAt) {
    String name = primitive + "." + method.getSimpleName();
    Location methodLocation = locate(locatedAt, method);
    ImmutableRuleMethod.Builder rule =
        ImmutableRuleMethod.builder()
            .role(role)
            .dispatch(dispatch(method))
            .typeParameters(names(method.getTypeParameters()))
            .location(methodLocation);
    checkSignatureExists(method, name, inspector, locatedAt);
    for (VariableElement parameter : method.getParameters()) {
      TypeMirror type = parameter.asType();
      rule.addParameters(
          ImmutableParameterModel.builder()
              .name(parameter.getSimpleName().toString())
              .kind(inspector.parameterKind(type, role))
              .typeText(TypeInspector.display(type))
              .otherEmitter(inspector.isOtherEmitter(type))
              .location(locate(locatedAt, parameter))
              .build());
    }
    TypeMirror returnType = method.getReturnType();
    rule.returnKind(inspector.returnKind(returnType, role)).returnText(TypeInspector.display(returnType));
    for (TypeMirror thrown : method.getThrownTypes()) {
      if (inspector.checkExists(thrown, "the throws clause of " + name, methodLocation)
          && !inspector.isUnchecked(thrown)) {
        rule.addCheckedExceptions(TypeInspector.display(thrown));
      }
    }
    rule.descriptor(inspector.descriptor(method));
    return rule.build();
  }

  private ElementKernelModel readElementKernel(
      ExecutableElement method, String primitive, TypeInspector inspector) {
    String name = primitive + "." + method.getSimpleName();
    ImmutableElementKernelModel.Builder kernel =
        ImmutableElementKernelModel.builder()
            .name(method.getSimpleName().toString())
            .dispatch(dispatch(method))
            .typeParameters(names(method.getTypeParameters()))
            .location(Location.of(method));
    checkSignatureExists(method, name, inspector, null);
    for (VariableElement parameter : method.getParameters()) {
      kernel
          .addDoubleParameters(parameter.asType().getKind() == TypeKind.DOUBLE)
          .addParameterTypes(TypeInspector.display(parameter.asType()));
    }
    TypeMirror returnType = method.getReturnType();
    kernel
        .returnsDouble(returnType.getKind() == TypeKind.DOUBLE)
        .returnText(TypeInspector.display(returnType));
    for (TypeMirror thrown : method.getThrownTypes()) {
      if (inspector.checkExists(thrown, "the throws clause of " + name, Location.of(method))
          && !inspector.isUnchecked(thrown)) {
        kernel.addCheckedExceptions(TypeInspector.display(thrown));
      }
    }
    return kernel.descriptor(inspector.descriptor(method)).build();
  }

  private BlockKernelModel readBlockKernel(
      ExecutableElement method, String primitive, TypeInspector inspector) {
    String name = primitive + "." + method.getSimpleName();
    ImmutableBlockKernelModel.Builder kernel =
        ImmutableBlockKernelModel.builder()
            .dispatch(dispatch(method))
            .typeParameters(names(method.getTypeParameters()))
            .returnText(TypeInspector.display(method.getReturnType()))
            .location(Location.of(method));
    checkSignatureExists(method, name, inspector, null);
    for (VariableElement parameter : method.getParameters()) {
      kernel.addParameterTypes(TypeInspector.display(parameter.asType()));
    }
    for (TypeMirror thrown : method.getThrownTypes()) {
      if (inspector.checkExists(thrown, "the throws clause of " + name, Location.of(method))
          && !inspector.isUnchecked(thrown)) {
        kernel.addCheckedExceptions(TypeInspector.display(thrown));
      }
    }
    return kernel.descriptor(inspector.descriptor(method)).build();
  }

  /**
   * Reports at once any type in the parameters or the return type of {@code method} (named {@code
   * name} in messages) that does not exist: no later round can make a rule or type rule take it.
   */
  private static void checkSignatureExists(
      ExecutableElement method, String name, TypeInspector inspector, Element locatedAt) {
    for (VariableElement parameter : method.getParameters()) {
      inspector.checkExistsInSignature(
          parameter.asType(),
          "parameter " + parameter.getSimpleName() + " of " + name,
          locate(locatedAt, parameter));
    }
    inspector.checkExistsInSignature(
        method.getReturnType(),
        "the return type of " + name,
        locate(locatedAt, method));
  }

  /** Where to report on {@code element}: at {@code locatedAt} instead, if that is not null. */
  private static Location locate(Element locatedAt, Element element) {
    return Location.of(locatedAt != null ? locatedAt : element);
  }

  /** The name of a primitive's type rule. */
  private static final String TYPE_RULE = "type";

  /** The name of a primitive's identity rule. */
  private static final String IDENTITY_RULE = "isIdentity";

  private TypeRuleModel readTypeRule(
      ExecutableElement method, String primitive, TypeInspector inspector) {
    String name = primitive + "." + method.getSimpleName();
    ImmutableTypeRuleModel.Builder rule =
        ImmutableTypeRuleModel.builder()
            .name(method.getSimpleName().toString())
            .isStatic(method.getModifiers().contains(Modifier.STATIC))
            .typeParameters(names(method.getTypeParameters()))
            .location(Location.of(method));
    checkSignatureExists(method, name, inspector, null);
    for (VariableElement parameter : method.getParameters()) {
      TypeMirror type = parameter.asType();
      rule.addParameterNames(parameter.getSimpleName().toString())
          .addParameterTypes(TypeName.get(type))
          .addParameterTypeTexts(TypeInspector.display(type));
    }
    TypeMirror returnType = method.getReturnType();
    return rule.returnType(TypeName.get(returnType))
        .returnText(TypeInspector.display(returnType))
        .build();
  }

  private AttributeModel readAttribute(
      TypeElement primitive,
      ExecutableElement method,
      String primitiveName,
      TypeInspector inspector,
      References references) {
    TypeMirror type =
        ((ExecutableType)
                types.asMemberOf((DeclaredType) primitive.asType(), method))
            .getReturnType();
    Location location = Location.of(method);
    ImmutableAttributeModel.Builder attribute =
        ImmutableAttributeModel.builder()
            .name(method.getSimpleName().toString())
            .type(TypeName.get(type))
            .typeText(TypeInspector.display(type))
            .parameterCount(method.getParameters().size())
            .typeParameters(names(method.getTypeParameters()))
            .location(location);
    if (!inspector.checkExists(
        type, "attribute " + method.getSimpleName() + " of " + primitiveName, location, false)) {
      return attribute.kind(AttributeKind.INVALID).build();
    }
    references.refersTo(type);
    attribute.inaccessible(references.inaccessible(type));
    TypeInspector.AttributeCheck check = inspector.attribute(type);
    if (check.kind() == AttributeKind.OPERATION) {
      // may not be generated yet: name it as it will be
      attribute.type(inspector.generatedType("Op"));
    }
    return attribute.kind(check.kind()).problem(check.problem()).build();
  }

  private static HelperMethod readHelper(ExecutableElement method) {
    return ImmutableHelperMethod.builder()
        .name(method.getSimpleName().toString())
        .parameterCount(method.getParameters().size())
        .isDefault(method.getModifiers().contains(Modifier.DEFAULT))
        .location(Location.of(method))
        .build();
  }

  /** How {@code method} is called: private, static, default or abstract. */
  static Dispatch dispatch(ExecutableElement method) {
    var modifiers = method.getModifiers();
    if (modifiers.contains(Modifier.PRIVATE)) {
      return Dispatch.PRIVATE;
    }
    if (modifiers.contains(Modifier.STATIC)) {
      return Dispatch.STATIC;
    }
    if (modifiers.contains(Modifier.DEFAULT)) {
      return Dispatch.DEFAULT;
    }
    return Dispatch.ABSTRACT;
  }

  /** Whether {@code method} is, or redeclares, a public method of {@code Object}. */
  private boolean isObjectMethod(ExecutableElement method) {
    Element owner = method.getEnclosingElement();
    if (owner instanceof TypeElement type
        && type.getQualifiedName().contentEquals("java.lang.Object")) {
      return true;
    }
    TypeElement object = elements.getTypeElement("java.lang.Object");
    for (ExecutableElement candidate : ElementFilter.methodsIn(object.getEnclosedElements())) {
      if (candidate.getModifiers().contains(Modifier.PUBLIC)
          && candidate.getSimpleName().equals(method.getSimpleName())
          && types.isSubsignature(
              (ExecutableType) method.asType(),
              (ExecutableType) candidate.asType())) {
        return true;
      }
    }
    return false;
  }

  private boolean isSerializable(TypeElement type) {
    TypeElement serializable = elements.getTypeElement("java.io.Serializable");
    return serializable != null && types.isAssignable(type.asType(), serializable.asType());
  }

  /** Whether {@code type} and every type enclosing it are visible in their package. */
  private static boolean isAccessible(TypeElement type) {
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      if (e.getModifiers().contains(Modifier.PRIVATE)) {
        return false;
      }
    }
    return true;
  }

  private static String kindName(ElementKind kind) {
    switch (kind) {
      case INTERFACE:
        return "interface";
      case ANNOTATION_TYPE:
        return "annotation type";
      case ENUM:
        return "enum";
      case RECORD:
        return "record";
      default:
        return "class";
    }
  }

  private static List<String> names(List<? extends TypeParameterElement> parameters) {
    List<String> names = new ArrayList<>();
    for (TypeParameterElement parameter : parameters) {
      names.add(parameter.getSimpleName().toString());
    }
    return names;
  }

  /**
   * The prefix of {@code set}'s generated names as far as it can be read without judging the
   * declaration: an explicit {@code prefix} string, else the simple name. For stand-ins after a
   * failure.
   */
  public static String prefixOf(TypeElement set) {
    return explicitSetValue(set, "prefix") instanceof String prefix
            && !prefix.isEmpty()
            && !prefix.equals(ERROR_VALUE)
        ? prefix
        : set.getSimpleName().toString();
  }

  /**
   * Whether {@code set} asks for the fluent classes, as far as it can be read without judging the
   * declaration: {@code false} only if {@code fluent = false} is written. For stand-ins after a
   * failure.
   */
  public static boolean fluentOf(TypeElement set) {
    return !(explicitSetValue(set, "fluent") instanceof Boolean fluent) || fluent;
  }

  /** {@code @PrimitiveSet}'s {@code member} on {@code set} as written; {@code null} if defaulted. */
  private static Object explicitSetValue(TypeElement set, String member) {
    AnnotationValue value =
        annotation(set, PRIMITIVE_SET).map(a -> explicitValue(a, member)).orElse(null);
    return value == null ? null : value.getValue();
  }

  /** The mirror of annotation {@code qualifiedName} on {@code element}, if present. */
  public static Optional<AnnotationMirror> annotation(Element element, String qualifiedName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      Element type = mirror.getAnnotationType().asElement();
      if (type instanceof TypeElement te && te.getQualifiedName().contentEquals(qualifiedName)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  private AnnotationValue value(AnnotationMirror annotation, String member) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        elements.getElementValuesWithDefaults(annotation).entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(member)) {
        return entry.getValue();
      }
    }
    throw new IllegalStateException("@" + annotation.getAnnotationType() + " has no member " + member);
  }

  /** The location of an explicitly given annotation value, or of the annotation if defaulted. */
  private static Location valueLocation(Element element, AnnotationMirror annotation, String member) {
    AnnotationValue value = explicitValue(annotation, member);
    return value == null ? Location.of(element, annotation) : Location.of(element, annotation, value);
  }

  /**
   * A constant member's value; empty, with the member added to {@code missing}, if it does not
   * resolve yet. A value naming a constant of a class not generated yet (by another processor, in
   * a later round) reaches a processor unresolved: javac hands over an error value (the string
   * {@code "<error>"}, told apart from a literal by not printing as a quoted literal) instead of a
   * value of the member's type.
   */
  private <T> Optional<T> constant(
      Element element,
      AnnotationMirror annotation,
      String member,
      Class<T> type,
      String on,
      List<MissingType> missing) {
    AnnotationValue value = value(annotation, member);
    Object constant = value.getValue();
    boolean unresolved =
        !type.isInstance(constant)
            || (ERROR_VALUE.equals(constant) && !value.toString().startsWith("\""));
    if (unresolved) {
      Optional<String> sure =
          sources.flatMap(s -> s.sureMistake(element, annotation, explicitValue(annotation, member)));
      missing.add(
          MissingType.value(
              expected(type),
              "the value of " + member + " " + on,
              valueLocation(element, annotation, member),
              sure));
      return Optional.empty();
    }
    return Optional.of(type.cast(constant));
  }

  /** The value of {@code member} as written; {@code null} if defaulted. */
  private static AnnotationValue explicitValue(AnnotationMirror annotation, String member) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        annotation.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(member)) {
        return entry.getValue();
      }
    }
    return null;
  }

  /** What javac hands a processor for an annotation value that does not resolve. */
  private static final String ERROR_VALUE = "<error>";

  private static String expected(Class<?> type) {
    if (type == Integer.class) {
      return "an int constant";
    }
    if (type == Boolean.class) {
      return "a boolean constant";
    }
    return "a String constant";
  }

  /**
   * A class-valued member's type as written, for a message about it; javac keeps no name for a
   * class literal that does not resolve, so that name is read from the source where it is at hand.
   */
  private String valueText(Element element, AnnotationMirror annotation, String member) {
    AnnotationValue value = value(annotation, member);
    if (value.getValue() instanceof TypeMirror type) {
      return type.toString();
    }
    return sources
        .flatMap(source -> source.classLiteralName(element, annotation, value))
        .map(name -> "class " + name)
        .orElse("a class the compiler gives no name for");
  }

  /** A class-valued member; {@code null} if the class does not resolve (javac gives a string). */
  private TypeMirror typeValue(AnnotationMirror annotation, String member) {
    Object value = value(annotation, member).getValue();
    return value instanceof TypeMirror type ? type : null;
  }
}
