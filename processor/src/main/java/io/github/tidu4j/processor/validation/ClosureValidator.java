package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleRole;

/**
 * The closure check: every primitive a rule can emit linearly has the rule later transforms need.
 * The generated emitter accepts tangent operands only for multilinear primitives and the
 * accumulator, so those are exactly the primitives that can appear in a linear graph, and each
 * needs a transpose rule for reverse mode; any other primitive's transpose rule is dead code. A
 * primitive without operands is a constant, linear in nothing, so marking it multilinear is the
 * error, reported instead of its missing transpose rule.
 * (Every primitive with inputs needs a JVP rule: {@link RuleValidator} checks that.)
 */
final class ClosureValidator implements Validator {
  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    for (PrimitiveModel primitive : set.primitives()) {
      if (primitive.zero() || primitive.scale()) {
        // the zero is never emitted on tangents, the scale's transpose is generated; their own
        // validators report rules and flags on them
        continue;
      }
      String name = primitive.interfaceType().simpleName();
      boolean hasTranspose = !primitive.rules(RuleRole.TRANSPOSE).isEmpty();
      if (primitive.multilinear() && !primitive.accumulator() && isConstant(primitive)) {
        // the flag is the mistake, not a missing transpose rule: one error, at the flag
        report.add(Message.MULTILINEAR_CONSTANT, primitive.multilinearLocation(), name);
      } else if (primitive.isLinear()
          && !hasTranspose
          && !primitive.companionRules().containsKey(RuleRole.TRANSPOSE.methodName())) {
        MisspeltRules.report(primitive, RuleRole.TRANSPOSE, report); // the slip first
        boolean accumulator = primitive.accumulator();
        report.add(
            Message.MISSING_TRANSPOSE,
            primitive.location(),
            name,
            accumulator ? "the accumulator" : "multilinear",
            set.emitName(),
            accumulator ? "accumulator = true" : "multilinear = true");
      } else if (!primitive.isLinear() && hasTranspose) {
        report.add(
            Message.UNUSED_TRANSPOSE, primitive.rules(RuleRole.TRANSPOSE).get(0).location(), name);
      }
    }
  }

  /**
   * Whether {@code primitive} has a kernel that takes nothing: its value is a constant, and no
   * tangent ever reaches it. Without a kernel the operand count is unknown, and the missing
   * {@code eval} is the error reported.
   */
  private static boolean isConstant(PrimitiveModel primitive) {
    return primitive.rule(RuleRole.EVAL).isPresent() && primitive.arity() == 0;
  }
}
