package io.github.tidu4j.processor;

import com.google.auto.service.AutoService;
import io.github.tidu4j.processor.diagnostics.ElementGuard;
import io.github.tidu4j.processor.diagnostics.Reporter;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuntimeTypes;
import io.github.tidu4j.processor.reading.DeclarationReader;
import io.github.tidu4j.processor.reading.ValueSources;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * The tidu4j annotation processor: turns every {@code @PrimitiveSet} interface into its generated
 * runtime code ({@code XOp}, {@code XEmit}, {@code XEvaluator}, {@code XKernels}) and checks every
 * {@code @Primitive} is declared where a set can see it.
 *
 * <p>Organised as processing steps, one per annotation, each working element by element: a set is
 * read into an immutable model, validated, and only then written, and an element that names a
 * type not generated yet waits for a later round (see {@link PrimitiveSetStep}). A bug in the
 * processor is reported as an error on the element it happened on, with its stack trace, and the
 * other elements are still processed.
 *
 * <p>Use it by listing {@code io.github.tidu4j:tidu4j-processor} in the compiler's annotation
 * processor path.
 */
@AutoService(Processor.class)
public final class PrimitiveSetProcessor extends AbstractProcessor {
  private final Set<String> sourceTypes = new HashSet<>();
  /** Source types carrying this processor's {@code @Generated}: its earlier output, compiled again. */
  private final Set<String> earlierOutputs = new HashSet<>();
  private final Map<String, String> generatedBy = new HashMap<>();
  private List<ProcessingStep> steps;
  private ElementGuard guard;

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    Reporter reporter = new Reporter(env.getMessager());
    guard = new ElementGuard(reporter);
    DeclarationReader reader =
        new DeclarationReader(
            env.getElementUtils(), env.getTypeUtils(), this::whatTakes, ValueSources.of(env));
    steps =
        List.of(
            new PrimitiveStep(reporter),
            new PrimitiveSetStep(env, reader, reporter, generatedBy));
  }

  /**
   * Our annotations, {@code @Export} among them (read from the class files by the Maven plugin's
   * export goal, not here), and the {@code @Generated} annotations our generated code carries: an
   * annotation no processor claims is a {@code -Xlint:processing} warning, and under {@code -Werror}
   * a failed build, in the round after the generated files appear.
   */
  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(
        DeclarationReader.PRIMITIVE_SET,
        DeclarationReader.PRIMITIVE,
        DeclarationReader.JOINT_KERNEL,
        "io.github.tidu4j.annotations.Export",
        "javax.annotation.processing.Generated",
        "javax.annotation.Generated");
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    for (Element root : round.getRootElements()) {
      if (root instanceof TypeElement type) {
        String name = type.getQualifiedName().toString();
        if (!generatedBy.containsKey(name)) {
          sourceTypes.add(name);
          if (isGeneratedByThisProcessor(type)) {
            earlierOutputs.add(name);
          }
        }
      }
    }
    // javac runs the last round at once after a round with an error (or a warning under -Werror):
    // what a deferred element waits for comes from rounds that never run, so it is not retried
    // (that would write its files in the last round, too late to compile) but reported as such
    boolean endedByError = round.processingOver() && round.errorRaised();
    for (ProcessingStep step : steps) {
      Set<Element> elements =
          endedByError ? new LinkedHashSet<>() : new LinkedHashSet<>(step.deferred());
      for (TypeElement annotation : annotations) {
        if (annotation.getQualifiedName().contentEquals(step.annotation())) {
          elements.addAll(round.getElementsAnnotatedWith(annotation));
        }
      }
      // a bug in a round's bookkeeping is reported like one in a set's: an error naming the
      // sets, not a processor crash that stops the compilation
      guard.runForRound("the start of a round", elements, () -> step.beginRound(elements));
      for (Element element : elements) {
        if (!guard.run(element, () -> step.process(element))) {
          guard.run(element, () -> step.failed(element));
        }
      }
      if (round.processingOver()) {
        guard.runForRound(
            "the last round", elements, () -> step.reportStillDeferred(endedByError));
      } else {
        guard.runForRound("the end of a round", elements, step::endRound);
      }
    }
    // claims the supported annotations: no other processor has anything to do with them
    return true;
  }

  /**
   * Whether {@code type} carries {@code @Generated("io.github.tidu4j.processor.PrimitiveSetProcessor")},
   * as the code this processor writes outside named modules does.
   */
  private static boolean isGeneratedByThisProcessor(TypeElement type) {
    for (AnnotationMirror annotation : type.getAnnotationMirrors()) {
      Element annotationType = annotation.getAnnotationType().asElement();
      if (annotationType instanceof TypeElement named
          && (named.getQualifiedName().contentEquals("javax.annotation.processing.Generated")
              || named.getQualifiedName().contentEquals("javax.annotation.Generated"))) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> member :
            annotation.getElementValues().entrySet()) {
          if (member.getKey().getSimpleName().contentEquals("value")
              && member.getValue().toString().contains(RuntimeTypes.PROCESSOR)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** What already takes the qualified type name {@code name}, if anything. */
  private Optional<String> whatTakes(String name) {
    String set = generatedBy.get(name);
    if (set != null) {
      return Optional.of("primitive set " + set + " generates a type of that name");
    }
    if (earlierOutputs.contains(name)) {
      return Optional.of(PrimitiveSetModel.EARLIER_OUTPUT);
    }
    if (sourceTypes.contains(name)) {
      return Optional.of("a type of that name is declared in the sources");
    }
    return Optional.empty();
  }
}
