package io.github.tidu4j.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Javadoc of generated code passes doclint with every group on every member, private ones
 * included ({@code -Xdoclint:all/private}, what a plain {@code -Xdoclint:all} checks): every
 * member, parameter and result documented, and no broken reference, bad HTML or syntax error
 * anywhere. It does so for sets of every shape the processor writes: nested in a class or in the
 * default package, names shadowing JDK types, deprecated and serializable primitives, a context
 * type, attributes of every kind, several outputs, an abstract type with type rules and
 * composites, operands other than {@code double}, eager classes taking or declaring a domain and a
 * tier policy, element, block and joint kernels, Taylor rules, scale and zero primitives, {@code
 * fluent = false}, a set large enough for its tables and switches to be split into chunks, and the
 * representative set of the golden files. So a user whose build runs {@code javac -Xdoclint:all
 * -Werror}, or {@code javadoc} over generated sources, gets nothing from tidu4j. (The cases' own
 * sources are not documented to doclint's standard, so the test looks at where each finding is
 * rather than using {@code -Werror}.)
 */
class GeneratedJavadocTest {
  private static final List<String> OPTIONS =
      List.of("-Xdoclint:all/private", "-Xmaxwarns", "10000");
  private static final Pattern PUBLIC_TYPE =
      Pattern.compile(
          "^public\\s+(?:(?:abstract|final|sealed|non-sealed)\\s+)*"
              + "(?:class|interface|enum|record|@interface)\\s+(\\w+)",
          Pattern.MULTILINE);
  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "corpus/NamesOkSetNestedInClass.java",
        "corpus/OkPrefixedSetInsideAClass.java",
        "corpus/OkSetInDefaultPackage.java",
        "corpus/NamesOkAttributesNamedLikeTypes.java",
        "corpus/NamesOkAttributesNamedLikeLocals.java",
        "corpus/NamesOkMemberTypesNamedLikeJdk.java",
        "corpus/NamesOkPackageTypesNamedLikeJdk.java",
        "corpus/NamesOkDeprecatedPrimitives.java",
        "corpus/NamesOkSerializablePrimitive.java",
        "corpus/NamesOkContextAndAttributesNamedCtx.java",
        "corpus/OkRecordAndEnumAttributes.java",
        "corpus/OkAttributeHoldsAnOperationOfTheSet.java",
        "corpus/OkNullaryConstantWithAttribute.java",
        "corpus/OkTwoOutputsSinCos.java",
        "corpus/ReadOkTwelveOutputs.java",
        "corpus/TypedOkUnitsOfMeasure.java",
        "corpus/TypedOkBuilderInputsCarryTheirType.java",
        "corpus/FluentOkBuildsTheGraphOfApply.java",
        "corpus/FluentOkFluentFalseKeepsOwnValueClass.java",
        "corpus/OkLongOperandCounters.java",
        "corpus/EagerOkSetOverBoxedDoubleTakesADomain.java",
        "corpus/EagerOkSetWithATierPolicy.java",
        "corpus/OkElementwiseKernelReadsAttribute.java",
        "corpus/BlockOkKernelListedAndRuns.java",
        "corpus/JointOkSinCosKernelCompilesAndRuns.java",
        "corpus/OkTaylorRuleExpandsAReciprocal.java",
        "corpus/OkScalePrimitiveGetsItsRules.java",
        "corpus/OkZeroPrimitiveGivesZeroOutputs.java",
        "corpus/OkSoftplusSecondDerivative.java",
        "sources/com/example/Real.java"
      })
  void generatedJavadocPassesDoclint(String resource) {
    assertPassesDoclint(resource, sources(resource));
  }

  /**
   * Past 100 primitives the kernel table is filled by one method per chunk, and past 64 the
   * evaluator dispatches to one switch method per chunk: members no smaller set has.
   */
  @Test
  void generatedJavadocOfALargeSetPassesDoclint() {
    List<JavaFileObject> sources =
        List.of(JavaFileObjects.forSourceString("com.example.Big", LargeSetsTest.bigSet(100)));
    Compilation compilation = assertPassesDoclint("com.example.Big", sources);
    assertTrue(
        contents(compilation, "com.example.BigKernels").contains("private static void table1(")
            && contents(compilation, "com.example.BigEvaluator").contains("private int run1("),
        "the set is large enough for its kernel table and its switch to be split");
  }

  /**
   * The generated fluent and eager methods show the first sentence of what they apply: a
   * primitive's or a composite's own Javadoc, with links that would not resolve in the generated
   * class made code, HTML dropped, and long text wrapped; doclint finds nothing in it.
   */
  @Test
  void generatedMethodsShowTheFirstSentenceOfWhatTheyApply() {
    String set =
        String.join(
            "\n",
            "package com.example;",
            "import io.github.tidu4j.ad.rules.Cotangents;",
            "import io.github.tidu4j.ad.rules.Primal;",
            "import io.github.tidu4j.ad.rules.Tangent;",
            "import io.github.tidu4j.annotations.Primitive;",
            "import io.github.tidu4j.annotations.PrimitiveSet;",
            "/** A set whose declarations say what they do. */",
            "@PrimitiveSet(operand = double.class)",
            "public interface Said {",
            "  /** The sum, as {@link Twice} is a <b>sum</b> of {@code x} with itself. More here. */",
            "  @Primitive(accumulator = true)",
            "  interface Add {",
            "    static double eval(double a, double b) { return a + b; }",
            "    static Tangent jvp(SaidEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
            "    static Cotangents transpose(SaidEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
            "  }",
            "  /**",
            "   * Twice its operand, a linear map whose adjoint is itself, written here at length so",
            "   * that the sentence runs well past the width of one line of generated Javadoc. Next.",
            "   */",
            "  @Primitive(multilinear = true)",
            "  interface Twice {",
            "    static double eval(double x) { return 2 * x; }",
            "    static Tangent jvp(SaidEmit e, Tangent dx) { return e.twice(dx); }",
            "    static Cotangents transpose(SaidEmit e, Tangent ct) { return Cotangents.of(e.twice(ct)); }",
            "  }",
            "  /** Four times {@code x}: {@link #quadruple(SaidValue)} twice. */",
            "  static SaidValue quadruple(SaidValue x) { return x.twice().twice(); }",
            "}",
            "");
    Compilation compilation =
        assertPassesDoclint(
            "com.example.Said", List.of(JavaFileObjects.forSourceString("com.example.Said", set)));
    String value = contents(compilation, "com.example.SaidValue");
    assertTrue(
        value.contains(
            "   * <p>The sum, as {@code Twice} is a sum of {@code x} with itself.\n"),
        value);
    assertTrue(
        value.contains(
            "   * <p>Twice its operand, a linear map whose adjoint is itself, written here at length"
                + " so that\n   * the sentence runs well past the width of one line of generated"
                + " Javadoc.\n"),
        value);
    assertTrue(
        value.contains("   * <p>Four times {@code x}: {@code quadruple(SaidValue)} twice.\n"),
        value);
    assertTrue(
        contents(compilation, "com.example.EagerSaid").contains("   * <p>Twice its operand,"),
        "the eager class shows it too");
  }

  @Test
  void doclintRejectsABrokenLink() {
    // the options really run doclint: it fails on a reference that resolves nowhere
    Compilation compilation =
        compile(
            List.of(
                JavaFileObjects.forSourceString(
                    "com.example.Broken",
                    "package com.example;\n/** See {@link Nowhere}. */\npublic final class Broken {}\n")),
            List.of());
    assertEquals(Compilation.Status.FAILURE, compilation.status(), String.join(" ", OPTIONS));
  }

  @Test
  void doclintReportsAnUndocumentedPrivateMemberOfAGeneratedFile() {
    // the options reach private members, and the findings in generated files are the ones counted:
    // a processor that writes a file with one undocumented private field is caught
    Compilation compilation =
        compile(
            List.of(
                JavaFileObjects.forSourceString(
                    "com.example.Root",
                    "package com.example;\n/** A root. */\nfinal class Root {}\n")),
            List.of(new UndocumentedFieldWriter()));
    assertEquals(Compilation.Status.SUCCESS, compilation.status());
    assertEquals(
        List.of("WARNING /SOURCE_OUTPUT/com/example/Undocumented.java:4: no comment"),
        describe(compilation.diagnostics()));
  }

  /** Compiles {@code sources} and asserts doclint finds nothing in what the processor generated. */
  private static Compilation assertPassesDoclint(String what, List<JavaFileObject> sources) {
    Compilation compilation = compile(sources, List.of());
    assertEquals(Compilation.Status.SUCCESS, compilation.status(), what + " compiles");
    assertTrue(
        compilation.generatedSourceFiles().size() >= 4, what + " generated its set's sources");
    assertEquals(
        List.of(),
        describe(compilation.diagnostics()),
        "doclint (" + OPTIONS.get(0) + ") finds nothing in the code generated for " + what);
    return compilation;
  }

  private static Compilation compile(List<JavaFileObject> sources, List<Processor> others) {
    List<Processor> processors = new ArrayList<>(others);
    processors.add(new PrimitiveSetProcessor());
    return Compiler.javac().withProcessors(processors).withOptions(OPTIONS).compile(sources);
  }

  private static String contents(Compilation compilation, String type) {
    try {
      return compilation.generatedSourceFile(type).orElseThrow().getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The files of a resource; a corpus case may hold several, separated by {@code //--- next file}. */
  private static List<JavaFileObject> sources(String resource) {
    List<JavaFileObject> files = new ArrayList<>();
    for (String part : read(resource).split("//--- next file[^\n]*\n", -1)) {
      Matcher type = PUBLIC_TYPE.matcher(part);
      Matcher pkg = PACKAGE.matcher(part);
      String simple = type.find() ? type.group(1) : "Part" + files.size();
      files.add(
          JavaFileObjects.forSourceString(pkg.find() ? pkg.group(1) + "." + simple : simple, part));
    }
    return files;
  }

  /**
   * The errors and warnings in generated files, described. Notes are left out: javac's doclint
   * notes a link to a deprecated element as a use of a deprecated API ("{0} uses or overrides a
   * deprecated API", with no file), whatever {@code @SuppressWarnings} says, and a note fails no
   * build.
   */
  private static List<String> describe(List<Diagnostic<? extends JavaFileObject>> diagnostics) {
    List<String> lines = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics) {
      if (d.getKind() == Diagnostic.Kind.NOTE
          || (d.getSource() != null && !d.getSource().toUri().getPath().contains("/SOURCE_OUTPUT/"))) {
        continue;
      }
      lines.add(
          d.getKind() + " " + (d.getSource() == null ? "-" : d.getSource().getName()) + ":"
              + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT));
    }
    return lines;
  }

  private static String read(String resource) {
    try (InputStream in = GeneratedJavadocTest.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new AssertionError(resource + " is missing");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\r\n", "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Generates {@code com.example.Undocumented}, documented but for its private field. */
  private static final class UndocumentedFieldWriter extends AbstractProcessor {
    private boolean written;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (written) {
        return false;
      }
      written = true;
      try (Writer out =
          processingEnv.getFiler().createSourceFile("com.example.Undocumented").openWriter()) {
        out.write(
            "package com.example;\n/** Documented. */\npublic final class Undocumented {\n"
                + "  private int count;\n\n  /** Documented. */\n  private Undocumented() {}\n}\n");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return false;
    }
  }
}
