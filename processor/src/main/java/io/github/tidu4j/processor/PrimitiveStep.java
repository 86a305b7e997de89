package io.github.tidu4j.processor;

import io.github.tidu4j.processor.diagnostics.Diagnostic;
import io.github.tidu4j.processor.diagnostics.Location;
import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.diagnostics.Reporter;
import io.github.tidu4j.processor.reading.DeclarationReader;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Checks that every {@code @Primitive} is nested directly in a {@code @PrimitiveSet} type: the set
 * step reads only those, so a primitive anywhere else would silently generate nothing.
 */
final class PrimitiveStep implements ProcessingStep {
  private final Reporter reporter;

  PrimitiveStep(Reporter reporter) {
    this.reporter = reporter;
  }

  @Override
  public String annotation() {
    return DeclarationReader.PRIMITIVE;
  }

  @Override
  public void process(Element element) {
    Element enclosing = element.getEnclosingElement();
    if (enclosing instanceof TypeElement set
        && DeclarationReader.annotation(set, DeclarationReader.PRIMITIVE_SET).isPresent()) {
      return;
    }
    String where;
    if (!(enclosing instanceof TypeElement)) {
      where = "it is a top-level type";
    } else if (DeclarationReader.annotation(enclosing, DeclarationReader.PRIMITIVE).isPresent()) {
      where = "it is nested in the primitive " + enclosing.getSimpleName();
    } else {
      where = "it is nested in " + enclosing.getSimpleName() + ", which is not annotated @PrimitiveSet";
    }
    Location at =
        Location.of(
            element, DeclarationReader.annotation(element, DeclarationReader.PRIMITIVE).orElseThrow());
    reporter.report(
        new Diagnostic(
            Message.PRIMITIVE_OUTSIDE_SET,
            Message.PRIMITIVE_OUTSIDE_SET.format(element.getSimpleName(), where),
            at));
  }

  @Override
  public Set<Element> deferred() {
    return Set.of();
  }

  @Override
  public void reportStillDeferred(boolean endedByError) {}
}
