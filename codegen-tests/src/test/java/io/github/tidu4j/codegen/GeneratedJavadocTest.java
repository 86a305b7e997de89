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
 * The Javadoc of generated code passes doclint: for sets of varied shapes (nested in a class, names
 * shadowing JDK types, deprecated elements, several outputs, the representative set of the golden
 * files), doclint finds nothing in the generated files, with every group on the public API ({@code
 * -Xdoclint:all/protected}: every public parameter and result documented) and every group but
 * {@code missing} on all members ({@code -Xdoclint:all,-missing}: no broken reference, bad HTML or
 * syntax error anywhere). So a user who runs doclint on their build, or {@code javadoc} over
 * generated sources, gets nothing from tidu4j. (The cases' own sources are not documented to
 * doclint's standard, so the test looks at where each finding is rather than using {@code
 * -Werror}.)
 */
class GeneratedJavadocTest {
  private static final List<List<String>> OPTIONS =
      List.of(
          List.of("-Xdoclint:all/protected", "-Xmaxwarns", "10000"),
          List.of("-Xdoclint:all,-missing", "-Xmaxwarns", "10000"));
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
    for (List<String> options : OPTIONS) {
      Compilation compilation = compile(sources(resource), options);
      assertEquals(Compilation.Status.SUCCESS, compilation.status(), resource + " compiles");
      assertTrue(
          compilation.generatedSourceFiles().size() >= 4, resource + " generated its set's sources");
      assertEquals(
          List.of(),
          describe(compilation.diagnostics()),
          "doclint (" + options.get(0) + ") finds nothing in the code generated for " + resource);
    }
  }

  @Test
  void doclintRejectsABrokenLink() {
    // the options really run doclint: each fails on a reference that resolves nowhere
    for (List<String> options : OPTIONS) {
      Compilation compilation =
          compile(
              List.of(
                  JavaFileObjects.forSourceString(
                      "com.example.Broken",
                      "package com.example;\n/** See {@link Nowhere}. */\npublic final class Broken {}\n")),
              options);
      assertEquals(Compilation.Status.FAILURE, compilation.status(), String.join(" ", options));
    }
  }

  private static Compilation compile(List<JavaFileObject> sources, List<String> options) {
    return Compiler.javac()
        .withProcessors(new PrimitiveSetProcessor())
        .withOptions(options)
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
}
