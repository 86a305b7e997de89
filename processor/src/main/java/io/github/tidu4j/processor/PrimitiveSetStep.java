package io.github.tidu4j.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.processor.diagnostics.Diagnostic;
import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.diagnostics.Reporter;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.reading.DeclarationReader;
import io.github.tidu4j.processor.reading.MissingType;
import io.github.tidu4j.processor.reading.Reading;
import io.github.tidu4j.processor.validation.SetValidator;
import io.github.tidu4j.processor.validation.ValidationReport;
import io.github.tidu4j.processor.writer.SetWriter;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Declaration → model → validation → writers, for each {@code @PrimitiveSet}.
 *
 * <p>A set whose declarations name a type that does not exist yet waits for the next round, when
 * another processor (or this one, for another set) may have generated it. The set's own emitter is
 * the exception: rule signatures name it, and it is generated from this very set, so the reader
 * recognises it by name instead of waiting for it. A set still waiting in the last round gets an
 * {@code [tidu4j:UnresolvedType]} error at each reference.
 */
final class PrimitiveSetStep implements ProcessingStep {
  private final Elements elements;
  private final Filer filer;
  private final DeclarationReader reader;
  private final Reporter reporter;
  private final SetValidator validator = new SetValidator();
  private final SetWriter writer;
  private final Map<String, String> generatedBy;
  private final Map<String, Reading.MustWait> waiting = new LinkedHashMap<>();

  PrimitiveSetStep(
      ProcessingEnvironment env,
      DeclarationReader reader,
      Reporter reporter,
      Map<String, String> generatedBy) {
    this.elements = env.getElementUtils();
    this.filer = env.getFiler();
    this.reader = reader;
    this.reporter = reporter;
    this.generatedBy = generatedBy;
    this.writer = new SetWriter(generatedAnnotation(elements));
  }

  @Override
  public String annotation() {
    return DeclarationReader.PRIMITIVE_SET;
  }

  @Override
  public Set<Element> deferred() {
    Set<Element> sets = new LinkedHashSet<>();
    for (String name : waiting.keySet()) {
      TypeElement set = elements.getTypeElement(name);
      if (set != null) {
        sets.add(set);
      }
    }
    return sets;
  }

  @Override
  public void process(Element element) {
    TypeElement set = (TypeElement) element;
    String name = set.getQualifiedName().toString();
    Reading reading = reader.read(set);
    if (reading instanceof Reading.MustWait wait) {
      waiting.put(name, wait);
      return;
    }
    waiting.remove(name);
    PrimitiveSetModel model = ((Reading.Complete) reading).model();
    ValidationReport report = validator.validate(model);
    reporter.reportAll(report.diagnostics());
    if (report.hasErrors()) {
      return;
    }
    for (TypeSpec type : writer.write(model)) {
      JavaFile file = SetWriter.file(model, type.toBuilder().addOriginatingElement(set).build());
      String generated = model.packageName().isEmpty() ? type.name() : model.packageName() + "." + type.name();
      try {
        file.writeTo(filer);
        generatedBy.put(generated, name);
      } catch (IOException e) {
        reporter.report(
            new Diagnostic(
                Message.WRITE_FAILED,
                Message.WRITE_FAILED.format(generated, e.getMessage()),
                model.location()));
      }
    }
  }

  @Override
  public void reportStillDeferred() {
    for (Reading.MustWait set : waiting.values()) {
      for (MissingType missing : set.missing()) {
        if (missing.annotationValue()) {
          reporter.report(
              new Diagnostic(
                  Message.UNRESOLVED_VALUE,
                  Message.UNRESOLVED_VALUE.format(missing.user(), missing.typeName()),
                  missing.location()));
          continue;
        }
        reporter.report(
            new Diagnostic(
                Message.UNRESOLVED_TYPE,
                Message.UNRESOLVED_TYPE.format(missing.user(), missing.typeName(), set.emitterName()),
                missing.location()));
      }
    }
    waiting.clear();
  }

  /** {@code javax.annotation.processing.Generated} if the code being compiled can see it. */
  private static Optional<ClassName> generatedAnnotation(Elements elements) {
    for (String name :
        List.of("javax.annotation.processing.Generated", "javax.annotation.Generated")) {
      TypeElement type = elements.getTypeElement(name);
      if (type != null) {
        return Optional.of(ClassName.get(type));
      }
    }
    return Optional.empty();
  }
}
