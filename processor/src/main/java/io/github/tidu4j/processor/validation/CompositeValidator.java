package io.github.tidu4j.processor.validation;

import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.CompositeModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import java.util.ArrayList;
import java.util.List;

/**
 * Composites become methods of the generated fluent value or builder: they must be plain methods
 * there (no type parameters, no checked exceptions), and must not take the name and parameters of
 * a method the primitives already give that class.
 */
final class CompositeValidator implements Validator {
  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    String setName = set.setType().simpleName();
    for (CompositeModel composite : set.composites()) {
      String owner = composite.onBuilder() ? set.builderName() : set.valueName();
      String what = setName + "." + composite.name();
      if (!composite.typeParameters().isEmpty()) {
        report.add(
            Message.COMPOSITE_SIGNATURE,
            composite.location(),
            what,
            owner,
            "declares type parameters <" + String.join(", ", composite.typeParameters()) + ">",
            "give it fixed types");
        continue;
      }
      if (!composite.checkedExceptions().isEmpty()) {
        report.add(
            Message.COMPOSITE_SIGNATURE,
            composite.location(),
            what,
            owner,
            "declares the checked exception(s) " + String.join(", ", composite.checkedExceptions()),
            "throw unchecked exceptions only");
        continue;
      }
      for (PrimitiveModel primitive : set.primitives()) {
        boolean sameClass = composite.onBuilder() == (primitive.arity() == 0);
        if (sameClass
            && primitive.methodName().equals(composite.name())
            && fluentParameters(set, primitive).equals(composite.parameterTypes())) {
          report.add(
              Message.COMPOSITE_SIGNATURE,
              composite.location(),
              what,
              owner,
              "has the name and parameters of the fluent method of primitive "
                  + primitive.interfaceType().simpleName(),
              "rename it, or give it other parameters");
        }
      }
    }
  }

  /** The parameters of a primitive's fluent method: the other operands, then its given attributes. */
  private static List<TypeName> fluentParameters(PrimitiveSetModel set, PrimitiveModel primitive) {
    List<TypeName> parameters = new ArrayList<>();
    for (int i = 1; i < primitive.arity(); i++) {
      parameters.add(set.valueType());
    }
    for (AttributeModel attribute : primitive.attributes()) {
      if (!primitive.isDerived(attribute)) {
        parameters.add(attribute.type());
      }
    }
    return parameters;
  }
}
