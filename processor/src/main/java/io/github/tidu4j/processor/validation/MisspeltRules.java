package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.diagnostics.NearMisses;
import io.github.tidu4j.processor.model.HelperMethod;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.RuleRole;

/**
 * A method whose name is a slip away from a rule's ({@code Jvp}, {@code jpv}, {@code transposed}):
 * the rule the primitive lacks, declared under another name, which the processor takes for a
 * helper. Where a missing rule is reported, the method is reported too, at its own line, so the
 * user sees the slip and not only the absence.
 */
final class MisspeltRules {
  private MisspeltRules() {}

  /**
   * Reports each helper of {@code primitive} whose name is near {@code role}'s method name (see
   * {@link NearMisses#isNear}), as the rule {@code primitive} lacks.
   */
  static void report(PrimitiveModel primitive, RuleRole role, ValidationReport report) {
    String rule = role.methodName();
    for (HelperMethod helper : primitive.helpers()) {
      if (NearMisses.isNear(helper.name(), rule)) {
        report.add(
            Message.MISSPELT_RULE,
            helper.location(),
            primitive.interfaceType().simpleName(),
            helper.name(),
            rule,
            rule);
      }
    }
  }
}
