package io.github.tidu4j.processor.model;

import com.palantir.javapoet.ClassName;

/**
 * The runtime types generated code and declarations name. The processor does not link against the
 * runtime: it names these types, and the user's build puts the runtime on the class path.
 */
public final class RuntimeTypes {
  private RuntimeTypes() {}

  private static final String GRAPH = "io.github.tidu4j.graph";
  private static final String AD = "io.github.tidu4j.ad";
  private static final String RULES = "io.github.tidu4j.ad.rules";

  public static final ClassName EVALUABLE_GRAPH_OPERATION =
      ClassName.get(GRAPH, "EvaluableGraphOperation");
  public static final ClassName ACTIVE_MASK = ClassName.get(GRAPH, "ActiveMask");
  public static final ClassName COMPILED_PROGRAM = ClassName.get(GRAPH, "CompiledProgram");
  public static final ClassName GRAPH_EXCEPTION = ClassName.get(GRAPH, "GraphException");
  public static final ClassName GRAPH_OPERATION = ClassName.get(GRAPH, "GraphOperation");
  public static final ClassName GRAPH_TYPE = ClassName.get(GRAPH, "Graph");
  public static final ClassName GRAPH_BUILDER = ClassName.get(GRAPH, "GraphBuilder");
  public static final ClassName VALUE_TYPE = ClassName.get(GRAPH, "ValueType");
  public static final ClassName SCALAR_BODY_UNARY =
      ClassName.get(AD + ".func", "ScalarBody", "Unary");
  public static final ClassName SCALAR_BODY_BINARY =
      ClassName.get(AD + ".func", "ScalarBody", "Binary");
  public static final ClassName VALUE_REF = ClassName.get(GRAPH, "ValueRef");
  public static final ClassName EAGER_RUNTIME = ClassName.get(AD + ".eager", "EagerRuntime");
  public static final ClassName EAGER_SET = ClassName.get(AD + ".eager", "EagerSet");
  public static final ClassName EAGER_VALUE = ClassName.get(AD + ".eager", "EagerValue");
  public static final ClassName EAGER_ORIGIN = ClassName.get(AD + ".eager", "EagerValue", "Origin");
  public static final ClassName EAGER_OPERATION = ClassName.get(AD + ".eager", "EagerOperation");
  public static final ClassName DOMAIN = ClassName.get(AD + ".func", "Domain");
  public static final ClassName TRACEABLE = ClassName.get(AD + ".func", "Traceable");
  public static final ClassName FLUENT_FUNCTION = ClassName.get(AD + ".func", "FluentFunction");
  public static final ClassName FLUENT_TRACER =
      ClassName.get(AD + ".func", "FluentFunction", "Tracer");
  public static final ClassName SCALAR_DOMAIN = ClassName.get(AD + ".func", "ScalarDomain");
  public static final ClassName SCALAR_TYPE = ClassName.get(AD + ".func", "ScalarType");
  public static final ClassName VALUE_REF_LOCAL = ClassName.get(GRAPH, "ValueRef", "Local");
  public static final ClassName INTERPRETER = ClassName.get(GRAPH, "Interpreter");
  public static final ClassName KERNEL_FAILURE = ClassName.get(GRAPH, "KernelFailure");
  public static final ClassName DEAD_SLOTS = ClassName.get(GRAPH, "DeadSlots");
  public static final ClassName PROGRAM_RUNNER = ClassName.get(GRAPH, "ProgramRunner");
  public static final ClassName KERNEL_DESCRIPTOR = ClassName.get(GRAPH, "KernelDescriptor");

  public static final ClassName ELEMENT_KERNEL = ClassName.get(GRAPH, "ElementKernel");

  public static final ClassName ELEMENT_KERNEL_DESCRIPTOR =
      ClassName.get(GRAPH, "ElementKernelDescriptor");
  public static final ClassName KERNEL_SET = ClassName.get(GRAPH + ".bytecode", "KernelSet");
  public static final ClassName BLOCK_KERNEL_DESCRIPTOR =
      ClassName.get(GRAPH, "BlockKernelDescriptor");
  public static final ClassName JOINT_KERNEL_DESCRIPTOR =
      ClassName.get(GRAPH, "JointKernelDescriptor");
  public static final ClassName TIERED_RUNNERS = ClassName.get(GRAPH + ".bytecode", "TieredRunners");

  public static final ClassName PRIMITIVE = ClassName.get(AD, "Primitive");
  public static final ClassName PRIMITIVE_BUILDER = ClassName.get(AD, "PrimitiveBuilder");
  public static final ClassName AD_RULE_ERROR = ClassName.get(AD, "ADRuleError");
  public static final ClassName RULE_KIND = ClassName.get(AD, "RuleKind");

  public static final ClassName EMITTER = ClassName.get(RULES, "Emitter");
  public static final ClassName PRIMAL = ClassName.get(RULES, "Primal");
  public static final ClassName OUTPUT = ClassName.get(RULES, "Output");
  public static final ClassName TANGENT = ClassName.get(RULES, "Tangent");
  public static final ClassName TANGENTS = ClassName.get(RULES, "Tangents");
  public static final ClassName COTANGENTS = ClassName.get(RULES, "Cotangents");
  public static final ClassName ARG = ClassName.get(RULES, "Arg");
  public static final ClassName SERIES = ClassName.get(RULES, "Series");
  public static final ClassName TAYLOR_SERIES = ClassName.get(AD, "TaylorSeries");

  /** The processor's name, as the {@code @Generated} annotation gives it. */
  public static final String PROCESSOR = "io.github.tidu4j.processor.PrimitiveSetProcessor";
}
