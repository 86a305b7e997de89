package io.github.tidu4j.codegen;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import java.io.IOException;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compilation of some files alone (an IDE's, or javac given only the changed files) against the
 * classes of an earlier build: a set whose prefix now takes the names another set generated there
 * is a {@code TypeClash}, as it is when both are compiled together, rather than overwriting the
 * other set's classes and leaving the code compiled against them to fail at run time.
 */
class PartialCompileClashTest {
  private static JavaFileObject set(String name, String prefix) {
    return JavaFileObjects.forSourceString(
        "com.example." + name,
        """
        package com.example;

        import io.github.tidu4j.ad.rules.Cotangents;
        import io.github.tidu4j.ad.rules.Tangent;
        import io.github.tidu4j.annotations.Primitive;
        import io.github.tidu4j.annotations.PrimitiveSet;

        @PrimitiveSet(operand = double.class, prefix = "%2$s")
        public interface %1$s {
          @Primitive(accumulator = true)
          interface Add {
            static double eval(double a, double b) { return a + b; }
            static Tangent jvp(%2$sEmit e, Tangent da, Tangent db) { return e.add(da, db); }
            static Cotangents transpose(%2$sEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
          }
        }
        """
            .formatted(name, prefix));
  }

  private static Compilation earlierBuild() {
    Compilation earlier =
        Compiler.javac()
            .withProcessors(new PrimitiveSetProcessor())
            .compile(set("Alpha", "Alpha"), set("Beta", "Beta"));
    assertThat(earlier).succeededWithoutWarnings();
    return earlier;
  }

  @Test
  void aSetTakingTheNamesAnotherGeneratedEarlierIsAClash(@TempDir Path dir) throws IOException {
    JavaFileObject beta = set("Beta", "Alpha");
    Compilation c = EarlierClasses.compileAgainst(dir, earlierBuild(), beta);
    assertThat(c)
        .hadErrorContaining(
            "[tidu4j:TypeClash] primitive set Beta would generate com.example.AlphaOp, AlphaEmit,"
                + " AlphaEvaluator, AlphaKernels, AlphaBuilder, AlphaValue, EagerAlpha, but"
                + " primitive set com.example.Alpha generated types of those names in an earlier"
                + " compilation, which this one would overwrite")
        .inFile(beta)
        .onLineContaining("prefix = \"Alpha\"");
    assertThat(c).hadErrorContaining("if Alpha no longer declares this prefix or no longer exists");
    assertEquals(1, Compilations.processorErrors(c).size(), c.errors().toString());
  }

  @Test
  void aSetCompiledAloneAgainstItsOwnEarlierOutputIsNoClash(@TempDir Path dir) throws IOException {
    Compilation c = EarlierClasses.compileAgainst(dir, earlierBuild(), set("Alpha", "Alpha"));
    assertThat(c).succeeded();
  }

  @Test
  void namesTheOtherSetNoLongerDeclaresAreFree(@TempDir Path dir) throws IOException {
    // Alpha, compiled too, now takes the prefix Gamma: AlphaOp on the class path is stale
    Compilation c =
        EarlierClasses.compileAgainst(dir, earlierBuild(), set("Beta", "Alpha"), set("Alpha", "Gamma"));
    assertThat(c).succeeded();
    assertThat(c)
        .generatedSourceFile("com.example.AlphaOp")
        .contentsAsUtf8String()
        .contains("implements Beta.Add");
  }
}
