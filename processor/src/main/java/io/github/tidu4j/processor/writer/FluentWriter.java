package io.github.tidu4j.processor.writer;

import static io.github.tidu4j.processor.model.RuntimeTypes.GRAPH_BUILDER;
import static io.github.tidu4j.processor.model.RuntimeTypes.GRAPH_TYPE;
import static io.github.tidu4j.processor.model.RuntimeTypes.VALUE_REF;
import static io.github.tidu4j.processor.model.RuntimeTypes.VALUE_REF_LOCAL;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.Names;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Writes the fluent pair of a set, {@code XBuilder} and {@code XValue}, so graphs read like the
 * math: {@code x.softplus().mul(x)} rather than {@code b.apply(XOp.MUL, b.apply(XOp.SOFTPLUS, x),
 * x)}. A primitive with inputs becomes a method of the value, its first operand the receiver and
 * the others parameters; a nullary primitive becomes a method of the builder. Attributes come
 * first, typed, as in the emitter ({@code x.scale(2.0)}); a primitive with several outputs returns
 * them as a list. Values remember their builder, and a value of another graph is rejected with
 * both builders named.
 *
 * <pre>{@code
 * FluentWriter fluent = new FluentWriter(set, generatedAnnotation);
 * types.add(fluent.writeBuilder());
 * types.add(fluent.writeValue());
 * }</pre>
 */
public final class FluentWriter {
  private final PrimitiveSetModel set;
  private final Optional<ClassName> generated;
  private final Map<PrimitiveModel, Map<String, String>> attributes = new HashMap<>();
  private final Map<PrimitiveModel, List<String>> operands = new HashMap<>();
  private final Scope builderScope;
  private final Scope valueScope;
  /** The builder's package-private methods the value calls, named clear of the primitives. */
  private final String apply;
  private final String applyMulti;
  private final String refs;
  private final String own;

  public FluentWriter(PrimitiveSetModel set, Optional<ClassName> generated) {
    this.set = set;
    this.generated = generated;
    Set<String> names = new HashSet<>();
    Set<String> methods = new HashSet<>(Names.BUILDER_METHODS);
    for (PrimitiveModel primitive : set.primitives()) {
      Map<String, String> variables = Scope.attributeVariables(set, primitive);
      List<String> operandNames = EmitWriter.operandNames(set, primitive, variables);
      attributes.put(primitive, variables);
      operands.put(primitive, operandNames);
      names.addAll(variables.values());
      names.addAll(operandNames);
      methods.add(primitive.methodName());
    }
    this.apply = Scope.fresh("apply", methods);
    methods.add(apply);
    this.applyMulti = Scope.fresh("applyMulti", methods);
    methods.add(applyMulti);
    this.refs = Scope.fresh("refs", methods);
    methods.add(refs);
    this.own = Scope.fresh("own", methods);
    this.builderScope = Scope.of(set, set.builderType(), names);
    this.valueScope = Scope.of(set, set.valueType(), names);
  }

  /** The {@code XBuilder} type. */
  public TypeSpec writeBuilder() {
    Scope scope = builderScope;
    ClassName builder = set.builderType();
    ClassName value = set.valueType();
    ClassName op = scope.type(set.opType());
    TypeName graphBuilder = ParameterizedTypeName.get(GRAPH_BUILDER, op);
    TypeName graph = ParameterizedTypeName.get(GRAPH_TYPE, op);
    TypeName values = ParameterizedTypeName.get(ClassName.get(List.class), value);
    TypeSpec.Builder type =
        TypeSpec.classBuilder(builder)
            .addJavadoc(
                "Builds graphs of {@link $T} fluently: inputs and the nullary primitives here,"
                    + " every\nother primitive a method of {@link $T}. The result is an ordinary"
                    + " {@code Graph<$L>};\n{@link #graph()} is the graph builder underneath, for"
                    + " what the fluent methods do not\ncover.\n\n",
                scope.type(set.setType()),
                value,
                set.opType().simpleName())
            .addJavadoc(example())
            .addJavadoc("\n<p>Not thread-safe; builds one graph.\n");
    Writing.markGenerated(type, generated);
    Writing.suppressWarnings(type, set);
    scope.qualifyShadowed(type);
    type.addModifiers(PUBLIC, FINAL)
        .addField(graphBuilder, "graph", PRIVATE, FINAL)
        .addMethod(
            MethodSpec.constructorBuilder()
                .addModifiers(PRIVATE)
                .addParameter(graphBuilder, "graph")
                .addStatement("this.graph = graph")
                .build())
        .addMethod(
            MethodSpec.methodBuilder("create")
                .addJavadoc("A builder of a new graph.\n\n@return the builder\n")
                .addModifiers(PUBLIC, STATIC)
                .returns(builder)
                .addStatement("return new $T($T.builder())", builder, GRAPH_TYPE)
                .build())
        .addMethod(
            MethodSpec.methodBuilder("on")
                .addJavadoc(
                    "A builder adding to {@code graph}, such as the one a traced function receives;"
                        + " builders on\none graph share their values.\n\n"
                        + "@param graph the graph builder to add to\n@return the builder\n")
                .addModifiers(PUBLIC, STATIC)
                .addParameter(graphBuilder, "graph")
                .returns(builder)
                .addStatement("return new $T($T.requireNonNull(graph, $S))", builder, Objects.class, "graph")
                .build())
        .addMethod(
            MethodSpec.methodBuilder("graph")
                .addJavadoc("The graph builder underneath.\n\n@return the graph builder\n")
                .addModifiers(PUBLIC)
                .returns(graphBuilder)
                .addStatement("return graph")
                .build())
        .addMethod(
            MethodSpec.methodBuilder("input")
                .addJavadoc(
                    "Declares the input keyed {@code key}: a name such as {@code \"x\"}, or any key"
                        + " with value\nequality; inputs are bound by that key when the graph"
                        + " runs.\n\n@param key the input's key\n@return the input\n"
                        + "@throws $T if the graph already declares {@code key}\n",
                    ClassName.get("io.github.tidu4j.graph", "GraphException"))
                .addModifiers(PUBLIC)
                .addParameter(Object.class, "key")
                .returns(value)
                .addStatement("return new $T(this, graph.input(key))", value)
                .build())
        .addMethod(
            MethodSpec.methodBuilder("value")
                .addJavadoc(
                    "The fluent value of {@code ref}, a value of the graph this builder adds to ("
                        + "e.g. one\n{@link #graph()} returned).\n\n@param ref the value in the"
                        + " graph\n@return the fluent value\n")
                .addModifiers(PUBLIC)
                .addParameter(VALUE_REF, "ref")
                .returns(value)
                .addStatement("return new $T(this, $T.requireNonNull(ref, $S))", value, Objects.class, "ref")
                .build());
    for (PrimitiveModel primitive : set.primitives()) {
      if (primitive.arity() == 0) {
        type.addMethod(builderMethod(primitive));
      }
    }
    type.addMethod(
            MethodSpec.methodBuilder("build")
                .addJavadoc(
                    "Builds the graph with {@code outputs}, in order; the builder cannot be used"
                        + " afterwards.\n\n@param outputs the graph's outputs\n@return the graph\n")
                .addModifiers(PUBLIC)
                .addParameter(ArrayTypeName.of(value), "outputs")
                .varargs()
                .returns(graph)
                .addStatement("return build($T.of(outputs))", List.class)
                .build())
        .addMethod(
            MethodSpec.methodBuilder("build")
                .addJavadoc(
                    "Builds the graph with {@code outputs}, in order; the builder cannot be used"
                        + " afterwards.\n\n@param outputs the graph's outputs\n@return the graph\n"
                        + "@throws IllegalArgumentException if an output belongs to another graph\n")
                .addModifiers(PUBLIC)
                .addParameter(values, "outputs")
                .returns(graph)
                .beginControlFlow("for ($T output : outputs)", value)
                .addStatement("graph.output($N(output, $S))", own, "output")
                .endControlFlow()
                .addStatement("return graph.build()")
                .build())
        .addMethod(
            MethodSpec.methodBuilder(apply)
                .addJavadoc(
                    "Applies the single-output {@code operation} to {@code operands}.\n\n"
                        + "@param operation the operation\n@param operands its operands\n"
                        + "@return its output\n")
                .addParameter(op, "operation")
                .addParameter(ArrayTypeName.of(value), "operands")
                .varargs()
                .returns(value)
                .addStatement(
                    "return new $T(this, graph.apply(operation, $N(operation, operands)))", value, refs)
                .build())
        .addMethod(
            MethodSpec.methodBuilder(applyMulti)
                .addJavadoc(
                    "Applies {@code operation} to {@code operands}.\n\n@param operation the"
                        + " operation\n@param operands its operands\n@return its outputs, in slot"
                        + " order\n")
                .addParameter(op, "operation")
                .addParameter(ArrayTypeName.of(value), "operands")
                .varargs()
                .returns(values)
                .addStatement(
                    "$T<$T> outputs = graph.applyMulti(operation, $N(operation, operands))",
                    List.class,
                    VALUE_REF_LOCAL,
                    refs)
                .addStatement("$T[] values = new $T[outputs.size()]", value, value)
                .beginControlFlow("for (int i = 0; i < values.length; i++)")
                .addStatement("values[i] = new $T(this, outputs.get(i))", value)
                .endControlFlow()
                .addStatement("return $T.of(values)", List.class)
                .build())
        .addMethod(
            MethodSpec.methodBuilder(refs)
                .addModifiers(PRIVATE)
                .addParameter(op, "operation")
                .addParameter(ArrayTypeName.of(value), "operands")
                .returns(ArrayTypeName.of(VALUE_REF))
                .addStatement("$T[] refs = new $T[operands.length]", VALUE_REF, VALUE_REF)
                .beginControlFlow("for (int i = 0; i < operands.length; i++)")
                .addStatement(
                    "refs[i] = $N(operands[i], operation.name() + $S + i)", own, " operand ")
                .endControlFlow()
                .addStatement("return refs")
                .build())
        .addMethod(
            MethodSpec.methodBuilder(own)
                .addModifiers(PRIVATE)
                .addParameter(value, "value")
                .addParameter(String.class, "what")
                .returns(VALUE_REF)
                .beginControlFlow("if (value == null)")
                .addStatement("throw new $T(what + $S)", NullPointerException.class, " is null")
                .endControlFlow()
                .addStatement("$T owner = value.builder()", builder)
                .beginControlFlow("if (owner.graph != graph)")
                .addComment("only when thrown: the message names both builders")
                .addStatement(
                    "throw new $T(\nwhat + $S + value + $S + this\n+ $S\n+ $S)",
                    IllegalArgumentException.class,
                    " (",
                    ") belongs to another graph than the one of ",
                    "; values of two builders do not mix: build each graph's values from one",
                    " builder")
                .endControlFlow()
                .addStatement("return value.ref()")
                .build())
        .addMethod(
            MethodSpec.methodBuilder("toString")
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC)
                .returns(String.class)
                .addStatement(
                    "return $S + $T.toHexString($T.identityHashCode(graph))",
                    builder.simpleName() + "@",
                    Integer.class,
                    System.class)
                .build());
    return type.build();
  }

  /** The {@code XValue} type. */
  public TypeSpec writeValue() {
    Scope scope = valueScope;
    ClassName builder = set.builderType();
    ClassName value = set.valueType();
    TypeSpec.Builder type =
        TypeSpec.classBuilder(value)
            .addJavadoc(
                "A value of a graph of {@link $T} under construction by a {@link $T}, with"
                    + " one\nmethod per primitive with inputs: the value is the first operand, and"
                    + " the method adds the\noperation to the builder's graph.\n\n",
                scope.type(set.setType()),
                builder)
            .addJavadoc(example());
    Writing.markGenerated(type, generated);
    Writing.suppressWarnings(type, set);
    scope.qualifyShadowed(type);
    type.addModifiers(PUBLIC, FINAL)
        .addField(builder, "builder", PRIVATE, FINAL)
        .addField(VALUE_REF, "ref", PRIVATE, FINAL)
        .addMethod(
            MethodSpec.constructorBuilder()
                .addParameter(builder, "builder")
                .addParameter(VALUE_REF, "ref")
                .addStatement("this.builder = builder")
                .addStatement("this.ref = ref")
                .build())
        .addMethod(
            MethodSpec.methodBuilder("builder")
                .addJavadoc("The builder this value belongs to.\n\n@return the builder\n")
                .addModifiers(PUBLIC)
                .returns(builder)
                .addStatement("return builder")
                .build())
        .addMethod(
            MethodSpec.methodBuilder("ref")
                .addJavadoc("This value in the graph being built.\n\n@return the value's reference\n")
                .addModifiers(PUBLIC)
                .returns(VALUE_REF)
                .addStatement("return ref")
                .build());
    for (PrimitiveModel primitive : set.primitives()) {
      if (primitive.arity() > 0) {
        type.addMethod(valueMethod(primitive));
      }
    }
    type.addMethod(
        MethodSpec.methodBuilder("toString")
            .addAnnotation(Override.class)
            .addModifiers(PUBLIC)
            .returns(String.class)
            .addStatement("return $S + ref + $S + builder", value.simpleName() + " ", " of ")
            .build());
    return type.build();
  }

  /** The example both classes show: an input and the accumulator, which every set has. */
  private CodeBlock example() {
    String prefix = set.prefix();
    return CodeBlock.of(
        "<pre>{@code\n$LBuilder b = $LBuilder.create();\n$LValue x = b.input(\"x\");\n"
            + "Graph<$LOp> g = b.build(x.$L(x));\n}</pre>\n",
        prefix,
        prefix,
        prefix,
        prefix,
        set.accumulator().orElseThrow().methodName());
  }

  /** The builder method of a nullary primitive: {@code b.one()}, {@code b.literal(2.5)}. */
  private MethodSpec builderMethod(PrimitiveModel primitive) {
    MethodSpec.Builder method = method(primitive, builderScope);
    boolean multi = primitive.outputs() > 1;
    return method
        .addJavadoc(
            "Applies {@link $T}$L.\n",
            builderScope.type(primitive.interfaceType()),
            multi ? "; its outputs in slot order" : "")
        .addJavadoc(tags(primitive, List.of(), multi))
        .addStatement(
            "return $N($L)", multi ? applyMulti : apply, operation(primitive, builderScope))
        .build();
  }

  /** The value method of a primitive with inputs: {@code a.mul(b)}, {@code x.scale(2.0)}. */
  private MethodSpec valueMethod(PrimitiveModel primitive) {
    MethodSpec.Builder method = method(primitive, valueScope);
    List<String> names = operands.get(primitive);
    List<String> others = names.subList(1, names.size());
    for (String operand : others) {
      method.addParameter(valueScope.type(set.valueType()), operand);
    }
    boolean multi = primitive.outputs() > 1;
    List<CodeBlock> arguments = new ArrayList<>();
    arguments.add(operation(primitive, valueScope));
    arguments.add(CodeBlock.of("this"));
    for (String operand : others) {
      arguments.add(CodeBlock.of("$N", operand));
    }
    return method
        .addJavadoc(
            "Applies {@link $T} to this value (its operand {@code $L})$L$L.\n",
            valueScope.type(primitive.interfaceType()),
            names.get(0),
            others.isEmpty() ? "" : " and " + describe(others),
            multi ? "; its outputs in slot order" : "")
        .addJavadoc(tags(primitive, others, multi))
        .addStatement(
            "return builder().$N($L)", multi ? applyMulti : apply, Writing.arguments(arguments))
        .build();
  }

  private static String describe(List<String> operands) {
    List<String> code = new ArrayList<>();
    for (String operand : operands) {
      code.add("{@code " + operand + "}");
    }
    return String.join(", ", code);
  }

  /** A public method named for the primitive, its attributes as the first parameters. */
  private MethodSpec.Builder method(PrimitiveModel primitive, Scope scope) {
    MethodSpec.Builder method = MethodSpec.methodBuilder(primitive.methodName()).addModifiers(PUBLIC);
    Map<String, String> names = attributes.get(primitive);
    for (AttributeModel attribute : primitive.attributes()) {
      method.addParameter(scope.type(attribute.type()), names.get(attribute.name()));
    }
    TypeName value = scope.type(set.valueType());
    return method.returns(
        primitive.outputs() > 1 ? ParameterizedTypeName.get(ClassName.get(List.class), value) : value);
  }

  /** The block tags: the attributes, the operands after the receiver, the result. */
  private CodeBlock tags(PrimitiveModel primitive, List<String> others, boolean multi) {
    CodeBlock.Builder tags = CodeBlock.builder().add("\n");
    Map<String, String> names = attributes.get(primitive);
    for (AttributeModel attribute : primitive.attributes()) {
      tags.add("@param $N the attribute {@code $L}\n", names.get(attribute.name()), attribute.name());
    }
    for (String operand : others) {
      tags.add("@param $N the operand {@code $L}\n", operand, operand);
    }
    return tags.add("@return $L\n", multi ? "its outputs, in slot order" : "its output").build();
  }

  /** {@code XOp.CONSTANT}, or the factory call with the attributes. */
  private CodeBlock operation(PrimitiveModel primitive, Scope scope) {
    ClassName op = scope.type(set.opType());
    if (!primitive.hasAttributes()) {
      return CodeBlock.of("$T.$N", op, primitive.constantName());
    }
    return CodeBlock.of(
        "$T.$N($L)", op, primitive.methodName(), String.join(", ", attributes.get(primitive).values()));
  }
}
