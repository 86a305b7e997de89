package io.github.tidu4j.processor.writer;

import static io.github.tidu4j.processor.model.RuntimeTypes.EMITTER;
import static io.github.tidu4j.processor.model.RuntimeTypes.PRIMAL;
import static io.github.tidu4j.processor.model.RuntimeTypes.PRIMITIVE_BUILDER;
import static io.github.tidu4j.processor.model.RuntimeTypes.TANGENT;
import static io.github.tidu4j.processor.model.RuntimeTypes.TANGENTS;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PUBLIC;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.ParameterModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes {@code XEmit}, the typed emitter rules emit through: for every primitive, a method on
 * fixed ({@code Primal}) operands; for the accumulator, also the sum of two {@code Tangent}s; for a
 * multilinear primitive, also one overload per operand that is linear, the others fixed. So
 * emitting a primitive on a tangent compiles exactly where the primitive is linear there, which is
 * what makes the closure check on transpose rules complete. Attributes come first.
 */
public final class EmitWriter {
  private final PrimitiveSetModel set;
  private final Optional<ClassName> generated;
  private final Map<PrimitiveModel, Map<String, String>> attributes = new HashMap<>();
  private final Map<PrimitiveModel, List<String>> operands = new HashMap<>();
  private final Scope scope;

  public EmitWriter(PrimitiveSetModel set, Optional<ClassName> generated) {
    this.set = set;
    this.generated = generated;
    Set<String> names = new HashSet<>();
    for (PrimitiveModel primitive : set.primitives()) {
      Map<String, String> variables = Scope.attributeVariables(set, primitive);
      List<String> operandNames = operandNames(set, primitive, variables);
      attributes.put(primitive, variables);
      operands.put(primitive, operandNames);
      names.addAll(variables.values());
      names.addAll(operandNames);
    }
    this.scope = Scope.of(set, set.emitType(), names);
  }

  /** The {@code XEmit} type. */
  public TypeSpec write() {
    ClassName op = scope.type(set.opType());
    PrimitiveModel add = set.accumulator().orElseThrow();
    TypeSpec.Builder type =
        TypeSpec.classBuilder(set.emitType())
            .addJavadoc(
                "Emits the primitives of {@link $T} from differentiation rules, so rules read like"
                    + " the math:\none method per primitive and linearity pattern. A method takes"
                    + " {@link $T} operands for\nfixed values and {@link $T} operands for linear ones,"
                    + " and exists with a {@code Tangent}\noperand only where the primitive is linear"
                    + " in it. Zeros fold: a sum with a zero operand is\nthe other operand, a linear"
                    + " operation of a zero is zero.\n\n",
                scope.type(set.setType()),
                PRIMAL,
                TANGENT)
            .addJavadoc(
                "<pre>{@code\nstatic Tangent jvp($L e, Primal a, Primal b, Tangent da, Tangent db) {\n"
                    + "  return e.$L(da, db);\n}\n}</pre>\n",
                set.emitType().simpleName(),
                add.methodName());
    Writing.markGenerated(type, generated);
    Writing.suppressWarnings(type, set);
    scope.qualifyShadowed(type);
    type.addModifiers(PUBLIC, FINAL)
        .superclass(ParameterizedTypeName.get(EMITTER, op))
        .addMethod(
            MethodSpec.constructorBuilder()
                .addJavadoc(
                    "An emitter writing through {@code builder}; generated rule dispatch makes one"
                        + " per rule call.\n\n@param builder the builder of the graph the rule"
                        + " emits into\n")
                .addModifiers(PUBLIC)
                .addParameter(ParameterizedTypeName.get(PRIMITIVE_BUILDER, op), "builder")
                .addStatement("super(builder)")
                .build());
    for (PrimitiveModel primitive : set.primitives()) {
      addMethods(type, primitive);
    }
    return type.build();
  }

  private void addMethods(TypeSpec.Builder type, PrimitiveModel primitive) {
    List<String> operands = this.operands.get(primitive);
    CodeBlock operation = operation(primitive);
    CodeBlock link = CodeBlock.of("{@link $T}", scope.type(primitive.interfaceType()));
    boolean multi = primitive.outputs() > 1;

    MethodSpec.Builder fixed = method(primitive);
    for (String operand : operands) {
      fixed.addParameter(PRIMAL, operand);
    }
    type.addMethod(
        fixed
            .addJavadoc("Emits $L on fixed operands$L.\n", link, multi ? "; its outputs in slot order" : "")
            .addJavadoc(tags(primitive, operands, -1, multi ? "its outputs, in slot order" : "its output"))
            .returns(multi ? ParameterizedTypeName.get(ClassName.get(List.class), PRIMAL) : PRIMAL)
            .addStatement(
                "return $N($L$L)", multi ? "fixedMulti" : "fixed", operation, commaThen(operands))
            .build());

    if (primitive.accumulator()) {
      MethodSpec.Builder sum = method(primitive);
      for (String operand : operands) {
        sum.addParameter(TANGENT, operand);
      }
      type.addMethod(
          sum.addJavadoc("Emits $L summing two linear values; a zero operand is the identity.\n", link)
              .addJavadoc(tags(primitive, operands, -2, "the sum"))
              .returns(TANGENT)
              .addStatement("return sum($L, $L)", operation, String.join(", ", operands))
              .build());
    }
    if (primitive.isMultilinear()) {
      for (int linear = 0; linear < operands.size(); linear++) {
        MethodSpec.Builder method = method(primitive);
        for (int i = 0; i < operands.size(); i++) {
          method.addParameter(i == linear ? TANGENT : PRIMAL, operands.get(i));
        }
        type.addMethod(
            method
                .addJavadoc(
                    "Emits $L linear in {@code $L}; zero if {@code $L} is.\n",
                    link,
                    operands.get(linear),
                    operands.get(linear))
                .addJavadoc(
                    tags(
                        primitive,
                        operands,
                        linear,
                        multi ? "its outputs, in slot order" : "its output"))
                .returns(multi ? TANGENTS : TANGENT)
                .addStatement(
                    "return $N($L, $L)",
                    multi ? "multilinearMulti" : "multilinear",
                    operation,
                    String.join(", ", operands))
                .build());
      }
    }
  }

  /**
   * The block tags of an emitter method: its attributes, then its operands, fixed except the one
   * at {@code linear} ({@code -2}: all linear), then what it returns.
   */
  private CodeBlock tags(PrimitiveModel primitive, List<String> operands, int linear, String returns) {
    CodeBlock.Builder tags = CodeBlock.builder().add("\n");
    Map<String, String> names = attributes.get(primitive);
    for (AttributeModel attribute : primitive.attributes()) {
      tags.add("@param $N the attribute {@code $L}\n", names.get(attribute.name()), attribute.name());
    }
    for (int i = 0; i < operands.size(); i++) {
      String kind = linear == -2 || linear == i ? "a linear" : "a fixed";
      tags.add("@param $N $L operand\n", operands.get(i), kind);
    }
    return tags.add("@return $L\n", returns).build();
  }

  /** {@code ", a, b"} for operands {@code a, b}; nothing for a primitive without inputs. */
  private static String commaThen(List<String> operands) {
    return operands.isEmpty() ? "" : ", " + String.join(", ", operands);
  }

  /** A public method named for the primitive, its attributes as the first parameters. */
  private MethodSpec.Builder method(PrimitiveModel primitive) {
    MethodSpec.Builder method = MethodSpec.methodBuilder(primitive.methodName()).addModifiers(PUBLIC);
    Map<String, String> names = attributes.get(primitive);
    for (AttributeModel attribute : primitive.attributes()) {
      method.addParameter(scope.type(attribute.type()), names.get(attribute.name()));
    }
    return method;
  }

  /** {@code XOp.CONSTANT}, or the factory call with the attributes. */
  private CodeBlock operation(PrimitiveModel primitive) {
    ClassName op = scope.type(set.opType());
    if (!primitive.hasAttributes()) {
      return CodeBlock.of("$T.$N", op, primitive.constantName());
    }
    return CodeBlock.of(
        "$T.$N($L)", op, primitive.methodName(), String.join(", ", attributes.get(primitive).values()));
  }

  /**
   * The kernel's parameter names, renamed where they would shadow an attribute or take a name
   * generated code needs ({@link Scope#reserved}).
   */
  static List<String> operandNames(
      PrimitiveSetModel set, PrimitiveModel primitive, Map<String, String> attributes) {
    Set<String> taken = new HashSet<>(Scope.reserved(set));
    taken.addAll(attributes.values());
    List<ParameterModel> parameters =
        primitive.rule(RuleRole.EVAL).orElseThrow().parameters();
    Set<String> declared = new HashSet<>();
    for (ParameterModel parameter : parameters) {
      declared.add(parameter.name());
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < parameters.size(); i++) {
      String name = parameters.get(i).name();
      if (taken.contains(name)) {
        Set<String> avoid = new HashSet<>(taken);
        avoid.addAll(declared);
        name = Scope.fresh("operand" + i, avoid);
      }
      taken.add(name);
      names.add(name);
    }
    return names;
  }
}
