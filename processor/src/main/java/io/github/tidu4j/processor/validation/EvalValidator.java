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
 * Every primitive has one kernel, {@code eval}, over the set's operand type: one operand parameter
 * per input, returning the operand (or, for several outputs, an array of it), throwing nothing
 * checked.
 */
final class EvalValidator implements Validator {
  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    for (PrimitiveModel primitive : set.primitives()) {
      check(set, primitive, report);
    }
  }

  private static void check(PrimitiveSetModel set, PrimitiveModel primitive, ValidationReport report) {
    String name = primitive.interfaceType().simpleName();
    String operand = set.operand().text();
    Optional<RuleMethod> found = Rules.checkCommon(primitive, RuleRole.EVAL, report);
    if (found.isEmpty()) {
      if (!primitive.inheritedStaticRules().containsKey(RuleRole.EVAL.methodName())
          && !primitive.companionRules().containsKey(RuleRole.EVAL.methodName())) {
        report.add(Message.MISSING_EVAL, primitive.location(), name, operand, operand);
      }
      return;
    }
    RuleMethod eval = found.get();
    if (set.operand().problem().isPresent()) {
      return; // DeclarationValidator reports the operand type; kernels cannot match it
    }
    for (ParameterModel parameter : eval.parameters()) {
      if (parameter.kind() == ParameterKind.CONTEXT) {
        report.add(
            Message.EVAL_SIGNATURE,
            parameter.location(),
            "parameter " + parameter.name() + " of " + name + ".eval has the context type "
                + set.contextType() + " of set " + set.setType().simpleName()
                + ", but a kernel takes operands only and never sees the context; read the context"
                + " in the rules, or make the value an attribute of " + name);
      } else if (parameter.kind() != ParameterKind.OPERAND) {
        report.add(
            Message.EVAL_SIGNATURE,
            parameter.location(),
            "parameter "
                + parameter.name()
                + " of "
                + name
                + ".eval has type "
                + parameter.typeText()
                + ", but every operand of set "
                + set.setType().simpleName()
                + " has type "
                + operand
                + "; declare it as "
                + operand);
      }
    }
    String array = operand + "[]";
    if (primitive.outputs() == 1 && eval.returnKind() == ReturnKind.OPERAND_ARRAY) {
      report.add(
          Message.EVAL_SIGNATURE,
          eval.location(),
          name + ".eval returns " + eval.returnText() + ", as a primitive with several outputs"
              + " does, but " + name + " declares one output; return " + operand
              + ", or declare @Primitive(outputs = n)");
    } else if (primitive.outputs() > 1 && eval.returnKind() == ReturnKind.OPERAND) {
      report.add(
          Message.EVAL_SIGNATURE,
          eval.location(),
          name + ".eval returns " + eval.returnText() + ", but " + name + " declares "
              + primitive.outputs() + " outputs; return a " + array
              + " holding them in slot order");
    } else if (eval.returnKind() != ReturnKind.OPERAND
        && eval.returnKind() != ReturnKind.OPERAND_ARRAY) {
      String expected = primitive.outputs() > 1 ? array : operand;
      report.add(
          Message.EVAL_SIGNATURE,
          eval.location(),
          name + ".eval returns " + eval.returnText() + ", but a kernel of set "
              + set.setType().simpleName() + " returns its operand type " + operand
              + " (an array " + array + " for several outputs); return " + expected);
    }
    List<String> checked = eval.checkedExceptions();
    if (!checked.isEmpty()) {
      report.add(
          Message.CHECKED_EXCEPTION,
          eval.location(),
          name,
          "eval",
          String.join(", ", checked),
          "evaluators call kernels directly and cannot pass checked exceptions on");
    }
  }
}
