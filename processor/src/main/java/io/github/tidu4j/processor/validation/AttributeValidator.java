package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.AttributeKind;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;

/**
 * Attributes are accessors of immutable values: operations are interned and compared by their
 * attributes, so an attribute that can change, or compares by identity, would break identity.
 */
final class AttributeValidator implements Validator {
  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    for (PrimitiveModel primitive : set.primitives()) {
      String name = primitive.interfaceType().simpleName();
      for (AttributeModel attribute : primitive.attributes()) {
        if (attribute.parameterCount() > 0) {
          report.add(
              Message.ATTRIBUTE_SIGNATURE,
              attribute.location(),
              attribute.name(),
              name,
              "takes " + attribute.parameterCount() + " parameter(s)",
              "make it a default or static helper, or remove its parameters");
        } else if (!attribute.typeParameters().isEmpty()) {
          report.add(
              Message.ATTRIBUTE_SIGNATURE,
              attribute.location(),
              attribute.name(),
              name,
              "declares type parameters <" + String.join(", ", attribute.typeParameters()) + ">",
              "give it a fixed type");
        } else if (!attribute.isAccessor()) {
          report.add(
              Message.ATTRIBUTE_SIGNATURE,
              attribute.location(),
              attribute.name(),
              name,
              "returns void",
              "return the attribute's value");
        } else if (attribute.inaccessible().isPresent()) {
          report.add(
              Message.INACCESSIBLE_TYPE,
              attribute.location(),
              "attribute " + attribute.name() + " of " + name,
              attribute.typeText(),
              set.setType().simpleName(),
              set.packageName(),
              attribute.inaccessible().get());
        } else if (attribute.kind() == AttributeKind.INVALID && attribute.problem().isPresent()) {
          report.add(
              Message.ATTRIBUTE_TYPE,
              attribute.location(),
              attribute.name(),
              name,
              attribute.typeText(),
              attribute.problem().get(),
              set.opName());
        }
      }
    }
  }
}
