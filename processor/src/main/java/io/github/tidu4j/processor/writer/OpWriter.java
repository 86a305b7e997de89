package io.github.tidu4j.processor.writer;

import static io.github.tidu4j.processor.model.RuntimeTypes.ACTIVE_MASK;
import static io.github.tidu4j.processor.model.RuntimeTypes.AD_RULE_ERROR;
import static io.github.tidu4j.processor.model.RuntimeTypes.ARG;
import static io.github.tidu4j.processor.model.RuntimeTypes.COTANGENTS;
import static io.github.tidu4j.processor.model.RuntimeTypes.EVALUABLE_GRAPH_OPERATION;
import static io.github.tidu4j.processor.model.RuntimeTypes.KERNEL_FAILURE;
import static io.github.tidu4j.processor.model.RuntimeTypes.OUTPUT;
import static io.github.tidu4j.processor.model.RuntimeTypes.PRIMAL;
import static io.github.tidu4j.processor.model.RuntimeTypes.PRIMITIVE;
import static io.github.tidu4j.processor.model.RuntimeTypes.PRIMITIVE_BUILDER;
import static io.github.tidu4j.processor.model.RuntimeTypes.VALUE_REF;
import static io.github.tidu4j.processor.model.RuntimeTypes.RULE_KIND;
import static io.github.tidu4j.processor.model.RuntimeTypes.TANGENT;
import static io.github.tidu4j.processor.model.RuntimeTypes.TANGENTS;
import static io.github.tidu4j.processor.model.RuntimeTypes.SERIES;
import static io.github.tidu4j.processor.model.RuntimeTypes.TAYLOR_SERIES;
import static javax.lang.model.element.Modifier.ABSTRACT;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.SEALED;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import io.github.tidu4j.processor.model.AttributeKind;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.Dispatch;
import io.github.tidu4j.processor.model.ParameterKind;
import io.github.tidu4j.processor.model.ParameterModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleMethod;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Writes {@code XOp}: the set's primitives as graph operations. A sealed abstract class
 * implementing {@code Primitive} and {@code EvaluableGraphOperation}, with one final nested class
 * per primitive implementing the user's interface: attributes as final fields, structural equality
 * with the hash computed once, a stable opcode, and dispatch from the generic rule methods to the
 * typed ones. Attribute-free primitives are constants; the others are interned through a weak table
 * specialised to the set.
 */
public final class OpWriter {
  private final PrimitiveSetModel set;
  private final Optional<ClassName> generated;
  /** The generated type, as declared. */
  private final ClassName op;
  /** The generated type, as referred to. */
  private final ClassName opRef;
  private final Map<PrimitiveModel, Map<String, String>> variables = new HashMap<>();
  private final Scope scope;
  private final TypeName operand;
  private final TypeName boxed;
  private final TypeName context;
  private final TypeName valueList;
  private final TypeName primitiveValues;

  public OpWriter(PrimitiveSetModel set, Optional<ClassName> generated) {
    this.set = set;
    this.generated = generated;
    this.op = set.opType();
    Set<String> names = new HashSet<>();
    for (PrimitiveModel primitive : set.primitives()) {
      Map<String, String> attributes = Scope.attributeVariables(set, primitive);
      variables.put(primitive, attributes);
      names.addAll(Scope.operationNames(primitive, attributes));
    }
    this.scope = Scope.of(set, op, names);
    this.opRef = scope.type(op);
    this.operand = scope.type(set.operand().type());
    this.boxed = scope.type(set.operand().boxed());
    this.context = scope.type(set.contextType().box());
    this.valueList = ParameterizedTypeName.get(ClassName.get(List.class), boxed);
    this.primitiveValues = ParameterizedTypeName.get(ClassName.get(List.class), VALUE_REF);
  }

  /** The {@code XOp} type. */
  public TypeSpec write() {
    PrimitiveModel add = set.accumulator().orElseThrow();
    TypeSpec.Builder type =
        TypeSpec.classBuilder(op)
            .addJavadoc(
                "The primitives of {@link $T} as graph operations: what graphs hold, the transforms"
                    + "\ndifferentiate and the evaluators run.\n\n",
                scope.type(set.setType()))
            .addJavadoc(
                "<p>Each primitive is a nested class implementing its declared interface. Operations"
                    + " are\nvalues: equal attributes give equal (and, through the factories, identical)"
                    + " operations,\nwith a structural hash computed once. Attribute-free primitives are"
                    + " constants.\n\n")
            .addJavadoc(
                "<pre>{@code\nGraphBuilder<$L> b = Graph.builder();\nValueRef.Local x = b.input(\"x\");\n"
                    + "ValueRef.Local y = b.apply($L.$L, x, x);\n}</pre>\n",
                op.simpleName(),
                op.simpleName(),
                add.constantName());
    Writing.markGenerated(type, generated);
    Writing.suppressWarnings(type, set);
    scope.qualifyShadowed(type);
    type.addModifiers(PUBLIC, ABSTRACT, SEALED)
        .addSuperinterface(ParameterizedTypeName.get(PRIMITIVE, opRef, context))
        .addSuperinterface(ParameterizedTypeName.get(EVALUABLE_GRAPH_OPERATION, boxed));

    for (PrimitiveModel primitive : set.primitives()) {
      if (!primitive.hasAttributes()) {
        type.addField(constant(primitive));
      }
    }
    boolean interning = set.primitives().stream().anyMatch(PrimitiveModel::hasAttributes);
    if (interning) {
      type.addField(
          FieldSpec.builder(op.nestedClass("Interner"), "INTERNER", PRIVATE, STATIC, FINAL)
              .addJavadoc(
                  "The canonical operations of the primitives with attributes, which the factories"
                      + " return.\n")
              .initializer("new Interner()")
              .build());
    }
    type.addMethod(
        MethodSpec.constructorBuilder()
            .addJavadoc("Extended only by the nested operation classes, one per primitive.\n")
            .addModifiers(PRIVATE)
            .build());
    for (PrimitiveModel primitive : set.primitives()) {
      if (primitive.hasAttributes()) {
        type.addMethod(factory(primitive));
      }
    }
    type.addMethod(
            MethodSpec.methodBuilder("opcode")
                .addJavadoc(
                    "The stable opcode: the primitive's declaration index in {@link $T}, and the"
                        + " index of its\nkernel in {@link $T#TABLE}.\n\n@return the opcode\n",
                    scope.type(set.setType()),
                    scope.type(set.kernelsType()))
                .addModifiers(PUBLIC, ABSTRACT)
                .returns(TypeName.INT)
                .build())
        .addMethod(
            MethodSpec.methodBuilder("add")
                .addJavadoc("The accumulator, {@link $T}.\n", scope.type(add.interfaceType()))
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC, FINAL)
                .returns(opRef)
                .addStatement("return $N", add.constantName())
                .build())
        .addMethod(
            MethodSpec.methodBuilder("operandType")
                .addJavadoc("The set's operand type, what every kernel takes.\n")
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC, FINAL)
                .returns(ParameterizedTypeName.get(
                    ClassName.get(Class.class), WildcardTypeName.subtypeOf(Object.class)))
                .addStatement("return $T.class", operand)
                .build())
        .addMethod(
            MethodSpec.methodBuilder("equals")
                .addJavadoc("Structural: same primitive, equal attributes.\n")
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC, ABSTRACT)
                .returns(TypeName.BOOLEAN)
                .addParameter(Object.class, "o")
                .build())
        .addMethod(
            MethodSpec.methodBuilder("hashCode")
                .addJavadoc(
                    "Structural, from the opcode and the attributes, so stable from run to run.\n")
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC, ABSTRACT)
                .returns(TypeName.INT)
                .build());
    set.zero()
        .ifPresent(
            zero ->
                type.addMethod(
                    MethodSpec.methodBuilder("zerosLike")
                        .addJavadoc(
                            "The zero primitive, {@link $T}.\n", scope.type(zero.interfaceType()))
                        .addAnnotation(Override.class)
                        .addModifiers(PUBLIC, FINAL)
                        .returns(opRef)
                        .addStatement("return $N", zero.constantName())
                        .build()));
    set.scale()
        .filter(scale -> scale.attributes().size() == 1)
        .ifPresent(
            scale ->
                type.addMethod(
                    MethodSpec.methodBuilder("scaleBy")
                        .addJavadoc(
                            "The scale primitive, {@link $T}, with this factor.\n",
                            scope.type(scale.interfaceType()))
                        .addAnnotation(Override.class)
                        .addModifiers(PUBLIC, FINAL)
                        .returns(opRef)
                        .addParameter(TypeName.DOUBLE, "factor")
                        .addStatement("return $N(factor)", scale.methodName())
                        .build()));
    addRuleHelpers(type);

    for (PrimitiveModel primitive : set.primitives()) {
      type.addType(operationClass(primitive));
    }
    if (interning) {
      type.addType(new InternerWriter(op).write());
    }
    return type.build();
  }

  private FieldSpec constant(PrimitiveModel primitive) {
    return FieldSpec.builder(opRef, primitive.constantName(), PUBLIC, STATIC, FINAL)
        .addJavadoc("$L.\n", describe(primitive))
        .initializer("new $N()", primitive.className())
        .build();
  }

  private MethodSpec factory(PrimitiveModel primitive) {
    MethodSpec.Builder factory =
        MethodSpec.methodBuilder(primitive.methodName())
            .addJavadoc(
                "$L with these attributes:\nthe canonical instance, so equal attributes give the"
                    + " same operation.\n",
                describe(primitive))
            .addJavadoc("\n")
            .addModifiers(PUBLIC, STATIC)
            .returns(opRef);
    List<CodeBlock> arguments = new ArrayList<>();
    Map<String, String> names = variables.get(primitive);
    for (AttributeModel attribute : primitive.attributes()) {
      factory.addJavadoc("@param $N the attribute {@code $L}\n", names.get(attribute.name()), attribute.name());
    }
    factory.addJavadoc("@return the canonical operation\n");
    for (AttributeModel attribute : primitive.attributes()) {
      String name = names.get(attribute.name());
      String isNull = "the " + attribute.name() + " of " + primitive.name() + " is null";
      factory.addParameter(scope.type(attribute.type()), name);
      switch (attribute.kind()) {
        case PRIMITIVE:
          arguments.add(CodeBlock.of("$N", name));
          break;
        case PRIMITIVE_ARRAY:
          // the same words as any other null attribute, not the clone's NullPointerException
          arguments.add(
              CodeBlock.of("$T.requireNonNull($N, $S).clone()", Objects.class, name, isNull));
          break;
        default:
          factory.addStatement("$T.requireNonNull($N, $S)", Objects.class, name, isNull);
          arguments.add(CodeBlock.of("$N", name));
          break;
      }
    }
    return factory
        .addStatement(
            "return INTERNER.intern(new $N($L))", primitive.className(), Writing.arguments(arguments))
        .build();
  }

  private CodeBlock describe(PrimitiveModel primitive) {
    String role =
        primitive.accumulator()
            ? ", the set's accumulator"
            : primitive.zero()
                ? ", the set's zero primitive"
                : primitive.scale()
                    ? ", the set's scale primitive"
                    : primitive.multilinear() ? ", linear in each operand" : "";
    return CodeBlock.of(
        "{@link $T} (opcode $L$L)", scope.type(primitive.interfaceType()), primitive.opcode(), role);
  }

  // ---- helpers in the base class ----

  private void addRuleHelpers(TypeSpec.Builder type) {
    boolean multiOutput = set.primitives().stream().anyMatch(p -> p.outputs() > 1);
    boolean singleJvp =
        set.primitives().stream()
            .anyMatch(p -> p.rule(RuleRole.JVP).isPresent() && p.outputs() == 1);
    boolean multiJvp =
        set.primitives().stream().anyMatch(p -> p.rule(RuleRole.JVP).isPresent() && p.outputs() > 1);
    boolean singleTaylor =
        set.primitives().stream()
            .anyMatch(p -> p.rule(RuleRole.TAYLOR).isPresent() && p.outputs() == 1);
    boolean multiTaylor =
        set.primitives().stream()
            .anyMatch(p -> p.rule(RuleRole.TAYLOR).isPresent() && p.outputs() > 1);
    if (singleJvp) {
      type.addMethod(
          singleResult("tangentResult", "JVP", "A single-output JVP rule's result", "tangent"));
    }
    if (multiJvp) {
      type.addMethod(
          multiResult("tangentResults", "JVP", "A multi-output JVP rule's result", "tangent"));
    }
    if (singleTaylor) {
      type.addMethod(
          singleResult(
              "coefficientResult", "TAYLOR", "A single-output Taylor rule's result", "coefficient"));
    }
    if (multiTaylor) {
      type.addMethod(
          multiResult(
              "coefficientResults", "TAYLOR", "A multi-output Taylor rule's result", "coefficient"));
    }
    if (set.primitives().stream().anyMatch(p -> p.rule(RuleRole.TRANSPOSE).isPresent())) {
      type.addMethod(
          MethodSpec.methodBuilder("cotangentResults")
              .addJavadoc(
                  "A transpose rule's result, as the transforms take it: one cotangent per"
                      + " operand,\neach of pass {@code b}.\n\n"
                      + "@param b the builder of the pass the rule emitted into\n"
                      + "@param cotangents what the rule returned\n"
                      + "@return the cotangents' values in pass {@code b}, one per operand\n"
                      + "@throws $T if the rule returned null or not one cotangent per operand\n",
                  AD_RULE_ERROR)
              .addModifiers(FINAL)
              .returns(primitiveValues)
              .addParameter(builderType(), "b")
              .addParameter(COTANGENTS, "cotangents")
              .beginControlFlow(
                  "if (cotangents == null || cotangents.size() != inputArity())")
              .addStatement(
                  "throw $T.invalidResult(name(),$W$T.TRANSPOSE,$W$S$W+ (cotangents == null ?"
                      + " \"null\" : cotangents.size() + \" cotangent(s)\")$W+ \" but \" + name()"
                      + " + \" has \"$W+ inputArity() + \" operands\")",
                  AD_RULE_ERROR,
                  RULE_KIND,
                  "it returned ")
              .endControlFlow()
              .addStatement("return cotangents.valuesIn(b)")
              .build());
    }
    if (multiOutput && set.operand().isPrimitive()) {
      type.addMethod(
          MethodSpec.methodBuilder("boxed")
              .addJavadoc(
                  "The results of a multi-output kernel, as the interpreter takes them.\n\n"
                      + "@param values what the kernel returned, one value per output\n"
                      + "@return the same values, boxed, in slot order\n")
              .addModifiers(STATIC)
              .returns(valueList)
              .addParameter(ArrayTypeName.of(operand), "values")
              .addStatement("$T[] boxed = new $T[values.length]", boxed, boxed)
              .beginControlFlow("for (int i = 0; i < values.length; i++)")
              .addStatement("boxed[i] = values[i]")
              .endControlFlow()
              .addStatement("return $T.of(boxed)", List.class)
              .build());
    }
  }

  // ---- one class per primitive ----

  private TypeSpec operationClass(PrimitiveModel primitive) {
    ClassName self = op.nestedClass(primitive.className());
    TypeName interfaceType = scope.type(primitive.interfaceType());
    TypeSpec.Builder type =
        TypeSpec.classBuilder(self)
            .addModifiers(STATIC, FINAL)
            .superclass(opRef)
            .addSuperinterface(interfaceType);
    if (primitive.serializable()) {
      // the user's interface extends Serializable; operations are canonical values, never
      // serialized by tidu4j, so they declare no serial form
      type.addAnnotation(
          AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "serial").build());
    }
    Map<String, String> names = variables.get(primitive);
    if (primitive.hasAttributes()) {
      type.addJavadoc(
          "{@link $T} as an operation; {@link $T#$N} gives its canonical instances.\n",
          interfaceType,
          opRef,
          primitive.methodName());
      for (AttributeModel attribute : primitive.attributes()) {
        type.addField(
            FieldSpec.builder(
                    scope.type(attribute.type()), names.get(attribute.name()), PRIVATE, FINAL)
                .addJavadoc(
                    attribute.kind() == AttributeKind.PRIMITIVE_ARRAY
                        ? "The attribute {@code $L}: the operation's own copy, which never"
                            + " changes.\n"
                        : "The attribute {@code $L}.\n",
                    attribute.name())
                .build());
      }
      type.addField(
          FieldSpec.builder(TypeName.INT, "hashCode", PRIVATE, FINAL)
              .addJavadoc(
                  "The structural hash, computed once from the opcode and the attributes.\n")
              .build());
      type.addMethod(attributeConstructor(primitive, names));
      for (AttributeModel attribute : primitive.attributes()) {
        type.addMethod(accessor(attribute, names.get(attribute.name())));
      }
    } else {
      type.addJavadoc(
          "{@link $T} as an operation; its one instance is {@link #$N}.\n",
          interfaceType,
          primitive.constantName());
      type.addMethod(
          MethodSpec.constructorBuilder()
              .addJavadoc(
                  "Makes the one instance, {@link #$N}: an operation without attributes is"
                      + " canonical.\n",
                  primitive.constantName())
              .addModifiers(PRIVATE)
              .build());
    }
    type.addMethod(intMethod("opcode", primitive.opcode()))
        .addMethod(intMethod("inputArity", primitive.arity()))
        .addMethod(intMethod("outputArity", primitive.outputs()))
        .addMethod(
            MethodSpec.methodBuilder("name")
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC)
                .returns(String.class)
                .addStatement("return $S", primitive.name())
                .build())
        .addMethod(evalMethod(primitive));
    if (primitive.zero()) {
      type.addMethod(zeroJvpMethod());
    }
    if (primitive.scale()) {
      type.addMethod(scaleRuleMethod("jvp", "tangentIn", "the tangent"))
          .addMethod(scaleRuleMethod("transpose", "cotangentOut", "the cotangent"));
    }
    if (primitive.isMultilinear()) {
      type.addMethod(
          MethodSpec.methodBuilder("isMultilinear")
              .addJavadoc("Linear in each operand separately.\n")
              .addAnnotation(Override.class)
              .addModifiers(PUBLIC)
              .returns(TypeName.BOOLEAN)
              .addStatement("return true")
              .build());
    }
    primitive.rule(RuleRole.JVP).ifPresent(jvp -> type.addMethod(jvpMethod(primitive, jvp)));
    primitive
        .rule(RuleRole.TAYLOR)
        .ifPresent(
            taylor ->
                type.addMethod(
                        MethodSpec.methodBuilder("hasTaylorRule")
                            .addJavadoc("Expanded by its hand-written Taylor rule.\n")
                            .addAnnotation(Override.class)
                            .addModifiers(PUBLIC)
                            .returns(TypeName.BOOLEAN)
                            .addStatement("return true")
                            .build())
                    .addMethod(taylorMethod(primitive, taylor)));
    primitive
        .rule(RuleRole.TRANSPOSE)
        .ifPresent(transpose -> type.addMethod(transposeMethod(primitive, transpose)));
    if (primitive.hasAttributes()) {
      type.addMethod(attributeEquals(primitive, scope.code(self), names))
          .addMethod(
              MethodSpec.methodBuilder("hashCode")
                  .addAnnotation(Override.class)
                  .addModifiers(PUBLIC)
                  .returns(TypeName.INT)
                  .addStatement("return hashCode")
                  .build())
          .addMethod(attributeToString(primitive, names));
    } else {
      type.addMethod(
              MethodSpec.methodBuilder("equals")
                  .addAnnotation(Override.class)
                  .addModifiers(PUBLIC)
                  .returns(TypeName.BOOLEAN)
                  .addParameter(Object.class, "o")
                  .addStatement("return o == this")
                  .build())
          .addMethod(intMethod("hashCode", primitive.opcode()))
          .addMethod(
              MethodSpec.methodBuilder("toString")
                  .addAnnotation(Override.class)
                  .addModifiers(PUBLIC)
                  .returns(String.class)
                  .addStatement("return $S", primitive.name())
                  .build());
    }
    return type.build();
  }

  private static MethodSpec intMethod(String name, int value) {
    return MethodSpec.methodBuilder(name)
        .addAnnotation(Override.class)
        .addModifiers(PUBLIC)
        .returns(TypeName.INT)
        .addStatement("return $L", value)
        .build();
  }

  /**
   * Sets the fields from parameters of the same names and computes the hash once, in a local
   * named apart from every parameter.
   */
  private MethodSpec attributeConstructor(PrimitiveModel primitive, Map<String, String> names) {
    MethodSpec.Builder constructor =
        MethodSpec.constructorBuilder()
            .addJavadoc(
                "An operation with these attributes, not yet canonical: {@link $T#$N} interns"
                    + " it.\n\n",
                opRef,
                primitive.methodName())
            .addModifiers(PRIVATE);
    for (AttributeModel attribute : primitive.attributes()) {
      String name = names.get(attribute.name());
      constructor.addJavadoc(
          attribute.kind() == AttributeKind.PRIMITIVE_ARRAY
              ? "@param $N the attribute {@code $L}, a copy no caller holds\n"
              : "@param $N the attribute {@code $L}\n",
          name,
          attribute.name());
      constructor.addParameter(scope.type(attribute.type()), name);
      constructor.addStatement("this.$N = $N", name, name);
    }
    String h = Scope.fresh("h", new HashSet<>(names.values()));
    constructor.addStatement("int $N = $L", h, primitive.opcode());
    for (AttributeModel attribute : primitive.attributes()) {
      constructor.addStatement(
          "$N = 31 * $N + $L",
          h,
          h,
          Attributes.hash(attribute, CodeBlock.of("$N", names.get(attribute.name()))));
    }
    return constructor.addStatement("this.hashCode = $N", h).build();
  }

  private MethodSpec accessor(AttributeModel attribute, String field) {
    MethodSpec.Builder accessor =
        MethodSpec.methodBuilder(attribute.name())
            .addAnnotation(Override.class)
            .addModifiers(PUBLIC)
            .returns(scope.type(attribute.type()));
    if (attribute.kind() == AttributeKind.PRIMITIVE_ARRAY) {
      accessor.addJavadoc("A copy: the operation's own array never changes.\n");
      accessor.addStatement("return $N.clone()", field);
    } else {
      accessor.addStatement("return $N", field);
    }
    return accessor.build();
  }

  /**
   * Compares the fields with the other operation's; the parameter and the pattern variable are
   * named apart from every field, so a field named {@code o} or {@code other} is still the field.
   */
  private MethodSpec attributeEquals(
      PrimitiveModel primitive, CodeBlock self, Map<String, String> names) {
    Set<String> taken = new HashSet<>(names.values());
    String o = Scope.fresh("o", taken);
    taken.add(o);
    String other = Scope.fresh("other", taken);
    List<CodeBlock> conditions = new ArrayList<>();
    conditions.add(CodeBlock.of("$N instanceof $L $N", o, self, other));
    for (AttributeModel attribute : primitive.attributes()) {
      String field = names.get(attribute.name());
      conditions.add(
          Attributes.equal(
              attribute, CodeBlock.of("$N", field), CodeBlock.of("$N.$N", other, field)));
    }
    return MethodSpec.methodBuilder("equals")
        .addAnnotation(Override.class)
        .addModifiers(PUBLIC)
        .returns(TypeName.BOOLEAN)
        .addParameter(Object.class, o)
        .addStatement("return $N == this$W|| ($L)", o, CodeBlock.join(conditions, "$W&& "))
        .build();
  }

  private static MethodSpec attributeToString(PrimitiveModel primitive, Map<String, String> names) {
    CodeBlock.Builder text = CodeBlock.builder();
    boolean first = true;
    for (AttributeModel attribute : primitive.attributes()) {
      String label = (first ? primitive.name() + "[" : ", ") + attribute.name() + "=";
      text.add(first ? "$S + $L" : "$W+ $S + $L", label,
          Attributes.text(attribute, CodeBlock.of("$N", names.get(attribute.name()))));
      first = false;
    }
    text.add("$W+ $S", "]");
    return MethodSpec.methodBuilder("toString")
        .addAnnotation(Override.class)
        .addModifiers(PUBLIC)
        .returns(String.class)
        .addStatement("return $L", text.build())
        .build();
  }

  /**
   * The check of a single-output rule's {@code Tangent} result, named {@code name}, for rule kind
   * {@code kind} ({@code JVP}, {@code TAYLOR}): not null, else an {@code ADRuleError}.
   */
  private MethodSpec singleResult(String name, String kind, String what, String value) {
    return MethodSpec.methodBuilder(name)
        .addJavadoc(
            "$L, as the transforms take it,\nchecked to be of pass {@code b}.\n\n"
                + "@param b the builder of the pass the rule emitted into\n"
                + "@param $N what the rule returned\n"
                + "@return the $N's value in pass {@code b}, as a list of one\n"
                + "@throws $T if the rule returned null\n",
            what,
            value,
            value,
            AD_RULE_ERROR)
        .addModifiers(FINAL)
        .returns(primitiveValues)
        .addParameter(builderType(), "b")
        .addParameter(TANGENT, value)
        .beginControlFlow("if ($N == null)", value)
        .addStatement(
            "throw $T.invalidResult(name(),$W$T.$L,$W$S)",
            AD_RULE_ERROR,
            RULE_KIND,
            kind,
            "it returned null; return Tangent.zero() for a zero " + value)
        .endControlFlow()
        .addStatement("return $T.singletonList($N.valueIn(b))", Collections.class, value)
        .build();
  }

  /**
   * The check of a multi-output rule's {@code Tangents} result, named {@code name}, for rule kind
   * {@code kind}: one per output, else an {@code ADRuleError}.
   */
  private MethodSpec multiResult(String name, String kind, String what, String value) {
    String values = value + "s";
    return MethodSpec.methodBuilder(name)
        .addJavadoc(
            "$L, as the transforms take it: one $L per output,\neach of pass {@code b}.\n\n"
                + "@param b the builder of the pass the rule emitted into\n"
                + "@param $N what the rule returned\n"
                + "@return the $Ns' values in pass {@code b}, one per output\n"
                + "@throws $T if the rule returned null or not one $L per output\n",
            what,
            value,
            values,
            value,
            AD_RULE_ERROR,
            value)
        .addModifiers(FINAL)
        .returns(primitiveValues)
        .addParameter(builderType(), "b")
        .addParameter(TANGENTS, values)
        .beginControlFlow("if ($N == null || $N.size() != outputArity())", values, values)
        .addStatement(
            "throw $T.invalidResult(name(),$W$T.$L,$W$S$W+ ($N == null ? \"null\""
                + " : $N.size() + \" $L(s)\")$W+ \" but \" + name() + \" has \""
                + "$W+ outputArity() + \" outputs\")",
            AD_RULE_ERROR,
            RULE_KIND,
            kind,
            "it returned ",
            values,
            values,
            value)
        .endControlFlow()
        .addStatement("return $N.valuesIn(b)", values)
        .build();
  }

  // ---- kernel and rule dispatch ----

  private MethodSpec evalMethod(PrimitiveModel primitive) {
    RuleMethod eval = primitive.rule(RuleRole.EVAL).orElseThrow();
    List<CodeBlock> operands = new ArrayList<>();
    for (int i = 0; i < eval.parameters().size(); i++) {
      operands.add(CodeBlock.of("inputs.get($L)", i));
    }
    CodeBlock call = call(primitive, eval, Writing.arguments(operands));
    // a set over a reference type: a null result is reported at this instruction, in the words
    // of every tier (KernelFailure), not as List.of's NullPointerException
    CodeBlock result;
    if (set.operand().isPrimitive()) {
      result =
          primitive.outputs() == 1
              ? CodeBlock.of("$T.of($L)", List.class, call)
              : CodeBlock.of("boxed($L)", call);
    } else {
      result =
          primitive.outputs() == 1
              ? CodeBlock.of("$T.of($T.nonNull($L))", List.class, KERNEL_FAILURE, call)
              : CodeBlock.of("$T.results($L)", KERNEL_FAILURE, call);
    }
    return MethodSpec.methodBuilder("eval")
        .addAnnotation(Override.class)
        .addModifiers(PUBLIC)
        .returns(valueList)
        .addParameter(valueList, "inputs")
        .addStatement("return $L", result)
        .build();
  }

  private MethodSpec jvpMethod(PrimitiveModel primitive, RuleMethod jvp) {
    List<CodeBlock> arguments = new ArrayList<>();
    List<Integer> primalInputs = primitive.primalInputs(jvp);
    int primal = 0;
    int output = 0;
    int tangent = 0;
    for (ParameterModel parameter : jvp.parameters()) {
      switch (parameter.kind()) {
        case EMITTER:
          arguments.add(CodeBlock.of("new $T(b)", scope.type(set.emitType())));
          break;
        case PRIMAL:
          arguments.add(
              CodeBlock.of("$T.of(b, primalIn.get($L))", PRIMAL, primalInputs.get(primal++)));
          break;
        case OUTPUT:
          arguments.add(CodeBlock.of("$T.of(b, primalOut.get($L))", OUTPUT, output++));
          break;
        case TANGENT:
          arguments.add(CodeBlock.of("$T.of(b, tangentIn.get($L))", TANGENT, tangent++));
          break;
        default:
          arguments.add(CodeBlock.of("ctx"));
          break;
      }
    }
    String result = primitive.outputs() == 1 ? "tangentResult" : "tangentResults";
    return ruleMethod("jvp")
        .addParameter(builderType(), "b")
        .addParameter(primitiveValues, "primalIn")
        .addParameter(primitiveValues, "primalOut")
        .addParameter(primitiveValues, "tangentIn")
        .addParameter(context, "ctx")
        .addCode(contextCheck(jvp, "JVP"))
        .addStatement("return $N(b, $L)", result, call(primitive, jvp, Writing.arguments(arguments)))
        .build();
  }

  private MethodSpec taylorMethod(PrimitiveModel primitive, RuleMethod taylor) {
    List<CodeBlock> arguments = new ArrayList<>();
    int series = 0;
    int inputs = primitive.arity();
    for (ParameterModel parameter : taylor.parameters()) {
      switch (parameter.kind()) {
        case EMITTER:
          arguments.add(CodeBlock.of("new $T(b)", scope.type(set.emitType())));
          break;
        case SERIES:
          arguments.add(
              series < inputs
                  ? CodeBlock.of("$T.of(b, seriesIn.get($L))", SERIES, series)
                  : CodeBlock.of("$T.of(b, seriesOut.get($L))", SERIES, series - inputs));
          series++;
          break;
        case ORDER:
          arguments.add(CodeBlock.of("k"));
          break;
        default:
          arguments.add(CodeBlock.of("ctx"));
          break;
      }
    }
    String result = primitive.outputs() == 1 ? "coefficientResult" : "coefficientResults";
    TypeName seriesList = ParameterizedTypeName.get(ClassName.get(List.class), TAYLOR_SERIES);
    return ruleMethod("taylor")
        .addParameter(builderType(), "b")
        .addParameter(seriesList, "seriesIn")
        .addParameter(seriesList, "seriesOut")
        .addParameter(TypeName.INT, "k")
        .addParameter(context, "ctx")
        .addCode(contextCheck(taylor, "TAYLOR"))
        .addStatement(
            "return $N(b, $L)", result, call(primitive, taylor, Writing.arguments(arguments)))
        .build();
  }

  /**
   * The zero primitive's JVP: its output does not change with its operand, so its tangent is a
   * symbolic zero (absent), which the transforms propagate without emitting anything.
   */
  private MethodSpec zeroJvpMethod() {
    return MethodSpec.methodBuilder("jvp")
        .addJavadoc("A zero: the output is zero whatever the operand.\n")
        .addAnnotation(Override.class)
        .addModifiers(PUBLIC)
        .returns(primitiveValues)
        .addParameter(builderType(), "b")
        .addParameter(primitiveValues, "primalIn")
        .addParameter(primitiveValues, "primalOut")
        .addParameter(primitiveValues, "tangentIn")
        .addParameter(context, "ctx")
        .addStatement("return $T.singletonList(null)", Collections.class)
        .build();
  }

  /**
   * A rule of the scale primitive: linear, so its JVP scales the tangent and its transpose the
   * cotangent, by this operation's factor ({@code values} names the one given, always present).
   */
  private MethodSpec scaleRuleMethod(String name, String values, String what) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(name)
            .addJavadoc("Scales $L by the same factor.\n", what)
            .addAnnotation(Override.class)
            .addModifiers(PUBLIC)
            .returns(primitiveValues)
            .addParameter(builderType(), "b");
    if (name.equals("jvp")) {
      method
          .addParameter(primitiveValues, "primalIn")
          .addParameter(primitiveValues, "primalOut")
          .addParameter(primitiveValues, "tangentIn");
    } else {
      method
          .addParameter(primitiveValues, "cotangentOut")
          .addParameter(primitiveValues, "inputs")
          .addParameter(ACTIVE_MASK, "activeMask");
    }
    return method
        .addParameter(context, "ctx")
        .addStatement("return $T.singletonList(b.apply(this, $N.get(0)))", Collections.class, values)
        .build();
  }

  private MethodSpec transposeMethod(PrimitiveModel primitive, RuleMethod transpose) {
    List<CodeBlock> arguments = new ArrayList<>();
    int arg = 0;
    int cotangent = 0;
    for (ParameterModel parameter : transpose.parameters()) {
      switch (parameter.kind()) {
        case EMITTER:
          arguments.add(CodeBlock.of("new $T(b)", scope.type(set.emitType())));
          break;
        case ARG:
          arguments.add(CodeBlock.of("$T.of(b, inputs, activeMask, $L)", ARG, arg++));
          break;
        case TANGENT:
          arguments.add(CodeBlock.of("$T.of(b, cotangentOut.get($L))", TANGENT, cotangent++));
          break;
        default:
          arguments.add(CodeBlock.of("ctx"));
          break;
      }
    }
    return ruleMethod("transpose")
        .addParameter(builderType(), "b")
        .addParameter(primitiveValues, "cotangentOut")
        .addParameter(primitiveValues, "inputs")
        .addParameter(ACTIVE_MASK, "activeMask")
        .addParameter(context, "ctx")
        .addCode(contextCheck(transpose, "TRANSPOSE"))
        .addStatement(
            "return cotangentResults(b, $L)", call(primitive, transpose, Writing.arguments(arguments)))
        .build();
  }

  /**
   * If {@code rule} declares the context parameter, the refusal of a {@code null} context, for
   * rule kind {@code kind}: a transform given no context fails with an {@code ADRuleError} naming
   * the rule and how to pass one, rather than run the rule on {@code null}. Empty otherwise.
   */
  private CodeBlock contextCheck(RuleMethod rule, String kind) {
    if (rule.parameters().stream().noneMatch(p -> p.kind() == ParameterKind.CONTEXT)) {
      return CodeBlock.of("");
    }
    return CodeBlock.builder()
        .beginControlFlow("if (ctx == null)")
        .addStatement(
            "throw $T.missingContext(name(), $T.$L, $T.class)", AD_RULE_ERROR, RULE_KIND, kind,
            context)
        .endControlFlow()
        .build();
  }

  private MethodSpec.Builder ruleMethod(String name) {
    return MethodSpec.methodBuilder(name)
        .addAnnotation(Override.class)
        .addModifiers(PUBLIC)
        .returns(primitiveValues);
  }

  private TypeName builderType() {
    return ParameterizedTypeName.get(PRIMITIVE_BUILDER, opRef);
  }

  /** A call of {@code method}: on the interface if static, on this operation if default. */
  private CodeBlock call(PrimitiveModel primitive, RuleMethod method, CodeBlock arguments) {
    String name = method.role().methodName();
    return method.dispatch() == Dispatch.STATIC
        ? CodeBlock.of("$T.$N($L)", scope.type(primitive.interfaceType()), name, arguments)
        : CodeBlock.of("$N($L)", name, arguments);
  }
}
