package io.github.tidu4j.codegen;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generated sources of the representative set {@code com.example.Real} (accumulator,
 * multilinear and non-linear primitives, an attribute, two outputs), compared exactly with the
 * golden files under {@code src/test/resources/golden}.
 *
 * <p>To accept a deliberate change of the generated code, regenerate the golden files with {@code
 * mvn -pl codegen-tests -am test -Dtidu4j.golden.update=true} (see codegen-tests/README.md), then
 * review the diff.
 */
class GoldenSourcesTest {
  private static final boolean UPDATE = Boolean.getBoolean("tidu4j.golden.update");
  private static Compilation compilation;

  @BeforeAll
  static void compileTheRepresentativeSet() {
    compilation = Compilations.compile(JavaFileObjects.forResource("sources/com/example/Real.java"));
    assertThat(compilation).succeededWithoutWarnings();
  }

  @ParameterizedTest
  @ValueSource(strings = {"RealOp", "RealEmit", "RealEvaluator", "RealKernels", "RealBuilder", "RealValue", "EagerReal"})
  void generatedSourceMatchesTheGoldenFile(String type) throws IOException {
    String path = "golden/com/example/" + type + ".java";
    JavaFileObject generated =
        compilation.generatedSourceFile("com.example." + type).orElseThrow(
            () -> new AssertionError("com.example." + type + " was not generated"));
    String actual = generated.getCharContent(true).toString();
    if (UPDATE) {
      Path file = Paths.get(System.getProperty("tidu4j.golden.dir"), "com", "example", type + ".java");
      Files.createDirectories(file.getParent());
      Files.writeString(file, actual, StandardCharsets.UTF_8);
      return;
    }
    assertEquals(golden(path), actual, "generated " + type + " differs from " + path);
    assertThat(compilation)
        .generatedSourceFile("com.example." + type)
        .hasSourceEquivalentTo(JavaFileObjects.forResource(path));
  }

  /** The golden file at {@code path}, a test resource, failing if it is missing. */
  static String golden(String path) {
    try (InputStream in = GoldenSourcesTest.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new AssertionError(
            path + " is missing; create it with -Dtidu4j.golden.update=true and review it");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
