package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.ArrayList;
import java.util.List;

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
      checkShape(primitive, report);
    }
    if (first == null) {
      report.add(Message.MISSING_ACCUMULATOR, set.location(), set.setType().simpleName());
    }
  }

  private static void checkShape(PrimitiveModel add, ValidationReport report) {
    String name = add.interfaceType().simpleName();
    if (add.rule(RuleRole.EVAL).isPresent() && add.arity() != 2) {
      report.add(
          Message.ACCUMULATOR_SHAPE,
          add.rule(RuleRole.EVAL).get().location(),
          name,
          "takes " + add.arity() + " operand(s)",
          "give its eval two operands");
    }
    if (add.outputs() != 1) {
      report.add(
          Message.ACCUMULATOR_SHAPE,
          add.outputsLocation(),
          name,
          "gives " + add.outputs() + " outputs",
          "remove outputs = " + add.outputs());
    }
    if (add.hasAttributes()) {
      List<String> names = new ArrayList<>();
      for (AttributeModel attribute : add.attributes()) {
        names.add(attribute.name());
      }
      report.add(
          Message.ACCUMULATOR_SHAPE,
          add.attributes().get(0).location(),
          name,
          "has attributes " + names,
          "remove them, since Primitive.add() returns one operation");
    }
    if (add.multilinear()) {
      report.add(
          Message.ACCUMULATOR_SHAPE,
          add.multilinearLocation(),
          name,
          "is marked multilinear",
          "remove multilinear = true");
    }
  }
}
