package io.github.tidu4j.processor.validation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.ParameterModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleRole;
import io.github.tidu4j.processor.model.TypeRuleModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The abstract type of a set ({@code @PrimitiveSet(type)}) and the methods working on it: the type
 * compares by value, since the runtime compares and hashes it (function caches, eager backward's
 * seed check); every primitive of a typed set declares its type rule, {@code static T type(T a, T
 * b, <attributes>)} (JAX's abstract evaluation); and a derived attribute's method takes exactly
 * the operands' types and returns the attribute's type. A set without a type declares neither.
 */
final class TypeRuleValidator implements Validator {
  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    for (PrimitiveModel primitive : set.primitives()) {
      for (TypeRuleModel extra : primitive.extraTypeRules()) {
        long count =
            1 + primitive.extraTypeRules().stream().filter(e -> e.name().equals(extra.name())).count();
        report.add(
            Message.DUPLICATE_RULE,
            extra.location(),
            primitive.interfaceType().simpleName(),
            (int) count,
            extra.name());
      }
    }
    if (set.abstractType().isEmpty()) {
      for (PrimitiveModel primitive : set.primitives()) {
        String name = primitive.interfaceType().simpleName();
        primitive.typeRule().ifPresent(rule -> untyped(set, name, "the type rule", rule, report));
        primitive
            .identityRule()
            .ifPresent(rule -> untyped(set, name, "the identity rule", rule, report));
        for (TypeRuleModel derivation : primitive.derivations().values()) {
          untyped(set, name, "the derivation of attribute " + derivation.name(), derivation, report);
        }
      }
      return;
    }
    TypeName type = set.abstractType().get();
    String text = set.abstractTypeText().orElseThrow();
    String setName = set.setType().simpleName();
    if (set.abstractTypeProblem().isPresent()) {
      report.add(
          Message.ABSTRACT_TYPE, set.typeLocation(), text, setName, set.abstractTypeProblem().get());
      return;
    }
    if (set.abstractTypeInaccessible().isPresent()) {
      report.add(
          Message.INACCESSIBLE_TYPE,
          set.typeLocation(),
          "the abstract type of " + setName,
          text,
          setName,
          set.packageName(),
          set.abstractTypeInaccessible().get());
      return;
    }
    set.abstractTypeEqualityProblem()
        .ifPresent(
            problem ->
                report.add(Message.ABSTRACT_TYPE_EQUALITY, set.typeLocation(), text, setName, problem));
    for (PrimitiveModel primitive : set.primitives()) {
      if (primitive.rule(RuleRole.EVAL).isEmpty()) {
        continue; // no arity to check against; the missing kernel is reported already
      }
      List<String> operands = operandNames(primitive);
      String name = primitive.interfaceType().simpleName();
      Optional<TypeRuleModel> rule = primitive.typeRule();
      if (rule.isEmpty()) {
        report.add(
            Message.MISSING_TYPE_RULE,
            primitive.location(),
            name,
            setName,
            text,
            expectedTypeRule(primitive, text, operands, primitive.attributes()));
      } else {
        typeRuleProblem(primitive, type, operands.size(), rule.get())
            .ifPresent(
                problem ->
                    report.add(
                        Message.TYPE_RULE_SIGNATURE,
                        rule.get().location(),
                        name,
                        problem,
                        expectedTypeRule(
                            primitive,
                            text,
                            operands,
                            attributesMeant(primitive, type, operands.size(), rule.get()))));
      }
      primitive
          .identityRule()
          .ifPresent(
              identity ->
                  identityRuleProblem(primitive, type, operands.size(), identity)
                      .ifPresent(
                          problem ->
                              report.add(
                                  Message.IDENTITY_RULE_SIGNATURE,
                                  identity.location(),
                                  name,
                                  problem,
                                  "static boolean isIdentity("
                                      + parameters(
                                          text,
                                          operands,
                                          attributesMeant(
                                              primitive, type, operands.size(), identity))
                                      + ")")));
      for (Map.Entry<String, TypeRuleModel> entry : primitive.derivations().entrySet()) {
        AttributeModel attribute = attribute(primitive, entry.getKey());
        TypeRuleModel derivation = entry.getValue();
        derivationProblem(primitive, attribute, type, operands.size(), derivation)
            .ifPresent(
                problem ->
                    report.add(
                        Message.DERIVED_ATTRIBUTE_SIGNATURE,
                        derivation.location(),
                        name,
                        derivation.name(),
                        attribute.name(),
                        problem,
                        "static " + attribute.typeText() + " " + attribute.name() + "("
                            + parameters(text, operands, List.of()) + ")"));
      }
    }
  }

  private static void untyped(
      PrimitiveSetModel set,
      String primitive,
      String what,
      TypeRuleModel rule,
      ValidationReport report) {
    report.add(
        Message.TYPE_RULE_WITHOUT_TYPE,
        rule.location(),
        primitive + "." + rule.name() + ", " + what + " of " + primitive + ",",
        set.setType().simpleName());
  }

  /** The names of {@code eval}'s parameters: the operands. */
  static List<String> operandNames(PrimitiveModel primitive) {
    List<String> names = new ArrayList<>();
    for (ParameterModel parameter : primitive.rule(RuleRole.EVAL).orElseThrow().parameters()) {
      names.add(parameter.name());
    }
    return names;
  }

  /** The type rule to declare: the operands' types, then {@code attributes}. */
  private static String expectedTypeRule(
      PrimitiveModel primitive, String type, List<String> operands, List<AttributeModel> attributes) {
    String result = primitive.outputs() > 1 ? "java.util.List<" + type + ">" : type;
    return "static " + result + " type(" + parameters(type, operands, attributes) + ")";
  }

  /** A rule's parameter list: one of the abstract type per operand, then the attributes by name. */
  private static String parameters(
      String type, List<String> operands, List<AttributeModel> attributes) {
    List<String> parameters = new ArrayList<>();
    for (String operand : operands) {
      parameters.add(type + " " + operand);
    }
    for (AttributeModel attribute : attributes) {
      parameters.add(attribute.typeText() + " " + attribute.name());
    }
    return String.join(", ", parameters);
  }

  /**
   * The attributes a type or identity rule means to take, in its order, for the signature to
   * suggest: each parameter after the operands' types (all not of the abstract type, if it takes
   * fewer parameters than there are operands) named like an attribute is that attribute; one named
   * like none is the first attribute of its type that no parameter names ({@code int r, int c} for
   * the attributes {@code rows()} and {@code cols()} mean {@code rows} and {@code cols}); one of no
   * such attribute's type is left out.
   */
  private static List<AttributeModel> attributesMeant(
      PrimitiveModel primitive, TypeName type, int arity, TypeRuleModel rule) {
    List<String> names = rule.parameterNames();
    List<TypeName> types = rule.parameterTypes();
    List<Integer> candidates = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      if (names.size() >= arity ? i >= arity : !types.get(i).equals(type)) {
        candidates.add(i);
      }
    }
    List<AttributeModel> unnamed = new ArrayList<>(primitive.attributes());
    for (int i : candidates) {
      unnamed.removeIf(attribute -> attribute.name().equals(names.get(i)));
    }
    List<AttributeModel> meant = new ArrayList<>();
    for (int i : candidates) {
      AttributeModel named = attribute(primitive, names.get(i));
      if (named != null) {
        meant.add(named);
        continue;
      }
      for (AttributeModel attribute : unnamed) {
        if (attribute.type().equals(types.get(i))) {
          meant.add(attribute);
          unnamed.remove(attribute);
          break;
        }
      }
    }
    return meant;
  }

  private static Optional<String> typeRuleProblem(
      PrimitiveModel primitive, TypeName type, int arity, TypeRuleModel rule) {
    TypeName result =
        primitive.outputs() > 1
            ? ParameterizedTypeName.get(ClassName.get(List.class), type)
            : type;
    if (!rule.returnType().equals(result)) {
      return Optional.of("returns " + rule.returnText() + ", not the output's type");
    }
    return parametersProblem(primitive, type, arity, rule);
  }

  private static Optional<String> identityRuleProblem(
      PrimitiveModel primitive, TypeName type, int arity, TypeRuleModel rule) {
    if (arity != 1 || primitive.outputs() != 1) {
      return Optional.of(
          "is declared on a primitive with " + arity + " operand(s) and " + primitive.outputs()
              + " output(s), but only an operation with one of each can be its own operand");
    }
    if (!rule.returnType().equals(TypeName.BOOLEAN)) {
      return Optional.of("returns " + rule.returnText() + ", not boolean");
    }
    return parametersProblem(primitive, type, arity, rule);
  }

  /** Static, not generic, the operands' types first, then attributes by name. */
  private static Optional<String> parametersProblem(
      PrimitiveModel primitive, TypeName type, int arity, TypeRuleModel rule) {
    Optional<String> common = commonProblem(rule);
    if (common.isPresent()) {
      return common;
    }
    List<TypeName> parameters = rule.parameterTypes();
    if (parameters.size() < arity) {
      return Optional.of(
          "takes " + parameters.size() + " parameter(s), but the primitive has " + arity
              + " operand(s), whose types come first");
    }
    for (int i = 0; i < arity; i++) {
      if (!parameters.get(i).equals(type)) {
        return Optional.of(
            "takes " + rule.parameterTypeTexts().get(i) + " " + rule.parameterNames().get(i)
                + " where operand " + i + "'s type comes");
      }
    }
    List<String> unknown = new ArrayList<>();
    List<String> unknownNames = new ArrayList<>();
    for (int i = arity; i < parameters.size(); i++) {
      String name = rule.parameterNames().get(i);
      if (attribute(primitive, name) == null) {
        unknown.add(rule.parameterTypeTexts().get(i) + " " + name);
        unknownNames.add(name);
      }
    }
    if (!unknown.isEmpty()) {
      String primitiveName = primitive.interfaceType().simpleName();
      List<String> attributes = new ArrayList<>();
      for (AttributeModel attribute : primitive.attributes()) {
        attributes.add(attribute.typeText() + " " + attribute.name() + "()");
      }
      return Optional.of(
          "takes " + String.join(", ", unknown) + " after the operands' types, but a parameter"
              + " there takes the attribute of its name, and " + primitiveName
              + (attributes.isEmpty()
                  ? " has no attributes"
                  : " has no attribute " + String.join(" or ", unknownNames) + " (its attributes: "
                      + String.join(", ", attributes) + ")"));
    }
    for (int i = arity; i < parameters.size(); i++) {
      String name = rule.parameterNames().get(i);
      AttributeModel attribute = attribute(primitive, name);
      if (!attribute.type().equals(parameters.get(i))) {
        return Optional.of(
            "takes " + rule.parameterTypeTexts().get(i) + " " + name + ", but the attribute "
                + name + " has type " + attribute.typeText());
      }
    }
    return Optional.empty();
  }

  private static Optional<String> derivationProblem(
      PrimitiveModel primitive,
      AttributeModel attribute,
      TypeName type,
      int arity,
      TypeRuleModel derivation) {
    Optional<String> common = commonProblem(derivation);
    if (common.isPresent()) {
      return common;
    }
    if (!derivation.returnType().equals(attribute.type())) {
      return Optional.of(
          "returns " + derivation.returnText() + " where the attribute has type "
              + attribute.typeText());
    }
    List<TypeName> parameters = derivation.parameterTypes();
    String takes = "takes (" + String.join(", ", derivation.parameterTypeTexts()) + ")";
    if (parameters.size() < arity || !parameters.subList(0, arity).stream().allMatch(type::equals)) {
      return Optional.of(
          takes + ", not the " + arity + " operand type(s) (then, to normalize a given value,"
              + " any attributes declared before it and the attribute)");
    }
    if (parameters.size() == arity) {
      return Optional.empty(); // derived from the operands' types alone
    }
    // normalizing: the attribute last, and between, attributes it reads, already normalized
    if (!parameters.get(parameters.size() - 1).equals(attribute.type())) {
      return Optional.of(
          takes + ", whose last parameter is not the attribute's type " + attribute.typeText()
              + " (a method that normalizes a given value takes it last)");
    }
    List<AttributeModel> earlier =
        primitive.attributes().subList(0, primitive.attributes().indexOf(attribute));
    for (int i = arity; i < parameters.size() - 1; i++) {
      String name = derivation.parameterNames().get(i);
      AttributeModel read = attribute(primitive, name);
      if (read == null || !earlier.contains(read)) {
        return Optional.of(
            takes + ", and " + name + " there is no attribute declared before " + attribute.name()
                + " (between the operands' types and the attribute, a normalizing method takes"
                + " attributes declared before it, by name, which are normalized first)");
      }
      if (!read.type().equals(parameters.get(i))) {
        return Optional.of(
            takes + ", but the attribute " + name + " has type " + read.typeText());
      }
    }
    return Optional.empty();
  }

  private static Optional<String> commonProblem(TypeRuleModel rule) {
    if (!rule.isStatic()) {
      return Optional.of(
          "is not static, but it runs before the operation exists (its result decides the"
              + " operation)");
    }
    if (!rule.typeParameters().isEmpty()) {
      return Optional.of(
          "declares type parameters <" + String.join(", ", rule.typeParameters()) + ">");
    }
    return Optional.empty();
  }

  private static AttributeModel attribute(PrimitiveModel primitive, String name) {
    for (AttributeModel attribute : primitive.attributes()) {
      if (attribute.name().equals(name)) {
        return attribute;
      }
    }
    return null;
  }
}
