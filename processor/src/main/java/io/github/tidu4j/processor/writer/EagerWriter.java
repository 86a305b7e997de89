package io.github.tidu4j.processor.writer;

import static io.github.tidu4j.processor.model.RuntimeTypes.DOMAIN;
import static io.github.tidu4j.processor.model.RuntimeTypes.EAGER_OPERATION;
import static io.github.tidu4j.processor.model.RuntimeTypes.EAGER_ORIGIN;
import static io.github.tidu4j.processor.model.RuntimeTypes.EAGER_RUNTIME;
import static io.github.tidu4j.processor.model.RuntimeTypes.EAGER_SET;
import static io.github.tidu4j.processor.model.RuntimeTypes.EAGER_VALUE;
import static io.github.tidu4j.processor.model.RuntimeTypes.GRAPH_BUILDER;
import static io.github.tidu4j.processor.model.RuntimeTypes.PROGRAM_RUNNER;
import static io.github.tidu4j.processor.model.RuntimeTypes.SCALAR_DOMAIN;
import static io.github.tidu4j.processor.model.RuntimeTypes.SCALAR_TYPE;
import static io.github.tidu4j.processor.model.RuntimeTypes.TIERED_RUNNERS;
import static io.github.tidu4j.processor.model.RuntimeTypes.VALUE_REF;
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
import com.palantir.javapoet.WildcardTypeName;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.CompositeModel;
import io.github.tidu4j.processor.model.Names;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Writes the eager value class of a set, {@code Eager} and the prefix ({@code EagerTensor}, {@code
 * EagerReal}): the same operations as the fluent value, run at once on values of an {@code
 * EagerRuntime} and recorded for backward, with the state and backward methods of runtime-ad's
 * {@code EagerValue}, which it extends.
 *
 * <p>Each method builds its operation with the set's fluent builder, so the same type rules check
 * the operands before anything runs or is recorded; the runtime caches that small graph per
 * (operation, attributes, operand types). A primitive with inputs gives an instance method (as on
 * the fluent value); a composite that returns the fluent value gives one too, its fluent-value
 * parameters taking eager values and its other parameters kept as attributes; a builder composite
 * with at least one fluent-value parameter gives a static method, run by the runtime of its first
 * operand ({@code EagerTensor.einsum(spec, a, b)}). Nullary primitives, composites returning
 * anything else, and composites named like a method every eager value has get no eager method.
 *
 * <p>The runtime comes from {@code newRuntime()}: over {@code ScalarDomain.INSTANCE} for a set
 * over {@code double} without an abstract type, over the set's domain constant if it declares one;
 * any other set's eager class takes the domain: {@code newRuntime(domain)}. Its programs run tiered
 * ({@code TieredRunners} over {@code XEvaluator} and {@code XKernels.kernelSet()}), or as the
 * set's tier policy constant says if it declares one ({@code TierPolicy}: the tensor set's fuses
 * the graphs with elementwise regions once hot); {@code newRuntime(runners)} chooses the runners,
 * one tier or other options.
 *
 * <pre>{@code
 * types.add(new EagerWriter(set, generatedAnnotation).write());
 * }</pre>
 */
public final class EagerWriter {
  private static final TypeName OBJECTS = ArrayTypeName.of(ClassName.OBJECT);

  private final PrimitiveSetModel set;
  private final Optional<ClassName> generated;
  private final Scope scope;
  private final ClassName eager;
  private final TypeName value;
  private final TypeName builder;
  private final TypeName op;
  private final TypeName operand;
  /** The type of the operand types the runtime hands the definitions. */
  private final TypeName typeArgument;
  /** The domain expression, if the set's domain is known. */
  private final Optional<CodeBlock> domain;
  /** The generated helpers' and constants' names, clear of every user name. */
  private final String apply;
  private final String applyMulti;
  private final String noAttributes;
  private final String eagerSet;
  private final String tieredField;
  private final String tieredMethod;
  /** Names a method's locals must avoid. */
  private final Set<String> userNames = new HashSet<>();
  /** The signatures written so far, so that an overload is written once. */
  private final Set<String> signatures = new HashSet<>();

  public EagerWriter(PrimitiveSetModel set, Optional<ClassName> generated) {
    this.set = set;
    this.generated = generated;
    this.eager = set.eagerType();
    Set<String> methods = new HashSet<>(Names.EAGER_METHODS);
    Set<String> fields = new HashSet<>();
    for (PrimitiveModel primitive : set.primitives()) {
      Map<String, String> variables = Scope.attributeVariables(set, primitive);
      userNames.addAll(variables.values());
      userNames.addAll(EmitWriter.operandNames(set, primitive, variables));
      methods.add(primitive.methodName());
    }
    for (CompositeModel composite : set.composites()) {
      methods.add(composite.name());
      userNames.addAll(composite.parameterNames());
    }
    fields.addAll(userNames);
    this.apply = Scope.fresh("apply", methods);
    methods.add(apply);
    this.applyMulti = Scope.fresh("applyMulti", methods);
    this.noAttributes = Scope.fresh("NO_ATTRIBUTES", fields);
    fields.add(noAttributes);
    this.eagerSet = Scope.fresh("SET", fields);
    fields.add(eagerSet);
    this.tieredField = Scope.fresh("TIERED", fields);
    this.tieredMethod = Scope.fresh("tieredRunners", methods);
    this.scope = Scope.of(set, eager, userNames);
    this.value = scope.type(set.valueType());
    this.builder = scope.type(set.builderType());
    this.op = scope.type(set.opType());
    this.operand = scope.type(set.operand().boxed());
    boolean overDouble = set.hasUnaryBody();
    if (set.abstractType().isPresent()) {
      this.typeArgument = scope.type(set.abstractType().get());
    } else if (overDouble) {
      this.typeArgument = scope.type(SCALAR_TYPE);
    } else {
      this.typeArgument = ClassName.OBJECT;
    }
    if (set.domainField().isPresent()) {
      this.domain =
          Optional.of(CodeBlock.of("$T.$N", scope.type(set.setType()), set.domainField().get()));
    } else if (overDouble) {
      this.domain = Optional.of(CodeBlock.of("$T.INSTANCE", scope.type(SCALAR_DOMAIN)));
    } else {
      this.domain = Optional.empty();
    }
  }

  /** The {@code EagerX} type. */
  public TypeSpec write() {
    TypeSpec.Builder type =
        TypeSpec.classBuilder(eager)
            .superclass(ParameterizedTypeName.get(scope.type(EAGER_VALUE), operand, eager))
            .addJavadoc(
                "A value of {@link $T} computed eagerly, PyTorch style: every method runs its"
                    + " operation at\nonce on the value, and records it if an operand requires"
                    + " grad, so that {@code backward()}\npropagates gradients back to the"
                    + " runtime's variables.\nThe operations are those of {@link $T}$L\n\n",
                scope.type(set.setType()),
                value,
                set.abstractType().isPresent()
                    ? ",\nchecked by the same type rules before anything runs or is recorded; the"
                        + " state and backward\nmethods are {@code EagerValue}'s."
                    : ";\nthe state and backward methods are {@code EagerValue}'s.")
            .addJavadoc(example())
            .addJavadoc("\n<p>Immutable apart from its gradient; thread-safe.\n");
    Writing.markGenerated(type, generated);
    Writing.suppressWarnings(type, set);
    scope.qualifyShadowed(type);
    type.addModifiers(PUBLIC, FINAL);
    TypeName originType = ParameterizedTypeName.get(scope.type(EAGER_ORIGIN), operand, eager);
    type.addField(
        FieldSpec.builder(OBJECTS, noAttributes, PRIVATE, STATIC, FINAL)
            .addJavadoc("The attributes of an operation that has none, one array for all.\n")
            .initializer("{}")
            .build());
    TypeName runtime = ParameterizedTypeName.get(scope.type(EAGER_RUNTIME), operand, eager);
    if (domain.isPresent()) {
      // without an abstract type, only the domain constant knows its type argument
      TypeName setType =
          ParameterizedTypeName.get(
              scope.type(EAGER_SET),
              op,
              scope.type(set.contextType()),
              typeArgument.equals(ClassName.OBJECT)
                  ? WildcardTypeName.subtypeOf(Object.class)
                  : typeArgument,
              operand,
              eager);
      type.addField(
          FieldSpec.builder(setType, eagerSet, PRIVATE, STATIC, FINAL)
              .addJavadoc(
                  "The set as eager runtimes take it: its operation type, its domain, its switch"
                      + " evaluator\nand this class's constructor.\n")
              .initializer("$L", eagerSetOf(domain.get()))
              .build());
    }
    type.addMethod(
        MethodSpec.constructorBuilder()
            .addJavadoc(
                "A value made by {@code origin}'s runtime, the one maker of eager values.\n\n"
                    + "@param origin the runtime, key, value and tape position of the new value\n")
            .addModifiers(PRIVATE)
            .addParameter(originType, "origin")
            .addStatement("super(origin)")
            .build());
    addFactories(type, runtime);
    if (set.abstractType().isPresent() && domain.isPresent()) {
      type.addMethod(
          MethodSpec.methodBuilder("type")
              .addJavadoc(
                  "This value's abstract type, as the set's domain gives it.\n\n@return the type\n")
              .addModifiers(PUBLIC)
              .returns(typeArgument)
              .addStatement("return $N.domain().typeOf(value())", eagerSet)
              .build());
    }
    for (PrimitiveModel primitive : set.primitives()) {
      if (primitive.arity() > 0) {
        type.addMethod(primitiveMethod(primitive));
      }
    }
    for (CompositeModel composite : set.composites()) {
      compositeMethod(composite).ifPresent(type::addMethod);
    }
    return type.addMethod(applyMethod()).addMethod(applyMultiMethod()).build();
  }

  /** {@code new EagerSet<>(XOp.class, XOp.ADD, domain, XEvaluator::new, EagerX::new)}. */
  private CodeBlock eagerSetOf(CodeBlock domainExpression) {
    return eagerSetOf(domainExpression, CodeBlock.of("$T::new", scope.type(set.evaluatorType())));
  }

  /** {@code new EagerSet<>(XOp.class, XOp.ADD, domain, runners, EagerX::new)}. */
  private CodeBlock eagerSetOf(CodeBlock domainExpression, CodeBlock runners) {
    return CodeBlock.of(
        "new $T<>($T.class, $T.$N, $L, $L, $T::new)",
        scope.type(EAGER_SET),
        op,
        op,
        set.accumulator().orElseThrow().constantName(),
        domainExpression,
        runners,
        eager);
  }

  /**
   * {@code newRuntime()}, {@code newRuntime(segmentLimit)}, {@code newRuntime(runners)} and
   * {@code newRuntime(runners, segmentLimit)}, each taking the domain first if it is unknown; for
   * a set with a context type, each again taking the context after the domain ({@code
   * newRuntime(context)}, …), for a runtime whose passes give it to the rules.
   * Without {@code runners}, programs run tiered: on the switch evaluator first, as bytecode over
   * {@code XKernels.kernelSet()} once hot (every valid set has its kernel table, whose lookup
   * reaches kernels that are not public; a kernel the bytecode cannot call keeps its program on
   * the first tier).
   */
  private void addFactories(TypeSpec.Builder type, TypeName runtime) {
    TypeName domainType =
        ParameterizedTypeName.get(
            scope.type(DOMAIN),
            set.abstractType().isPresent() ? typeArgument : WildcardTypeName.subtypeOf(Object.class),
            operand);
    TypeName runnersType =
        ParameterizedTypeName.get(scope.type(PROGRAM_RUNNER).nestedClass("Factory"), op, operand);
    CodeBlock towardsBytecode =
        CodeBlock.of(
            "$T.<$T, $T>of($T::new, $T::kernelSet)",
            scope.type(TIERED_RUNNERS),
            op,
            operand,
            scope.type(set.evaluatorType()),
            scope.type(set.kernelsType()));
    CodeBlock tiered =
        set.tierPolicyField()
            .map(
                field ->
                    CodeBlock.of(
                        "$T.$N.runners($T::new,\n$L)",
                        scope.type(set.setType()),
                        field,
                        scope.type(set.evaluatorType()),
                        towardsBytecode))
            .orElse(towardsBytecode);
    CodeBlock tieredText =
        set.tierPolicyField()
            .map(
                field ->
                    CodeBlock.of(
                        ", running its programs as {@link $T#$N} says, over\n{@link $T} first and"
                            + " bytecode over {@link $T#kernelSet()} once hot\n({@link $T#of})",
                        scope.type(set.setType()),
                        field,
                        scope.type(set.evaluatorType()),
                        scope.type(set.kernelsType()),
                        scope.type(TIERED_RUNNERS)))
            .orElse(
                CodeBlock.of(
                    ", running its programs tiered: on\n{@link $T} first, as bytecode"
                        + " over {@link $T#kernelSet()} once hot\n({@link $T#of})",
                    scope.type(set.evaluatorType()),
                    scope.type(set.kernelsType()),
                    scope.type(TIERED_RUNNERS)));
    TypeName holder = ParameterizedTypeName.get(ClassName.get(AtomicReference.class), runnersType);
    type.addField(
        FieldSpec.builder(holder, tieredField, PRIVATE, STATIC, FINAL)
            .addJavadoc(
                "The runners {@link #$N()} makes once and shares; empty until its first call.\n",
                tieredMethod)
            .initializer("new $T<>()", AtomicReference.class)
            .build());
    type.addMethod(
        MethodSpec.methodBuilder(tieredMethod)
            .addModifiers(PRIVATE, STATIC)
            .returns(runnersType)
            .addJavadoc(
                "The runners of {@code newRuntime()}: made at its first call, which reads the tier"
                    + " settings,\nand shared by every runtime it makes, so that they share their"
                    + " compiled programs and\nmove them to bytecode together (of two made by"
                    + " racing first calls, one is kept).\n\n@return the shared runners\n")
            .beginControlFlow("if ($N.get() == null)", tieredField)
            .addStatement("$N.compareAndSet(null, $L)", tieredField, tiered)
            .endControlFlow()
            .addStatement("return $N.get()", tieredField)
            .build());
    boolean hasContext = !set.contextType().equals(ClassName.get(Void.class));
    for (boolean contextual : hasContext ? new boolean[] {false, true} : new boolean[] {false}) {
      for (boolean explicit : new boolean[] {false, true}) {
        for (boolean limited : new boolean[] {false, true}) {
          MethodSpec.Builder method =
              MethodSpec.methodBuilder("newRuntime")
                  .addModifiers(PUBLIC, STATIC)
                  .returns(runtime)
                  .addJavadoc(
                      limited
                          ? "A new runtime of eager values of this set, starting a new tape segment"
                              + " every\n{@code segmentLimit} invocations$L.\n\n"
                          : "A new runtime of eager values of this set, with an empty tape$L.\n\n",
                      explicit
                          ? CodeBlock.of(
                              ", running its programs with\n{@code runners}: {@code $T::new} for the"
                                  + " switch evaluator alone, a configured\n{@link $T} for other"
                                  + " tier options",
                              scope.type(set.evaluatorType()),
                              scope.type(TIERED_RUNNERS))
                          : tieredText);
          if (contextual) {
            method.addJavadoc(
                "<p>Its backward and Taylor passes give {@code context} to every rule that"
                    + " declares it;\na runtime never uses a derivative made with a context not"
                    + " equal to its own.\n\n");
          } else if (hasContext) {
            method.addJavadoc(
                "<p>Its passes give the rules no context: a rule that declares one fails with an\n"
                    + "{@code ADRuleError}; {@code newRuntime(context)} gives one.\n\n");
          }
          List<CodeBlock> arguments = new ArrayList<>();
          if (domain.isEmpty()) {
            method
                .addJavadoc("@param domain the abstract types, zeros and ones of the set's values\n")
                .addParameter(domainType, "domain");
            arguments.add(CodeBlock.of("domain"));
          }
          if (contextual) {
            method
                .addJavadoc("@param context what the rules that declare the set's context get\n")
                .addParameter(scope.type(set.contextType()), "context");
            arguments.add(CodeBlock.of("context"));
          }
          if (explicit) {
            method
                .addJavadoc("@param runners makes the runner of each compiled program\n")
                .addParameter(runnersType, "runners");
          }
          arguments.add(explicit ? CodeBlock.of("runners") : CodeBlock.of("$N()", tieredMethod));
          if (limited) {
            method
                .addJavadoc("@param segmentLimit the invocations per segment, at least 1\n")
                .addParameter(TypeName.INT, "segmentLimit");
            arguments.add(CodeBlock.of("segmentLimit"));
          }
          method.addJavadoc("@return the runtime\n");
          if (contextual) {
            method.addJavadoc("@throws NullPointerException if {@code context} is null\n");
          }
          if (limited) {
            method.addJavadoc(
                "@throws IllegalArgumentException if {@code segmentLimit} is less than 1\n");
          }
          if (!explicit) {
            method.addStatement("return newRuntime($L)", Writing.arguments(arguments));
          } else {
            CodeBlock setExpression =
                domain.isPresent()
                    ? CodeBlock.of("$N.withRunners(runners)", eagerSet)
                    : eagerSetOf(CodeBlock.of("domain"), CodeBlock.of("runners"));
            if (contextual) {
              method.addStatement(
                  "return $T.create($L, $L, context)",
                  scope.type(EAGER_RUNTIME),
                  setExpression,
                  limited
                      ? CodeBlock.of("segmentLimit")
                      : CodeBlock.of("$T.SEGMENT_LIMIT", scope.type(EAGER_RUNTIME)));
            } else {
              method.addStatement(
                  "return $T.create($L$L)",
                  scope.type(EAGER_RUNTIME),
                  setExpression,
                  limited ? ", segmentLimit" : "");
            }
          }
          type.addMethod(method.build());
        }
      }
    }
  }

  /** The instance method of a primitive with inputs: {@code a.mul(b)}, {@code x.reduceSum(0)}. */
  private MethodSpec primitiveMethod(PrimitiveModel primitive) {
    Map<String, String> variables = Scope.attributeVariables(set, primitive);
    List<String> operandNames = EmitWriter.operandNames(set, primitive, variables);
    List<String> others = operandNames.subList(1, operandNames.size());
    boolean multi = primitive.outputs() > 1;
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(primitive.methodName())
            .addModifiers(PUBLIC)
            .returns(multi ? list(eager) : eager)
            .addJavadoc(
                "Applies {@link $T} to this value (its operand {@code $L})$L, at once$L.\n",
                scope.type(primitive.interfaceType()),
                operandNames.get(0),
                others.isEmpty() ? "" : " and " + codes(others),
                multi ? "; its outputs in slot order" : "")
            .addJavadoc(Writing.summary(primitive.summary()))
            .addJavadoc("\n");
    Set<String> taken = new HashSet<>(userNames);
    String in = Scope.fresh("in", taken);
    List<CodeBlock> fluentArguments = new ArrayList<>();
    List<CodeBlock> operands = new ArrayList<>();
    operands.add(CodeBlock.of("this"));
    for (int i = 0; i < others.size(); i++) {
      method
          .addParameter(eager, others.get(i))
          .addJavadoc("@param $N the operand {@code $L}\n", others.get(i), others.get(i));
      fluentArguments.add(CodeBlock.of("$N[$L]", in, i + 1));
      operands.add(CodeBlock.of("$N", others.get(i)));
    }
    List<CodeBlock> attributes = new ArrayList<>();
    TypeName last = null;
    for (AttributeModel attribute : primitive.attributes()) {
      if (primitive.isDerived(attribute)) {
        continue;
      }
      String variable = variables.get(attribute.name());
      TypeName attributeType = scope.type(attribute.type());
      method
          .addParameter(attributeType, variable)
          .addJavadoc("@param $N the attribute {@code $L}\n", variable, attribute.name());
      fluentArguments.add(CodeBlock.of("$N", variable));
      attributes.add(keyPart(attributeType, variable));
      last = attributeType;
    }
    method.varargs(others.isEmpty() && last instanceof ArrayTypeName);
    CodeBlock body =
        CodeBlock.of(
            "$N[0].$N($L)", in, primitive.methodName(), Writing.arguments(fluentArguments));
    return method
        .addJavadoc("@return $L\n", multi ? "its outputs, in slot order" : "its output")
        .addJavadoc(throwsTag(operands.size()))
        .addStatement(
            "return $N($S, $L, $N -> $L, $L)",
            multi ? applyMulti : apply,
            primitive.methodName(),
            attributesArray(attributes),
            in,
            body,
            Writing.arguments(operands))
        .build();
  }

  /**
   * The method of a composite returning the fluent value: an instance method for a value
   * composite, a static one for a builder composite with fluent-value parameters; empty for any
   * other composite.
   */
  private Optional<MethodSpec> compositeMethod(CompositeModel composite) {
    if (!composite.returnType().equals(set.valueType())
        || Names.EAGER_METHODS.contains(composite.name())
        || (composite.name().equals("type") && set.abstractType().isPresent())) {
      return Optional.empty();
    }
    boolean onBuilder = composite.onBuilder();
    List<String> names = composite.parameterNames();
    List<TypeName> types = composite.parameterTypes();
    TypeName values = ArrayTypeName.of(set.valueType());
    int fixedOperands = onBuilder ? 0 : 1;
    boolean varargsOperands = false;
    for (int i = 0; i < types.size(); i++) {
      TypeName t = types.get(i);
      if (t.equals(set.valueType())) {
        fixedOperands++;
      } else if (t.equals(values) && composite.varargs() && i == types.size() - 1) {
        varargsOperands = true;
      } else if (mentionsFluent(t)) {
        return Optional.empty();
      }
    }
    if (fixedOperands == 0 && !varargsOperands) {
      return Optional.empty();
    }
    List<TypeName> eagerTypes = new ArrayList<>();
    for (TypeName t : types) {
      eagerTypes.add(t.equals(set.valueType()) ? eager : t.equals(values) ? ArrayTypeName.of(eager) : t);
    }
    List<String> shown = new ArrayList<>();
    for (TypeName t : eagerTypes) {
      shown.add(display(t));
    }
    String signature = composite.name() + "(" + String.join(", ", shown) + ")";
    if (!signatures.add(signature)) {
      return Optional.empty();
    }
    Set<String> taken = new HashSet<>(userNames);
    String in = Scope.fresh("in", taken);
    taken.add(in);
    String all = Scope.fresh("operands", taken);
    ClassName declaring = scope.type(set.setType());
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(composite.name())
            .returns(eager)
            .varargs(composite.varargs())
            .addJavadoc(
                "Applies the composite {@link $T#$L} to $L, at once, as one operation.\n",
                declaring,
                composite.name(),
                onBuilder ? "its operands" : "this value")
            .addJavadoc(Writing.summary(composite.summary()))
            .addJavadoc("\n");
    method.addModifiers(PUBLIC);
    if (onBuilder) {
      method.addModifiers(STATIC);
    }
    List<CodeBlock> fluentArguments = new ArrayList<>();
    List<CodeBlock> operands = new ArrayList<>();
    List<CodeBlock> attributes = new ArrayList<>();
    if (onBuilder) {
      fluentArguments.add(CodeBlock.of("$N[0].builder()", in));
    } else {
      fluentArguments.add(CodeBlock.of("$N[0]", in));
      operands.add(CodeBlock.of("this"));
    }
    String varargsName = null;
    for (int i = 0; i < types.size(); i++) {
      String name = names.get(i);
      TypeName t = types.get(i);
      method.addParameter(scope.type(eagerTypes.get(i)), name);
      if (t.equals(set.valueType())) {
        method.addJavadoc("@param $N the operand {@code $L}\n", name, name);
        fluentArguments.add(CodeBlock.of("$N[$L]", in, operands.size()));
        operands.add(CodeBlock.of("$N", name));
      } else if (t.equals(values) && varargsOperands && i == types.size() - 1) {
        method.addJavadoc("@param $N the operands {@code $L}\n", name, name);
        varargsName = name;
        fluentArguments.add(
            operands.isEmpty()
                ? CodeBlock.of("$N", in)
                : CodeBlock.of(
                    "$T.copyOfRange($N, $L, $N.length)",
                    scope.type(ClassName.get(Arrays.class)),
                    in,
                    operands.size(),
                    in));
      } else {
        method.addJavadoc("@param $N the argument {@code $L}\n", name, name);
        fluentArguments.add(CodeBlock.of("$N", name));
        attributes.add(keyPart(scope.type(t), name));
      }
    }
    method.addJavadoc(
        "@return its output\n@throws IllegalArgumentException if the operands do not fit it,"
            + " naming the primitive, or belong to different runtimes\n");
    CodeBlock body =
        CodeBlock.of("$T.$N($L)", declaring, composite.name(), Writing.arguments(fluentArguments));
    CodeBlock operation = CodeBlock.of("$S", signature);
    if (varargsName == null) {
      return Optional.of(
          method
              .addStatement(
                  "return $N($L, $L, $N -> $L, $L)",
                  apply,
                  operation,
                  attributesArray(attributes),
                  in,
                  body,
                  Writing.arguments(operands))
              .build());
    }
    if (operands.isEmpty()) {
      all = varargsName;
    } else {
      method.addStatement(
          "$T[] $N = new $T[$L + $N.length]", eager, all, eager, operands.size(), varargsName);
      for (int i = 0; i < operands.size(); i++) {
        method.addStatement("$N[$L] = $L", all, i, operands.get(i));
      }
      method.addStatement(
          "$T.arraycopy($N, 0, $N, $L, $N.length)",
          System.class,
          varargsName,
          all,
          operands.size(),
          varargsName);
    }
    if (operands.isEmpty()) {
      method
          .beginControlFlow("if ($N.length == 0)", all)
          .addStatement(
              "throw new $T($S)",
              IllegalArgumentException.class,
              composite.name() + ": needs at least one operand, whose runtime runs it")
          .endControlFlow();
    }
    return Optional.of(
        method
            .addStatement(
                "return $N($L, $L, $N -> $L, $N)",
                apply,
                operation,
                attributesArray(attributes),
                in,
                body,
                all)
            .build());
  }

  /**
   * The {@code @throws} tag of a primitive's method: the type rule's rejection (for a set with an
   * abstract type) and operands of two runtimes (for several operands).
   */
  private CodeBlock throwsTag(int operands) {
    boolean typed = set.abstractType().isPresent();
    if (!typed && operands < 2) {
      return CodeBlock.of("");
    }
    String runtimes = "an operand belongs to another runtime";
    if (!typed) {
      return CodeBlock.of("@throws IllegalArgumentException if $L\n", runtimes);
    }
    return CodeBlock.of(
        "@throws IllegalArgumentException if the type rule rejects the $L (the message names\n"
            + "    the primitive and the operand types)$L\n",
        operands > 1 ? "operands" : "operand",
        operands > 1 ? ", or " + runtimes : "");
  }

  /** {@code type} as a signature shows it: simple names, {@code int[]}. */
  private static String display(TypeName type) {
    if (type instanceof ArrayTypeName array) {
      return display(array.componentType()) + "[]";
    }
    if (type instanceof ClassName c) {
      return String.join(".", c.simpleNames());
    }
    return type.toString();
  }

  /** Whether {@code type} names the fluent value or builder anywhere (a list of values). */
  private boolean mentionsFluent(TypeName type) {
    String text = type.toString();
    return text.contains(set.valueType().canonicalName())
        || text.contains(set.builderType().canonicalName());
  }

  /** {@code apply(name, attributes, body, operands)}: one output. */
  private MethodSpec applyMethod() {
    String in = "in";
    return MethodSpec.methodBuilder(apply)
        .addJavadoc(
            "Runs the single-output operation {@code name}, built by {@code body} with the fluent"
                + " API,\non {@code operands}.\n\n@param name the operation's name, part of the"
                + " cache key\n@param attributes its attributes, part of the cache key\n"
                + "@param body the operation on the operands' fluent values\n"
                + "@param operands the operands, at least one\n@return its output\n")
        .addModifiers(PRIVATE, STATIC)
        .addParameter(String.class, "name")
        .addParameter(OBJECTS, "attributes")
        .addParameter(
            ParameterizedTypeName.get(scope.type(ClassName.get(Function.class)), ArrayTypeName.of(value), value),
            "body")
        .addParameter(ArrayTypeName.of(eager), "operands")
        .varargs()
        .returns(eager)
        .addStatement(
            "return $N(name, attributes, $N -> $T.of(body.apply($N)), operands).get(0)",
            applyMulti,
            in,
            scope.type(ClassName.get(List.class)),
            in)
        .build();
  }

  /** {@code applyMulti(name, attributes, body, operands)}: the runtime's apply, typed. */
  private MethodSpec applyMultiMethod() {
    TypeName refs = list(scope.type(VALUE_REF));
    return MethodSpec.methodBuilder(applyMulti)
        .addJavadoc(
            "Runs the operation {@code name}, built by {@code body} with the fluent API, on"
                + " {@code\noperands}, by the runtime of the first.\n\n@param name the"
                + " operation's name, part of the cache key\n@param attributes its attributes,"
                + " part of the cache key\n@param body the operation on the operands' fluent"
                + " values\n@param operands the operands, at least one\n@return its outputs, in"
                + " slot order\n")
        .addModifiers(PRIVATE, STATIC)
        .addParameter(String.class, "name")
        .addParameter(OBJECTS, "attributes")
        .addParameter(
            ParameterizedTypeName.get(
                scope.type(ClassName.get(Function.class)), ArrayTypeName.of(value), list(value)),
            "body")
        .addParameter(ArrayTypeName.of(eager), "operands")
        .varargs()
        .returns(list(eager))
        .addCode(
            "$T<$T, $T> definition =\n$>$>($T<$T> graph, $T refs, $T types) -> {\n$<",
            scope.type(EAGER_OPERATION),
            op,
            typeArgument,
            scope.type(GRAPH_BUILDER),
            op,
            refs,
            list(typeArgument))
        .addStatement("$T b = $T.on(graph)", builder, builder)
        .addStatement("$T[] values = new $T[refs.size()]", value, value)
        .beginControlFlow("for (int i = 0; i < values.length; i++)")
        .addStatement(
            set.abstractType().isPresent()
                ? "values[i] = b.value(refs.get(i), types.get(i))"
                : "values[i] = b.value(refs.get(i))")
        .endControlFlow()
        .addStatement("$T outputs = body.apply(values)", list(value))
        .addStatement(
            "$T result = new $T<>(outputs.size())",
            refs,
            scope.type(ClassName.get(ArrayList.class)))
        .beginControlFlow("for ($T output : outputs)", value)
        .addStatement("result.add(output.ref())")
        .endControlFlow()
        .addStatement("return result")
        .addCode("$<};\n")
        // a null operand named as the traced API names it, not List.of's bare exception
        .beginControlFlow("for (int i = 0; i < operands.length; i++)")
        .beginControlFlow("if (operands[i] == null)")
        .addStatement(
            "throw new $T(name + \" operand \" + i + \" is null\")", NullPointerException.class)
        .endControlFlow()
        .endControlFlow()
        .addStatement(
            "return operands[0].runtime().apply(name, attributes, definition, $T.of(operands))",
            scope.type(ClassName.get(List.class)))
        .build();
  }

  /** {@code List<type>}, with {@code List} as the file writes it. */
  private TypeName list(TypeName type) {
    return ParameterizedTypeName.get(scope.type(ClassName.get(List.class)), type);
  }

  /** An attribute as part of the cache key: a copy if it is an array a caller could change. */
  private static CodeBlock keyPart(TypeName type, String variable) {
    return type instanceof ArrayTypeName
        ? CodeBlock.of("$N.clone()", variable)
        : CodeBlock.of("$N", variable);
  }

  private CodeBlock attributesArray(List<CodeBlock> attributes) {
    return attributes.isEmpty()
        ? CodeBlock.of("$N", noAttributes)
        : CodeBlock.of("new $T[] {$L}", ClassName.OBJECT, Writing.arguments(attributes));
  }

  private static String codes(List<String> names) {
    List<String> code = new ArrayList<>();
    for (String name : names) {
      code.add("{@code " + name + "}");
    }
    return String.join(", ", code);
  }

  /** The class example: a runtime, a variable, the accumulator applied, backward. */
  private CodeBlock example() {
    String e = set.eagerName();
    String add = set.accumulator().orElseThrow().methodName();
    String operandName = set.operand().boxed().toString();
    int dot = operandName.lastIndexOf('.');
    String simple = operandName.substring(dot + 1);
    if (set.hasUnaryBody() && domain.isPresent()) {
      return CodeBlock.of(
          "<pre>{@code\nEagerRuntime<Double, $L> rt = $L.newRuntime();\n$L x = rt.variable(3.0);\n"
              + "x.$L(x).backward();\nx.grad();   // 2.0\n}</pre>\n",
          e,
          e,
          e,
          add);
    }
    return CodeBlock.of(
        "<pre>{@code\nEagerRuntime<$L, $L> rt = $L.newRuntime($L);\n$L x = rt.variable(value);\n"
            + "x.$L(x).backward(seed);\nx.grad();   // the gradient of x\n}</pre>\n",
        simple,
        e,
        e,
        domain.isPresent() ? "" : "domain",
        e,
        add);
  }
}
