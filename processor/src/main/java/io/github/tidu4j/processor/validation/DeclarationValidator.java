package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.Names;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;

/**
 * The shape of the declarations: interfaces, not generic, reachable; a usable operand and context
 * type; valid names; generated type names free.
 */
final class DeclarationValidator implements Validator {
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
    if (set.contextType().isPrimitive()) {
      report.add(Message.CONTEXT_TYPE, set.contextLocation(), set.contextText(), setName);
    }
    if (set.hasExplicitPrefix() && !Names.isIdentifier(set.prefix() + "Op")) {
      report.add(
          Message.INVALID_NAME,
          set.prefixLocation(),
          "the prefix of primitive set " + setName,
          set.prefix(),
          "use a prefix that starts a type name, such as \"Real\"");
    }
    set.takenTypeNames()
        .forEach(
            (name, reason) ->
                report.add(
                    Message.TYPE_CLASH,
                    set.hasExplicitPrefix() ? set.prefixLocation() : set.location(),
                    setName,
                    name,
                    reason));

    for (PrimitiveModel primitive : set.primitives()) {
      String name = primitive.interfaceType().simpleName();
      if (!primitive.declaredKind().equals("interface")) {
        report.add(
            Message.PRIMITIVE_NOT_INTERFACE, primitive.location(), primitive.declaredKind(), name, name);
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
}
