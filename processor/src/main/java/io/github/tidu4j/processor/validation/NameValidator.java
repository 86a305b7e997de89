package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.HelperMethod;
import io.github.tidu4j.processor.model.Names;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleMethod;
import io.github.tidu4j.processor.model.RuntimeTypes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.SourceVersion;

/**
 * The names generated code declares are free: primitive names are unique, and the constant,
 * emitter method, operation factory and nested class each primitive gets neither clash with
 * another primitive's, with a Java keyword, nor with members the generated classes already have.
 */
final class NameValidator implements Validator {
  private static final String FIX = "rename the interface or set @Primitive(name = ...)";

  /** Generated no-argument members of every operation class. */
  private static final Set<String> OPERATION_ACCESSORS =
      Set.of(
          "opcode", "inputArity", "outputArity", "name", "add", "zerosLike", "isMultilinear",
          "hasTaylorRule", "operandType");

  /**
   * The methods every generated operation class has or inherits from {@code XOp}, by name, with
   * their parameter counts: a default method of the primitive with one of these names and counts
   * would be overridden by, or clash with, the generated one (a static helper of the interface is
   * not inherited, so it never clashes).
   */
  private static final Map<String, Integer> OPERATION_METHODS =
      Map.ofEntries(
          Map.entry("opcode", 0),
          Map.entry("inputArity", 0),
          Map.entry("outputArity", 0),
          Map.entry("name", 0),
          Map.entry("add", 0),
          Map.entry("zerosLike", 0),
          Map.entry("scaleBy", 1),
          Map.entry("isMultilinear", 0),
          Map.entry("hasTaylorRule", 0),
          Map.entry("operandType", 0),
          Map.entry("coefficientResult", 1),
          Map.entry("coefficientResults", 1),
          Map.entry("tangentResult", 1),
          Map.entry("tangentResults", 1),
          Map.entry("cotangentResults", 1),
          Map.entry("arg", 3),
          Map.entry("boxed", 1));

  /**
   * The rule vocabulary's types a rule signature names by their simple names: a primitive
   * interface of one of these names hides the type inside the set.
   */
  private static final List<String> VOCABULARY =
      List.of(
          RuntimeTypes.PRIMAL.simpleName(),
          RuntimeTypes.OUTPUT.simpleName(),
          RuntimeTypes.TANGENT.simpleName(),
          RuntimeTypes.TANGENTS.simpleName(),
          RuntimeTypes.COTANGENTS.simpleName(),
          RuntimeTypes.ARG.simpleName(),
          RuntimeTypes.SERIES.simpleName());

  /**
   * Whether a primitive interface hides a type that a rule names by its simple name (the emitter,
   * {@code Tangent}, ...): every rule signature naming it then names the interface instead, so the
   * signature errors that follow are that one mistake's, and only it is worth reporting.
   */
  static boolean hidesARuleType(PrimitiveSetModel set) {
    List<String> generated = PrimitiveSetModel.generatedNames(set.prefix(), set.fluent());
    for (PrimitiveModel primitive : set.primitives()) {
      if (hidesARuleType(set, primitive, generated)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code primitive}'s interface is named like a type a rule of {@code set} reads by its
   * simple name: one of {@code generated}, the set's generated type names, or of the vocabulary.
   */
  private static boolean hidesARuleType(
      PrimitiveSetModel set, PrimitiveModel primitive, List<String> generated) {
    String name = primitive.interfaceType().simpleName();
    return (generated.contains(name) || VOCABULARY.contains(name))
        && isReadByARule(set, primitive);
  }

  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    Map<String, PrimitiveModel> byName = new HashMap<>();
    Map<String, PrimitiveModel> byConstant = new HashMap<>();
    Map<String, PrimitiveModel> byMethod = new HashMap<>();
    Map<String, PrimitiveModel> byClass = new HashMap<>();
    String op = set.opName();
    String emit = set.emitName();

    List<String> generated = PrimitiveSetModel.generatedNames(set.prefix(), set.fluent());
    for (PrimitiveModel primitive : set.primitives()) {
      String name = primitive.interfaceType().simpleName();
      // a nested interface hides a type of that simple name throughout the set's declaration:
      // a rule naming the emitter (or Tangent, ...) by its simple name names this interface
      if (hidesARuleType(set, primitive, generated)) {
        clash(report, primitive,
            "primitive interface " + name + " is named like "
                + (generated.contains(name)
                    ? "the type " + name + " the set generates"
                    : "the rule vocabulary's " + name)
                + ", which it hides inside the set: a rule writing " + name + " there takes or"
                + " returns this interface; rename the interface (@Primitive(name = ...) keeps"
                + " its generated names), or write the type's qualified name in the rules");
      }
      if (!Names.isIdentifier(primitive.name())) {
        continue; // DeclarationValidator reports it
      }
      PrimitiveModel same = byName.putIfAbsent(primitive.name(), primitive);
      if (same != null) {
        report.add(
            Message.DUPLICATE_NAME,
            primitive.nameLocation(),
            name,
            primitive.name(),
            same.interfaceType().simpleName());
        continue;
      }
      String method = primitive.methodName();
      if (SourceVersion.isKeyword(method)) {
        clash(report, primitive,
            "primitive " + name + " would generate the emitter method " + emit + "." + method
                + "(...), but " + method + " is a Java keyword; " + FIX);
      } else if (Names.EMITTER_METHODS.contains(method) || Names.OBJECT_METHODS.contains(method)) {
        clash(report, primitive,
            "primitive " + name + " would generate the emitter method " + emit + "." + method
                + "(...), which clashes with " + (Names.OBJECT_METHODS.contains(method) ? "Object" : "Emitter")
                + "." + method + "; " + FIX);
      } else if (primitive.hasAttributes()
          && !primitive.accumulator() // AccumulatorValidator reports its attributes
          && !primitive.zero() // and ZeroValidator the zero primitive's
          && Names.OPERATION_METHODS.contains(method)) {
        clash(report, primitive,
            "primitive " + name + " has attributes, so it would generate the factory " + op + "."
                + method + "(...), which clashes with the operation method " + method + "; " + FIX);
      }
      if (set.fluent() && !SourceVersion.isKeyword(method)) {
        fluentClash(set, primitive, method, report);
      }
      if (primitive.className().equals(op)) {
        clash(report, primitive,
            "primitive " + name + " would generate the nested class " + op + "." + primitive.className()
                + ", named like the class enclosing it; " + FIX);
      }
      if (!primitive.hasAttributes() && Names.RESERVED_CONSTANTS.contains(primitive.constantName())) {
        clash(report, primitive,
            "primitive " + name + " would generate the constant " + op + "." + primitive.constantName()
                + ", which the generated class uses itself; " + FIX);
      }
      collide(report, byMethod, method, primitive, "the emitter method " + emit + "." + method);
      collide(report, byClass, primitive.className(), primitive, "the class " + op + "." + primitive.className());
      if (!primitive.hasAttributes()) {
        collide(report, byConstant, primitive.constantName(), primitive, "the constant " + op + "." + primitive.constantName());
      }

      for (AttributeModel attribute : primitive.attributes()) {
        if (attribute.parameterCount() == 0 && OPERATION_ACCESSORS.contains(attribute.name())) {
          report.add(
              Message.NAME_CLASH,
              attribute.location(),
              "attribute " + attribute.name() + "() of " + name + " clashes with the method "
                  + attribute.name() + "() every operation has; rename the attribute");
        }
      }
      for (HelperMethod helper : primitive.helpers()) {
        Integer count = OPERATION_METHODS.get(helper.name());
        if (helper.isDefault() && count != null && count == helper.parameterCount()) {
          report.add(
              Message.NAME_CLASH,
              helper.location(),
              "default method " + helper.name() + " of " + name + " with " + count
                  + " parameter(s) clashes with the method of that name the generated "
                  + op + "." + primitive.className() + " has; rename it");
        }
      }
    }
  }

  /** Whether a rule of the set takes or returns {@code primitive}'s interface as a type. */
  private static boolean isReadByARule(PrimitiveSetModel set, PrimitiveModel primitive) {
    String type = primitive.interfaceType().canonicalName();
    for (PrimitiveModel each : set.primitives()) {
      for (RuleMethod rule : each.rules()) {
        if (rule.returnText().equals(type)
            || rule.parameters().stream().anyMatch(p -> p.typeText().equals(type))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * A primitive with inputs becomes a method of the fluent value class and of the eager value
   * class, a nullary one a method of the fluent builder: none may take the name of a method those
   * classes already have.
   */
  private static void fluentClash(
      PrimitiveSetModel set, PrimitiveModel primitive, String method, ValidationReport report) {
    String name = primitive.interfaceType().simpleName();
    boolean nullary = primitive.arity() == 0;
    Set<String> taken =
        nullary
            ? Names.BUILDER_METHODS
            : set.abstractType().isPresent() ? Names.TYPED_VALUE_METHODS : Names.VALUE_METHODS;
    if (!nullary && Names.EAGER_METHODS.contains(method) && !taken.contains(method)) {
      String eager = set.eagerName();
      clash(report, primitive,
          "primitive " + name + " would generate the eager method " + eager + "." + method
              + "(...), which clashes with " + eager + "." + method + ", which every eager value"
              + " has; " + FIX + " (or @PrimitiveSet(fluent = false) to generate no fluent or"
              + " eager classes)");
      return;
    }
    if (!taken.contains(method) || Names.EMITTER_METHODS.contains(method)) {
      return; // the emitter clash is reported already
    }
    String type = nullary ? set.builderName() : set.valueName();
    clash(report, primitive,
        "primitive " + name + " would generate the fluent method " + type + "." + method
            + "(...), which clashes with " + type + "." + method + ", which every "
            + type + " has; " + FIX + " (or @PrimitiveSet(fluent = false) to generate no fluent"
            + " classes)");
  }

  private static void clash(ValidationReport report, PrimitiveModel primitive, String text) {
    report.add(Message.NAME_CLASH, primitive.nameLocation(), text);
  }

  private static void collide(
      ValidationReport report,
      Map<String, PrimitiveModel> taken,
      String generated,
      PrimitiveModel primitive,
      String what) {
    PrimitiveModel other = taken.putIfAbsent(generated, primitive);
    if (other != null) {
      clash(report, primitive,
          "primitives " + other.interfaceType().simpleName() + " and "
              + primitive.interfaceType().simpleName() + " (named " + other.name() + " and "
              + primitive.name() + ") would both generate " + what + "; " + FIX);
    }
  }
}
