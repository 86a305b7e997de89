package io.github.tidu4j.codegen;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor under the Eclipse compiler (ecj, what Eclipse builds with): it generates what it
 * generates under javac, character for character. The two compilers' annotation processing
 * differ where the API leaves them free; the order of {@code Elements.getAllMembers} is one
 * (javac's is the declaration order, ecj's another), and the attributes of a primitive, read from
 * it, are the parameters of its generated factory: in another order, {@code clamp(low, high)}
 * would take its bounds swapped and still compile.
 */
class EclipseCompilerTest {
  private static final JavaFileObject BOUNDS =
      JavaFileObjects.forSourceString(
          "com.example.bounds.Bounds",
          """
      package com.example.bounds;

      import io.github.tidu4j.ad.rules.Cotangents;
      import io.github.tidu4j.ad.rules.Primal;
      import io.github.tidu4j.ad.rules.Tangent;
      import io.github.tidu4j.annotations.Primitive;
      import io.github.tidu4j.annotations.PrimitiveSet;

      @PrimitiveSet(operand = double.class)
      public interface Bounds {
        @Primitive(accumulator = true)
        interface Add {
          static double eval(double a, double b) { return a + b; }
          static Tangent jvp(BoundsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
          static Cotangents transpose(BoundsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
        }

        @Primitive(scale = true)
        interface Scale {
          double factor();
          default double eval(double x) { return factor() * x; }
        }

        /** An attribute a primitive inherits, after those it declares. */
        interface Centred {
          double centre();
        }

        /** Attributes of one type in an order neither alphabetical nor the reverse. */
        @Primitive
        interface Clamp extends Centred {
          double low();
          double high();
          double margin();
          double around();
          default double eval(double x) {
            return Math.min(Math.max(x, low() - margin()), high() + margin()) - centre() + around();
          }
          default Tangent jvp(BoundsEmit e, Primal x, Tangent dx) { return e.scale(1.0, dx); }
        }
      }
      """);

  private static final List<String> REAL_TYPES =
      List.of("RealOp", "RealEmit", "RealEvaluator", "RealKernels", "RealBuilder", "RealValue",
          "EagerReal");

  @TempDir Path dir;

  /**
   * Compiles {@code sources} with ecj and the processor on disk (ecj reads the sources a processor
   * generates back from their files, which compile-testing keeps in memory), failing on an error.
   *
   * @return the generated sources by path, for example com/example/RealOp.java
   */
  private Map<String, String> eclipse(JavaFileObject... sources) throws IOException {
    Path generated = Files.createDirectories(dir.resolve("generated"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    List<Path> written = new ArrayList<>();
    for (JavaFileObject source : sources) {
      String text = source.getCharContent(true).toString();
      String name = source.getName();
      Path file = dir.resolve("src").resolve(name.substring(name.lastIndexOf('/') + 1));
      written.add(Files.writeString(Files.createDirectories(file.getParent()).resolve(file.getFileName()), text));
    }
    EclipseCompiler ecj = new EclipseCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = ecj.getStandardFileManager(diagnostics, null, null)) {
      JavaCompiler.CompilationTask task =
          ecj.getTask(
              null,
              files,
              diagnostics,
              List.of("-17", "-classpath", System.getProperty("java.class.path"),
                  "-s", generated.toString(), "-d", classes.toString()),
              null,
              files.getJavaFileObjectsFromPaths(written));
      task.setProcessors(List.of(new PrimitiveSetProcessor()));
      boolean ok = task.call();
      List<String> errors = new ArrayList<>();
      for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
        if (d.getKind() == Diagnostic.Kind.ERROR) {
          errors.add(d.getSource() + ":" + d.getLineNumber() + ": " + d.getMessage(null));
        }
      }
      assertTrue(ok && errors.isEmpty(), errors.toString());
    }
    Map<String, String> bySource = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(generated)) {
      for (Path file : walk.filter(Files::isRegularFile).toList()) {
        bySource.put(
            generated.relativize(file).toString().replace('\\', '/'), Files.readString(file));
      }
    }
    return bySource;
  }

  @Test
  void theRepresentativeSetGeneratesTheGoldenSources() throws IOException {
    Map<String, String> byEclipse =
        eclipse(JavaFileObjects.forResource("sources/com/example/Real.java"));
    for (String type : REAL_TYPES) {
      String golden = GoldenSourcesTest.golden("golden/com/example/" + type + ".java");
      assertEquals(golden, byEclipse.get("com/example/" + type + ".java"), type);
    }
  }

  @Test
  void attributesKeepTheirDeclarationOrder() throws IOException {
    Map<String, String> byEclipse = eclipse(BOUNDS);
    Compilation javac = Compilations.compile(BOUNDS);
    assertThat(javac).succeededWithoutWarnings();
    assertEquals(generated(javac), byEclipse);
    String op = byEclipse.get("com/example/bounds/BoundsOp.java");
    assertTrue(
        op.replaceAll("\\s+", " ")
            .contains("clamp(double low, double high, double margin, double around, double centre)"),
        op);
  }

  /** The generated sources of {@code compilation} by path, for example com/example/RealOp.java. */
  private static Map<String, String> generated(Compilation compilation) {
    Map<String, String> sources = new TreeMap<>();
    for (JavaFileObject file : compilation.generatedSourceFiles()) {
      String path = file.toUri().getPath();
      String relative = path.substring(path.indexOf("/com/") + 1);
      try {
        sources.put(relative, file.getCharContent(true).toString());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return sources;
  }

}
