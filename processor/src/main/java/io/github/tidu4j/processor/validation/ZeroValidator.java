package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;

/**
 * At most one zero primitive, with the shape {@code Primitive.zerosLike()} promises the transforms:
 * a unary, single-output, attribute-free primitive that is neither multilinear nor the accumulator
 * (the transforms apply it to a primal value, never to a tangent). It declares no rules: the
 * generated JVP dispatch returns a symbolic zero, and nothing transposes it. A set without one is
 * fine; the transforms then report a zero output when it is read.
 */
final class ZeroValidator implements Validator {
  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    PrimitiveModel first = null;
    for (PrimitiveModel primitive : set.primitives()) {
      if (!primitive.zero()) {
        continue;
      }
      if (primitive.accumulator()) {
        // one flag is a slip: its rules and shape are the accumulator's, checked as such
        report.add(
            Message.ZERO_SHAPE,
            primitive.zeroLocation(),
            primitive.interfaceType().simpleName(),
            "is also the accumulator",
            "declare the zero and the add as two primitives");
        continue;
      }
      DesignatedShape.reportDeclaredRules(primitive, Message.ZERO_RULE, report);
      if (first != null) {
        report.add(
            Message.DUPLICATE_ZERO,
            primitive.zeroLocation(),
            primitive.interfaceType().simpleName(),
            first.interfaceType().simpleName());
        continue;
      }
      first = primitive;
      DesignatedShape.check(
          primitive,
          Message.ZERO_SHAPE,
          1,
          "give its eval one operand, the value whose zero it returns",
          "Primitive.zerosLike()",
          report);
    }
  }
}
