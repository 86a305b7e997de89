package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.RuleMethod;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.ArrayList;
import java.util.List;

/**
 * The shape the transforms rely on for a primitive the set designates for them (the accumulator
 * {@code Primitive.add()} returns, the zero primitive {@code Primitive.zerosLike()} returns): a
 * fixed number of operands, one output, no attributes (the hook returns one operation), not
 * multilinear ({@link #check}). The scale primitive shares the operand and output checks and, with
 * the zero primitive, declares no rules of its own ({@link #checkOperandsAndOutputs}, {@link
 * #reportDeclaredRules}). Each departure is reported with the caller's message at the element that
 * declares it.
 */
final class DesignatedShape {
  private DesignatedShape() {}

  /**
   * Checks {@code primitive}, which must take {@code arity} operands ({@code arityFix} says how to
   * get there) and is returned by the runtime hook {@code hook} (e.g. {@code "Primitive.add()"}).
   */
  static void check(
      PrimitiveModel primitive,
      Message message,
      int arity,
      String arityFix,
      String hook,
      ValidationReport report) {
    checkOperandsAndOutputs(primitive, message, arity, arityFix, report);
    String name = primitive.interfaceType().simpleName();
    if (primitive.hasAttributes()) {
      List<String> names = new ArrayList<>();
      for (AttributeModel attribute : primitive.attributes()) {
        names.add(attribute.name());
      }
      report.add(
          message,
          primitive.attributes().get(0).location(),
          name,
          "has attributes " + names,
          "remove them, since " + hook + " returns one operation");
    }
    if (primitive.multilinear()) {
      report.add(
          message,
          primitive.multilinearLocation(),
          name,
          "is marked multilinear",
          "remove multilinear = true");
    }
  }

  /**
   * Reports a departure from {@code arity} operands (at {@code eval}; {@code arityFix} says how to
   * get there) and from one output: the part of the shape every designated primitive shares.
   */
  static void checkOperandsAndOutputs(
      PrimitiveModel primitive,
      Message message,
      int arity,
      String arityFix,
      ValidationReport report) {
    String name = primitive.interfaceType().simpleName();
    if (primitive.rule(RuleRole.EVAL).isPresent() && primitive.arity() != arity) {
      report.add(
          message,
          primitive.rule(RuleRole.EVAL).get().location(),
          name,
          "takes " + primitive.arity() + " operand(s)",
          arityFix);
    }
    if (primitive.outputs() != 1) {
      report.add(
          message,
          primitive.outputsLocation(),
          name,
          "gives " + primitive.outputs() + " outputs",
          "remove outputs = " + primitive.outputs());
    }
  }

  /**
   * Reports every JVP or transpose rule {@code primitive} declares with {@code message}: a
   * designated primitive whose rules the processor generates (the zero and scale primitives)
   * declares {@code eval} only.
   */
  static void reportDeclaredRules(PrimitiveModel primitive, Message message, ValidationReport report) {
    String name = primitive.interfaceType().simpleName();
    for (RuleMethod rule : primitive.rules()) {
      if (rule.role() == RuleRole.EVAL) {
        continue;
      }
      String kind =
          rule.role() == RuleRole.JVP
              ? "JVP"
              : rule.role() == RuleRole.TRANSPOSE ? "transpose" : "Taylor";
      report.add(message, rule.location(), name, kind, name, rule.role().methodName());
    }
  }
}
