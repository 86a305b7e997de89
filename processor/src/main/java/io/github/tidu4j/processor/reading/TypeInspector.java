package io.github.tidu4j.processor.reading;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Location;
import io.github.tidu4j.processor.model.AttributeKind;
import io.github.tidu4j.processor.model.ParameterKind;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.ReturnKind;
import io.github.tidu4j.processor.model.RuleRole;
import io.github.tidu4j.processor.model.RuntimeTypes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Judges the types of one set's declarations: what a parameter or return type is, whether an
 * attribute type is a value, a type's JVM descriptor. Records the types that do not exist yet, so
 * the reader can wait for them; the set's own emitter, which this processor generates, is expected
 * to be missing in the first round and is recognised by its simple name.
 */
final class TypeInspector {
  /**
   * The class kapt (Kotlin's annotation processing) writes into its Java stubs in place of a type
   * it could not resolve, unless told to keep the names ({@code correctErrorTypes}): a set's own
   * generated types, its emitter above all, do not exist when kapt writes the stubs.
   */
  static final String KAPT_ERROR_TYPE = "error.NonExistentClass";

  private static final String KAPT_FIX =
      "kapt (Kotlin's annotation processing) writes error.NonExistentClass in place of a type it"
          + " could not resolve when it made the Java stubs this processor reads, such as the"
          + " set's emitter, which this processor generates: set kapt's correctErrorTypes to true"
          + " (Maven: <correctErrorTypes>true</correctErrorTypes> in kotlin-maven-plugin's kapt"
          + " configuration; Gradle: kapt { correctErrorTypes = true }) so that the stubs keep the"
          + " names written";

  /** The boxed primitive types, which are values. */
  static final Set<String> BOXES =
      Set.of(
          "java.lang.Boolean", "java.lang.Byte", "java.lang.Short", "java.lang.Character",
          "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double");

  private final Elements elements;
  private final Types types;
  private final TypeMirror operand;
  private final TypeMirror context;
  private final String setPackage;
  private final String prefix; // null if the set's prefix makes no type name
  private final List<MissingType> missing = new ArrayList<>();

  TypeInspector(
      Elements elements,
      Types types,
      TypeMirror operand,
      TypeMirror context,
      String setPackage,
      String prefix) {
    this.elements = elements;
    this.types = types;
    this.operand = operand;
    this.context = context;
    this.setPackage = setPackage;
    this.prefix = prefix;
  }

  /** The missing types found so far. */
  List<MissingType> missing() {
    return missing;
  }

  /**
   * Records the types {@code type} names that do not exist, other than the set's own generated
   * types, with the correction where the name is a sure mistake (see {@link Misspellings}).
   *
   * @return whether it names none
   */
  boolean checkExists(TypeMirror type, String user, Location location) {
    return checkExists(type, user, location, true);
  }

  /**
   * As {@link #checkExists(TypeMirror, String, Location)}, for a type outside rule signatures
   * ({@code inRule} false: an attribute type), where a missing name that happens to be one of the
   * rule vocabulary's ({@code Output}, {@code Arg}, ...) may well be a type another processor
   * generates, so it is waited for rather than corrected.
   */
  boolean checkExists(TypeMirror type, String user, Location location, boolean inRule) {
    return checkExists(type, user, location, inRule, null);
  }

  /**
   * As {@link #checkExists(TypeMirror, String, Location)}, for a rule's parameter or return type
   * once the operand and context types exist: whatever a missing name would turn out to be, it
   * cannot be what a rule takes or returns there (the set's emitter, the rule vocabulary, the
   * operand type, the context type, all of which are known by now), so no later round can mend it
   * and it is reported at once.
   */
  boolean checkExistsInSignature(TypeMirror type, String user, Location location) {
    return checkExists(
        type,
        user,
        location,
        true,
        "fix the name or its import: a rule takes and returns only the set's emitter, the rule"
            + " vocabulary (Primal, Output, Tangent, Tangents, Arg, Cotangents), the operand type"
            + " and the context type");
  }

  private boolean checkExists(
      TypeMirror type, String user, Location location, boolean inRule, String otherwiseFix) {
    boolean complete = true;
    for (TypeMirror t : TypeParts.of(type)) {
      if (KAPT_ERROR_TYPE.equals(qualifiedName(t))) {
        missing.add(new MissingType(KAPT_ERROR_TYPE, user, location, Optional.of(KAPT_FIX)));
        complete = false;
      } else if (t.getKind() == TypeKind.ERROR && generatedSuffix(t) == null && !isEmitter(t)) {
        String written = writtenName(t);
        String fix =
            otherwiseFix != null && simpleName(written).endsWith("Emit")
                ? "a rule takes its own set's emitter, " + prefix + "Emit; " + written
                    + " is no type here, and were it another set's emitter, it would emit into"
                    + " that set's graphs, not this one's;"
                    + " take " + prefix + "Emit and declare in this set the primitives the rule"
                    + " emits"
                : otherwiseFix;
        Optional<String> correction =
            Misspellings.correction(written, setPackage, prefix, inRule)
                .or(() -> Optional.ofNullable(fix));
        missing.add(new MissingType(written, user, location, correction));
        complete = false;
      }
    }
    return complete;
  }

  /** What a parameter of type {@code type} is in a method of role {@code role}. */
  ParameterKind parameterKind(TypeMirror type, RuleRole role) {
    if (role == RuleRole.EVAL) {
      // a kernel takes operands only; the context is named so the error can say it never sees it
      return isOperand(type) ? ParameterKind.OPERAND : isContext(type) ? ParameterKind.CONTEXT
          : ParameterKind.OTHER;
    }
    if (isEmitter(type)) {
      return ParameterKind.EMITTER;
    }
    String name = qualifiedName(type);
    if (RuntimeTypes.PRIMAL.canonicalName().equals(name)) {
      return ParameterKind.PRIMAL;
    }
    if (RuntimeTypes.OUTPUT.canonicalName().equals(name)) {
      return ParameterKind.OUTPUT;
    }
    if (RuntimeTypes.TANGENT.canonicalName().equals(name)) {
      return ParameterKind.TANGENT;
    }
    if (RuntimeTypes.ARG.canonicalName().equals(name)) {
      return ParameterKind.ARG;
    }
    if (RuntimeTypes.SERIES.canonicalName().equals(name)) {
      return ParameterKind.SERIES;
    }
    if (role == RuleRole.TAYLOR && type.getKind() == TypeKind.INT) {
      return ParameterKind.ORDER;
    }
    return isContext(type) ? ParameterKind.CONTEXT : ParameterKind.OTHER;
  }

  private boolean isContext(TypeMirror type) {
    return context != null && types.isSameType(type, context);
  }

  /** What a method of role {@code role} returning {@code type} returns. */
  ReturnKind returnKind(TypeMirror type, RuleRole role) {
    if (type.getKind() == TypeKind.VOID) {
      return ReturnKind.VOID;
    }
    if (role == RuleRole.EVAL) {
      if (isOperand(type)) {
        return ReturnKind.OPERAND;
      }
      if (type.getKind() == TypeKind.ARRAY && isOperand(((ArrayType) type).getComponentType())) {
        return ReturnKind.OPERAND_ARRAY;
      }
      return ReturnKind.OTHER;
    }
    String name = qualifiedName(type);
    if (RuntimeTypes.TANGENT.canonicalName().equals(name)) {
      return ReturnKind.TANGENT;
    }
    if (RuntimeTypes.TANGENTS.canonicalName().equals(name)) {
      return ReturnKind.TANGENTS;
    }
    if (RuntimeTypes.COTANGENTS.canonicalName().equals(name)) {
      return ReturnKind.COTANGENTS;
    }
    return ReturnKind.OTHER;
  }

  /** Whether {@code type} is an unchecked exception type. */
  boolean isUnchecked(TypeMirror type) {
    TypeElement runtime = elements.getTypeElement("java.lang.RuntimeException");
    TypeElement error = elements.getTypeElement("java.lang.Error");
    return types.isSubtype(type, runtime.asType()) || types.isSubtype(type, error.asType());
  }

  /** The kind of an attribute of type {@code type}, with the reason if it is not a value. */
  AttributeCheck attribute(TypeMirror type) {
    String generated = generatedSuffix(type);
    if ("Op".equals(generated)) {
      return AttributeCheck.valid(AttributeKind.OPERATION);
    }
    if (generated != null) {
      return AttributeCheck.invalid(
          "it is the set's generated " + prefix + generated + ", which is not a value");
    }
    if (type.getKind().isPrimitive()) {
      return AttributeCheck.valid(AttributeKind.PRIMITIVE);
    }
    if (type.getKind() == TypeKind.ARRAY) {
      TypeKind component = ((ArrayType) type).getComponentType().getKind();
      if (component == TypeKind.INT
          || component == TypeKind.LONG
          || component == TypeKind.DOUBLE
          || component == TypeKind.BOOLEAN) {
        return AttributeCheck.valid(AttributeKind.PRIMITIVE_ARRAY);
      }
      return AttributeCheck.invalid(
          component.isPrimitive()
              ? "only int[], long[], double[] and boolean[] arrays are supported"
              : "an array of objects is compared by identity and its elements can change");
    }
    Optional<String> problem = notAValue(type);
    if (problem.isPresent()) {
      return AttributeCheck.invalid(problem.get());
    }
    String name = qualifiedName(type);
    if ("java.lang.String".equals(name)) {
      return AttributeCheck.valid(AttributeKind.STRING);
    }
    if (BOXES.contains(name)) {
      return AttributeCheck.valid(AttributeKind.BOXED);
    }
    Element element = types.asElement(type);
    if (element.getKind() == ElementKind.ENUM) {
      return AttributeCheck.valid(AttributeKind.ENUM);
    }
    return AttributeCheck.valid(AttributeKind.RECORD);
  }

  /**
   * Why {@code type}, a declared type, is not a value: empty for strings, boxed primitives, enums,
   * and records whose components (transitively) are primitives or such values. Iterative over the
   * components, so nesting depth is not limited by the stack.
   */
  private Optional<String> notAValue(TypeMirror type) {
    record Pending(TypeMirror type, String path) {}
    ArrayDeque<Pending> pending = new ArrayDeque<>(List.of(new Pending(type, "")));
    Set<String> seenRecords = new HashSet<>();
    while (!pending.isEmpty()) {
      Pending next = pending.poll();
      TypeMirror t = next.type();
      String subject =
          next.path().isEmpty()
              ? "it"
              : "its component " + next.path() + " has type " + t + ", which";
      if (t.getKind().isPrimitive()) {
        continue;
      }
      if (t.getKind() == TypeKind.ARRAY) {
        return Optional.of(subject + " is an array, which a record compares by identity");
      }
      if (t.getKind() != TypeKind.DECLARED) {
        return Optional.of(subject + " is not a class type");
      }
      String name = qualifiedName(t);
      Element element = types.asElement(t);
      if ("java.lang.String".equals(name) || BOXES.contains(name)) {
        continue;
      }
      if (element.getKind() == ElementKind.ENUM) {
        continue;
      }
      if (element.getKind() == ElementKind.RECORD) {
        if (!seenRecords.add(t.toString())) {
          continue;
        }
        for (RecordComponentElement component :
            ElementFilter.recordComponentsIn(element.getEnclosedElements())) {
          TypeMirror componentType = componentType(types, (DeclaredType) t, component);
          String path =
              (next.path().isEmpty() ? "" : next.path() + ".") + component.getSimpleName();
          pending.add(new Pending(componentType, path));
        }
        continue;
      }
      if ("java.lang.Object".equals(name)) {
        return Optional.of(subject + " can hold anything");
      }
      if (isSubtypeOfErasure(t, "java.util.Collection") || isSubtypeOfErasure(t, "java.util.Map")) {
        // an attribute may be an array (compared by content), a record's component may not
        return Optional.of(
            subject
                + (next.path().isEmpty()
                    ? " is a collection, which can change; use an array or a record"
                    : " is a collection, which can change; a record's components may be"
                        + " primitives, String, boxed primitives, enums and records, so keep a"
                        + " sequence as an array attribute of its own"));
      }
      if (isSubtypeOfErasure(t, RuntimeTypes.PRIMITIVE.canonicalName())) {
        return Optional.of(
            subject
                + " is an operation type of another primitive set (or the runtime's Primitive);"
                + " an attribute may hold operations of its own set only, as "
                + prefix
                + "Op");
      }
      String kind = element.getKind() == ElementKind.INTERFACE ? "an interface" : "a class";
      return Optional.of(
          subject
              + " is "
              + kind
              + " other than String, a boxed primitive, an enum or a record, so it may be"
              + " mutable");
    }
    return Optional.empty();
  }

  /** The type of {@code component} as a member of {@code record}, its type arguments applied. */
  static TypeMirror componentType(
      Types types, DeclaredType record, RecordComponentElement component) {
    ExecutableElement accessor = component.getAccessor();
    return accessor == null
        ? component.asType()
        : ((ExecutableType) types.asMemberOf(record, accessor)).getReturnType();
  }

  /**
   * Whether {@code type} is an emitter that is not the set's own: another set's, generated in an
   * earlier round or compilation.
   */
  boolean isOtherEmitter(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && !isEmitter(type)
        && isSubtypeOfErasure(type, RuntimeTypes.EMITTER.canonicalName());
  }

  private boolean isSubtypeOfErasure(TypeMirror type, String supertype) {
    TypeElement element = elements.getTypeElement(supertype);
    return element != null
        && types.isSubtype(types.erasure(type), types.erasure(element.asType()));
  }

  /**
   * {@code type} as a message shows it: as written, but without the packages of {@code java.lang}
   * and of the rule vocabulary ({@code Tangent}, {@code Primal}, ...), which every reader knows.
   */
  static String display(TypeMirror type) {
    return type.toString().replaceAll("\\b(java\\.lang|io\\.github\\.tidu4j\\.ad\\.rules)\\.(?=[A-Z])", "");
  }

  /** The JVM descriptor of {@code type}, erased. */
  String descriptor(TypeMirror type) {
    switch (type.getKind()) {
      case BOOLEAN:
        return "Z";
      case BYTE:
        return "B";
      case SHORT:
        return "S";
      case CHAR:
        return "C";
      case INT:
        return "I";
      case LONG:
        return "J";
      case FLOAT:
        return "F";
      case DOUBLE:
        return "D";
      case VOID:
        return "V";
      case ARRAY:
        return "[" + descriptor(((ArrayType) type).getComponentType());
      case DECLARED:
        return "L" + internalName((TypeElement) types.asElement(types.erasure(type))) + ";";
      case TYPEVAR:
        return descriptor(types.erasure(type));
      default:
        // an error type: only the set's own generated types get here, which live in its package
        String simple = writtenName(type).substring(writtenName(type).lastIndexOf('.') + 1);
        String qualified = setPackage.isEmpty() ? simple : setPackage + "." + simple;
        return "L" + qualified.replace('.', '/') + ";";
    }
  }

  /** The JVM method descriptor of {@code method}. */
  String descriptor(ExecutableElement method) {
    StringBuilder sb = new StringBuilder("(");
    for (var parameter : method.getParameters()) {
      sb.append(descriptor(parameter.asType()));
    }
    return sb.append(')').append(descriptor(method.getReturnType())).toString();
  }

  /** The internal name of {@code type}, e.g. {@code com/example/Real$Add}. */
  String internalName(TypeElement type) {
    return elements.getBinaryName(type).toString().replace('.', '/');
  }

  private boolean isOperand(TypeMirror type) {
    return operand != null && types.isSameType(type, operand);
  }

  /**
   * Whether {@code type} is the set's emitter, generated yet or not. Without a prefix (the set's
   * prefix is invalid, which is reported), any missing {@code *Emit} type counts.
   */
  private boolean isEmitter(TypeMirror type) {
    if (prefix == null) {
      return type.getKind() == TypeKind.ERROR && writtenName(type).endsWith("Emit");
    }
    return "Emit".equals(generatedSuffix(type));
  }

  /**
   * Which of the set's own generated types {@code type} is, generated yet or not: {@code "Op"},
   * {@code "Emit"}, {@code "Evaluator"} or {@code "Kernels"}; {@code null} for any other type. A
   * type not generated yet is recognised by the name it is written with (simple, or qualified with
   * the set's package), whatever type-use annotations it carries.
   */
  String generatedSuffix(TypeMirror type) {
    String suffix = suffixInSetPackage(type);
    if (suffix == null) {
      return null;
    }
    // the fluent classes are left out: no rule or attribute can take them, so they are not
    // recognised before they exist
    return PrimitiveSetModel.generatedSuffixes(false).contains(suffix) ? suffix : null;
  }

  /**
   * Which of the set's fluent types {@code type} is, generated yet or not: {@code "Builder"} or
   * {@code "Value"}; {@code null} for any other type. Recognised by name, like {@link
   * #generatedSuffix}.
   */
  String fluentSuffix(TypeMirror type) {
    String suffix = suffixInSetPackage(type);
    return "Builder".equals(suffix) || "Value".equals(suffix) ? suffix : null;
  }

  /**
   * For a type of the set's package whose simple name starts with the prefix, what follows the
   * prefix; {@code null} for any other type. A type that does not resolve counts as in the set's
   * package if written with its simple name.
   */
  private String suffixInSetPackage(TypeMirror type) {
    if (prefix == null || (type.getKind() != TypeKind.ERROR && type.getKind() != TypeKind.DECLARED)) {
      return null;
    }
    String written = type.getKind() == TypeKind.ERROR ? writtenName(type) : qualifiedName(type);
    if (written == null) {
      return null;
    }
    int dot = written.lastIndexOf('.');
    String simple = written.substring(dot + 1);
    String qualifier = dot < 0 ? "" : written.substring(0, dot);
    boolean inSetPackage =
        qualifier.equals(setPackage) || (type.getKind() == TypeKind.ERROR && qualifier.isEmpty());
    return inSetPackage && simple.startsWith(prefix) ? simple.substring(prefix.length()) : null;
  }

  /**
   * {@code type} as generated code names it, with the set's fluent types named as they will be
   * generated even before they exist (javac hands those over as error types).
   */
  TypeName fluentAware(TypeMirror type) {
    String suffix = fluentSuffix(type);
    if (suffix != null) {
      return generatedType(suffix);
    }
    if (type.getKind() == TypeKind.ARRAY) {
      return ArrayTypeName.of(fluentAware(((ArrayType) type).getComponentType()));
    }
    if (type instanceof DeclaredType declared && !declared.getTypeArguments().isEmpty()) {
      List<TypeName> arguments = new ArrayList<>();
      for (TypeMirror argument : declared.getTypeArguments()) {
        arguments.add(fluentAware(argument));
      }
      return ParameterizedTypeName.get(
          ClassName.get((TypeElement) declared.asElement()), arguments.toArray(new TypeName[0]));
    }
    return TypeName.get(type);
  }

  /** The set's generated type with {@code suffix}, e.g. {@code com.example.RealOp}. */
  ClassName generatedType(String suffix) {
    return ClassName.get(setPackage, prefix + suffix);
  }

  /**
   * The name {@code type} is written with: for a type that does not resolve, the name javac
   * recorded (without type-use annotations such as {@code @NonNull}, which {@code toString} shows).
   */
  static String writtenName(TypeMirror type) {
    if (type instanceof DeclaredType declared
        && declared.asElement() instanceof TypeElement element
        && !element.getQualifiedName().toString().isEmpty()) {
      return element.getQualifiedName().toString();
    }
    return type.toString().replaceAll("@\\S+\\s+", "").replaceAll("<.*", "");
  }

  private String qualifiedName(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    Element element = types.asElement(type);
    return element instanceof TypeElement te ? te.getQualifiedName().toString() : null;
  }

  /** An attribute type's kind, with the reason where it is {@link AttributeKind#INVALID}. */
  record AttributeCheck(AttributeKind kind, Optional<String> problem) {
    static AttributeCheck valid(AttributeKind kind) {
      return new AttributeCheck(kind, Optional.empty());
    }

    static AttributeCheck invalid(String problem) {
      return new AttributeCheck(AttributeKind.INVALID, Optional.of(problem));
    }
  }

  /** The part of {@code name} after its last dot. */
  private static String simpleName(String name) {
    return name.substring(name.lastIndexOf('.') + 1);
  }
}
