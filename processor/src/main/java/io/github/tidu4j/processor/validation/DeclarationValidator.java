package io.github.tidu4j.processor.validation;

import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.Dispatch;
import io.github.tidu4j.processor.model.Names;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleMethod;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shape of the declarations: interfaces, not generic, reachable, in a file of their own; a
 * usable operand and context type; valid names; generated type names free.
 */
final class DeclarationValidator implements Validator {
  /** The JVM's limit on a method's parameter slots ({@code this} takes one, long and double two). */
  static final int PARAMETER_SLOTS = 255;

  /**
   * The most outputs a primitive may declare: generated code loops over outputs, so any count
   * compiles, but every application allocates one value per output and a kernel returns them in
   * one array; far more than a kernel returning separate values plausibly has.
   */
  public static final int MAX_OUTPUTS = 65_536;

  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    String setName = set.setType().simpleName();
    if (!set.declaredKind().equals("interface")) {
      report.add(Message.SET_NOT_INTERFACE, set.location(), set.declaredKind(), setName, setName);
    }
    if (!set.typeParameters().isEmpty()) {
      report.add(
          Message.GENERIC_SET, set.location(), setName, "<" + String.join(", ", set.typeParameters()) + ">");
    }
    if (!set.accessible()) {
      report.add(Message.INACCESSIBLE_SET, set.location(), setName, set.packageName());
    }
    set.domainProblem()
        .ifPresent(
            problem ->
                report.add(
                    Message.DOMAIN_CONSTANT, problem.location(), setName, problem.problem()));
    set.auxiliaryFile()
        .ifPresent(
            file -> {
              String top = set.setType().topLevelClassName().simpleName();
              report.add(Message.AUXILIARY_SET, set.location(), top, file, setName, top, top);
            });
    for (String simple : set.generatedJavaLangNames()) {
      String qualified = set.packageName().isEmpty() ? simple : set.packageName() + "." + simple;
      if (!set.takenTypeNames().containsKey(qualified)) { // TypeClash says more
        report.add(
            Message.HIDES_JAVA_LANG,
            set.prefixLocation(),
            setName,
            qualified,
            simple,
            set.packageName().isEmpty() ? "the unnamed package" : "package " + set.packageName(),
            simple);
      }
    }
    set.operand()
        .inaccessible()
        .ifPresent(
            type ->
                report.add(
                    Message.INACCESSIBLE_TYPE,
                    set.operandLocation(),
                    "the operand of primitive set " + setName,
                    set.operand().text(),
                    setName,
                    set.packageName(),
                    type));
    set.contextInaccessible()
        .ifPresent(
            type ->
                report.add(
                    Message.INACCESSIBLE_TYPE,
                    set.contextLocation(),
                    "the context of primitive set " + setName,
                    set.contextText(),
                    setName,
                    set.packageName(),
                    type));
    set.operand()
        .problem()
        .ifPresent(
            problem ->
                report.add(
                    Message.OPERAND_TYPE, set.operandLocation(), set.operand().text(), setName, problem));
    set.contextProblem()
        .ifPresent(
            problem ->
                report.add(
                    Message.CONTEXT_TYPE, set.contextLocation(), set.contextText(), setName, problem));
    if (set.hasExplicitPrefix() && !Names.isIdentifier(set.prefix() + "Op")) {
      report.add(
          Message.INVALID_NAME,
          set.prefixLocation(),
          "the prefix of primitive set " + setName,
          set.prefix(),
          "use a prefix that starts a type name, such as \"Real\"");
    }
    List<String> earlier = new ArrayList<>();
    // names taken for one reason (all of them, when another set has the same prefix) are one error
    Map<String, List<String>> clashes = new LinkedHashMap<>();
    set.takenTypeNames()
        .forEach(
            (name, reason) -> {
              if (reason.equals(PrimitiveSetModel.EARLIER_OUTPUT)) {
                earlier.add(name);
                return;
              }
              clashes.computeIfAbsent(reason, r -> new ArrayList<>()).add(name);
            });
    clashes.forEach(
        (reason, names) -> {
          boolean fluent = names.stream().anyMatch(name -> isFluent(set, name));
          String because =
              names.size() == 1
                  ? reason
                  : reason
                      .replace("a type of that name is", "types of those names are")
                      .replace("a type of that name", "types of those names");
          report.add(
              Message.TYPE_CLASH,
              set.hasExplicitPrefix() ? set.prefixLocation() : set.location(),
              setName,
              names.size() == 1
                  ? names.get(0)
                  : names.get(0) + ", " + simpleNames(names.subList(1, names.size())),
              fluent ? because + " (@PrimitiveSet(fluent = false) generates no fluent classes)" : because);
        });
    if (!earlier.isEmpty()) {
      report.add(
          Message.EARLIER_OUTPUT_AS_SOURCE,
          set.location(),
          setName,
          simpleNames(earlier),
          earlier.size() == 1 ? "it" : "them");
    }

    for (String superSet : set.superSets()) {
      report.add(Message.SET_EXTENDS_SET, set.location(), setName, superSet, superSet);
    }
    set.unannotatedRuleHolders()
        .forEach(
            (nested, rules) ->
                report.add(
                    Message.NOT_A_PRIMITIVE,
                    set.unannotatedRuleHolderLocations().get(nested),
                    nested,
                    setName,
                    rules));

    for (PrimitiveModel primitive : set.primitives()) {
      String name = primitive.interfaceType().simpleName();
      primitive
          .inheritedStaticRules()
          .forEach(
              (rule, inherited) ->
                  report.add(
                      Message.INHERITED_RULE,
                      primitive.location(),
                      name,
                      inherited,
                      name,
                      rule,
                      name,
                      inherited));
      if (!primitive.companionRules().isEmpty()) {
        report.add(
            Message.KOTLIN_COMPANION,
            primitive.location(),
            name,
            String.join(", ", primitive.companionRules().keySet()),
            name,
            name,
            name);
      }
      if (!primitive.declaredKind().equals("interface")) {
        report.add(
            Message.PRIMITIVE_NOT_INTERFACE,
            primitive.location(),
            primitive.declaredKind(),
            name,
            name,
            primitive.fromKotlin()
                ? " (in Kotlin, an interface whose rules are @JvmStatic functions of its companion"
                    + " object: a Kotlin object or class compiles to a Java class)"
                : "");
      }
      if (!primitive.typeParameters().isEmpty()) {
        report.add(
            Message.GENERIC_PRIMITIVE,
            primitive.location(),
            name,
            "<" + String.join(", ", primitive.typeParameters()) + ">");
      }
      if (primitive.sealed()) {
        report.add(
            Message.SEALED_PRIMITIVE,
            primitive.location(),
            name,
            set.opName() + "." + primitive.className());
      }
      if (primitive.outputs() < 1) {
        report.add(Message.OUTPUT_COUNT, primitive.outputsLocation(), name, primitive.outputs());
      }
      checkArity(set, primitive, name, report);
      checkRuleSlots(primitive, name, report);
      if (primitive.hasExplicitName() && !Names.isIdentifier(primitive.name())) {
        report.add(
            Message.INVALID_NAME,
            primitive.nameLocation(),
            "the name of primitive " + name,
            primitive.name(),
            "use a name that is a Java identifier, such as \"" + name + "\"");
      }
    }
  }

  /**
   * Inputs are parameters of the kernel and of the emitter method generated for the primitive
   * (an instance method: {@code this}, the attributes, then one {@code Primal} per input); both
   * must fit the JVM's 255 parameter slots, or javac fails with "too many parameters".
   */
  private static void checkArity(
      PrimitiveSetModel set, PrimitiveModel primitive, String name, ValidationReport report) {
    if (primitive.outputs() > MAX_OUTPUTS) {
      report.add(
          Message.ARITY_LIMIT,
          primitive.outputsLocation(),
          name,
          "declares outputs = " + primitive.outputs(),
          "a primitive gives at most " + MAX_OUTPUTS + " outputs (each application allocates one"
              + " value per output, and the kernel returns them in one array)",
          "return an array-valued operand instead, or split the primitive");
      return;
    }
    primitive
        .rule(RuleRole.EVAL)
        .ifPresent(
            eval -> {
              int inputs = eval.parameters().size();
              int width = set.operand().descriptor().matches("[JD]") ? 2 : 1;
              int kernelSlots = (eval.dispatch() == Dispatch.STATIC ? 0 : 1) + inputs * width;
              int attributeSlots = 0;
              for (AttributeModel attribute : primitive.attributes()) {
                attributeSlots +=
                    attribute.type().equals(TypeName.LONG) || attribute.type().equals(TypeName.DOUBLE)
                        ? 2
                        : 1;
              }
              int emitterSlots = 1 + attributeSlots + inputs;
              if (kernelSlots > PARAMETER_SLOTS || emitterSlots > PARAMETER_SLOTS) {
                report.add(
                    Message.ARITY_LIMIT,
                    eval.location(),
                    name,
                    "takes " + inputs + " inputs"
                        + (attributeSlots > 0 ? " and has attributes taking " + attributeSlots + " slots" : ""),
                    "a JVM method has at most " + PARAMETER_SLOTS + " parameter slots (long and double"
                        + " take two, an instance method's receiver one), and "
                        + (kernelSlots > PARAMETER_SLOTS
                            ? "its eval needs " + kernelSlots
                            : "its generated emitter method " + set.emitType().simpleName() + "."
                                + primitive.methodName() + " needs " + emitterSlots),
                    "take at most " + maxInputs(width, eval.dispatch() == Dispatch.STATIC, attributeSlots)
                        + " inputs, e.g. pass an array-valued operand or split the primitive");
              }
            });
  }

  /**
   * A JVP or transpose rule's parameters are all references (emitter, {@code Primal}, {@code
   * Tangent}, {@code Arg}, context), one slot each; a rule past the JVM's limit could not be
   * compiled, so it is reported here, before javac fails on it.
   */
  private static void checkRuleSlots(PrimitiveModel primitive, String name, ValidationReport report) {
    for (RuleMethod rule : primitive.rules()) {
      if (rule.role() == RuleRole.EVAL) {
        continue;
      }
      int slots = (rule.dispatch() == Dispatch.STATIC ? 0 : 1) + rule.parameters().size();
      if (slots > PARAMETER_SLOTS) {
        report.add(
            Message.ARITY_LIMIT,
            rule.location(),
            name,
            "has a " + rule.role().methodName() + " rule with " + rule.parameters().size()
                + " parameters",
            "a JVM method has at most " + PARAMETER_SLOTS + " parameter slots and it needs " + slots,
            "drop the Primal parameters if the rule can do without them, or take fewer inputs");
      }
    }
  }

  /** The most inputs that fit both the kernel and the emitter method. */
  private static int maxInputs(int width, boolean staticKernel, int attributeSlots) {
    int kernel = (PARAMETER_SLOTS - (staticKernel ? 0 : 1)) / width;
    int emitter = PARAMETER_SLOTS - 1 - attributeSlots;
    return Math.min(kernel, emitter);
  }

  /** Whether {@code name} (qualified) is the set's fluent builder or value. */
  /** {@code names} (qualified, of one package) by their simple names, comma-separated. */
  private static String simpleNames(List<String> names) {
    List<String> simple = new ArrayList<>();
    for (String name : names) {
      simple.add(name.substring(name.lastIndexOf('.') + 1));
    }
    return String.join(", ", simple);
  }

  private static boolean isFluent(PrimitiveSetModel set, String name) {
    return name.equals(set.builderType().canonicalName()) || name.equals(set.valueType().canonicalName());
  }
}
