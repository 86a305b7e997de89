package io.github.tidu4j.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.palantir.javapoet.ClassName;
import io.github.tidu4j.ad.AD;
import io.github.tidu4j.annotations.PrimitiveSet;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;

/**
 * A set declared in a user's named module compiles with the processor under {@code -Xlint:all
 * -Werror}, with tidu4j's modules on the module path as a user's build puts them. The case that
 * broke: another module the user requires reads {@code java.compiler}, so {@code @Generated} is on
 * the module graph but not readable from the user's module; and a user's module that reads it
 * without {@code requires transitive} gets an {@code -Xlint:exports} warning for each public type
 * carrying it. Generated code in a named module goes without the (source-retained) annotation.
 */
class NamedModuleCompileTest {
  private static final String SET =
      """
      package com.example.shapes;

      import io.github.tidu4j.ad.rules.Cotangents;
      import io.github.tidu4j.ad.rules.Tangent;
      import io.github.tidu4j.annotations.Primitive;
      import io.github.tidu4j.annotations.PrimitiveSet;

      /** Sums and negation: a small closed set. */
      @PrimitiveSet(operand = double.class)
      public interface Flip {
        /** {@code a + b}. */
        @Primitive(accumulator = true)
        interface Add {
          static double eval(double a, double b) {
            return a + b;
          }

          static Tangent jvp(FlipEmit e, Tangent da, Tangent db) {
            return e.add(da, db);
          }

          static Cotangents transpose(FlipEmit e, Tangent ct) {
            return Cotangents.of(ct, ct);
          }
        }

        /** {@code -x}. */
        @Primitive(multilinear = true)
        interface Neg {
          static double eval(double x) {
            return -x;
          }

          static Tangent jvp(FlipEmit e, Tangent dx) {
            return e.neg(dx);
          }

          static Cotangents transpose(FlipEmit e, Tangent ct) {
            return Cotangents.of(e.neg(ct));
          }
        }
      }
      """;

  @TempDir Path dir;

  @Test
  void aSetInANamedModuleCompilesWarningFree() throws Exception {
    Path generated = compileUser("");
    assertFalse(readAll(generated).contains("@Generated"), "java.compiler is not on the graph");
  }

  @Test
  void aModuleThatCannotReadJavaCompilerGetsNoGeneratedAnnotationItCouldNotCompile()
      throws Exception {
    Path lib = dir.resolve("lib-src");
    write(lib.resolve("module-info.java"), "module lib { requires java.compiler; exports lib; }");
    write(lib.resolve("lib/Lib.java"), "package lib; public class Lib {}");
    Path libOut = dir.resolve("lib");
    javac(List.of("-d", libOut.toString()), sources(lib));

    Path generated = compileUser("requires lib;", libOut.toString());
    assertFalse(readAll(generated).contains("@Generated"), "not readable from com.example.shapes");
  }

  @Test
  void aModuleThatReadsJavaCompilerStillCompilesWarningFree() throws Exception {
    // @Generated on the public generated types would be an -Xlint:exports warning here
    Path generated = compileUser("requires static java.compiler;");
    assertFalse(readAll(generated).contains("@Generated"));
  }

  /** Compiles the user's module; returns the directory of generated sources. */
  private Path compileUser(String extraRequires, String... extraModulePath) throws Exception {
    Path src = dir.resolve("user-src");
    write(
        src.resolve("module-info.java"),
        "module com.example.shapes {\n"
            + "  requires transitive io.github.tidu4j.ad;\n"
            + "  requires static transitive io.github.tidu4j.annotations;\n"
            + "  "
            + extraRequires
            + "\n  exports com.example.shapes;\n}\n");
    write(src.resolve("com/example/shapes/Flip.java"), SET);
    Path generated = dir.resolve("generated");
    List<String> modulePath = new ArrayList<>();
    for (Class<?> type : List.of(PrimitiveSet.class, Graph.class, AD.class, ClassWriter.class)) {
      modulePath.add(location(type));
    }
    modulePath.addAll(List.of(extraModulePath));
    List<String> processorPath =
        List.of(
            location(PrimitiveSetProcessor.class),
            location(ClassName.class),
            location(PrimitiveSet.class));
    Files.createDirectories(generated);
    javac(
        List.of(
            "--release", "17", "-Xlint:all", "-Werror",
            "--module-path", String.join(File.pathSeparator, modulePath),
            "--processor-path", String.join(File.pathSeparator, processorPath),
            "-s", generated.toString(),
            "-d", dir.resolve("user").toString()),
        sources(src));
    return generated;
  }

  private static void javac(List<String> options, List<String> files) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    // an empty class path: javac would otherwise take this test's, with directories that may not
    // exist (a -Xlint:path warning)
    List<String> args = new ArrayList<>(List.of("-classpath", ""));
    args.addAll(options);
    args.addAll(files);
    int status =
        javac.run(null, OutputStream.nullOutputStream(), diagnostics, args.toArray(String[]::new));
    String said = diagnostics.toString(StandardCharsets.UTF_8);
    assertEquals(0, status, "javac " + String.join(" ", args) + "\n" + said);
    assertEquals("", said, "javac's diagnostics");
  }

  private static String location(Class<?> type) throws URISyntaxException {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }

  private static List<String> sources(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(p -> p.toString().endsWith(".java")).map(Path::toString).toList();
    }
  }

  private static String readAll(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      List<Path> java = files.filter(p -> p.toString().endsWith(".java")).toList();
      assertEquals(
          7,
          java.size(),
          "FlipOp, FlipEmit, FlipEvaluator, FlipKernels, FlipBuilder, FlipValue, EagerFlip: " + java);
      StringBuilder all = new StringBuilder();
      for (Path p : java) {
        all.append(Files.readString(p));
      }
      return all.toString();
    }
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}
