package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.model.PrimitiveSetModel;
import java.util.List;

/**
 * Validates a set: its declaration, its accumulator and zero primitive, every primitive's kernel, rules and
 * attributes, the closure of linear primitives under transposition, and the generated names.
 * Every check runs, whatever earlier ones found, so the user sees every problem at once.
 *
 * <pre>{@code
 * ValidationReport report = validator.validate(model);
 * reporter.reportAll(report.diagnostics());
 * if (report.hasErrors()) {
 *   writeFallbacks(set, model.prefix(), model.fluent(), model.takenTypeNames().keySet());
 *   return;
 * }
 * }</pre>
 */
public final class SetValidator {
  private final List<Validator> validators =
      List.of(
          new DeclarationValidator(),
          new AccumulatorValidator(),
          new ZeroValidator(),
          new ScaleValidator(),
          new EvalValidator(),
          new ElementwiseValidator(),
          new BlockKernelValidator(),
          new JointKernelValidator(),
          new RuleValidator(),
          new TaylorRuleValidator(),
          new AttributeValidator(),
          new TypeRuleValidator(),
          new CompositeValidator(),
          new ClosureValidator(),
          new NameValidator());

  /**
   * The checks of a set in which a primitive interface hides a type its rules name: that one
   * mistake makes every rule signature naming the type wrong, so the rules are not checked.
   */
  private final List<Validator> whenARuleTypeIsHidden =
      List.of(new DeclarationValidator(), new NameValidator());

  /**
   * Runs every check on {@code set}; if a primitive interface hides a type the rules name (a
   * primitive named {@code Tangent}), only the declaration and name checks, which report it.
   */
  public ValidationReport validate(PrimitiveSetModel set) {
    ValidationReport report = new ValidationReport();
    for (Validator validator :
        NameValidator.hidesARuleType(set) ? whenARuleTypeIsHidden : validators) {
      validator.validate(set, report);
    }
    return report;
  }
}
