package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.BlockKernelModel;
import io.github.tidu4j.processor.model.Dispatch;
import io.github.tidu4j.processor.model.ElementKernelModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.List;
import java.util.Locale;

/**
 * Block kernels ({@code block} methods of a primitive's interface): each is {@code static void
 * block(double[] x, int xOff, double[] y, int yOff, int n)}, throws nothing checked, and sits on a
 * unary elementwise primitive with a static {@code element} kernel, one per primitive: a fused loop
 * calls it over a block of operand elements where it would call {@code element} per element, and
 * the element kernel for what it does not cover. Whether it computes what {@code element} does, to
 * the set's stated bound, no processor can check; the set's tests must.
 */
final class BlockKernelValidator implements Validator {

  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    for (PrimitiveModel primitive : set.primitives()) {
      List<BlockKernelModel> kernels = primitive.blockKernels();
      if (kernels.isEmpty()) {
        continue;
      }
      String name = primitive.interfaceType().simpleName();
      BlockKernelModel first = kernels.get(0);
      for (BlockKernelModel kernel : kernels.subList(1, kernels.size())) {
        report.add(
            Message.BLOCK_KERNEL_PRIMITIVE,
            kernel.location(),
            name,
            "declares " + kernels.size() + " methods named block",
            "keep one block method, static void block(double[] x, int xOff, double[] y, int yOff,"
                + " int n), and rename the others");
      }
      checkPrimitive(primitive, name, first, report);
      checkSignature(name, first, report);
    }
  }

  private static void checkPrimitive(
      PrimitiveModel primitive, String name, BlockKernelModel kernel, ValidationReport report) {
    if (!primitive.elementwise()) {
      report.add(
          Message.BLOCK_KERNEL_PRIMITIVE,
          kernel.location(),
          name,
          "is not marked elementwise",
          "mark it @Primitive(elementwise = true) with a static double element(double x), or"
              + " rename the method");
    } else if (primitive.rule(RuleRole.EVAL).isPresent() && primitive.arity() != 1) {
      report.add(
          Message.BLOCK_KERNEL_PRIMITIVE,
          kernel.location(),
          name,
          "takes " + primitive.arity() + " inputs",
          "a block kernel maps one operand block to one result block: declare it on unary"
              + " primitives only");
    } else if (primitive
        .elementKernel(ElementKernelModel.REAL)
        .filter(k -> k.dispatch() == Dispatch.STATIC)
        .isEmpty()) {
      report.add(
          Message.BLOCK_KERNEL_PRIMITIVE,
          kernel.location(),
          name,
          "has no static element kernel",
          "declare static double element(double x) beside it: the fused loop computes the elements"
              + " outside its blocks with it, and its values are what block must give");
    }
  }

  private static void checkSignature(String name, BlockKernelModel kernel, ValidationReport report) {
    String problem = null;
    if (kernel.dispatch() != Dispatch.STATIC) {
      problem =
          "a fused loop calls it without an operation, so it must be a static method (not "
              + kernel.dispatch().name().toLowerCase(Locale.ROOT) + ")";
    } else if (!kernel.typeParameters().isEmpty()) {
      problem = "it must not be generic";
    } else if (!kernel.descriptor().equals(BlockKernelModel.DESCRIPTOR)) {
      problem = "it must take the operand array and offset, the result array and offset, and the"
          + " element count, and return nothing";
    } else if (!kernel.checkedExceptions().isEmpty()) {
      problem =
          "it declares checked exceptions (" + String.join(", ", kernel.checkedExceptions())
              + "), which a fused loop cannot pass on";
    }
    if (problem != null) {
      report.add(
          Message.BLOCK_KERNEL_SIGNATURE,
          kernel.location(),
          name,
          (kernel.dispatch() == Dispatch.STATIC ? "static " : "")
              + kernel.returnText() + " block(" + String.join(", ", kernel.parameterTypes()) + ")",
          problem);
    }
  }
}
