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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Javadoc of generated code passes doclint: sets of varied shapes (nested in a class, names
 * shadowing JDK types, deprecated elements, several outputs, the representative set of the golden
 * files) compile with {@code -Xdoclint:all,-missing -Werror}, so a user who runs doclint on their
 * build (or {@code javadoc} over generated sources) gets no broken reference, bad HTML or syntax
 * error from tidu4j. The {@code missing} group is left out: it asks for a comment on every
 * parameter and private member, which generated code documents only where it says something.
 */
class GeneratedJavadocTest {
  private static final List<String> OPTIONS = List.of("-Xdoclint:all,-missing", "-Werror");
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
        "corpus/NamesOkAttributesNamedLikeTypes.java",
        "corpus/NamesOkMemberTypesNamedLikeJdk.java",
        "corpus/NamesOkPackageTypesNamedLikeJdk.java",
        "corpus/NamesOkDeprecatedPrimitives.java",
        "corpus/OkSoftplusSecondDerivative.java",
        "sources/com/example/Real.java"
      })
  void generatedJavadocPassesDoclint(String resource) {
    Compilation compilation = compile(sources(resource));
    assertEquals(
        List.of(),
        describe(compilation.diagnostics()),
        resource + " must compile under " + OPTIONS + " with no error or warning");
    assertEquals(Compilation.Status.SUCCESS, compilation.status());
    assertTrue(
        compilation.generatedSourceFiles().size() >= 4, resource + " generated its set's sources");
  }

  @Test
  void doclintRejectsABrokenLink() {
    // the options really run doclint: the same check fails on a reference that resolves nowhere
    Compilation compilation =
        compile(
            List.of(
                JavaFileObjects.forSourceString(
                    "com.example.Broken",
                    "package com.example;\n/** See {@link Nowhere}. */\npublic final class Broken {}\n")));
    assertEquals(Compilation.Status.FAILURE, compilation.status());
  }

  private static Compilation compile(List<JavaFileObject> sources) {
    return Compiler.javac()
        .withProcessors(new PrimitiveSetProcessor())
        .withOptions(OPTIONS)
        .compile(sources);
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
   * The errors and warnings, described. Notes are left out: javac's doclint notes a link to a
   * deprecated element as a use of a deprecated API ("{0} uses or overrides a deprecated API"),
   * whatever {@code @SuppressWarnings} says, and a note fails no build.
   */
  private static List<String> describe(List<Diagnostic<? extends JavaFileObject>> diagnostics) {
    List<String> lines = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics) {
      if (d.getKind() == Diagnostic.Kind.NOTE) {
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
}
