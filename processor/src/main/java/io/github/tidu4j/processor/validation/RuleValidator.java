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
 * The differentiation rules' signatures, which generated dispatch maps the transforms' arguments
 * onto:
 *
 * <ul>
 *   <li>{@code jvp}: [emitter] Primal* Tangent* [context], with no Primals, one per input, or one
 *       per input then one per output, and one Tangent per input; returns {@code Tangent}, or
 *       {@code Tangents} for several outputs. Required on every primitive with inputs.
 *   <li>{@code transpose}: [emitter] Arg* Tangent* [context], with no Args or one per input, and
 *       one cotangent Tangent per output; returns {@code Cotangents}.
 * </ul>
 *
 * Both may throw {@code ADRuleError} and unchecked exceptions only.
 */
final class RuleValidator implements Validator {
  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    for (PrimitiveModel primitive : set.primitives()) {
      Optional<RuleMethod> jvp = Rules.checkCommon(primitive, RuleRole.JVP, report);
      if (jvp.isPresent()) {
        check(set, primitive, jvp.get(), report);
      } else if ((primitive.rule(RuleRole.EVAL).isEmpty() || primitive.arity() > 0)
          && !primitive.inheritedStaticRules().containsKey(RuleRole.JVP.methodName())) {
        report.add(
            Message.MISSING_JVP,
            primitive.location(),
            primitive.interfaceType().simpleName(),
            primitive.outputs() > 1 ? "Tangents" : "Tangent",
            set.emitName());
      }
      Rules.checkCommon(primitive, RuleRole.TRANSPOSE, report)
          .ifPresent(transpose -> check(set, primitive, transpose, report));
    }
  }

  private static void check(
      PrimitiveSetModel set, PrimitiveModel primitive, RuleMethod rule, ValidationReport report) {
    boolean jvp = rule.role() == RuleRole.JVP;
    Message signature = jvp ? Message.JVP_SIGNATURE : Message.TRANSPOSE_SIGNATURE;
    String name = primitive.interfaceType().simpleName();
    String method = name + "." + rule.role().methodName();

    boolean parametersInOrder = checkParameters(set, rule, method, signature, report);
    boolean hasKernel = primitive.rule(RuleRole.EVAL).isPresent();
    int inputs = primitive.arity();
    int outputs = primitive.outputs();
    if (parametersInOrder && hasKernel) {
      int tangents = rule.count(ParameterKind.TANGENT);
      if (jvp) {
        if (tangents != inputs) {
          report.add(
              signature,
              rule.location(),
              method + " takes " + tangents + " Tangent parameter(s), but " + name + " has "
                  + inputs + " input(s); declare one Tangent per input, in operand order");
        }
        int primals = rule.count(ParameterKind.PRIMAL);
        if (primals != 0 && primals != inputs && primals != inputs + outputs) {
          report.add(
              signature,
              rule.location(),
              method + " takes " + primals + " Primal parameter(s), but a JVP rule takes none,"
                  + " one per input (" + inputs + "), or one per input then one per output ("
                  + (inputs + outputs) + ")");
        }
      } else {
        if (tangents != outputs) {
          report.add(
              signature,
              rule.location(),
              method + " takes " + tangents + " Tangent parameter(s), but " + name + " has "
                  + outputs + " output(s); declare one cotangent Tangent per output");
        }
        int args = rule.count(ParameterKind.ARG);
        if (args != 0 && args != inputs) {
          report.add(
              signature,
              rule.location(),
              method + " takes " + args + " Arg parameter(s), but a transpose rule takes none or"
                  + " one per input (" + inputs + ")");
        }
      }
    }

    ReturnKind expected =
        !jvp ? ReturnKind.COTANGENTS : outputs > 1 ? ReturnKind.TANGENTS : ReturnKind.TANGENT;
    if (rule.returnKind() != expected) {
      String expectedName =
          expected == ReturnKind.COTANGENTS ? "Cotangents" : expected == ReturnKind.TANGENTS ? "Tangents" : "Tangent";
      String why =
          !jvp
              ? "a transpose rule returns one cotangent per input"
              : outputs > 1
                  ? "a JVP rule of a primitive with " + outputs + " outputs returns one tangent per output"
                  : "a JVP rule of a single-output primitive returns its tangent";
      report.add(
          signature,
          rule.location(),
          method + " returns " + rule.returnText() + ", but " + why + "; return " + expectedName);
    }
    if (!rule.checkedExceptions().isEmpty()) {
      report.add(
          Message.CHECKED_EXCEPTION,
          rule.location(),
          name,
          rule.role().methodName(),
          String.join(", ", rule.checkedExceptions()),
          "generated rule dispatch passes on only ADRuleError");
    }
  }

  /**
   * Reports parameters of the wrong type or out of order.
   *
   * @return whether all were fine, so the counts can be checked
   */
  private static boolean checkParameters(
      PrimitiveSetModel set, RuleMethod rule, String method, Message signature, ValidationReport report) {
    boolean jvp = rule.role() == RuleRole.JVP;
    ParameterKind group = jvp ? ParameterKind.PRIMAL : ParameterKind.ARG;
    String groupName = jvp ? "Primal" : "Arg";
    String order =
        jvp
            ? "the emitter, the Primals, one Tangent per input, the context"
            : "the emitter, the Args, one cotangent Tangent per output, the context";
    List<ParameterModel> parameters = rule.parameters();
    int last = parameters.size() - 1;
    int before = report.size();
    int phase = 0; // 0: nothing yet; 2: in the Primals (Args); 3: in the Tangents; 4: context seen
    for (int i = 0; i < parameters.size(); i++) {
      ParameterModel p = parameters.get(i);
      String subject = "parameter " + p.name() + " of " + method;
      switch (p.kind()) {
        case EMITTER:
          if (i != 0) {
            report.add(signature, p.location(), subject + " is the emitter, which comes first; the order is " + order);
          }
          break;
        case PRIMAL:
        case ARG:
          if (p.kind() != group) {
            report.add(
                signature,
                p.location(),
                jvp
                    ? subject + " is an Arg, which only transpose rules take; a JVP rule takes primal values as Primals"
                    : subject + " is a Primal, but a transpose rule takes its operands as Args (a fixed Arg carries its Primal)");
          } else if (phase > 2) {
            report.add(
                signature, p.location(), subject + " is a " + groupName + " after a Tangent; the order is " + order);
          } else {
            phase = 2;
          }
          break;
        case TANGENT:
          if (phase > 3) {
            report.add(signature, p.location(), subject + " is a Tangent after the context; the order is " + order);
          } else {
            phase = 3;
          }
          break;
        case CONTEXT:
          if (i != last) {
            report.add(
                signature,
                p.location(),
                subject + " has the context type " + set.contextText() + " but is not last; the order is " + order);
          } else {
            phase = 4;
          }
          break;
        default:
          if (i == last && i > 0 && parameters.get(i - 1).kind() == ParameterKind.TANGENT) {
            report.add(
                Message.CONTEXT_PARAMETER,
                p.location(),
                p.name(),
                method.substring(0, method.lastIndexOf('.')),
                rule.role().methodName(),
                p.typeText(),
                set.setType().simpleName(),
                set.contextText(),
                set.contextText());
          } else {
            report.add(
                signature,
                p.location(),
                subject + " has type " + p.typeText() + ", which a " + (jvp ? "JVP" : "transpose")
                    + " rule cannot take; its parameters are, in order, " + order + " (emitter "
                    + set.emitName() + ", context " + set.contextText() + ")");
          }
          break;
      }
    }
    return report.size() == before;
  }
}
