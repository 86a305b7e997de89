package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;

/**
 * Exactly one accumulator, and it has the shape {@code Primitive.add()} promises the transforms: a
 * binary, single-output, attribute-free add that is not multilinear (it is linear in both operands
 * jointly, and its emitter method folds a zero operand as the identity, not as a zero result).
 */
final class AccumulatorValidator implements Validator {
  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    PrimitiveModel first = null;
    for (PrimitiveModel primitive : set.primitives()) {
      if (!primitive.accumulator()) {
        continue;
      }
      if (first != null) {
        report.add(
            Message.DUPLICATE_ACCUMULATOR,
            primitive.accumulatorLocation(),
            primitive.interfaceType().simpleName(),
            first.interfaceType().simpleName());
        continue;
      }
      first = primitive;
      DesignatedShape.check(
          primitive,
          Message.ACCUMULATOR_SHAPE,
          2,
          "give its eval two operands",
          "Primitive.add()",
          report);
    }
    // a set extending another has its SetExtendsSet error, which is why its accumulator (declared
    // in the other set) is not its own: one error, not a second that sends the user elsewhere
    if (first == null && set.superSets().isEmpty()) {
      report.add(Message.MISSING_ACCUMULATOR, set.location(), set.setType().simpleName());
    }
  }
}
