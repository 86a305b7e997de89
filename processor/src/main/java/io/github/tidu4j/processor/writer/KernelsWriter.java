package io.github.tidu4j.processor.writer;

import static io.github.tidu4j.processor.model.RuntimeTypes.BLOCK_KERNEL_DESCRIPTOR;
import static io.github.tidu4j.processor.model.RuntimeTypes.ELEMENT_KERNEL;
import static io.github.tidu4j.processor.model.RuntimeTypes.ELEMENT_KERNEL_DESCRIPTOR;
import static io.github.tidu4j.processor.model.RuntimeTypes.JOINT_KERNEL_DESCRIPTOR;
import static io.github.tidu4j.processor.model.RuntimeTypes.KERNEL_DESCRIPTOR;
import static io.github.tidu4j.processor.model.RuntimeTypes.KERNEL_SET;
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
import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.processor.model.BlockKernelModel;
import io.github.tidu4j.processor.model.Dispatch;
import io.github.tidu4j.processor.model.ElementKernelModel;
import io.github.tidu4j.processor.model.JointKernelModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleMethod;
import io.github.tidu4j.processor.model.RuleRole;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Writes {@code XKernels}: the table of {@code KernelDescriptor}s, indexed by opcode, a bytecode
 * backend uses to emit a direct call to each primitive's kernel, and, for a set with elementwise
 * primitives, the list of their {@code ElementKernelDescriptor}s a fusion backend uses, and for a
 * set with {@code @JointKernel} methods, their {@code JointKernelDescriptor}s, which {@code
 * kernelSet()} hands to the bytecode backend.
 */
public final class KernelsWriter {
  /** The most descriptors one generated method fills. */
  static final int CHUNK = 100;

  private final PrimitiveSetModel set;
  private final Optional<ClassName> generated;

  public KernelsWriter(PrimitiveSetModel set, Optional<ClassName> generated) {
    this.set = set;
    this.generated = generated;
  }

  /** The {@code XKernels} type. */
  public TypeSpec write() {
    List<CodeBlock> descriptors = new ArrayList<>();
    for (PrimitiveModel primitive : set.primitives()) {
      RuleMethod eval = primitive.rule(RuleRole.EVAL).orElseThrow();
      descriptors.add(
          CodeBlock.of(
              "new $T($L, $S, $S, $S, $S, $L, $L, $L, $L)",
              KERNEL_DESCRIPTOR,
              primitive.opcode(),
              primitive.name(),
              primitive.internalName(),
              "eval",
              eval.descriptor(),
              eval.dispatch() == Dispatch.STATIC,
              true,
              primitive.arity(),
              primitive.outputs()));
    }
    Scope scope = Scope.of(set, set.kernelsType(), Set.of());
    TypeSpec.Builder type =
        TypeSpec.classBuilder(set.kernelsType())
            .addJavadoc(
                "The kernels of the {@link $T} primitives, indexed by opcode: what a bytecode"
                    + " backend needs to\ncall each one directly (see {@link $T}).\n\n"
                    + "<pre>{@code\n"
                    + "BytecodeProgram<$T> p = new BytecodeCompiler<>($T.kernelSet()).compile(program);\n"
                    + "List<Object> y = p.eval(inputsByKey);\n"
                    + "}</pre>\n",
                scope.type(set.setType()),
                KERNEL_DESCRIPTOR,
                scope.type(set.opType()),
                set.kernelsType());
    Writing.markGenerated(type, generated);
    Writing.suppressWarnings(type, set);
    scope.qualifyShadowed(type);
    boolean chunked = descriptors.size() > CHUNK;
    type.addModifiers(PUBLIC, FINAL)
        .addField(
            FieldSpec.builder(
                    ParameterizedTypeName.get(ClassName.get(List.class), KERNEL_DESCRIPTOR),
                    "TABLE",
                    PUBLIC,
                    STATIC,
                    FINAL)
                .addJavadoc(
                    "One descriptor per primitive: {@code TABLE.get(op.opcode())} describes the"
                        + " kernel of {@code op}.\n")
                .initializer(
                    chunked
                        ? CodeBlock.of("table()")
                        : CodeBlock.of(
                            "$T.of($>$>\n$L)$<$<", List.class, CodeBlock.join(descriptors, ",\n")))
                .build());
    if (chunked) {
      addTableChunks(type, descriptors, "table", KERNEL_DESCRIPTOR);
    }
    addElementwise(type);
    addBlockKernels(type);
    boolean joint = addJointKernels(type);
    return type
        .addMethod(
            MethodSpec.methodBuilder("kernelSet")
                .addModifiers(PUBLIC, STATIC)
                .returns(ParameterizedTypeName.get(KERNEL_SET, scope.type(set.opType())))
                .addJavadoc(
                    "The kernels as the bytecode backend takes them ({@code new"
                        + " BytecodeCompiler<>($T.kernelSet())}),\n"
                        + "with this package's lookup, so generated classes may call kernels"
                        + " that are not public.\nValidates the table; make one per compiler.\n\n"
                        + "@return the kernel set\n",
                    set.kernelsType())
                .addStatement(
                    "return $T.<$T>of($T.class, TABLE, $T::opcode, $T.lookup())$L",
                    KERNEL_SET,
                    scope.type(set.opType()),
                    scope.type(set.operand().type()),
                    scope.type(set.opType()),
                    MethodHandles.class,
                    joint ? "\n.withJointKernels(JOINT)" : "")
                .build())
        .addMethod(
            MethodSpec.constructorBuilder()
                .addJavadoc("Not instantiable: the tables and {@link #kernelSet()} are static.\n")
                .addModifiers(PRIVATE)
                .build())
        .build();
  }

  /**
   * {@code ELEMENTWISE}: one {@code ElementKernelDescriptor} per elementwise primitive, in opcode
   * order; written only for a set that declares one, so other sets' kernels stay as they are.
   */
  private void addElementwise(TypeSpec.Builder type) {
    List<CodeBlock> descriptors = new ArrayList<>();
    for (PrimitiveModel primitive : set.primitives()) {
      if (primitive.elementwise()) {
        descriptors.add(
            CodeBlock.of(
                "new $T($L, $S, $S, $L,$>$>\n$L,\n$L,\n$L)$<$<",
                ELEMENT_KERNEL_DESCRIPTOR,
                primitive.opcode(),
                primitive.name(),
                primitive.internalName(),
                primitive.arity(),
                elementKernel(primitive, ElementKernelModel.REAL),
                elementKernel(primitive, ElementKernelModel.COMPLEX_RE),
                elementKernel(primitive, ElementKernelModel.COMPLEX_IM)));
      }
    }
    if (descriptors.isEmpty()) {
      return;
    }
    boolean chunked = descriptors.size() > CHUNK;
    type.addField(
        FieldSpec.builder(
                ParameterizedTypeName.get(ClassName.get(List.class), ELEMENT_KERNEL_DESCRIPTOR),
                "ELEMENTWISE",
                PUBLIC,
                STATIC,
                FINAL)
            .addJavadoc(
                "The per-element kernels of the elementwise primitives, in opcode order: what a"
                    + " fusion backend\ncalls to compute a region of elementwise operations in"
                    + " one loop.\n")
            .initializer(
                chunked
                    ? CodeBlock.of("elementwise()")
                    : CodeBlock.of(
                        "$T.of($>$>\n$L)$<$<", List.class, CodeBlock.join(descriptors, ",\n")))
            .build());
    if (chunked) {
      addTableChunks(type, descriptors, "elementwise", ELEMENT_KERNEL_DESCRIPTOR);
    }
  }

  /**
   * {@code BLOCK_KERNELS}: one {@code BlockKernelDescriptor} per primitive declaring a {@code
   * block} method, in opcode order; written only for a set that declares one, so other sets'
   * kernels stay as they are.
   */
  private void addBlockKernels(TypeSpec.Builder type) {
    List<CodeBlock> descriptors = new ArrayList<>();
    for (PrimitiveModel primitive : set.primitives()) {
      if (!primitive.blockKernels().isEmpty()) {
        descriptors.add(
            CodeBlock.of(
                "new $T($L, $S, $S, $S)",
                BLOCK_KERNEL_DESCRIPTOR,
                primitive.opcode(),
                primitive.name(),
                primitive.internalName(),
                BlockKernelModel.NAME));
      }
    }
    if (descriptors.isEmpty()) {
      return;
    }
    boolean chunked = descriptors.size() > CHUNK;
    type.addField(
        FieldSpec.builder(
                ParameterizedTypeName.get(ClassName.get(List.class), BLOCK_KERNEL_DESCRIPTOR),
                "BLOCK_KERNELS",
                PUBLIC,
                STATIC,
                FINAL)
            .addJavadoc(
                "The block kernels of the elementwise primitives declaring one, in opcode order:"
                    + " what a fusion\nbackend calls over a block of elements instead of the"
                    + " per-element kernel once per element.\n")
            .initializer(
                chunked
                    ? CodeBlock.of("blockKernels()")
                    : CodeBlock.of(
                        "$T.of($>$>\n$L)$<$<", List.class, CodeBlock.join(descriptors, ",\n")))
            .build());
    if (chunked) {
      addTableChunks(type, descriptors, "blockKernels", BLOCK_KERNEL_DESCRIPTOR);
    }
  }

  /**
   * {@code JOINT}: one {@code JointKernelDescriptor} per {@code @JointKernel} method; written only
   * for a set that declares one, so other sets' kernels stay as they are. Returns whether it did.
   */
  private boolean addJointKernels(TypeSpec.Builder type) {
    if (set.jointKernels().isEmpty()) {
      return false;
    }
    ClassName setType = set.setType();
    String owner =
        (setType.packageName().isEmpty() ? "" : setType.packageName().replace('.', '/') + "/")
            + String.join("$", setType.simpleNames());
    List<CodeBlock> descriptors = new ArrayList<>();
    for (JointKernelModel joint : set.jointKernels()) {
      List<CodeBlock> opcodes = new ArrayList<>();
      for (int index : joint.primitiveIndexes()) {
        opcodes.add(CodeBlock.of("$L", set.primitives().get(index).opcode()));
      }
      descriptors.add(
          CodeBlock.of(
              "new $T($T.of($L), $S, $S, $S, true)",
              JOINT_KERNEL_DESCRIPTOR,
              List.class,
              CodeBlock.join(opcodes, ", "),
              owner,
              joint.name(),
              joint.descriptor()));
    }
    type.addField(
        FieldSpec.builder(
                ParameterizedTypeName.get(ClassName.get(List.class), JOINT_KERNEL_DESCRIPTOR),
                "JOINT",
                PUBLIC,
                STATIC,
                FINAL)
            .addJavadoc(
                "The joint kernels: methods of the set computing several of its primitives of one"
                    + " argument at once,\nwhich the bytecode backend calls once for all of them"
                    + " ({@code kernelSet()} includes them).\n")
            .initializer(
                CodeBlock.of("$T.of($>$>\n$L)$<$<", List.class, CodeBlock.join(descriptors, ",\n")))
            .build());
    return true;
  }

  private static CodeBlock elementKernel(PrimitiveModel primitive, String name) {
    return primitive
        .elementKernel(name)
        .map(
            kernel ->
                CodeBlock.of(
                    "new $T($S, $S, $L)",
                    ELEMENT_KERNEL,
                    kernel.name(),
                    kernel.descriptor(),
                    kernel.dispatch() == Dispatch.STATIC))
        .orElse(CodeBlock.of("null"));
  }

  /**
   * For a large set, the table is filled by one method per {@value #CHUNK} descriptors: a single
   * initializer of thousands of descriptors would pass the JVM's 64 KB limit on a method's code.
   */
  private static void addTableChunks(
      TypeSpec.Builder type, List<CodeBlock> descriptors, String method, ClassName element) {
    int chunks = (descriptors.size() + CHUNK - 1) / CHUNK;
    MethodSpec.Builder table =
        MethodSpec.methodBuilder(method)
            .addJavadoc(
                "The $L descriptors, filled by {@code $L0} to {@code $L$L}, $L each, so that no"
                    + " method's code\ncomes near the JVM's limit of 64 KB however large the"
                    + " set.\n\n"
                    + "@return the descriptors, in opcode order\n",
                descriptors.size(),
                method,
                method,
                chunks - 1,
                CHUNK)
            .addModifiers(PRIVATE, STATIC)
            .returns(ParameterizedTypeName.get(ClassName.get(List.class), element))
            .addStatement("$T[] table = new $T[$L]", element, element, descriptors.size());
    for (int chunk = 0; chunk < chunks; chunk++) {
      table.addStatement("$L$L(table)", method, chunk);
      int end = Math.min(descriptors.size(), (chunk + 1) * CHUNK);
      MethodSpec.Builder fill =
          MethodSpec.methodBuilder(method + chunk)
              .addJavadoc(
                  "Fills elements $L to $L of {@code table}.\n\n"
                      + "@param table the descriptors, filled chunk by chunk\n",
                  chunk * CHUNK,
                  end - 1)
              .addModifiers(PRIVATE, STATIC)
              .addParameter(ArrayTypeName.of(element), "table");
      for (int i = chunk * CHUNK; i < end; i++) {
        fill.addStatement("table[$L] = $L", i, descriptors.get(i));
      }
      type.addMethod(fill.build());
    }
    type.addMethod(table.addStatement("return $T.of(table)", List.class).build());
  }
}
