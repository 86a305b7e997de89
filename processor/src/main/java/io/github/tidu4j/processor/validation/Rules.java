package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.Dispatch;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.RuleMethod;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.List;
import java.util.Optional;

/** Checks every rule method shares: one per primitive, callable, not generic. */
final class Rules {
  private Rules() {}

  /**
   * Reports duplicates, abstract or private declarations and type parameters of {@code role} on
   * {@code primitive}.
   *
   * @return the rule to check further, if there is one
   */
  static Optional<RuleMethod> checkCommon(
      PrimitiveModel primitive, RuleRole role, ValidationReport report) {
    List<RuleMethod> rules = primitive.rules(role);
    if (rules.isEmpty()) {
      return Optional.empty();
    }
    String name = primitive.interfaceType().simpleName();
    for (int i = 1; i < rules.size(); i++) {
      report.add(
          Message.DUPLICATE_RULE, rules.get(i).location(), name, rules.size(), role.methodName());
    }
    RuleMethod rule = rules.get(0);
    if (rule.dispatch() == Dispatch.ABSTRACT) {
      report.add(
          Message.RULE_NOT_IMPLEMENTED,
          rule.location(),
          name,
          role.methodName(),
          "abstract (neither static nor default)");
    } else if (rule.dispatch() == Dispatch.PRIVATE) {
      report.add(Message.RULE_NOT_IMPLEMENTED, rule.location(), name, role.methodName(), "private");
    }
    if (!rule.typeParameters().isEmpty()) {
      report.add(
          Message.GENERIC_RULE,
          rule.location(),
          name,
          role.methodName(),
          "<" + String.join(", ", rule.typeParameters()) + ">");
    }
    return Optional.of(rule);
  }
}
