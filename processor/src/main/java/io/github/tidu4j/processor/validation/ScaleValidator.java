package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.HelperMethod;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import com.palantir.javapoet.TypeName;

/**
 * At most one scale primitive, with the shape {@code Primitive.scaleBy(factor)} promises Taylor
 * mode: unary, single-output, one attribute of type {@code double} (the factor), neither the
 * accumulator nor the zero primitive. It declares {@code eval} only: the generated code gives it
 * its JVP and transpose rules (scaling by the same factor). A set without one is fine; Taylor mode
 * reports it when it needs one.
 */
final class ScaleValidator implements Validator {
  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    PrimitiveModel first = null;
    for (PrimitiveModel primitive : set.primitives()) {
      if (!primitive.scale()) {
        continue;
      }
      String name = primitive.interfaceType().simpleName();
      if (primitive.accumulator() || primitive.zero()) {
        report.add(
            Message.SCALE_SHAPE,
            primitive.scaleLocation(),
            name,
            primitive.accumulator() ? "is also the accumulator" : "is also the zero primitive",
            "declare the scale as a primitive of its own");
        continue;
      }
      DesignatedShape.reportDeclaredRules(primitive, Message.SCALE_RULE, report);
      if (first != null) {
        report.add(
            Message.DUPLICATE_SCALE,
            primitive.scaleLocation(),
            name,
            first.interfaceType().simpleName());
        continue;
      }
      first = primitive;
      checkShape(primitive, name, report);
    }
  }

  /** A default method of no parameters, the shape of an accessor, or null. */
  private static HelperMethod defaultAccessor(PrimitiveModel primitive) {
    for (HelperMethod helper : primitive.helpers()) {
      if (helper.isDefault() && helper.parameterCount() == 0) {
        return helper;
      }
    }
    return null;
  }

  private static void checkShape(PrimitiveModel primitive, String name, ValidationReport report) {
    DesignatedShape.checkOperandsAndOutputs(
        primitive, Message.SCALE_SHAPE, 1, "give its eval one operand, the value it scales", report);
    if (primitive.attributes().size() != 1
        || !primitive.attributes().get(0).type().equals(TypeName.DOUBLE)) {
      StringBuilder has = new StringBuilder();
      for (AttributeModel attribute : primitive.attributes()) {
        has.append(has.length() == 0 ? "" : ", ").append(attribute.type()).append(' ')
            .append(attribute.name()).append("()");
      }
      // a default accessor is a helper, not an attribute: a user who wrote one meant the factor
      HelperMethod meant = primitive.attributes().isEmpty() ? defaultAccessor(primitive) : null;
      report.add(
          Message.SCALE_SHAPE,
          meant != null
              ? meant.location()
              : primitive.attributes().isEmpty()
                  ? primitive.scaleLocation()
                  : primitive.attributes().get(0).location(),
          name,
          primitive.attributes().isEmpty() ? "has no attribute" : "has attributes [" + has + "]",
          meant != null
              ? meant.name() + "() is a default method, so it is a helper the kernel may call, not"
                  + " an attribute; make it abstract (double " + meant.name() + "();) and pass the"
                  + " factor when the scale is applied"
              : "declare exactly one, double factor()");
    }
  }
}
