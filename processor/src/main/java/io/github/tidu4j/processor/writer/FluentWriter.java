package io.github.tidu4j.processor.writer;

import static io.github.tidu4j.processor.model.RuntimeTypes.FLUENT_FUNCTION;
import static io.github.tidu4j.processor.model.RuntimeTypes.FLUENT_TRACER;
import static io.github.tidu4j.processor.model.RuntimeTypes.GRAPH_BUILDER;
import static io.github.tidu4j.processor.model.RuntimeTypes.GRAPH_TYPE;
import static io.github.tidu4j.processor.model.RuntimeTypes.SCALAR_BODY_BINARY;
import static io.github.tidu4j.processor.model.RuntimeTypes.SCALAR_BODY_UNARY;
import static io.github.tidu4j.processor.model.RuntimeTypes.TRACEABLE;
import static io.github.tidu4j.processor.model.RuntimeTypes.VALUE_REF;
import static io.github.tidu4j.processor.model.RuntimeTypes.VALUE_REF_LOCAL;
import static io.github.tidu4j.processor.model.RuntimeTypes.VALUE_TYPE;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.CompositeModel;
import io.github.tidu4j.processor.model.Names;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.TypeRuleModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Writes the fluent pair of a set, {@code XBuilder} and {@code XValue}, so graphs read like the
 * math: {@code x.softplus().mul(x)} rather than {@code b.apply(XOp.MUL, b.apply(XOp.SOFTPLUS, x),
 * x)}. A primitive with inputs becomes a method of the value, its first operand the receiver and
 * the other operands its first parameters; a nullary primitive becomes a method of the builder.
 * Attributes follow, typed ({@code x.scale(2.0)}, {@code a.dotGeneral(b, ...)}), the last one
 * variable-arity if it is an array ({@code x.reduceSum(0, 1)}); a primitive with several outputs
 * returns them as a list. Values remember their builder, and a value of another graph is rejected with
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
  private final String what;
  private final String typesOf;
  private final String rejected;
  private final String describe;
  /** The set's abstract type, which every value carries, if it declares one. */
  private final Optional<TypeName> abstractType;

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
    methods.add(own);
    this.what = Scope.fresh("what", methods);
    methods.add(what);
    this.typesOf = Scope.fresh("typesOf", methods);
    methods.add(typesOf);
    this.rejected = Scope.fresh("rejected", methods);
    methods.add(rejected);
    this.describe = Scope.fresh("describe", methods);
    this.abstractType = set.abstractType();
    this.builderScope = Scope.of(set, set.builderType(), names);
    // the value's nested types shadow a user's types of those names in its file
    Set<String> valueNames = new HashSet<>(names);
    if (set.hasUnaryBody()) {
      valueNames.addAll(List.of("UnaryBody", "BinaryBody"));
    }
    if (set.recordsValueTypes()) {
      valueNames.add("Tracing");
    }
    this.valueScope = Scope.of(set, set.valueType(), valueNames);
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
            .addJavadoc(
                "\n<p>Builds one graph, on the thread that made it (another thread is refused).\n");
    Writing.markGenerated(type, generated);
    Writing.suppressWarnings(type, set);
    scope.qualifyShadowed(type);
    type.addModifiers(PUBLIC, FINAL)
        .addField(
            FieldSpec.builder(graphBuilder, "graph", PRIVATE, FINAL)
                .addJavadoc(
                    "The graph builder underneath; builders on one graph builder share their"
                        + " values.\n")
                .build())
        .addMethod(
            MethodSpec.constructorBuilder()
                .addJavadoc(
                    "A builder adding to {@code graph}; {@link #create()} and {@link #on} make"
                        + " them.\n\n@param graph the graph builder to add to\n")
                .addModifiers(PRIVATE)
                .addParameter(graphBuilder, "graph")
                .addStatement("this.graph = graph")
                .build())
        .addMethod(
            MethodSpec.methodBuilder("create")
                .addJavadoc(
                    "A builder of a new graph, which names its set by the accumulator, so that a"
                        + " graph of no\noperation (a function returning its input twice) can"
                        + " still be transposed.\n\n@return the builder\n")
                .addModifiers(PUBLIC, STATIC)
                .returns(builder)
                .addStatement(
                    "return new $T($T.<$T>builder().declareSet($T.$N))",
                    builder,
                    GRAPH_TYPE,
                    op,
                    op,
                    set.accumulator().orElseThrow().constantName())
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
        .addMethod(input(scope, value))
        .addMethod(valueOf(scope, value));
    if (set.recordsValueTypes()) {
      type.addMethod(declared(scope));
    }
    for (PrimitiveModel primitive : set.primitives()) {
      if (primitive.arity() == 0) {
        type.addMethod(builderMethod(primitive));
      }
    }
    for (CompositeModel composite : set.composites()) {
      if (composite.onBuilder()) {
        type.addMethod(compositeMethod(composite, scope));
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
                .addCode(
                    set.recordsValueTypes()
                        ? CodeBlock.of(
                            "graph.output($N(output, $S, -1), declared(output.type()));\n",
                            own,
                            "output")
                        : CodeBlock.of("graph.output($N(output, $S, -1));\n", own, "output"))
                .endControlFlow()
                .addStatement("return graph.build()")
                .build())
        .addMethod(applyMethod(scope, op, value))
        .addMethod(applyMultiMethod(scope, op, value, values))
        .addMethod(
            MethodSpec.methodBuilder(refs)
                .addJavadoc(
                    "The references of {@code operands}, each checked to be a value of this"
                        + " builder's graph.\n\n"
                        + "@param operation the operation they are operands of, named in errors\n"
                        + "@param operands the operands\n"
                        + "@return their references, in order\n")
                .addModifiers(PRIVATE)
                .addParameter(op, "operation")
                .addParameter(ArrayTypeName.of(value), "operands")
                .returns(ArrayTypeName.of(VALUE_REF))
                .addStatement("$T[] refs = new $T[operands.length]", VALUE_REF, VALUE_REF)
                .beginControlFlow("for (int i = 0; i < operands.length; i++)")
                .addStatement(
                    "refs[i] = $N(operands[i], operation.name(), i)", own)
                .endControlFlow()
                .addStatement("return refs")
                .build())
        .addMethod(
            MethodSpec.methodBuilder(own)
                .addJavadoc(
                    "The reference of {@code value}, checked to be a value of this builder's"
                        + " graph.\n\n"
                        + "@param value an operand, or an output of the graph\n"
                        + "@param name what takes it, named in errors: an operation, or"
                        + " {@code \"output\"}\n"
                        + "@param operand its operand index, or -1 for an output\n"
                        + "@return its reference\n"
                        + "@throws NullPointerException if {@code value} is null\n"
                        + "@throws IllegalArgumentException if {@code value} belongs to another"
                        + " graph\n")
                .addModifiers(PRIVATE)
                .addParameter(value, "value")
                .addParameter(String.class, "name")
                .addParameter(int.class, "operand")
                .returns(VALUE_REF)
                .addComment("messages are built only when thrown: this runs once per operand")
                .beginControlFlow("if (value == null)")
                .addStatement(
                    "throw new $T($N(name, operand) + $S)", NullPointerException.class, what, " is null")
                .endControlFlow()
                .addStatement("$T owner = value.builder()", builder)
                .beginControlFlow("if (owner.graph != graph)")
                .addStatement(
                    "throw new $T(\n$N(name, operand) + $S + value + $S + this\n+ $S\n+ $S\n+ $S)",
                    IllegalArgumentException.class,
                    what,
                    " (",
                    ") belongs to another graph than the one of ",
                    "; values of two builders do not mix (a value kept from an earlier trace",
                    " of a function is one of another builder: each trace builds a graph of its",
                    " own): build each graph's values from one builder")
                .endControlFlow()
                .addStatement("return value.ref()")
                .build())
        .addMethod(
            MethodSpec.methodBuilder(what)
                .addJavadoc(
                    "How errors name operand {@code operand} of {@code name}: {@code \"Mul"
                        + " operand 1\"}, or\n{@code name} alone for -1.\n\n"
                        + "@param name what takes the value: an operation, or {@code \"output\"}\n"
                        + "@param operand the operand index, or -1\n"
                        + "@return the name in errors\n")
                .addModifiers(PRIVATE, STATIC)
                .addParameter(String.class, "name")
                .addParameter(int.class, "operand")
                .returns(String.class)
                .addStatement("return operand < 0 ? name : name + $S + operand", " operand ")
                .build());
    if (abstractType.isPresent()) {
      type.addMethod(typesOfMethod(scope, value))
          .addMethod(rejectedMethod(value))
          .addMethod(describeMethod(value));
    }
    type        .addMethod(
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
        .addField(
            FieldSpec.builder(builder, "builder", PRIVATE, FINAL)
                .addJavadoc("The builder this value belongs to.\n")
                .build())
        .addField(
            FieldSpec.builder(VALUE_REF, "ref", PRIVATE, FINAL)
                .addJavadoc("This value in the graph being built.\n")
                .build());
    MethodSpec.Builder constructor =
        MethodSpec.constructorBuilder()
            .addJavadoc(
                "The value {@code ref} of {@code builder}'s graph; only the builder makes"
                    + " values.\n\n@param builder the builder the value belongs to\n"
                    + "@param ref the value in the graph being built\n")
            .addParameter(builder, "builder")
            .addParameter(VALUE_REF, "ref")
            .addStatement("this.builder = builder")
            .addStatement("this.ref = ref");
    if (abstractType.isPresent()) {
      TypeName t = scope.type(abstractType.get());
      type.addField(
              FieldSpec.builder(t, "type", PRIVATE, FINAL)
                  .addJavadoc(
                      "This value's abstract type, which the primitives' type rules computed.\n")
                  .build())
          .addMethod(
              MethodSpec.methodBuilder("type")
                  .addJavadoc(
                      "This value's abstract type, which the primitives' type rules computed.\n\n"
                          + "@return the type\n")
                  .addModifiers(PUBLIC)
                  .returns(t)
                  .addStatement("return type")
                  .build());
      constructor
          .addJavadoc("@param type its abstract type\n")
          .addParameter(t, "type")
          .addStatement("this.type = type");
    }
    type.addMethod(constructor.build())
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
    for (CompositeModel composite : set.composites()) {
      if (!composite.onBuilder()) {
        type.addMethod(compositeMethod(composite, scope));
      }
    }
    if (set.hasUnaryBody()) {
      type.addMethod(unaryBody(scope, value));
      type.addMethod(binaryBody(scope, value));
      type.addType(bodyType(scope, builder, value, false));
      type.addType(bodyType(scope, builder, value, true));
    }
    if (set.recordsValueTypes()) {
      type.addMethod(traceable(scope, value, "unary"));
      type.addMethod(traceable(scope, value, "binary"));
      type.addMethod(traceable(scope, value, "of"));
      type.addType(tracing(scope, builder, value));
    }
    type.addMethod(
        MethodSpec.methodBuilder("toString")
            .addAnnotation(Override.class)
            .addModifiers(PUBLIC)
            .returns(String.class)
            .addCode(
                abstractType.isPresent()
                    ? CodeBlock.of("return builder.$N(this);\n", describe)
                    : CodeBlock.of(
                        "return $S + ref + $S + builder;\n", value.simpleName() + " ", " of "))
            .build());
    return type.build();
  }

  /**
   * For a set over {@code double}: a {@code ScalarAutodiff} function body of one input written with
   * fluent values, so a user writes {@code ad.function(XValue.unary(x -> x.sin().mul(x)))} rather
   * than wrapping the traced reference and unwrapping the result by hand.
   */
  private MethodSpec unaryBody(Scope scope, ClassName value) {
    return MethodSpec.methodBuilder("unary")
        .addJavadoc(
            "A {@code ScalarAutodiff} function of one input written with fluent values:\n"
                + "{@code ad.function($T.unary(x -> x.mul(x)))}. Bodies of one {@code body} are"
                + " one function\nto {@code ScalarAutodiff}'s cache, which finds it wrapped"
                + " again.\n\n"
                + "@param body the function, from the traced input to the output\n"
                + "@return the body {@code ScalarAutodiff} traces\n",
            value)
        .addModifiers(PUBLIC, STATIC)
        .addParameter(
            ParameterizedTypeName.get(scope.type(ClassName.get(UnaryOperator.class)), value), "body")
        .returns(ParameterizedTypeName.get(scope.type(SCALAR_BODY_UNARY), scope.type(set.opType())))
        .addStatement("return new UnaryBody($T.requireNonNull(body, $S))", Objects.class, "body")
        .build();
  }

  /** As {@link #unaryBody}, for a function of two inputs: {@code XValue.binary((x, y) -> …)}. */
  private MethodSpec binaryBody(Scope scope, ClassName value) {
    return MethodSpec.methodBuilder("binary")
        .addJavadoc(
            "A {@code ScalarAutodiff} function of two inputs written with fluent values:\n"
                + "{@code ad.function($T.binary((x, y) -> x.mul(y)))}. Bodies of one {@code body}"
                + " are one\nfunction to {@code ScalarAutodiff}'s cache, which finds it wrapped"
                + " again.\n\n"
                + "@param body the function, from the traced inputs to the output\n"
                + "@return the body {@code ScalarAutodiff} traces\n",
            value)
        .addModifiers(PUBLIC, STATIC)
        .addParameter(
            ParameterizedTypeName.get(scope.type(ClassName.get(BinaryOperator.class)), value),
            "body")
        .returns(
            ParameterizedTypeName.get(scope.type(SCALAR_BODY_BINARY), scope.type(set.opType())))
        .addStatement("return new BinaryBody($T.requireNonNull(body, $S))", Objects.class, "body")
        .build();
  }

  /**
   * The body {@code unary} (or {@code binary}) returns: a class whose {@code identity()} is the
   * function it wraps, where a lambda made per call would be a new key of {@code ScalarAutodiff}'s
   * function cache each time. A class, not a record: javac 17 (17.0.15 here; JDK-8332297) fails with a {@code
   * NullPointerException} recompiling a set whose generated record's class file is already on the
   * class path, as IDEs and incremental builds do.
   */
  private TypeSpec bodyType(Scope scope, ClassName builder, ClassName value, boolean binary) {
    TypeName op = scope.type(set.opType());
    TypeName body =
        ParameterizedTypeName.get(
            scope.type(ClassName.get(binary ? BinaryOperator.class : UnaryOperator.class)), value);
    MethodSpec.Builder apply =
        MethodSpec.methodBuilder("apply")
            .addAnnotation(Override.class)
            .addModifiers(PUBLIC)
            .addParameter(ParameterizedTypeName.get(scope.type(GRAPH_BUILDER), op), "graph")
            .addParameter(scope.type(VALUE_REF_LOCAL), "x");
    if (binary) {
      apply
          .addParameter(scope.type(VALUE_REF_LOCAL), "y")
          .returns(scope.type(VALUE_REF))
          .addStatement("$T b = $T.on(graph)", builder, builder)
          // null, for a body returning null: the tracer says so, naming the output
          .addStatement("$T z = body.apply(b.value(x), b.value(y))", value)
          .addStatement("return z == null ? null : z.ref()");
    } else {
      apply
          .returns(scope.type(VALUE_REF))
          // null, for a body returning null: the tracer says so, naming the output
          .addStatement("$T y = body.apply($T.on(graph).value(x))", value, builder)
          .addStatement("return y == null ? null : y.ref()");
    }
    String name = binary ? "binary" : "unary";
    return TypeSpec.classBuilder(binary ? "BinaryBody" : "UnaryBody")
        .addJavadoc(
            "The body {@link #$L} makes of {@code body}, named by {@code body} in caches.\n", name)
        .addModifiers(PRIVATE, STATIC, FINAL)
        .addSuperinterface(
            ParameterizedTypeName.get(
                scope.type(binary ? SCALAR_BODY_BINARY : SCALAR_BODY_UNARY), op))
        .addField(
            FieldSpec.builder(body, "body", PRIVATE, FINAL)
                .addJavadoc(
                    "The function, from the traced input$L to the output; also the body's"
                        + " identity.\n",
                    binary ? "s" : "")
                .build())
        .addMethod(
            MethodSpec.constructorBuilder()
                .addJavadoc(
                    "A body wrapping {@code body}.\n\n"
                        + "@param body the function, from the traced input$L to the output\n",
                    binary ? "s" : "")
                .addParameter(body, "body")
                .addStatement("this.body = body")
                .build())
        .addMethod(apply.build())
        .addMethod(
            MethodSpec.methodBuilder("identity")
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC)
                .returns(Object.class)
                .addStatement("return body")
                .build())
        .build();
  }

  /**
   * {@code FluentFunction<XOp, T, V, XValue>}, what {@link #traceable} returns: a {@code
   * Traceable}, with {@code named(name)} for messages.
   */
  private TypeName traceableType(Scope scope, ClassName value) {
    return ParameterizedTypeName.get(
        scope.type(FLUENT_FUNCTION),
        scope.type(set.opType()),
        scope.type(abstractType.get()),
        scope.type(set.operand().type()),
        value);
  }

  /**
   * For a typed set with a domain: {@code XValue.traceable(body)}, a function written with fluent
   * values as a {@code Traceable} ({@code FluentFunction}), for {@code Transforms} and a {@code
   * FunctionCache}; {@code factory} is the {@code FluentFunction} factory it calls, {@code unary},
   * {@code binary} or {@code of} (any number of inputs and outputs, as lists).
   */
  private MethodSpec traceable(Scope scope, ClassName value, String factory) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("traceable")
            .addModifiers(PUBLIC, STATIC)
            .returns(traceableType(scope, value));
    TypeName values = ParameterizedTypeName.get(scope.type(ClassName.get(List.class)), value);
    switch (factory) {
      case "unary" -> method
          .addJavadoc(
              "A function of one input written with fluent values, as a {@link $T} for\n"
                  + "{@code Transforms} and a {@code FunctionCache}:"
                  + " {@code $T.traceable(x -> x.mul(x))}.\nIts input is keyed"
                  + " {@code \"x\"} and takes the type it is staged for. Functions of one\n"
                  + "{@code body} are equal, so their transforms share cached programs;\n"
                  + "{@code named(name)} names one in messages ({@code grad(loss)}).\n\n"
                  + "@param body the function, from the traced input to the output\n"
                  + "@return the function\n",
              scope.type(TRACEABLE),
              value)
          .addParameter(
              ParameterizedTypeName.get(scope.type(ClassName.get(UnaryOperator.class)), value),
              "body");
      case "binary" -> method
          .addJavadoc(
              "As {@link #traceable($T)}, for a function of two inputs, keyed {@code \"x0\"} and"
                  + "\n{@code \"x1\"}: {@code $T.traceable((x, y) -> x.mul(y))}.\n\n"
                  + "@param body the function, from the traced inputs to the output\n"
                  + "@return the function\n",
              ClassName.get(UnaryOperator.class),
              value)
          .addParameter(
              ParameterizedTypeName.get(scope.type(ClassName.get(BinaryOperator.class)), value),
              "body");
      default -> method
          .addJavadoc(
              "As {@link #traceable($T)}, for a function of {@code arity} inputs, keyed"
                  + " {@code \"x0\"},\n{@code \"x1\"}, …, and any number of outputs:"
                  + " {@code body} takes the list of traced inputs and\nreturns the list of"
                  + " outputs.\n\n"
                  + "@param arity the number of inputs\n"
                  + "@param body the function, from the traced inputs to the outputs\n"
                  + "@return the function\n"
                  + "@throws IllegalArgumentException if {@code arity} is negative\n",
              ClassName.get(UnaryOperator.class))
          .addParameter(TypeName.INT, "arity")
          .addParameter(
              ParameterizedTypeName.get(scope.type(ClassName.get(Function.class)), values, values),
              "body");
    }
    return method
        .addStatement(
            factory.equals("of")
                ? "return $T.of(Tracing.INSTANCE, arity, $T.requireNonNull(body, $S))"
                : "return $T." + factory + "(Tracing.INSTANCE, $T.requireNonNull(body, $S))",
            scope.type(FLUENT_FUNCTION),
            scope.type(ClassName.get(Objects.class)),
            "body")
        .build();
  }

  /**
   * {@code XValue.Tracing}: how {@code FluentFunction} builds a graph of the set, through its
   * builder. A class, not an enum or a record, as {@link #bodyType} says.
   */
  private TypeSpec tracing(Scope scope, ClassName builder, ClassName value) {
    TypeName op = scope.type(set.opType());
    TypeName typeName = scope.type(abstractType.get());
    TypeName values = ParameterizedTypeName.get(scope.type(ClassName.get(List.class)), value);
    ClassName tracing = set.valueType().nestedClass("Tracing");
    return TypeSpec.classBuilder("Tracing")
        .addJavadoc(
            "How {@link $T#traceable} builds a graph: through a {@link $T}.\n", value, builder)
        .addModifiers(PRIVATE, STATIC, FINAL)
        .addSuperinterface(
            ParameterizedTypeName.get(scope.type(FLUENT_TRACER), op, typeName, value, builder))
        .addField(
            FieldSpec.builder(tracing, "INSTANCE", STATIC, FINAL)
                .addJavadoc("The one instance: the tracer holds nothing.\n")
                .initializer("new Tracing()")
                .build())
        .addMethod(
            MethodSpec.constructorBuilder()
                .addJavadoc("Only {@link #INSTANCE}.\n")
                .addModifiers(PRIVATE)
                .build())
        .addMethod(
            MethodSpec.methodBuilder("builder")
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC)
                .returns(builder)
                .addStatement("return $T.create()", builder)
                .build())
        .addMethod(
            MethodSpec.methodBuilder("input")
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC)
                .returns(value)
                .addParameter(builder, "b")
                .addParameter(Object.class, "key")
                .addParameter(typeName, "type")
                .addStatement("return b.input(key, type)")
                .build())
        .addMethod(
            MethodSpec.methodBuilder("typeOf")
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC)
                .returns(typeName)
                .addParameter(value, "value")
                .addStatement("return value.type()")
                .build())
        .addMethod(
            MethodSpec.methodBuilder("build")
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC)
                .returns(ParameterizedTypeName.get(scope.type(GRAPH_TYPE), op))
                .addParameter(builder, "b")
                .addParameter(values, "outputs")
                .addStatement("return b.build(outputs)")
                .build())
        .build();
  }

  /**
   * {@code declared(type)}: the type as the graph records it for an input, an output or a value
   * read at a type, which a program checks the values bound there against.
   */
  private MethodSpec declared(Scope scope) {
    return MethodSpec.methodBuilder("declared")
        .addJavadoc("The graph's record of {@code type}, for an input, output or value read.\n\n")
        .addJavadoc("@param type the type\n")
        .addJavadoc("@return the record, which reads a value's type with the set's domain\n")
        .addModifiers(PRIVATE, STATIC)
        .addParameter(scope.type(abstractType.get()), "type")
        .returns(VALUE_TYPE)
        .addStatement(
            "return $T.of(type, $T.class, $T.$N::typeOf)",
            VALUE_TYPE,
            scope.type(set.operand().type()),
            scope.type(set.setType()),
            set.domainField().get())
        .build();
  }

  /** {@code input(key)}, or {@code input(key, type)} for a set with an abstract type. */
  private MethodSpec input(Scope scope, ClassName value) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("input")
            .addJavadoc(
                "Declares the input keyed {@code key}: a name such as {@code \"x\"}, or any key"
                    + " with value\nequality; inputs are bound by that key when the graph"
                    + " runs.\n\n@param key the input's key\n")
            .addModifiers(PUBLIC)
            .addParameter(Object.class, "key")
            .returns(value);
    if (abstractType.isEmpty()) {
      method.addStatement("return new $T(this, graph.input(key))", value);
    } else if (set.recordsValueTypes()) {
      // the graph keeps the type, so every program compiled from it checks what is bound there
      method
          .addJavadoc(
              "@param type the input's abstract type, which every program compiled from the graph"
                  + "\n    checks the value bound to the input against\n")
          .addParameter(scope.type(abstractType.get()), "type")
          .addStatement("$T.requireNonNull(type, $S)", Objects.class, "type")
          .addStatement("return new $T(this, graph.input(key, declared(type)), type)", value);
    } else {
      method
          .addJavadoc("@param type the input's abstract type\n")
          .addParameter(scope.type(abstractType.get()), "type")
          .addStatement(
              "return new $T(this, graph.input(key), $T.requireNonNull(type, $S))",
              value,
              Objects.class,
              "type");
    }
    return method
        .addJavadoc(
            "@return the input\n@throws $T if the graph already declares {@code key}\n",
            ClassName.get("io.github.tidu4j.graph", "GraphException"))
        .build();
  }

  /** {@code value(ref)}, or {@code value(ref, type)} for a set with an abstract type. */
  private MethodSpec valueOf(Scope scope, ClassName value) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("value")
            .addJavadoc(
                "The fluent value of {@code ref}, a value of the graph this builder adds to ("
                    + "e.g. one\n{@link #graph()} returned).\n\n@param ref the value in the"
                    + " graph\n")
            .addModifiers(PUBLIC)
            .addParameter(VALUE_REF, "ref")
            .returns(value);
    if (abstractType.isEmpty()) {
      method.addStatement(
          "return new $T(this, $T.requireNonNull(ref, $S))", value, Objects.class, "ref");
    } else if (set.recordsValueTypes()) {
      // the graph checks the type against the one declared for the value, here or at resolve
      method
          .addJavadoc(
              "@param type its abstract type, which must be the one its graph declares for it"
                  + " (checked\n    here against this graph's inputs and its parents so far, and"
                  + " when the graph is\n    resolved)\n")
          .addParameter(scope.type(abstractType.get()), "type")
          .addStatement("$T.requireNonNull(ref, $S)", Objects.class, "ref")
          .addStatement("$T.requireNonNull(type, $S)", Objects.class, "type")
          .addStatement("graph.declareType(ref, declared(type))")
          .addStatement("return new $T(this, ref, type)", value);
    } else {
      method
          .addJavadoc("@param type its abstract type\n")
          .addParameter(scope.type(abstractType.get()), "type")
          .addStatement(
              "return new $T(this, $T.requireNonNull(ref, $S), $T.requireNonNull(type, $S))",
              value,
              Objects.class,
              "ref",
              Objects.class,
              "type");
    }
    return method.addJavadoc("@return the fluent value\n").build();
  }

  /** Applies a single-output operation; with an abstract type, the output's type is given. */
  private MethodSpec applyMethod(Scope scope, ClassName op, ClassName value) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(apply)
            .addJavadoc(
                "Applies the single-output {@code operation} to {@code operands}.\n\n"
                    + "@param operation the operation\n")
            .addParameter(op, "operation");
    if (abstractType.isPresent()) {
      method
          .addJavadoc("@param type the output's type\n")
          .addParameter(scope.type(abstractType.get()), "type");
    }
    return method
        .addJavadoc("@param operands its operands\n@return its output\n")
        .addParameter(ArrayTypeName.of(value), "operands")
        .varargs()
        .returns(value)
        .addStatement(
            "return new $T(this, graph.apply(operation, $N(operation, operands))$L)",
            value,
            refs,
            abstractType.isPresent() ? ", type" : "")
        .build();
  }

  /** Applies an operation with several outputs; with an abstract type, their types are given. */
  private MethodSpec applyMultiMethod(
      Scope scope, ClassName op, ClassName value, TypeName values) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(applyMulti)
            .addJavadoc("Applies {@code operation} to {@code operands}.\n\n")
            .addJavadoc("@param operation the operation\n")
            .addParameter(op, "operation");
    if (abstractType.isPresent()) {
      method
          .addJavadoc("@param types the outputs' types, in slot order\n")
          .addParameter(
              ParameterizedTypeName.get(ClassName.get(List.class), scope.type(abstractType.get())),
              "types");
    }
    method
        .addJavadoc("@param operands its operands\n@return its outputs, in slot order\n")
        .addParameter(ArrayTypeName.of(value), "operands")
        .varargs()
        .returns(values)
        .addStatement(
            "$T<$T> outputs = graph.applyMulti(operation, $N(operation, operands))",
            List.class,
            VALUE_REF_LOCAL,
            refs);
    if (abstractType.isPresent()) {
      method
          .beginControlFlow("if (types.size() != outputs.size())")
          .addStatement(
              "throw new $T(operation.name() + $S + outputs.size() + $S + types.size() + $S)",
              IllegalStateException.class,
              ": ",
              " outputs, but its type rule gave ",
              " types")
          .endControlFlow();
    }
    return method
        .addStatement("$T[] values = new $T[outputs.size()]", value, value)
        .beginControlFlow("for (int i = 0; i < values.length; i++)")
        .addStatement(
            "values[i] = new $T(this, outputs.get(i)$L)",
            value,
            abstractType.isPresent() ? ", types.get(i)" : "")
        .endControlFlow()
        .addStatement("return $T.of(values)", List.class)
        .build();
  }

  /** The operands' types, once each operand is known to belong to this builder. */
  private MethodSpec typesOfMethod(Scope scope, ClassName value) {
    TypeName t = scope.type(abstractType.orElseThrow());
    return MethodSpec.methodBuilder(typesOf)
        .addJavadoc(
            "The types of {@code operands} of primitive {@code name}, each checked to belong to"
                + " this builder.\n\n@param name the primitive\n@param operands its operands\n"
                + "@return their types\n")
        .addParameter(String.class, "name")
        .addParameter(ArrayTypeName.of(value), "operands")
        .varargs()
        .returns(ArrayTypeName.of(t))
        .addStatement("$T[] types = new $T[operands.length]", t, t)
        .beginControlFlow("for (int i = 0; i < operands.length; i++)")
        .addStatement("$N(operands[i], name, i)", own)
        .addStatement("types[i] = operands[i].type()")
        .endControlFlow()
        .addStatement("return types")
        .build();
  }

  /**
   * The error for operands a type rule rejected: {@code "Mul: <the rule's message> (operands
   * Sin(x): f64[2], y: f64[3])"}, naming each operand by where it comes from and its type; a
   * message that starts with the primitive's name already is not prefixed again.
   */
  private MethodSpec rejectedMethod(ClassName value) {
    return MethodSpec.methodBuilder(rejected)
        .addJavadoc(
            "The error for {@code operands} that the type rule of primitive {@code name}"
                + " rejected\nwith {@code problem}: the problem, then each operand, where it comes"
                + " from and its type.\n\n@param name the primitive\n@param problem what the"
                + " rule threw\n@param operands the operands\n@return the error to throw\n")
        .addParameter(String.class, "name")
        .addParameter(IllegalArgumentException.class, "problem")
        .addParameter(ArrayTypeName.of(value), "operands")
        .varargs()
        .returns(IllegalArgumentException.class)
        .addStatement("$T message = problem.getMessage()", String.class)
        // a rule whose message names its primitive itself is not named twice
        .addStatement(
            "$T text = message != null && message.startsWith(name + $S)\n? new $T(message)\n"
                + ": new $T(name).append($S).append(message)",
            StringBuilder.class, ": ", StringBuilder.class, StringBuilder.class, ": ")
        .beginControlFlow("if (operands.length > 0)")
        .addStatement("text.append(operands.length == 1 ? $S : $S)", " (operand ", " (operands ")
        .beginControlFlow("for (int i = 0; i < operands.length; i++)")
        .addStatement("text.append(i == 0 ? $S : $S).append($N(operands[i]))", "", ", ", describe)
        .endControlFlow()
        .addStatement("text.append(')')")
        .endControlFlow()
        .addStatement("return new $T(text.toString(), problem)", IllegalArgumentException.class)
        .build();
  }

  /** A value described by where it comes from and its type: {@code Sin(x): f64[2]}. */
  private MethodSpec describeMethod(ClassName value) {
    ClassName description = ClassName.get("io.github.tidu4j.graph", "ValueDescription");
    return MethodSpec.methodBuilder(describe)
        .addJavadoc(
            "{@code value} as {@code Sin(x): f64[2]}: where it comes from, as {@link $T}"
                + " describes it,\nand its type.\n\n@param value a value of this builder\n"
                + "@return the description\n",
            description)
        .addParameter(value, "value")
        .returns(String.class)
        .addStatement("$T ref = value.ref()", VALUE_REF)
        .addStatement(
            "$T origin = ref instanceof $T local\n? $T.of(graph.valueKey(local.id()))\n: $T.of((($T)"
                + " ref).key())",
            String.class,
            VALUE_REF_LOCAL,
            description,
            description,
            ClassName.get("io.github.tidu4j.graph", "ValueRef", "External"))
        .addStatement("return origin + $S + value.type()", ": ")
        .build();
  }

  /**
   * The body of a fluent method of a set with an abstract type: the operands' types, the derived
   * (and normalized) attributes, the output's type from the type rule, the operand itself where
   * the identity rule says so, else the operation, applied; a rejection is rethrown naming the
   * primitive and the operands. The operation is made only once the type rule has accepted the
   * operands, so no operation is interned for operands it rejects.
   */
  private CodeBlock typed(
      PrimitiveModel primitive, Scope scope, CodeBlock builder, List<CodeBlock> operandValues) {
    Set<String> taken = new HashSet<>(attributes.get(primitive).values());
    taken.addAll(operands.get(primitive));
    String types = Scope.fresh("types", taken);
    taken.add(types);
    String operation = Scope.fresh("operation", taken);
    taken.add(operation);
    String type = Scope.fresh("type", taken);
    taken.add(type);
    String problem = Scope.fresh("problem", taken);
    TypeName t = scope.type(abstractType.orElseThrow());
    boolean multi = primitive.outputs() > 1;
    TypeName resultType = multi ? ParameterizedTypeName.get(ClassName.get(List.class), t) : t;
    ClassName declaring = scope.type(primitive.interfaceType());
    CodeBlock values = Writing.arguments(operandValues);
    List<CodeBlock> typeArguments = new ArrayList<>();
    for (int i = 0; i < operandValues.size(); i++) {
      typeArguments.add(CodeBlock.of("$N[$L]", types, i));
    }
    CodeBlock.Builder code = CodeBlock.builder();
    // a null array (or other reference) attribute is named here, not met inside a type rule
    for (AttributeModel attribute : primitive.attributes()) {
      if (!primitive.isDerived(attribute) && !attribute.type().isPrimitive()) {
        code.addStatement(
            "$T.requireNonNull($N, $S)",
            Objects.class,
            attributes.get(primitive).get(attribute.name()),
            primitive.name() + ": attribute " + attribute.name() + " is null");
      }
    }
    if (!operandValues.isEmpty()) {
      code.addStatement(
          "$T[] $N = $L.$N($S, $L)", t, types, builder, typesOf, primitive.name(), values);
    }
    code.addStatement("$T $N", scope.type(set.opType()), operation)
        .addStatement("$T $N", resultType, type)
        .beginControlFlow("try");
    Map<String, String> names = attributes.get(primitive);
    for (AttributeModel attribute : primitive.attributes()) {
      String variable = names.get(attribute.name());
      if (primitive.isDerived(attribute)) {
        code.addStatement(
            "$T $N = $T.$N($L)",
            scope.type(attribute.type()),
            variable,
            declaring,
            attribute.name(),
            Writing.arguments(typeArguments));
      } else if (primitive.isNormalized(attribute)) {
        // the attributes it reads (declared before it) are normalized by now; the last is its own
        TypeRuleModel normalizer = primitive.derivations().get(attribute.name());
        List<CodeBlock> arguments =
            ruleArguments(normalizer, typeArguments, names)
                .subList(0, normalizer.parameterNames().size() - 1);
        List<CodeBlock> all = new ArrayList<>(arguments);
        all.add(CodeBlock.of("$N", variable));
        code.addStatement(
            "$N = $T.$N($L)", variable, declaring, attribute.name(), Writing.arguments(all));
      }
    }
    List<CodeBlock> ruleArguments =
        ruleArguments(primitive.typeRule().orElseThrow(), typeArguments, names);
    code.addStatement("$N = $T.type($L)", type, declaring, Writing.arguments(ruleArguments));
    primitive
        .identityRule()
        .ifPresent(
            identity ->
                code.beginControlFlow(
                        "if ($T.isIdentity($L))",
                        declaring,
                        Writing.arguments(ruleArguments(identity, typeArguments, names)))
                    .addStatement("return this")
                    .endControlFlow());
    code.addStatement("$N = $L", operation, operation(primitive, scope))
        .nextControlFlow("catch ($T $N)", IllegalArgumentException.class, problem)
        .addStatement(
            "throw $L.$N($S, $N$L)",
            builder,
            rejected,
            primitive.name(),
            problem,
            operandValues.isEmpty() ? CodeBlock.of("") : CodeBlock.of(", $L", values))
        .endControlFlow();
    List<CodeBlock> applyArguments = new ArrayList<>();
    applyArguments.add(CodeBlock.of("$N", operation));
    applyArguments.add(CodeBlock.of("$N", type));
    applyArguments.addAll(operandValues);
    return code.addStatement(
            "return $L.$N($L)",
            builder,
            multi ? applyMulti : apply,
            Writing.arguments(applyArguments))
        .build();
  }

  /**
   * The method delegating to a composite, with this value (or builder) as its first argument:
   * {@code a.sub(b)} calls {@code Set.sub(a, b)}.
   */
  private MethodSpec compositeMethod(CompositeModel composite, Scope scope) {
    ClassName declaring = scope.type(set.setType());
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(composite.name())
            .addModifiers(PUBLIC)
            .returns(composite.returnType())
            .varargs(composite.varargs())
            .addJavadoc(
                "Applies the composite {@link $T#$L} to this $L.\n",
                declaring,
                composite.name(),
                composite.onBuilder() ? "builder" : "value")
            .addJavadoc(Writing.summary(composite.summary()))
            .addJavadoc("\n");
    List<CodeBlock> arguments = new ArrayList<>();
    arguments.add(CodeBlock.of("this"));
    for (int i = 0; i < composite.parameterNames().size(); i++) {
      String name = composite.parameterNames().get(i);
      method
          .addParameter(composite.parameterTypes().get(i), name)
          .addJavadoc("@param $L the argument {@code $L}\n", name, name);
      arguments.add(CodeBlock.of("$N", name));
    }
    CodeBlock call =
        CodeBlock.of("$T.$N($L)", declaring, composite.name(), Writing.arguments(arguments));
    if (composite.returnType().equals(TypeName.VOID)) {
      return method.addStatement("$L", call).build();
    }
    return method.addJavadoc("@return its result\n").addStatement("return $L", call).build();
  }

  /** A type or identity rule's arguments: the operands' types, then attributes by name. */
  private static List<CodeBlock> ruleArguments(
      TypeRuleModel rule, List<CodeBlock> typeArguments, Map<String, String> attributes) {
    List<CodeBlock> arguments = new ArrayList<>(typeArguments);
    for (int i = typeArguments.size(); i < rule.parameterNames().size(); i++) {
      arguments.add(CodeBlock.of("$N", attributes.get(rule.parameterNames().get(i))));
    }
    return arguments;
  }

  /** The example both classes show: an input and the accumulator, which every set has. */
  private CodeBlock example() {
    String prefix = set.prefix();
    return CodeBlock.of(
        "<pre>{@code\n$LBuilder b = $LBuilder.create();\n$LValue x = b.input(\"x\"$L);\n"
            + "Graph<$LOp> g = b.build(x.$L(x));\n}</pre>\n",
        prefix,
        prefix,
        prefix,
        abstractType.isPresent() ? ", type" : "",
        prefix,
        set.accumulator().orElseThrow().methodName());
  }

  /** The builder method of a nullary primitive: {@code b.one()}, {@code b.literal(2.5)}. */
  private MethodSpec builderMethod(PrimitiveModel primitive) {
    MethodSpec.Builder method = varargsIfArrayLast(method(primitive, List.of(), builderScope), primitive);
    boolean multi = primitive.outputs() > 1;
    return method
        .addJavadoc(
            "Applies {@link $T}$L.\n",
            builderScope.type(primitive.interfaceType()),
            multi ? "; its outputs in slot order" : "")
        .addJavadoc(Writing.summary(primitive.summary()))
        .addJavadoc(tags(primitive, List.of(), multi))
        .addCode(
            abstractType.isPresent()
                ? typed(primitive, builderScope, CodeBlock.of("this"), List.of())
                : CodeBlock.of(
                    "return $N($L);\n", multi ? applyMulti : apply, operation(primitive, builderScope)))
        .build();
  }

  /** The value method of a primitive with inputs: {@code a.mul(b)}, {@code x.scale(2.0)}. */
  private MethodSpec valueMethod(PrimitiveModel primitive) {
    List<String> names = operands.get(primitive);
    List<String> others = names.subList(1, names.size());
    MethodSpec.Builder method = method(primitive, others, valueScope);
    if (others.isEmpty()) {
      varargsIfArrayLast(method, primitive);
    }
    boolean multi = primitive.outputs() > 1;
    List<CodeBlock> arguments = new ArrayList<>();
    arguments.add(operation(primitive, valueScope));
    arguments.add(CodeBlock.of("this"));
    for (String operand : others) {
      arguments.add(CodeBlock.of("$N", operand));
    }
    List<CodeBlock> operandValues = arguments.subList(1, arguments.size());
    return method
        .addJavadoc(
            "Applies {@link $T} to this value (its operand {@code $L})$L$L.\n",
            valueScope.type(primitive.interfaceType()),
            names.get(0),
            others.isEmpty() ? "" : " and " + describe(others),
            multi ? "; its outputs in slot order" : "")
        .addJavadoc(Writing.summary(primitive.summary()))
        .addJavadoc(tags(primitive, others, multi))
        .addCode(
            abstractType.isPresent()
                ? typed(primitive, valueScope, CodeBlock.of("builder()"), operandValues)
                : CodeBlock.of(
                    "return builder().$N($L);\n",
                    multi ? applyMulti : apply,
                    Writing.arguments(arguments)))
        .build();
  }

  private static String describe(List<String> operands) {
    List<String> code = new ArrayList<>();
    for (String operand : operands) {
      code.add("{@code " + operand + "}");
    }
    return String.join(", ", code);
  }

  /**
   * A public method named for the primitive: the operands {@code others} (those after the
   * receiver) first, as in {@code a.dotGeneral(b, ...)}, then the attributes it is given.
   */
  private MethodSpec.Builder method(PrimitiveModel primitive, List<String> others, Scope scope) {
    MethodSpec.Builder method = MethodSpec.methodBuilder(primitive.methodName()).addModifiers(PUBLIC);
    for (String operand : others) {
      method.addParameter(scope.type(set.valueType()), operand);
    }
    Map<String, String> names = attributes.get(primitive);
    for (AttributeModel attribute : primitive.attributes()) {
      if (!primitive.isDerived(attribute)) {
        method.addParameter(scope.type(attribute.type()), names.get(attribute.name()));
      }
    }
    TypeName value = scope.type(set.valueType());
    return method.returns(
        primitive.outputs() > 1 ? ParameterizedTypeName.get(ClassName.get(List.class), value) : value);
  }

  /**
   * Makes the method variable-arity if its last parameter is an array attribute, so {@code
   * x.reduceSum(0, 1)} reads like the math; only where no operand parameter comes before the
   * attributes, since {@code a.dotGeneral(b, lc, rc, lb)} would hide a forgotten list.
   */
  private static MethodSpec.Builder varargsIfArrayLast(
      MethodSpec.Builder method, PrimitiveModel primitive) {
    TypeName last = null;
    for (AttributeModel attribute : primitive.attributes()) {
      if (!primitive.isDerived(attribute)) {
        last = attribute.type();
      }
    }
    return method.varargs(last instanceof ArrayTypeName);
  }

  /** The block tags: the attributes, the operands after the receiver, the result. */
  private CodeBlock tags(PrimitiveModel primitive, List<String> others, boolean multi) {
    CodeBlock.Builder tags = CodeBlock.builder().add("\n");
    Map<String, String> names = attributes.get(primitive);
    for (String operand : others) {
      tags.add("@param $N the operand {@code $L}\n", operand, operand);
    }
    for (AttributeModel attribute : primitive.attributes()) {
      if (!primitive.isDerived(attribute)) {
        tags.add(
            "@param $N the attribute {@code $L}\n", names.get(attribute.name()), attribute.name());
      }
    }
    tags.add("@return $L\n", multi ? "its outputs, in slot order" : "its output");
    if (abstractType.isPresent()) {
      tags.add(
          "@throws IllegalArgumentException if the type rule rejects the $L, naming them\n",
          primitive.arity() == 0 ? "attributes" : "operands");
    }
    return tags.build();
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
