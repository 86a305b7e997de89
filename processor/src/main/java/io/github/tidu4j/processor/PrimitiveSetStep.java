package io.github.tidu4j.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.processor.diagnostics.Diagnostic;
import io.github.tidu4j.processor.diagnostics.Location;
import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.diagnostics.Reporter;
import io.github.tidu4j.processor.model.Names;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuntimeTypes;
import io.github.tidu4j.processor.reading.DeclarationReader;
import io.github.tidu4j.processor.reading.MissingType;
import io.github.tidu4j.processor.reading.Reading;
import io.github.tidu4j.processor.validation.SetValidator;
import io.github.tidu4j.processor.validation.ValidationReport;
import io.github.tidu4j.processor.writer.FallbackWriter;
import io.github.tidu4j.processor.writer.SetWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Declaration → model → validation → writers, for each {@code @PrimitiveSet}.
 *
 * <p>A set whose declarations name a type that does not exist yet waits for the next round, when
 * another processor (or this one, for another set) may have generated it. The set's own generated
 * types are the exception: rule signatures name the emitter, attributes may hold the set's
 * operations, and they are generated from this very set, so the reader recognises them by name
 * instead of waiting for them. A missing name no round can supply (a misspelt generated type, a
 * rule-vocabulary type not imported) is reported at once; a set still waiting in the last round
 * gets an {@code [tidu4j:UnresolvedType]} error at each reference.
 *
 * <p>A name another set of the round generates is no sure mistake, however near it is to one of
 * the set's own ({@code QEmit} beside {@code PEmit}): the set waits for the next round, where the
 * type exists and the validators judge its use ({@code JvpSignature} for a rule taking another
 * set's emitter). Which names those are is known before the round's first set is processed, so the
 * order of the sets does not matter. A set waits for such names only while their sets can still
 * write them: after a round, a set whose every missing name is another set's, none of which that
 * set has written or waits to write for a reason outside the round's sets (a cycle of sets naming
 * each other's types, a set that wrote no file for that name), is reported at once, as a sure
 * mistake is.
 *
 * <p>A set reported with errors before the last round still gets its generated types, as empty
 * stand-ins ({@link FallbackWriter}), so that the code naming them adds no {@code cannot find
 * symbol} errors and the set's own errors are the ones the user sees. A set still waiting in the
 * last round gets none: javac has reported the uses of its ungenerated types by the time a
 * processor learns the round is the last, and a file written then would come too late to help
 * (and draw a warning). Those {@code cannot find symbol} errors come first there, followed by the
 * set's {@code UnresolvedType} errors, whose message says they follow from it. When javac ends
 * the rounds early, after an error (or a warning under {@code -Werror}) in an earlier round, a
 * waiting set gets one {@code RoundsEndedEarly} error instead, naming that error as the cause.
 */
final class PrimitiveSetStep implements ProcessingStep {
  /** What an {@code UnresolvedType} says of a type no one declares. */
  private static final String DOES_NOT_EXIST = "does not exist";

  /** What it says of a type another set of the round would generate, but cannot. */
  private static final String NEVER_GENERATED = "is never generated";

  private final Elements elements;
  private final Filer filer;
  private final DeclarationReader reader;
  private final Reporter reporter;
  private final SetValidator validator = new SetValidator();
  private final Set<String> written = new HashSet<>();
  /** The sets a {@code NameTooLong} error has been reported for. */
  private final Set<String> tooLongReported = new HashSet<>();
  private final Map<String, String> generatedBy;
  private final Map<String, Reading.MustWait> waiting = new LinkedHashMap<>();
  /**
   * The qualified names the sets of this round generate that do not exist yet, each with the
   * qualified name of the set generating it.
   */
  private final Map<String, String> generatedThisRound = new HashMap<>();

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
  public void beginRound(Set<Element> sets) {
    generatedThisRound.clear();
    for (Element element : sets) {
      if (!(element instanceof TypeElement set)) {
        continue;
      }
      String packageName = elements.getPackageOf(set).getQualifiedName().toString();
      String prefix = DeclarationReader.prefixOf(set);
      for (String simple : PrimitiveSetModel.generatedNames(prefix, DeclarationReader.fluentOf(set))) {
        String qualified = packageName.isEmpty() ? simple : packageName + "." + simple;
        if (elements.getTypeElement(qualified) == null) {
          generatedThisRound.putIfAbsent(qualified, set.getQualifiedName().toString());
        }
      }
    }
  }

  /**
   * The qualified name of the type {@code missing} names, if a set of this round other than {@code
   * set} generates it: the name as written if qualified; written simple, that name in the set's
   * package, else in any package (the set may import it).
   */
  private Optional<String> generatedByAnother(MissingType missing, TypeElement set) {
    if (missing.annotationValue()) {
      return Optional.empty();
    }
    String written = missing.typeName();
    String setName = set.getQualifiedName().toString();
    if (written.contains(".")) {
      return Optional.of(written).filter(n -> isAnothers(n, setName));
    }
    String packageName = elements.getPackageOf(set).getQualifiedName().toString();
    String inPackage = packageName.isEmpty() ? written : packageName + "." + written;
    if (generatedThisRound.containsKey(inPackage)) {
      return Optional.of(inPackage).filter(n -> isAnothers(n, setName));
    }
    return generatedThisRound.keySet().stream()
        .filter(n -> n.endsWith("." + written) && isAnothers(n, setName))
        .sorted()
        .findFirst();
  }

  /** Whether a set of this round other than {@code setName} generates the type {@code name}. */
  private boolean isAnothers(String name, String setName) {
    String generator = generatedThisRound.get(name);
    return generator != null && !generator.equals(setName);
  }

  @Override
  public void endRound() {
    // the sets whose wait a later round can end: those waiting for a name outside this round's
    // sets (another processor's may come), then, until none is added, those whose every missing
    // name is written this round or generated by a set already found hopeful
    Set<String> hopeful = new HashSet<>();
    Map<String, List<String>> peerOnly = new LinkedHashMap<>();
    waiting.forEach(
        (name, wait) -> {
          TypeElement set = elements.getTypeElement(name);
          List<String> generated = new ArrayList<>();
          for (MissingType missing : wait.missing()) {
            Optional<String> another =
                set == null ? Optional.empty() : generatedByAnother(missing, set);
            if (another.isEmpty()) {
              hopeful.add(name);
              return;
            }
            generated.add(another.get());
          }
          peerOnly.put(name, generated);
        });
    boolean grew = true;
    while (grew) {
      grew = false;
      for (Map.Entry<String, List<String>> entry : peerOnly.entrySet()) {
        if (!hopeful.contains(entry.getKey())
            && entry.getValue().stream()
                .allMatch(n -> written.contains(n) || hopeful.contains(generatedThisRound.get(n)))) {
          hopeful.add(entry.getKey());
          grew = true;
        }
      }
    }
    Set<String> stuck = new LinkedHashSet<>(peerOnly.keySet());
    stuck.removeAll(hopeful);
    for (String name : stuck) {
      Reading.MustWait wait = waiting.remove(name);
      List<String> generated = peerOnly.get(name); // one per missing name, in order
      List<MissingType> reported = new ArrayList<>();
      for (int m = 0; m < generated.size(); m++) {
        reported.add(neverWritten(wait.missing().get(m), generated.get(m), stuck));
      }
      reportAtOnce(elements.getTypeElement(name), wait, reported, NEVER_GENERATED);
    }
  }

  /**
   * {@code missing}, naming {@code generated}, a type another set of the round generates but has
   * not written, with a fix that says why it will not be: that set is {@code stuck} too, waiting
   * for a type of a stuck set, or it is done and wrote no file of that name.
   */
  private MissingType neverWritten(MissingType missing, String generated, Set<String> stuck) {
    String generator = generatedThisRound.get(generated);
    String why =
        stuck.contains(generator)
            ? generated + " would be generated by primitive set " + generator + ", which cannot"
                + " be read first either: sets naming each other's generated types wait for each"
                + " other"
            : "primitive set " + generator + " generates no file " + generated;
    String fix =
        why + "; " + missing.correction().orElse("name a type that exists, or the set's own");
    return new MissingType(
        missing.typeName(), missing.user(), missing.location(), Optional.of(fix), false);
  }

  @Override
  public void process(Element element) {
    TypeElement set = (TypeElement) element;
    String name = set.getQualifiedName().toString();
    if (!seesRuleVocabulary(set)) {
      // every rule would name a type that does not exist, import or not: one error says why
      waiting.remove(name);
      reporter.report(
          new Diagnostic(
              Message.MISSING_RULE_VOCABULARY,
              Message.MISSING_RULE_VOCABULARY.format(set.getSimpleName()),
              Location.of(set)));
      writeFallbacks(
          set, DeclarationReader.prefixOf(set), DeclarationReader.fluentOf(set), Set.of());
      return;
    }
    Reading reading = reader.read(set);
    if (reading instanceof Reading.MustWait wait) {
      // a name another set of the round generates exists next round, whatever it is near to
      List<MissingType> sure =
          wait.missing().stream()
              .filter(m -> m.correction().isPresent() && generatedByAnother(m, set).isEmpty())
              .toList();
      if (sure.isEmpty()) {
        waiting.put(name, wait);
        return;
      }
      waiting.remove(name);
      reportAtOnce(set, wait, sure, DOES_NOT_EXIST);
      return;
    }
    waiting.remove(name);
    PrimitiveSetModel model = ((Reading.Complete) reading).model();
    ValidationReport report = validator.validate(model);
    reporter.reportAll(report.diagnostics());
    if (report.hasErrors()) {
      writeFallbacks(set, model.prefix(), model.fluent(), model.takenTypeNames().keySet());
      return;
    }
    List<TypeSpec> types = new SetWriter(generatedAnnotation(set)).write(model);
    if (!fileNamesFit(set, model, types)) {
      return;
    }
    for (TypeSpec type : types) {
      JavaFile file = SetWriter.file(model, type.toBuilder().addOriginatingElement(set).build());
      write(file, set, model.location());
    }
  }

  /**
   * Reports {@code set}, which must wait for {@code wait}'s missing types, for the {@code
   * reported} ones that no later round will supply, then what its primitives naming no missing
   * type declare wrong, and writes its stand-ins.
   */
  private void reportAtOnce(
      TypeElement set, Reading.MustWait wait, List<MissingType> reported, String state) {
    boolean fluent = DeclarationReader.fluentOf(set);
    reportMissing(reported, wait.prefix(), fluent, state);
    wait.despite().ifPresent(model -> reportUnaffected(model, wait.missing()));
    writeFallbacks(set, wait.prefix(), fluent, Set.of());
  }

  /**
   * Whether every class of {@code types}, generated for {@code set}, can be written; if not,
   * reports the names too long and writes the stand-ins that can be, before any file of the set.
   */
  private boolean fileNamesFit(TypeElement set, PrimitiveSetModel model, List<TypeSpec> types) {
    List<Diagnostic> tooLong = GeneratedFileNames.check(model, types);
    if (tooLong.isEmpty()) {
      return true;
    }
    reporter.reportAll(tooLong);
    tooLongReported.add(set.getQualifiedName().toString());
    writeFallbacks(set, model.prefix(), model.fluent(), model.takenTypeNames().keySet());
    return false;
  }

  @Override
  public void failed(Element element) {
    if (element instanceof TypeElement set) {
      writeFallbacks(set, DeclarationReader.prefixOf(set), DeclarationReader.fluentOf(set), Set.of());
    }
  }

  @Override
  public void reportStillDeferred(boolean endedByError) {
    waiting.forEach(
        (name, set) -> {
          TypeElement element = elements.getTypeElement(name);
          boolean fluent = element == null || DeclarationReader.fluentOf(element);
          if (endedByError && element != null) {
            reportEndedEarly(element, set, fluent);
          } else {
            reportMissing(set.missing(), set.prefix(), fluent, DOES_NOT_EXIST);
          }
        });
    waiting.clear();
  }

  /**
   * One error on {@code set}, which waited for types when javac ended the rounds after an error:
   * whether a later round would have supplied them is unknown, so the error names that first error
   * as the cause rather than each type as missing.
   */
  private void reportEndedEarly(TypeElement set, Reading.MustWait wait, boolean fluent) {
    List<String> names = new ArrayList<>();
    for (MissingType type : wait.missing()) {
      // an annotation value waits for a constant: "the value of prefix of @PrimitiveSet on S"
      String name = type.annotationValue() ? type.user() : type.typeName();
      if (!names.contains(name)) {
        names.add(name);
      }
    }
    reporter.report(
        new Diagnostic(
            Message.ROUNDS_ENDED_EARLY,
            Message.ROUNDS_ENDED_EARLY.format(
                set.getSimpleName(),
                String.join(", ", names),
                String.join(", ", PrimitiveSetModel.generatedNames(wait.prefix(), fluent))),
            Location.of(set)));
  }

  /**
   * Reports what validating {@code model}, read despite {@code missing} types that no later round
   * can mend, finds in its primitives that name none of them: one bad name in one rule does not
   * hide the other primitives' errors. What it finds elsewhere (the set as a whole, the primitives
   * naming a missing type) may be an effect of those types, and waits for the set to be read
   * whole.
   */
  private void reportUnaffected(PrimitiveSetModel model, List<MissingType> missing) {
    List<Location> clean = new ArrayList<>();
    for (PrimitiveModel primitive : model.primitives()) {
      if (missing.stream().noneMatch(m -> m.location().isWithin(primitive.location()))) {
        clean.add(primitive.location());
      }
    }
    List<Diagnostic> found;
    try {
      found = validator.validate(model).diagnostics();
    } catch (RuntimeException e) {
      return; // a check tripped over a missing type: the error reported for that type stands
    }
    for (Diagnostic d : found) {
      if (clean.stream().anyMatch(d.location()::isWithin)) {
        reporter.report(d);
      }
    }
  }

  /**
   * Reports {@code missing}, whose types are in {@code state} ({@link #DOES_NOT_EXIST}, or {@link
   * #NEVER_GENERATED} for types another set of the round would generate but cannot).
   */
  private void reportMissing(
      List<MissingType> missing, String prefix, boolean fluent, String state) {
    // a name missing at several places with the same fix (kapt's stand-in at every rule naming
    // the emitter) gets the fix spelt out once, at its first place
    Map<List<String>, String> firstUser = new HashMap<>();
    for (MissingType type : missing) {
      if (type.annotationValue()) {
        reporter.report(
            new Diagnostic(
                Message.UNRESOLVED_VALUE,
                Message.UNRESOLVED_VALUE.format(
                    type.user(),
                    type.typeName(),
                    type.correction()
                        .orElse(
                            "declare the constant (a static final field with a constant"
                                + " initializer, in a class that exists or that another processor"
                                + " generates), or write the value as a literal")),
                type.location()));
        continue;
      }
      String fix =
          type.correction()
              .orElse(
                  "declare the type, import it or fix its name; a set may name a type that does"
                      + " not exist yet if it is generated, as the set's own "
                      + String.join(", ", PrimitiveSetModel.generatedNames(prefix, fluent))
                      + " are, or as another annotation processor's types are, but no processing"
                      + " round generated this one (javac's \"cannot find symbol\" errors for"
                      + " the set's own generated types follow from this error)");
      String first = firstUser.putIfAbsent(List.of(type.typeName(), fix), type.user());
      if (first != null) {
        fix = "the fix given for " + first + " applies here too";
      }
      reporter.report(
          new Diagnostic(
              Message.UNRESOLVED_TYPE,
              Message.UNRESOLVED_TYPE.format(type.user(), type.typeName(), state, fix),
              type.location()));
    }
  }

  /**
   * Whether the code of {@code set} can see the rule vocabulary ({@code Tangent} stands for it, and
   * for the {@code tidu4j-runtime-ad} artifact that holds it).
   */
  private boolean seesRuleVocabulary(TypeElement set) {
    String tangent = RuntimeTypes.TANGENT.canonicalName();
    ModuleElement module = elements.getModuleOf(set);
    return (module == null ? elements.getTypeElement(tangent) : elements.getTypeElement(module, tangent))
        != null;
  }

  /**
   * Writes the stand-ins of {@code set}'s generated types, except names taken by other types
   * ({@code taken}, qualified), names already written and names too long for a file (reported
   * once for the set, unless {@link GeneratedFileNames#check} has reported it); nothing if the
   * prefix makes no name. The fluent builder and value are among them unless the set says {@code
   * fluent = false}.
   */
  private void writeFallbacks(TypeElement set, String prefix, boolean fluent, Set<String> taken) {
    if (!Names.isIdentifier(prefix + "Op")) {
      return;
    }
    String packageName = elements.getPackageOf(set).getQualifiedName().toString();
    List<String> names = new ArrayList<>();
    for (String simple : PrimitiveSetModel.generatedNames(prefix, fluent)) {
      String qualified = packageName.isEmpty() ? simple : packageName + "." + simple;
      if (!GeneratedFileNames.fits(simple)) {
        if (tooLongReported.add(set.getQualifiedName().toString())) {
          reporter.report(
              GeneratedFileNames.setError(
                  set.getSimpleName().toString(), packageName, simple, Location.of(set)));
        }
      } else if (!taken.contains(qualified)
          && !written.contains(qualified)
          && elements.getTypeElement(qualified) == null) {
        names.add(simple);
      }
    }
    String setName = set.getQualifiedName().toString();
    for (TypeSpec type : new FallbackWriter(generatedAnnotation(set)).write(names, setName)) {
      JavaFile file =
          FallbackWriter.file(packageName, type.toBuilder().addOriginatingElement(set).build());
      write(file, set, Location.of(set));
    }
  }

  private void write(JavaFile file, TypeElement set, Location location) {
    String generated =
        file.packageName().isEmpty() ? file.typeSpec().name() : file.packageName() + "." + file.typeSpec().name();
    try {
      file.writeTo(filer);
      written.add(generated);
      generatedBy.put(generated, set.getQualifiedName().toString());
    } catch (IOException e) {
      reporter.report(
          new Diagnostic(
              Message.WRITE_FAILED, Message.WRITE_FAILED.format(generated, e.getMessage()), location));
    }
  }

  /**
   * {@code javax.annotation.processing.Generated} if the code of {@code set} can see it, and only
   * outside named modules. A named module may not read {@code java.compiler} although the
   * annotation is on the module graph (another module requires it), and one that reads it without
   * {@code requires transitive} gets an {@code -Xlint:exports} warning on every public generated
   * type; the annotation is source-retained and informative only, so named modules go without.
   */
  private Optional<ClassName> generatedAnnotation(TypeElement set) {
    ModuleElement module = elements.getModuleOf(set);
    if (module != null && !module.isUnnamed()) {
      return Optional.empty();
    }
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
