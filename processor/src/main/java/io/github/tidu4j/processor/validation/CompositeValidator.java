package io.github.tidu4j.processor.validation;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.CompositeModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuntimeTypes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Composites become methods of the generated fluent value or builder: they must be plain methods
 * there (no type parameters, no checked exceptions), and must not take the name and parameters of
 * a method that class has anyway ({@code XValue.ref()}, {@code XBuilder.input(Object)}, ...) or
 * that a primitive gives it.
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
      if (ownMethods(set, composite.onBuilder()).contains(signature(composite))) {
        report.add(
            Message.COMPOSITE_SIGNATURE,
            composite.location(),
            what,
            owner,
            "has the name and parameters of a method every " + owner + " has",
            "rename it, or give it other parameters");
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

  /** {@code name(Type, Type)}: what two methods of one class must not share. */
  private static String signature(String name, List<TypeName> parameters) {
    List<String> types = new ArrayList<>();
    for (TypeName parameter : parameters) {
      types.add(parameter.toString());
    }
    return name + "(" + String.join(", ", types) + ")";
  }

  private static String signature(CompositeModel composite) {
    return signature(composite.name(), composite.parameterTypes());
  }

  /** The methods the generated value (or builder) declares whatever the primitives. */
  private static Set<String> ownMethods(PrimitiveSetModel set, boolean builder) {
    TypeName value = set.valueType();
    Optional<TypeName> type = set.abstractType();
    Set<String> methods = new HashSet<>();
    methods.add(signature("toString", List.of()));
    methods.add(signature("hashCode", List.of()));
    methods.add(signature("equals", List.of(ClassName.OBJECT)));
    if (!builder) {
      methods.add(signature("builder", List.of()));
      methods.add(signature("ref", List.of()));
      type.ifPresent(t -> methods.add(signature("type", List.of())));
      if (set.hasUnaryBody()) {
        methods.add(
            signature(
                "unary",
                List.of(
                    ParameterizedTypeName.get(
                        ClassName.get(java.util.function.UnaryOperator.class), value))));
        methods.add(
            signature(
                "binary",
                List.of(
                    ParameterizedTypeName.get(
                        ClassName.get(java.util.function.BinaryOperator.class), value))));
      }
      if (set.recordsValueTypes()) {
        TypeName values = ParameterizedTypeName.get(ClassName.get(List.class), value);
        methods.add(
            signature(
                "traceable",
                List.of(
                    ParameterizedTypeName.get(
                        ClassName.get(java.util.function.UnaryOperator.class), value))));
        methods.add(
            signature(
                "traceable",
                List.of(
                    ParameterizedTypeName.get(
                        ClassName.get(java.util.function.BinaryOperator.class), value))));
        methods.add(
            signature(
                "traceable",
                List.of(
                    TypeName.INT,
                    ParameterizedTypeName.get(
                        ClassName.get(java.util.function.Function.class), values, values))));
      }
      return methods;
    }
    List<TypeName> typed = type.map(List::of).orElse(List.of());
    methods.add(signature("create", List.of()));
    methods.add(
        signature("on", List.of(ParameterizedTypeName.get(RuntimeTypes.GRAPH_BUILDER, set.opType()))));
    methods.add(signature("graph", List.of()));
    methods.add(signature("input", concat(ClassName.OBJECT, typed)));
    methods.add(signature("value", concat(RuntimeTypes.VALUE_REF, typed)));
    methods.add(signature("build", List.of(ArrayTypeName.of(value))));
    methods.add(
        signature("build", List.of(ParameterizedTypeName.get(ClassName.get(List.class), value))));
    return methods;
  }

  private static List<TypeName> concat(TypeName first, List<TypeName> rest) {
    List<TypeName> all = new ArrayList<>();
    all.add(first);
    all.addAll(rest);
    return all;
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
