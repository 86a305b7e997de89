package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.ParameterKind;
import io.github.tidu4j.processor.model.ParameterModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.ReturnKind;
import io.github.tidu4j.processor.model.RuleMethod;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.List;
import java.util.Optional;

/**
 * The optional Taylor rule's signature, which generated dispatch maps Taylor mode's arguments
 * onto: {@code taylor}: [emitter] Series* int [context], with one Series per input, named as
 * {@code eval}'s inputs and in their order, then optionally one per output, then the order {@code
 * k} of the coefficient it emits; returns {@code Tangent}, or {@code Tangents} for several
 * outputs. The zero and scale primitives declare none ({@code ZeroRule}, {@code ScaleRule}).
 *
 * <pre>{@code
 * static Tangent taylor(RealEmit e, Series a, Series b, Series y, int k) { … } // Div: y = a / b
 * }</pre>
 */
final class TaylorRuleValidator implements Validator {
  private static final String ORDER =
      "the emitter, one Series per input, optionally one per output, the int order k, the context";

  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    for (PrimitiveModel primitive : set.primitives()) {
      if (primitive.zero() || primitive.scale()) {
        continue; // no rules: ZeroValidator and ScaleValidator report any declared
      }
      Rules.checkCommon(primitive, RuleRole.TAYLOR, report)
          .ifPresent(taylor -> check(set, primitive, taylor, report));
    }
  }

  private static void check(
      PrimitiveSetModel set, PrimitiveModel primitive, RuleMethod rule, ValidationReport report) {
    String name = primitive.interfaceType().simpleName();
    String method = name + ".taylor";
    int inputs = primitive.arity();
    int outputs = primitive.outputs();
    if (checkParameters(set, rule, method, report)) {
      int series = rule.count(ParameterKind.SERIES);
      int orders = rule.count(ParameterKind.ORDER);
      if (series != inputs && series != inputs + outputs) {
        report.add(
            Message.TAYLOR_SIGNATURE,
            rule.location(),
            method + " takes " + series + " Series parameter(s), but " + name + " has " + inputs
                + " input(s) and " + outputs + " output(s); declare one Series per input, in"
                + " eval's order, then none or one per output");
      } else {
        checkNames(primitive, rule, method, report);
      }
      if (orders != 1) {
        report.add(
            Message.TAYLOR_SIGNATURE,
            rule.location(),
            method + " takes " + orders + " int parameters, but a Taylor rule takes one, the"
                + " order k of the coefficient it returns; the parameters are, in order, " + ORDER);
      }
    }
    ReturnKind expected = outputs > 1 ? ReturnKind.TANGENTS : ReturnKind.TANGENT;
    if (rule.returnKind() != expected) {
      report.add(
          Message.TAYLOR_SIGNATURE,
          rule.location(),
          method + " returns " + rule.returnText() + ", but a Taylor rule returns coefficient k of "
              + (outputs > 1 ? "each of the " + outputs + " outputs; return Tangents"
                  : "the output, the zero where it vanishes; return Tangent"));
    }
    if (!rule.checkedExceptions().isEmpty()) {
      report.add(
          Message.CHECKED_EXCEPTION,
          rule.location(),
          name,
          "taylor",
          String.join(", ", rule.checkedExceptions()),
          "generated rule dispatch passes on only unchecked exceptions such as ADRuleError");
    }
  }

  /**
   * Reports parameters of the wrong type or out of order.
   *
   * @return whether all were fine, so the counts can be checked
   */
  private static boolean checkParameters(
      PrimitiveSetModel set, RuleMethod rule, String method, ValidationReport report) {
    List<ParameterModel> parameters = rule.parameters();
    int last = parameters.size() - 1;
    int before = report.size();
    // 0: nothing yet; 1: in the Series; 2: after the order; 3: context
    int phase = 0;
    for (int i = 0; i < parameters.size(); i++) {
      ParameterModel p = parameters.get(i);
      String subject = "parameter " + p.name() + " of " + method;
      switch (p.kind()) {
        case EMITTER:
          if (i != 0) {
            report.add(Message.TAYLOR_SIGNATURE, p.location(),
                subject + " is the emitter, which comes first; the order is " + ORDER);
          }
          break;
        case SERIES:
          if (phase > 1) {
            report.add(Message.TAYLOR_SIGNATURE, p.location(),
                subject + " is a Series after the order k; the order is " + ORDER);
          }
          phase = Math.max(phase, 1);
          break;
        case ORDER:
          phase = 2;
          break;
        case CONTEXT:
          if (i != last) {
            report.add(Message.TAYLOR_SIGNATURE, p.location(),
                subject + " has the context type " + set.contextText() + " but is not last; the"
                    + " order is " + ORDER);
          }
          phase = 3;
          break;
        default:
          String why =
              p.kind() == ParameterKind.PRIMAL || p.kind() == ParameterKind.OUTPUT
                  ? "; a Taylor rule reads a value's coefficients, x_0 among them, from its Series"
                  : p.kind() == ParameterKind.TANGENT
                      ? "; a Taylor rule reads the coefficients of the inputs from their Series"
                      : "";
          report.add(
              Message.TAYLOR_SIGNATURE,
              p.location(),
              subject + " has type " + p.typeText() + ", which a Taylor rule cannot take" + why
                  + "; its parameters are, in order, " + ORDER + " (emitter " + set.emitName()
                  + ", context " + set.contextText() + ")");
          break;
      }
    }
    return report.size() == before;
  }

  /**
   * Reports a Series not named as the {@code eval} input it binds to by position, or an output's
   * Series named like an input, when both methods' names are known.
   */
  private static void checkNames(
      PrimitiveModel primitive, RuleMethod rule, String method, ValidationReport report) {
    Optional<RuleMethod> kernel = primitive.rule(RuleRole.EVAL);
    if (kernel.isEmpty()) {
      return;
    }
    List<String> inputNames = RuleValidator.knownNames(kernel.get());
    if (inputNames.isEmpty() || RuleValidator.hasPlaceholderNames(rule)) {
      return; // a name that is unknown on either side binds nothing by name
    }
    int position = 0;
    for (ParameterModel p : rule.parameters()) {
      if (p.kind() != ParameterKind.SERIES) {
        continue;
      }
      if (position < inputNames.size()) {
        String input = inputNames.get(position);
        if (!p.name().equals(input)) {
          report.add(
              Message.PRIMAL_BINDING,
              p.location(),
              p.name(),
              method,
              "binds to eval's input " + input + " (a Taylor rule's Series bind to eval's inputs"
                  + " in order, then to the outputs)",
              inputNames.contains(p.name())
                  ? "list the Series in eval's order (" + String.join(", ", inputNames) + ")"
                  : "name it " + input);
        }
      } else if (inputNames.contains(p.name())) {
        report.add(
            Message.PRIMAL_BINDING,
            p.location(),
            p.name(),
            method,
            "is the Series of an output, but eval names its input " + p.name(),
            "give the output another name");
      }
      position++;
    }
  }
}
