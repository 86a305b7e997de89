package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.ParameterKind;
import io.github.tidu4j.processor.model.ParameterModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.ReturnKind;
import io.github.tidu4j.processor.model.RuleMethod;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The differentiation rules' signatures, which generated dispatch maps the transforms' arguments
 * onto:
 *
 * <ul>
 *   <li>{@code jvp}: [emitter] Primal* Output* Tangent* [context], with a Primal for each input
 *       it reads (one per input, or some of them named as {@code eval} names them, in its order),
 *       no Outputs or one per output, and one Tangent per input; returns {@code Tangent},
 *       or {@code Tangents} for several outputs. Required on every primitive with inputs but the zero
 *       primitive, whose JVP is generated; on a primitive without inputs, never called, and a
 *       warning.
 *   <li>{@code transpose}: [emitter] Arg* Tangent* [context], with no Args or one per input, and
 *       one cotangent Tangent per output; returns {@code Cotangents}.
 * </ul>
 *
 * <p>Primals and Args bind to {@code eval}'s inputs by position (a JVP's Primals for some of the
 * inputs, by name), so each must carry the name of the {@code eval} parameter it binds to, and an
 * Output must not carry an input's name ({@code
 * PrimalBinding}); a JVP's Tangent named {@code d} + an input's name must be that input's tangent
 * ({@code TangentBinding}). Otherwise a rule that means the output by {@code Primal y} where
 * {@code eval} declares {@code x} reads the input and computes a wrong derivative without a word.
 * Names are compared only when both methods' names are known: when {@code eval} exists and
 * neither method has only the {@code arg0}, {@code arg1}, … that a class file compiled without
 * {@code -parameters} gives.
 *
 * <p>Both may throw unchecked exceptions only ({@code ADRuleError} is one).
 */
final class RuleValidator implements Validator {
  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    for (PrimitiveModel primitive : set.primitives()) {
      if (primitive.zero() || primitive.scale()) {
        continue; // no rules: ZeroValidator and ScaleValidator report any declared
      }
      Optional<RuleMethod> jvp = Rules.checkCommon(primitive, RuleRole.JVP, report);
      if (jvp.isPresent()) {
        check(set, primitive, jvp.get(), report);
        Optional<RuleMethod> kernel = primitive.rule(RuleRole.EVAL);
        if (primitive.arity() == 0 && kernel.isPresent() && operandsOnly(kernel.get())) {
          // linearize calls a rule only for an operation with an active operand
          report.add(
              Message.UNUSED_JVP, jvp.get().location(), primitive.interfaceType().simpleName());
        }
      } else if ((primitive.rule(RuleRole.EVAL).isEmpty() || primitive.arity() > 0)
          && !primitive.inheritedStaticRules().containsKey(RuleRole.JVP.methodName())
          && !primitive.companionRules().containsKey(RuleRole.JVP.methodName())) {
        MisspeltRules.report(primitive, RuleRole.JVP, report); // the slip first, then the absence
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

  /**
   * How to fix a context parameter of type {@code declared} in a set whose context type is {@code
   * context}: a parameterisation of the context class ({@code Map<String, Double>} for {@code
   * Map}) cannot be given, since the set names a class, not a parameterised type.
   */
  private static String contextFix(String context, String declared) {
    if (declared.startsWith(context + "<")) {
      return "a generic class cannot be a set's context (see [tidu4j:ContextType]); give the set a"
          + " context type of its own (a record holding the " + declared + ") and declare that";
    }
    if (context.equals("Void")) {
      // the set declares no context: the parameter is most likely one too many
      return "remove it (the set declares no context)"
          + (declared.contains("<")
              ? ""
              : ", or declare the set's context type: @PrimitiveSet(context = " + declared
                  + ".class)");
    }
    return "declare it as " + context + ", or set @PrimitiveSet(context = ...)";
  }

  /** Whether every parameter of {@code kernel} is an operand, so that it has an input count. */
  private static boolean operandsOnly(RuleMethod kernel) {
    for (ParameterModel parameter : kernel.parameters()) {
      if (parameter.kind() != ParameterKind.OPERAND) {
        return false;
      }
    }
    return true;
  }

  private static void check(
      PrimitiveSetModel set, PrimitiveModel primitive, RuleMethod rule, ValidationReport report) {
    boolean jvp = rule.role() == RuleRole.JVP;
    Message signature = jvp ? Message.JVP_SIGNATURE : Message.TRANSPOSE_SIGNATURE;
    String name = primitive.interfaceType().simpleName();
    String method = name + "." + rule.role().methodName();

    boolean parametersInOrder = checkParameters(set, rule, method, signature, report);
    Optional<RuleMethod> kernel = primitive.rule(RuleRole.EVAL);
    int inputs = primitive.arity();
    int outputs = primitive.outputs();
    // a kernel with a parameter that is not an operand (reported by EvalValidator) has no input
    // count to hold the rule to: checking it against one would add errors that follow from that one
    if (parametersInOrder && kernel.isPresent() && operandsOnly(kernel.get())) {
      List<String> inputNames = knownNames(kernel.get());
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
        if (primals > inputs) {
          checkNames(rule, method, ParameterKind.PRIMAL, inputNames, outputs, report);
          reportPrimalsBeyondInputs(rule, method, inputs, outputs, report);
        } else if (primals == inputs) {
          checkNames(rule, method, ParameterKind.PRIMAL, inputNames, outputs, report);
        } else if (primals != 0) {
          checkPrimalSubset(rule, method, signature, inputNames, inputs, outputs, report);
        }
        checkOutputNames(rule, method, inputNames, report);
        if (tangents == inputs) {
          checkTangentNames(rule, method, inputNames, report);
        }
        int outputParameters = rule.count(ParameterKind.OUTPUT);
        if (outputParameters != 0 && outputParameters != outputs) {
          report.add(
              signature,
              rule.location(),
              method + " takes " + outputParameters + " Output parameter(s), but " + name
                  + " has " + outputs + " output(s); declare none, or one Output per output in"
                  + " slot order");
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
        } else if (args == inputs) {
          checkNames(rule, method, ParameterKind.ARG, inputNames, outputs, report);
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
          "generated rule dispatch passes on only unchecked exceptions such as ADRuleError");
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
            ? "the emitter, a Primal for each input it reads (in eval's order), one Output per"
                + " output, one Tangent per input, the context"
            : "the emitter, the Args, one cotangent Tangent per output, the context";
    List<ParameterModel> parameters = rule.parameters();
    int last = parameters.size() - 1;
    int before = report.size();
    // 0: nothing yet; 2: in the Primals (Args); 3: in the Outputs; 4: in the Tangents; 5: context
    int phase = 0;
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
            String after = phase == 3 ? "an Output" : phase == 4 ? "a Tangent" : "the context";
            report.add(
                signature, p.location(), subject + " is a " + groupName + " after " + after + "; the order is " + order);
          } else {
            phase = 2;
          }
          break;
        case OUTPUT:
          if (!jvp) {
            report.add(
                signature,
                p.location(),
                subject + " is an Output, which only JVP rules take; a transpose rule takes its"
                    + " operands as Args, and no outputs");
          } else if (phase > 3) {
            String after = phase == 4 ? "a Tangent" : "the context";
            report.add(signature, p.location(), subject + " is an Output after " + after + "; the order is " + order);
          } else {
            phase = 3;
          }
          break;
        case TANGENT:
          if (phase > 4) {
            report.add(signature, p.location(), subject + " is a Tangent after the context; the order is " + order);
          } else {
            phase = 4;
          }
          break;
        case CONTEXT:
          if (i != last) {
            report.add(
                signature,
                p.location(),
                subject + " has the context type " + set.contextText() + " but is not last; the order is " + order);
          } else {
            phase = 5;
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
                contextFix(set.contextText(), p.typeText()));
          } else if (p.otherEmitter()) {
            report.add(
                signature,
                p.location(),
                subject + " has type " + p.typeText() + ", another set's emitter, which would emit"
                    + " into that set's graphs, not this one's; a rule takes its own set's emitter,"
                    + " " + set.emitName() + ": take " + set.emitName() + " and declare in this"
                    + " set the primitives the rule emits");
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

  /**
   * {@code eval}'s parameter names, or an empty list where they are unknown: a kernel read from a
   * class file compiled without {@code -parameters} has the placeholder names {@code arg0}, {@code
   * arg1}, …, which say nothing about what a rule means.
   */
  static List<String> knownNames(RuleMethod eval) {
    if (hasPlaceholderNames(eval)) {
      return List.of();
    }
    List<String> names = new ArrayList<>();
    for (ParameterModel parameter : eval.parameters()) {
      names.add(parameter.name());
    }
    return names;
  }

  /**
   * Whether {@code method}'s parameters are named {@code arg0}, {@code arg1}, …, as a class file
   * compiled without {@code -parameters} names them.
   */
  static boolean hasPlaceholderNames(RuleMethod method) {
    List<ParameterModel> parameters = method.parameters();
    for (int i = 0; i < parameters.size(); i++) {
      if (!parameters.get(i).name().equals("arg" + i)) {
        return false;
      }
    }
    return !parameters.isEmpty();
  }

  /**
   * Reports each {@code kind} parameter (Primal or Arg) not named as the {@code eval} parameter it
   * binds to by position, when both methods' names are known.
   */
  private static void checkNames(
      RuleMethod rule,
      String method,
      ParameterKind kind,
      List<String> inputNames,
      int outputs,
      ValidationReport report) {
    if (inputNames.isEmpty() || hasPlaceholderNames(rule)) {
      return; // a name that is unknown on either side binds nothing by name
    }
    String group = kind == ParameterKind.PRIMAL ? "Primals" : "Args";
    int position = 0;
    for (ParameterModel p : rule.parameters()) {
      if (p.kind() != kind || position == inputNames.size()) {
        continue;
      }
      String input = inputNames.get(position++);
      if (p.name().equals(input)) {
        continue;
      }
      String fix;
      if (inputNames.contains(p.name())) {
        // named like another input: the parameters are listed in another order than eval's
        fix = "list the " + group + " in eval's order (" + String.join(", ", inputNames)
            + "), or name it " + input;
      } else if (kind == ParameterKind.PRIMAL) {
        fix = "name it " + input + ", or declare it as Output " + p.name() + " to read "
            + (outputs == 1 ? "the output" : "an output");
      } else {
        fix = "name it " + input;
      }
      report.add(
          Message.PRIMAL_BINDING,
          p.location(),
          p.name(),
          method,
          "binds to eval's input " + input + " (" + group + " bind to eval's inputs in order)",
          fix);
    }
  }

  /**
   * Checks a JVP rule that takes some of {@code eval}'s inputs as Primals: each binds to the input
   * it is named as, so each must be named as one, in {@code eval}'s order. Without names on both
   * sides such a rule binds nothing, and is refused.
   */
  private static void checkPrimalSubset(
      RuleMethod rule,
      String method,
      Message signature,
      List<String> inputNames,
      int inputs,
      int outputs,
      ValidationReport report) {
    int primals = rule.count(ParameterKind.PRIMAL);
    if (inputNames.isEmpty() || hasPlaceholderNames(rule)) {
      report.add(
          signature,
          rule.location(),
          method + " takes " + primals + " Primal parameter(s) for eval's " + inputs
              + " input(s), but a rule that reads some of the inputs binds each by its name, and"
              + " the names are not known (a class file compiled without -parameters); declare one"
              + " Primal per input, in eval's order, or none");
      return;
    }
    int last = -1;
    String lastName = null;
    for (ParameterModel p : rule.parameters()) {
      if (p.kind() != ParameterKind.PRIMAL) {
        continue;
      }
      int input = inputNames.indexOf(p.name());
      if (input < 0) {
        report.add(
            Message.PRIMAL_BINDING,
            p.location(),
            p.name(),
            method,
            "is not one of eval's inputs (" + String.join(", ", inputNames) + "), and a JVP"
                + " rule that reads some of them binds each Primal by its name",
            "name it as the input it reads, or declare it as Output " + p.name() + " to read "
                + (outputs == 1 ? "the output" : "an output"));
      } else if (input < last) {
        report.add(
            Message.PRIMAL_BINDING,
            p.location(),
            p.name(),
            method,
            "comes after Primal " + lastName + ", but eval takes " + p.name() + " first",
            "list the Primals in eval's order (" + String.join(", ", inputNames) + ")");
      } else {
        last = input;
        lastName = p.name();
      }
    }
  }

  /** Reports the Primals after the first {@code inputs}: outputs declared the way Primals are. */
  private static void reportPrimalsBeyondInputs(
      RuleMethod rule, String method, int inputs, int outputs, ValidationReport report) {
    int position = 0;
    for (ParameterModel p : rule.parameters()) {
      if (p.kind() != ParameterKind.PRIMAL || position++ < inputs) {
        continue;
      }
      report.add(
          Message.PRIMAL_BINDING,
          p.location(),
          p.name(),
          method,
          "is a Primal beyond eval's " + inputs + " input(s), but Primals bind to eval's inputs"
              + " only",
          "declare it as Output " + p.name() + " to read " + (outputs == 1 ? "the output" : "an output"));
    }
  }

  /**
   * Reports an Output named like one of eval's inputs: the rule reads the output under the name of
   * an input ({@code Output x} in {@code Sin.jvp} would make {@code cos(x)} the cosine of sin x).
   */
  private static void checkOutputNames(
      RuleMethod rule, String method, List<String> inputNames, ValidationReport report) {
    if (inputNames.isEmpty() || hasPlaceholderNames(rule)) {
      return;
    }
    for (ParameterModel p : rule.parameters()) {
      if (p.kind() == ParameterKind.OUTPUT && inputNames.contains(p.name())) {
        report.add(
            Message.PRIMAL_BINDING,
            p.location(),
            p.name(),
            method,
            "is an Output, bound to the primitive's output, but eval names its input " + p.name(),
            "declare it as Primal " + p.name() + " to read the input, or give the output another name");
      }
    }
  }

  /**
   * Reports a Tangent named, by the {@code d}-prefix convention, for another input than the one it
   * binds to by position ({@code Tangent db, Tangent da} for {@code eval(a, b)}). Names outside the
   * convention say nothing and are not compared.
   */
  private static void checkTangentNames(
      RuleMethod rule, String method, List<String> inputNames, ValidationReport report) {
    if (inputNames.isEmpty() || hasPlaceholderNames(rule)) {
      return;
    }
    int position = 0;
    for (ParameterModel p : rule.parameters()) {
      if (p.kind() != ParameterKind.TANGENT) {
        continue;
      }
      String input = inputNames.get(position++);
      String named = p.name().length() > 1 && p.name().startsWith("d") ? p.name().substring(1) : null;
      if (named == null || named.equals(input) || !inputNames.contains(named)) {
        continue;
      }
      List<String> conventional = new ArrayList<>();
      for (String inputName : inputNames) {
        conventional.add("d" + inputName);
      }
      report.add(
          Message.TANGENT_BINDING,
          p.location(),
          p.name(),
          method,
          "binds to the tangent of eval's input " + input + ", not of " + named
              + " (Tangents bind to eval's inputs in order)",
          "list the Tangents in eval's order (" + String.join(", ", conventional) + "), or name it d"
              + input);
    }
  }
}
