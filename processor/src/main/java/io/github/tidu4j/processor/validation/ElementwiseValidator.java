package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.Dispatch;
import io.github.tidu4j.processor.model.ElementKernelModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The per-element kernels of elementwise primitives ({@code @Primitive(elementwise = true)}): a
 * fusion backend calls them inside one loop, so each must be a static or default method (a default
 * one reads attributes, as a default {@code eval} does) taking {@code double}s, one per input for
 * {@code element} and two per input (real, imaginary) for the {@code elementRe}/{@code elementIm}
 * pair, returning {@code double}, throwing nothing checked. An elementwise primitive has one
 * output, at least one input, and at least one of the two kernel forms; kernels on a primitive not
 * marked elementwise are reported, since nothing would call them.
 */
final class ElementwiseValidator implements Validator {
  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    for (PrimitiveModel primitive : set.primitives()) {
      String name = primitive.interfaceType().simpleName();
      if (!primitive.elementwise()) {
        for (ElementKernelModel kernel : primitive.elementKernels()) {
          report.add(Message.NOT_ELEMENTWISE, kernel.location(), name, kernel.name());
        }
        continue;
      }
      checkShape(primitive, name, report);
      checkPresence(primitive, name, report);
      Set<String> seen = new HashSet<>();
      for (ElementKernelModel kernel : primitive.elementKernels()) {
        if (!seen.add(kernel.name())) {
          report.add(
              Message.ELEMENT_KERNEL_SIGNATURE,
              kernel.location(),
              name,
              kernel.name(),
              "is declared more than once",
              "a fusion backend calls one kernel of each name",
              "keep one " + kernel.name());
          continue;
        }
        checkKernel(primitive, name, kernel, report);
      }
    }
  }

  private static void checkShape(PrimitiveModel primitive, String name, ValidationReport report) {
    if (primitive.outputs() != 1) {
      report.add(
          Message.ELEMENTWISE_SHAPE,
          primitive.elementwiseLocation(),
          name,
          "declares " + primitive.outputs() + " outputs",
          "declare one output, or remove elementwise = true");
    } else if (primitive.rule(RuleRole.EVAL).isPresent()
        && primitive.arity() == 0) {
      report.add(
          Message.ELEMENTWISE_SHAPE,
          primitive.elementwiseLocation(),
          name,
          "takes no input",
          "give its eval at least one operand, or remove elementwise = true");
    }
  }

  private static void checkPresence(
      PrimitiveModel primitive, String name, ValidationReport report) {
    Optional<ElementKernelModel> real = primitive.elementKernel(ElementKernelModel.REAL);
    Optional<ElementKernelModel> re = primitive.elementKernel(ElementKernelModel.COMPLEX_RE);
    Optional<ElementKernelModel> im = primitive.elementKernel(ElementKernelModel.COMPLEX_IM);
    if (real.isEmpty() && re.isEmpty() && im.isEmpty()) {
      report.add(
          Message.MISSING_ELEMENT_KERNEL,
          primitive.elementwiseLocation(),
          name,
          "declares no per-element kernel",
          "declare static double element(double ...) with one double per input (a default"
              + " method if it reads attributes), and for complex values the pair elementRe and"
              + " elementIm");
    } else if (re.isPresent() != im.isPresent()) {
      ElementKernelModel half = re.orElseGet(im::get);
      String other =
          re.isPresent() ? ElementKernelModel.COMPLEX_IM : ElementKernelModel.COMPLEX_RE;
      report.add(
          Message.MISSING_ELEMENT_KERNEL,
          half.location(),
          name,
          "declares " + half.name() + " without " + other,
          "declare " + other + " beside it, taking the same doubles, for the other part of the"
              + " complex result");
    }
  }

  private static void checkKernel(
      PrimitiveModel primitive, String name, ElementKernelModel kernel, ValidationReport report) {
    String fix = "declare it as " + expected(primitive, kernel);
    if (kernel.dispatch() != Dispatch.STATIC && kernel.dispatch() != Dispatch.DEFAULT) {
      report.add(
          Message.ELEMENT_KERNEL_SIGNATURE,
          kernel.location(),
          name,
          kernel.name(),
          "is " + (kernel.dispatch() == Dispatch.PRIVATE ? "private" : "abstract"),
          "generated code calls it (a static method, or a default method that reads attributes)",
          fix);
      return;
    }
    if (!kernel.typeParameters().isEmpty()) {
      report.add(
          Message.ELEMENT_KERNEL_SIGNATURE,
          kernel.location(),
          name,
          kernel.name(),
          "declares type parameters " + kernel.typeParameters(),
          "a per-element kernel works on doubles only",
          "remove them");
    }
    boolean rightArity =
        !primitive.rule(RuleRole.EVAL).isPresent()
            || kernel.doubleParameters().size() == kernel.doublesPerInput() * primitive.arity();
    boolean allDouble = !kernel.doubleParameters().contains(false);
    if (!rightArity || !allDouble || !kernel.returnsDouble()) {
      String has =
          "takes (" + String.join(", ", kernel.parameterTypes()) + ") and returns "
              + kernel.returnText();
      String why =
          kernel.doublesPerInput() == 1
              ? name + ".eval takes " + primitive.arity() + " input(s) and " + kernel.name()
                  + " takes one double per input"
              : name + ".eval takes " + primitive.arity() + " input(s) and " + kernel.name()
                  + " takes two doubles (real, imaginary) per input";
      report.add(
          Message.ELEMENT_KERNEL_SIGNATURE, kernel.location(), name, kernel.name(), has, why, fix);
    }
    if (!kernel.checkedExceptions().isEmpty()) {
      report.add(
          Message.CHECKED_EXCEPTION,
          kernel.location(),
          name,
          kernel.name(),
          String.join(", ", kernel.checkedExceptions()),
          "fused loops call kernels directly and cannot pass checked exceptions on");
    }
  }

  private static String expected(PrimitiveModel primitive, ElementKernelModel kernel) {
    StringBuilder s = new StringBuilder("static double ").append(kernel.name()).append('(');
    int count = kernel.doublesPerInput() * primitive.arity();
    for (int i = 0; i < count; i++) {
      s.append(i == 0 ? "" : ", ").append("double");
    }
    return s.append(')').toString();
  }
}
