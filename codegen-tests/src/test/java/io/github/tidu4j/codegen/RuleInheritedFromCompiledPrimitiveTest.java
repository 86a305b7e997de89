package io.github.tidu4j.codegen;

import static com.google.testing.compile.CompilationSubject.assertThat;

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
 * A primitive inheriting its rules from a primitive compiled earlier (another module's, a jar's):
 * those rules have no source line, so what is wrong with them is reported at the inheriting
 * primitive, in the user's file, rather than with no file or line at all.
 */
class RuleInheritedFromCompiledPrimitiveTest {
  private static final JavaFileObject CORE =
      JavaFileObjects.forSourceString(
          "com.example.core.Core",
          """
          package com.example.core;

          import io.github.tidu4j.ad.rules.Cotangents;
          import io.github.tidu4j.ad.rules.Primal;
          import io.github.tidu4j.ad.rules.Tangent;
          import io.github.tidu4j.annotations.Primitive;
          import io.github.tidu4j.annotations.PrimitiveSet;

          @PrimitiveSet(operand = double.class)
          public interface Core {
            @Primitive(accumulator = true)
            interface Add {
              static double eval(double a, double b) { return a + b; }
              static Tangent jvp(CoreEmit e, Tangent da, Tangent db) { return e.add(da, db); }
              static Cotangents transpose(CoreEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
            }

            @Primitive(multilinear = true)
            interface Twice {
              default double eval(double x) { return 2 * x; }
              default Tangent jvp(CoreEmit e, Tangent dx) { return e.twice(dx); }
              default Cotangents transpose(CoreEmit e, Tangent ct) { return Cotangents.of(e.twice(ct)); }
            }
          }
          """);

  private static final JavaFileObject EXT =
      JavaFileObjects.forSourceString(
          "com.example.Ext",
          """
          package com.example;

          import com.example.core.Core;
          import io.github.tidu4j.ad.rules.Cotangents;
          import io.github.tidu4j.ad.rules.Tangent;
          import io.github.tidu4j.annotations.Primitive;
          import io.github.tidu4j.annotations.PrimitiveSet;

          @PrimitiveSet(operand = double.class)
          public interface Ext {
            @Primitive(accumulator = true)
            interface Add {
              static double eval(double a, double b) { return a + b; }
              static Tangent jvp(ExtEmit e, Tangent da, Tangent db) { return e.add(da, db); }
              static Cotangents transpose(ExtEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
            }

            @Primitive(multilinear = true)
            interface Doubled extends Core.Twice {}
          }
          """);

  @Test
  void aRuleInheritedFromAClassFileIsReportedAtTheInheritingPrimitive(@TempDir Path dir)
      throws IOException {
    Compilation core = Compiler.javac().withProcessors(new PrimitiveSetProcessor()).compile(CORE);
    assertThat(core).succeededWithoutWarnings();
    Compilation c = EarlierClasses.compileAgainst(dir, core, EXT);
    assertThat(c)
        .hadErrorContaining(
            // arg0: a class file compiled without -parameters keeps no parameter names
            "[tidu4j:JvpSignature] parameter arg0 of Doubled.jvp has type com.example.core.CoreEmit")
        .inFile(EXT)
        .onLineContaining("interface Doubled extends Core.Twice");
    assertThat(c)
        .hadErrorContaining("[tidu4j:TransposeSignature] parameter arg0 of Doubled.transpose")
        .inFile(EXT)
        .onLineContaining("interface Doubled extends Core.Twice");
  }
}
