package io.github.tidu4j.codegen;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.tools.JavaFileObject;

/**
 * A test source file whose lines are given one by one, so a test can name the line a diagnostic
 * must point at: the line ending with the marker {@value #MARK}.
 */
final class Source {
  /** Marks the line a diagnostic is expected on. */
  static final String MARK = "// <-";

  /** A valid accumulator for sets of {@code double}s with emitter {@code RealEmit}. */
  static final List<String> ADD =
      List.of(
          "  @Primitive(accumulator = true)",
          "  interface Add {",
          "    static double eval(double a, double b) { return a + b; }",
          "    static Tangent jvp(RealEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
          "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
          "  }");

  /** A valid multilinear primitive. */
  static final List<String> MUL =
      List.of(
          "  @Primitive(multilinear = true)",
          "  interface Mul {",
          "    static double eval(double a, double b) { return a * b; }",
          "    static Tangent jvp(RealEmit e, Primal a, Primal b, Tangent da, Tangent db) {",
          "      return e.add(e.mul(da, b), e.mul(a, db));",
          "    }",
          "    static Cotangents transpose(RealEmit e, Arg a, Arg b, Tangent ct) {",
          "      return a.isLinear()",
          "          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())",
          "          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));",
          "    }",
          "  }");

  private final JavaFileObject file;
  private final List<String> lines;

  private Source(String qualifiedName, List<String> lines) {
    this.lines = List.copyOf(lines);
    this.file = JavaFileObjects.forSourceLines(qualifiedName, this.lines);
  }

  /** {@code com.example.Real}: {@code @PrimitiveSet(members) public interface Real {body}}. */
  static Source set(String members, List<String> body) {
    return setWithAnnotation("@PrimitiveSet(" + members + ")", body);
  }

  /** {@code com.example.Real}: {@code annotationLine}, then {@code public interface Real {body}}. */
  static Source setWithAnnotation(String annotationLine, List<String> body) {
    List<String> lines = new ArrayList<>(header());
    lines.add(annotationLine);
    lines.add("public interface Real {");
    lines.addAll(body);
    lines.add("}");
    return new Source("com.example.Real", lines);
  }

  /** A set of {@code double}s with {@link #ADD} and then {@code primitives}. */
  static Source realSet(String... primitives) {
    List<String> body = new ArrayList<>(ADD);
    body.addAll(Arrays.asList(primitives));
    return set("operand = double.class", body);
  }

  /** A file of {@code lines} alone, with no package or imports added. */
  static Source verbatim(String qualifiedName, String... lines) {
    return new Source(qualifiedName, Arrays.asList(lines));
  }

  /** Any file of package {@code com.example}: the header, then {@code lines}. */
  static Source file(String qualifiedName, String... lines) {
    List<String> all = new ArrayList<>(header());
    all.addAll(Arrays.asList(lines));
    return new Source(qualifiedName, all);
  }

  private static List<String> header() {
    return List.of(
        "package com.example;",
        "",
        "import io.github.tidu4j.ad.ADRuleError;",
        "import io.github.tidu4j.ad.rules.*;",
        "import io.github.tidu4j.annotations.*;",
        "");
  }

  /** The file to compile. */
  JavaFileObject file() {
    return file;
  }

  /** The 1-based number of the line carrying {@link #MARK}. */
  int markedLine() {
    return line("");
  }

  /** The 1-based number of the line ending with {@link #MARK} followed by {@code tag}. */
  int line(String tag) {
    int found = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).endsWith(MARK + tag)) {
        if (found >= 0) {
          throw new IllegalStateException("two lines are marked: " + (found + 1) + " and " + (i + 1));
        }
        found = i;
      }
    }
    if (found < 0) {
      throw new IllegalStateException("no line ends with " + MARK + tag);
    }
    return found + 1;
  }

  /** Compiles this file (and {@code others}) with the processor. */
  Compilation compile(Source... others) {
    JavaFileObject[] files = new JavaFileObject[others.length + 1];
    files[0] = file;
    for (int i = 0; i < others.length; i++) {
      files[i + 1] = others[i].file;
    }
    return Compilations.compile(files);
  }

  /** Asserts {@code compilation} failed with error {@code id} on the marked line of this file. */
  void assertError(Compilation compilation, String id) {
    assertThat(compilation).failed();
    assertThat(compilation)
        .hadErrorContaining("[tidu4j:" + id + "]")
        .inFile(file)
        .onLine(markedLine());
  }

  /** Compiles this file alone and asserts error {@code id} on the marked line. */
  Compilation expectError(String id) {
    Compilation compilation = compile();
    assertError(compilation, id);
    return compilation;
  }
}
