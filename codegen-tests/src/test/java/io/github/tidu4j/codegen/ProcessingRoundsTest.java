package io.github.tidu4j.codegen;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.github.tidu4j.codegen.Source.MARK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import io.github.tidu4j.processor.diagnostics.ElementGuard;
import io.github.tidu4j.processor.diagnostics.Reporter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The processor across rounds and compilations: sets that name types other processors generate
 * later, several sets at once, and a failure inside the processor.
 */
class ProcessingRoundsTest {

  /** Generates, in its first round, the types the sets below name: another processor's output. */
  @SupportedAnnotationTypes("*")
  static final class OtherProcessor extends AbstractProcessor {
    private boolean done;

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!done) {
        done = true;
        write("com.example.Gen", "package com.example;\npublic record Gen(double v) {}\n");
        write("com.example.Unit", "package com.example;\npublic enum Unit { METRE, FOOT }\n");
      }
      return false;
    }

    private void write(String name, String source) {
      try (Writer out = processingEnv.getFiler().createSourceFile(name).openWriter()) {
        out.write(source);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** The accumulator of a set over {@code Gen}, a record {@link OtherProcessor} generates. */
  private static final List<String> GEN_ADD =
      List.of(
          "  @Primitive(accumulator = true)",
          "  interface Add {",
          "    static Gen eval(Gen a, Gen b) { return new Gen(a.v() + b.v()); }",
          "    static Tangent jvp(GEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
          "    static Cotangents transpose(GEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
          "  }");

  @Test
  void aSetWaitsForTypesAnotherProcessorGeneratesLater() {
    List<String> body = new ArrayList<>(GEN_ADD);
    body.addAll(
            List.of(
                "  @Primitive(multilinear = true)",
                "  interface Convert {",
                "    Unit unit();",
                "    default Gen eval(Gen x) { return x; }",
                "    default Tangent jvp(GEmit e, Tangent dx) { return e.convert(unit(), dx); }",
                "    default Cotangents transpose(GEmit e, Tangent ct) {",
                "      return Cotangents.of(e.convert(unit(), ct));",
                "    }",
                "  }"));
    Source s = Source.setWithAnnotation("@PrimitiveSet(operand = Gen.class, prefix = \"G\")", body);
    Compilation c = Compilations.compile(List.of(new OtherProcessor()), s.file());
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("com.example.GOp").contentsAsUtf8String().contains("public static GOp convert(Unit unit)");
    assertThat(c).generatedSourceFile("com.example.GEvaluator").contentsAsUtf8String().contains("public Gen[] evaluate(Gen... inputs)");
  }

  /**
   * Under {@code -Werror}, javac's {@code -Xlint:processing} warning about an annotation no
   * processor claims ends the rounds after the first, so the type another processor generates in
   * that round never reaches the set waiting for it: one error on the set names that cause, and
   * nothing is written in the last round (javac warns of such files). With the lint's
   * {@code processing} group off, the same sources compile.
   */
  @Test
  void aSetStillWaitingWhenAnErrorEndsTheRoundsNamesThatCause() {
    Source s =
        Source.setWithAnnotation(
            "@PrimitiveSet(operand = Gen.class, prefix = \"G\")",
            GEN_ADD);
    Source unclaimed =
        Source.verbatim(
            "com.example.Tagged",
            "package com.example;",
            "@Tagged.Tag",
            "public final class Tagged {",
            "  @interface Tag {}",
            "}");
    Function<List<String>, Compilation> compileWith =
        options ->
            Compiler.javac()
                .withProcessors(List.of(new OtherProcessor(), new PrimitiveSetProcessor()))
                .withOptions(options)
                .compile(s.file(), unclaimed.file());
    Compilation c = compileWith.apply(List.of("-Xlint:all", "-Werror"));
    assertThat(c)
        .hadErrorContaining(
            "[tidu4j:RoundsEndedEarly] primitive set Real waited for class Gen, which a later"
                + " processing round could have supplied")
        .inFile(s.file())
        .onLineContaining("public interface Real");
    assertThat(c).hadErrorContaining("compile with -Xlint:all,-processing rather than -Xlint:all");
    assertEquals(1, Compilations.processorErrors(c).size(), c.errors().toString());
    assertTrue(
        c.warnings().stream()
            .noneMatch(w -> w.getMessage(null).contains("created in the last round")),
        c.warnings().toString());

    assertThat(compileWith.apply(List.of("-Xlint:all,-processing", "-Werror"))).succeeded();
  }

  @Test
  void aTypeStillMissingInTheLastRoundIsReportedWhereItIsNamed() {
    Source s =
        Source.setWithAnnotation(
            "@PrimitiveSet(operand = Missing.class) " + MARK,
            Source.ADD);
    Compilation c = s.compile();
    s.assertError(c, "UnresolvedType");
    // javac hands the processor no name for the class literal; the name comes from the source
    assertThat(c).hadErrorContaining("the operand of Real refers to class Missing, which does not exist");
  }

  @Test
  void aMissingContextWrittenWithItsPackageIsNamedAsWritten() {
    Source s =
        Source.setWithAnnotation(
            "@PrimitiveSet(operand = double.class, context = com.example.Ctx.class) " + MARK,
            Source.ADD);
    Compilation c = s.compile();
    s.assertError(c, "UnresolvedType");
    assertThat(c)
        .hadErrorContaining("the context of Real refers to class com.example.Ctx, which does not exist");
  }

  @Test
  void anOutputCountNamingAConstantThatNeverResolvesIsReportedOnTheAnnotationValue() {
    Source s =
        Source.realSet(
            "  @Primitive(outputs = Moments.COUNT) " + MARK,
            "  interface MeanVar {",
            "    static double[] eval(double a, double b) { return new double[] {a, b}; }",
            "    static Tangents jvp(RealEmit e, Tangent da, Tangent db) { return Tangents.of(da, db); }",
            "  }");
    Compilation c = s.compile();
    s.assertError(c, "UnresolvedValue");
    assertThat(c)
        .hadErrorContaining(
            "the value of outputs of @Primitive on MeanVar does not resolve to an int constant");
    assertNoTidu4jErrorBut(c, "UnresolvedValue");
  }

  @Test
  void aPrefixNamingAMisspelledConstantIsReportedOnTheAnnotationValueNotAsAnInvalidName() {
    Source s =
        Source.setWithAnnotation(
            "@PrimitiveSet(operand = double.class, prefix = Settings.PERFIX) " + MARK, Source.ADD);
    Source settings =
        Source.file(
            "com.example.Settings",
            "public final class Settings {",
            "  public static final String PREFIX = \"Real\";",
            "  private Settings() {}",
            "}");
    Compilation c = s.compile(settings);
    s.assertError(c, "UnresolvedValue");
    assertThat(c)
        .hadErrorContaining("the value of prefix of @PrimitiveSet on Real does not resolve to a String");
    assertNoTidu4jErrorBut(c, "UnresolvedValue");
  }

  /** No tidu4j error other than {@code id} (an InternalError, a false InvalidName). */
  private static void assertNoTidu4jErrorBut(Compilation c, String id) {
    for (Diagnostic<? extends JavaFileObject> error : c.errors()) {
      String message = error.getMessage(null);
      assertTrue(
          !message.startsWith("[tidu4j:") || message.startsWith("[tidu4j:" + id + "]"), message);
    }
  }

  @Test
  void severalSetsInOneCompilationAreEachGenerated() {
    Source real = Source.realSet();
    Source other =
        Source.file(
            "com.example.Other",
            "@PrimitiveSet(operand = long.class)",
            "interface Other {",
            "  @Primitive(accumulator = true)",
            "  interface Add {",
            "    static long eval(long a, long b) { return a + b; }",
            "    static Tangent jvp(OtherEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
            "    static Cotangents transpose(OtherEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
            "  }",
            "}");
    Compilation c = real.compile(other);
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("com.example.RealOp");
    assertThat(c).generatedSourceFile("com.example.OtherEvaluator").contentsAsUtf8String().contains("long[] s = new long[program.slotCount()]");
  }

  /**
   * {@code com.example.P}, whose {@code Twice.jvp} takes {@code emitter} ({@code PEmit}, or another
   * set's emitter), on the marked line.
   */
  private static Source setP(String emitter) {
    return Source.file(
        "com.example.P",
        "@PrimitiveSet(operand = double.class)",
        "public interface P {",
        "  @Primitive(accumulator = true)",
        "  interface Add {",
        "    static double eval(double a, double b) { return a + b; }",
        "    static Tangent jvp(PEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
        "    static Cotangents transpose(PEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
        "  }",
        "  @Primitive",
        "  interface Twice {",
        "    static double eval(double x) { return 2 * x; }",
        "    static Tangent jvp(" + emitter + " e, Tangent dx) { return e.add(dx, dx); } " + MARK,
        "  }",
        "}");
  }

  /** {@code com.example.Q}, a set whose {@code Neg.jvp} takes {@code emitter}, on the marked line. */
  private static Source setQ(String emitter) {
    return Source.file(
        "com.example.Q",
        "@PrimitiveSet(operand = double.class)",
        "public interface Q {",
        "  @Primitive(accumulator = true)",
        "  interface Add {",
        "    static double eval(double a, double b) { return a + b; }",
        "    static Tangent jvp(QEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
        "    static Cotangents transpose(QEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
        "  }",
        "  @Primitive",
        "  interface Neg {",
        "    static double eval(double x) { return -x; }",
        "    static Tangent jvp(" + emitter + " e, Tangent dx) { return e.add(dx, dx); } " + MARK,
        "  }",
        "}");
  }

  /**
   * A rule taking the emitter another set of the compilation generates waits for it, whichever
   * set comes first, and is then told it takes its own set's emitter: {@code QEmit} is no
   * misspelling of {@code PEmit}, though one letter from it.
   */
  @Test
  void aRuleTakingAnotherSetsEmitterWaitsForItAndIsToldToTakeItsOwnInEitherOrder() {
    Source p = setP("QEmit");
    Source q = setQ("QEmit");
    for (Compilation c : List.of(p.compile(q), q.compile(p))) {
      p.assertError(c, "JvpSignature");
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:JvpSignature] parameter e of Twice.jvp has type com.example.QEmit, another"
                  + " set's emitter, which would emit into that set's graphs, not this one's; a"
                  + " rule takes its own set's emitter, PEmit");
      // "another set's emitter": QEmit is Q's real emitter, not a stand-in
      assertEquals(1, c.errors().size(), c.errors().toString());
    }
  }

  /**
   * Two sets each waiting for the other's emitter would wait for each other until the last round,
   * after javac's {@code cannot find symbol} errors: both are reported when the round ends, saying
   * why the other's type never comes.
   */
  @Test
  void setsWaitingForEachOthersEmittersAreReportedWhenTheRoundEnds() {
    Source p = setP("QEmit");
    Source q = setQ("PEmit");
    Compilation c = p.compile(q);
    p.assertError(c, "UnresolvedType");
    q.assertError(c, "UnresolvedType");
    assertThat(c)
        .hadErrorContaining(
            "parameter e of Twice.jvp refers to QEmit, which is never generated, so the set"
                + " cannot be generated; com.example.QEmit would be generated by primitive set"
                + " com.example.Q, which cannot be read first either: sets naming each other's"
                + " generated types wait for each other");
    // the stand-ins written then leave no "cannot find symbol" behind
    assertEquals(2, c.errors().size(), c.errors().toString());
  }

  /** A name near another set's emitter that no set generates is still a sure slip, reported at once. */
  @Test
  void aMisspeltNameBesideAnotherSetIsReportedAtOnce() {
    Source p = setP("PEmt");
    Compilation c = p.compile(setQ("QEmit"));
    p.assertError(c, "UnresolvedType");
    assertThat(c).hadErrorContaining("refers to PEmt, which does not exist, so the set cannot be"
        + " generated; did you mean PEmit, the set's generated emitter?");
  }

  @Test
  void twoSetsCannotGenerateTheSameTypes() {
    Source first = Source.realSet();
    Source second =
        Source.file(
            "com.example.Second",
            "@PrimitiveSet(operand = double.class, prefix = \"Real\") " + MARK,
            "interface Second {",
            String.join("\n", Source.ADD),
            "}");
    Compilation c = first.compile(second);
    second.assertError(c, "TypeClash");
    // every name taken for one reason: one error listing them
    assertThat(c)
        .hadErrorContaining(
            "primitive set Second would generate com.example.RealOp, RealEmit, RealEvaluator,"
                + " RealKernels, RealBuilder, RealValue, EagerReal, but primitive set"
                + " com.example.Real generates types of those names");
    assertEquals(1, Compilations.processorErrors(c).size(), c.errors().toString());
  }

  @Test
  void aSetNestedInAClassGeneratesNextToIt() {
    Source s =
        Source.file(
            "com.example.Outer",
            "public class Outer {",
            "  @PrimitiveSet(operand = double.class, prefix = \"Real\")",
            "  interface Scalars {",
            String.join("\n", Source.ADD),
            "  }",
            "}");
    Compilation c = s.compile();
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("com.example.RealOp").contentsAsUtf8String().contains("Outer.Scalars.Add.eval(");
  }

  /** Fails inside the guard on every set, as a processor bug would. */
  @SupportedAnnotationTypes("io.github.tidu4j.annotations.PrimitiveSet")
  static final class FailingProcessor extends AbstractProcessor {
    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      ElementGuard guard = new ElementGuard(new Reporter(processingEnv.getMessager()));
      for (TypeElement annotation : annotations) {
        for (Element element : round.getElementsAnnotatedWith(annotation)) {
          guard.run(
              element,
              () -> {
                throw new IllegalStateException("a bug while processing " + element.getSimpleName());
              });
        }
      }
      return false;
    }
  }

  @Test
  void anUnexpectedExceptionIsAnErrorOnTheElementWithItsStackTrace() {
    Source s =
        Source.file(
            "com.example.Real",
            "@PrimitiveSet(operand = double.class)",
            "public interface Real { " + MARK,
            String.join("\n", Source.ADD),
            "}");
    List<Processor> processors = List.of(new FailingProcessor());
    Compilation c = Compiler.javac().withProcessors(processors).compile(s.file());
    s.assertError(c, "InternalError");
    // the compilation ran to its end (a crashing processor would have thrown out of compile())
    List<Diagnostic<? extends JavaFileObject>> errors = Compilations.processorErrors(c);
    assertEquals(1, errors.size(), errors.toString());
    String message = errors.get(0).getMessage(null);
    assertTrue(message.contains("java.lang.IllegalStateException: a bug while processing Real"), message);
    assertTrue(message.contains("at io.github.tidu4j.codegen.ProcessingRoundsTest$FailingProcessor"), message);
  }

  /** Fails in a round's bookkeeping, inside the guard, as a bug in a step's round hooks would. */
  @SupportedAnnotationTypes("io.github.tidu4j.annotations.PrimitiveSet")
  static final class FailingRoundProcessor extends AbstractProcessor {
    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      ElementGuard guard = new ElementGuard(new Reporter(processingEnv.getMessager()));
      Set<Element> sets = new LinkedHashSet<>();
      for (TypeElement annotation : annotations) {
        sets.addAll(round.getElementsAnnotatedWith(annotation));
      }
      if (round.processingOver()) {
        guard.runForRound("the last round", sets, () -> {
          throw new IllegalStateException("a bug in the last round");
        });
      } else {
        guard.runForRound("the end of a round", sets, () -> {
          throw new IllegalStateException("a bug at the end of a round");
        });
      }
      return false;
    }
  }

  @Test
  void anUnexpectedExceptionInARoundsBookkeepingIsAnErrorNamingTheSets() {
    Source real =
        Source.file(
            "com.example.Real",
            "@PrimitiveSet(operand = double.class)",
            "public interface Real { " + MARK,
            String.join("\n", Source.ADD),
            "}");
    Source other =
        Source.file(
            "com.example.Other",
            "@PrimitiveSet(operand = double.class)",
            "public interface Other {",
            String.join("\n", Source.ADD).replace("RealEmit", "OtherEmit"),
            "}");
    Compilation c =
        Compiler.javac()
            .withProcessors(List.of(new FailingRoundProcessor()))
            .compile(real.file(), other.file());
    // the compilation ran to its end: one error at the first set naming both, one at no element
    // for the last round, which has no sets
    List<Diagnostic<? extends JavaFileObject>> errors = Compilations.processorErrors(c);
    List<String> messages = errors.stream().map(d -> d.getMessage(null)).toList();
    assertEquals(2, messages.size(), messages.toString());
    assertTrue(
        messages.get(0).startsWith(
            "[tidu4j:InternalError] the tidu4j processor failed unexpectedly on the end of a round"
                + " (sets Real, Other)"),
        messages.get(0));
    assertTrue(messages.get(0).contains("IllegalStateException: a bug at the end of a round"));
    assertEquals(
        "com/example/Real.java",
        errors.get(0).getSource().toUri().getPath().replaceFirst("^/", ""));
    assertTrue(
        messages.get(1).startsWith(
            "[tidu4j:InternalError] the tidu4j processor failed unexpectedly on the last round;"),
        messages.get(1));
    assertEquals(null, errors.get(1).getSource());
  }
}
