package io.github.tidu4j.processor.writer;

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
import io.github.tidu4j.processor.model.Dispatch;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleMethod;
import io.github.tidu4j.processor.model.RuleRole;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes {@code XKernels}: the table of {@code KernelDescriptor}s, indexed by opcode, a bytecode
 * backend uses to emit a direct call to each primitive's kernel.
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
    TypeSpec.Builder type =
        TypeSpec.classBuilder(set.kernelsType())
            .addJavadoc(
                "The kernels of the {@link $T} primitives, indexed by opcode: what a bytecode"
                    + " backend needs to\ncall each one directly (see {@link $T}).\n\n"
                    + "<pre>{@code\n"
                    + "BytecodeProgram<$T> p = new BytecodeCompiler<>($T.kernelSet()).compile(program);\n"
                    + "List<Object> y = p.eval(inputsByKey);\n"
                    + "}</pre>\n",
                set.setType(),
                KERNEL_DESCRIPTOR,
                set.opType(),
                set.kernelsType());
    Writing.markGenerated(type, generated);
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
      addTableChunks(type, descriptors);
    }
    return type
        .addMethod(
            MethodSpec.methodBuilder("kernelSet")
                .addModifiers(PUBLIC, STATIC)
                .returns(ParameterizedTypeName.get(KERNEL_SET, set.opType()))
                .addJavadoc(
                    "The kernels as the bytecode backend takes them ({@code new"
                        + " BytecodeCompiler<>($T.kernelSet())}),\n"
                        + "with this package's lookup, so generated classes may call kernels"
                        + " that are not public.\nValidates the table; make one per compiler.\n",
                    set.kernelsType())
                .addStatement(
                    "return $T.<$T>of($T.class, TABLE, $T::opcode).withLookup($T.lookup())",
                    KERNEL_SET,
                    set.opType(),
                    set.operand().type(),
                    set.opType(),
                    MethodHandles.class)
                .build())
        .addMethod(MethodSpec.constructorBuilder().addModifiers(PRIVATE).build())
        .build();
  }

  /**
   * For a large set, the table is filled by one method per {@value #CHUNK} descriptors: a single
   * initializer of thousands of descriptors would pass the JVM's 64 KB limit on a method's code.
   */
  private static void addTableChunks(TypeSpec.Builder type, List<CodeBlock> descriptors) {
    int chunks = (descriptors.size() + CHUNK - 1) / CHUNK;
    MethodSpec.Builder table =
        MethodSpec.methodBuilder("table")
            .addModifiers(PRIVATE, STATIC)
            .returns(ParameterizedTypeName.get(ClassName.get(List.class), KERNEL_DESCRIPTOR))
            .addStatement(
                "$T[] table = new $T[$L]", KERNEL_DESCRIPTOR, KERNEL_DESCRIPTOR, descriptors.size());
    for (int chunk = 0; chunk < chunks; chunk++) {
      table.addStatement("table$L(table)", chunk);
      MethodSpec.Builder fill =
          MethodSpec.methodBuilder("table" + chunk)
              .addModifiers(PRIVATE, STATIC)
              .addParameter(ArrayTypeName.of(KERNEL_DESCRIPTOR), "table");
      int end = Math.min(descriptors.size(), (chunk + 1) * CHUNK);
      for (int i = chunk * CHUNK; i < end; i++) {
        fill.addStatement("table[$L] = $L", i, descriptors.get(i));
      }
      type.addMethod(fill.build());
    }
    type.addMethod(table.addStatement("return $T.of(table)", List.class).build());
  }
}
