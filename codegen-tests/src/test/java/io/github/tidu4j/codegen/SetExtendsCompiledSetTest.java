package io.github.tidu4j.codegen;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A set extending a set compiled earlier (in a jar, another module, an earlier build) is refused
 * as one extending a set of the same compilation is: {@code @PrimitiveSet} is source-retained, so
 * the earlier set is known by the operations generated for it.
 */
class SetExtendsCompiledSetTest {
  private static final JavaFileObject BASIC =
      JavaFileObjects.forSourceString(
          "com.example.basic.Basic",
          """
      package com.example.basic;

      import io.github.tidu4j.ad.rules.Cotangents;
      import io.github.tidu4j.ad.rules.Tangent;
      import io.github.tidu4j.annotations.Primitive;
      import io.github.tidu4j.annotations.PrimitiveSet;

      @PrimitiveSet(operand = double.class, prefix = "Base")
      public interface Basic {
        @Primitive(accumulator = true)
        interface Add {
          static double eval(double a, double b) { return a + b; }
          static Tangent jvp(BaseEmit e, Tangent da, Tangent db) { return e.add(da, db); }
          static Cotangents transpose(BaseEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
        }
      }
          """);

  private static final JavaFileObject EXTENDED =
      JavaFileObjects.forSourceString(
          "com.example.Extended",
          """
      package com.example;

      import com.example.basic.Basic;
      import io.github.tidu4j.annotations.Primitive;
      import io.github.tidu4j.annotations.PrimitiveSet;

      @PrimitiveSet(operand = double.class)
      public interface Extended extends Basic {
        @Primitive
        interface Cube {
          static double eval(double x) { return x * x * x; }
        }
      }
          """);

  /** A plain interface with a nested interface, compiled earlier: no set. */
  private static final JavaFileObject PLAIN =
      JavaFileObjects.forSourceString(
          "com.example.basic.Plain",
          """
      package com.example.basic;

      public interface Plain {
        interface Add {}
      }
          """);

  private static final JavaFileObject EXTENDS_PLAIN =
      JavaFileObjects.forSourceString(
          "com.example.Extended",
          """
      package com.example;

      import com.example.basic.Plain;
      import io.github.tidu4j.ad.rules.Cotangents;
      import io.github.tidu4j.ad.rules.Tangent;
      import io.github.tidu4j.annotations.Primitive;
      import io.github.tidu4j.annotations.PrimitiveSet;

      @PrimitiveSet(operand = double.class)
      public interface Extended extends Plain {
        @Primitive(accumulator = true)
        interface Plus {
          static double eval(double a, double b) { return a + b; }
          static Tangent jvp(ExtendedEmit e, Tangent da, Tangent db) { return e.plus(da, db); }
          static Cotangents transpose(ExtendedEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
        }
      }
          """);

  private static final String MESSAGE =
      "[tidu4j:SetExtendsSet] primitive set Extended extends the primitive set Basic";

  @Test
  void extendingASetOfTheSameCompilationIsAnError() {
    Compilation c =
        Compiler.javac().withProcessors(new PrimitiveSetProcessor()).compile(EXTENDED, BASIC);
    assertThat(c).hadErrorContaining(MESSAGE).inFile(EXTENDED).onLineContaining("extends Basic");
    // its accumulator is the other set's: that error says so, and no second one sends the user
    // to declare another
    assertTrue(
        messages(c).stream().noneMatch(m -> m.contains("[tidu4j:MissingAccumulator]")),
        messages(c).toString());
  }

  /**
   * A rule typed with another set's emitter, generated later in the same compilation, waits for
   * it and is then told to take its own set's.
   */
  @Test
  void aRuleTakingAnotherSetsEmitterOfTheSameCompilationIsToldToTakeItsOwn() {
    JavaFileObject foreign =
        JavaFileObjects.forSourceString(
            "com.example.basic.Foreign",
            """
        package com.example.basic;

        import io.github.tidu4j.ad.rules.Cotangents;
        import io.github.tidu4j.ad.rules.Tangent;
        import io.github.tidu4j.annotations.Primitive;
        import io.github.tidu4j.annotations.PrimitiveSet;

        @PrimitiveSet(operand = double.class)
        public interface Foreign {
          @Primitive(accumulator = true)
          interface Plus {
            static double eval(double a, double b) { return a + b; }
            static Tangent jvp(ForeignEmit e, Tangent da, Tangent db) { return e.plus(da, db); }
            static Cotangents transpose(ForeignEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
          }

          @Primitive
          interface Twice {
            static double eval(double x) { return 2 * x; }
            static Tangent jvp(BaseEmit e, Tangent dx) { return e.add(dx, dx); }
          }
        }
            """);
    Compilation c =
        Compiler.javac().withProcessors(new PrimitiveSetProcessor()).compile(BASIC, foreign);
    assertThat(c)
        .hadErrorContaining(
            "[tidu4j:JvpSignature] parameter e of Twice.jvp has type com.example.basic.BaseEmit,"
                + " another set's emitter, which would emit into that set's graphs, not this"
                + " one's; a rule takes its own set's emitter, ForeignEmit")
        .inFile(foreign)
        .onLineContaining("static Tangent jvp(BaseEmit e");
  }

  @Test
  void extendingASetCompiledEarlierIsTheSameError(@TempDir Path earlier) throws IOException {
    Compilation c = compileAgainst(earlier, BASIC, EXTENDED);
    assertThat(c).hadErrorContaining(MESSAGE).inFile(EXTENDED).onLineContaining("extends Basic");
    Compilation together =
        Compiler.javac().withProcessors(new PrimitiveSetProcessor()).compile(EXTENDED, BASIC);
    assertEquals(messages(together), messages(c));
  }

  @Test
  void extendingAPlainInterfaceCompiledEarlierIsNoError(@TempDir Path earlier)
      throws IOException {
    assertThat(compileAgainst(earlier, PLAIN, EXTENDS_PLAIN)).succeeded();
  }

  private static List<String> messages(Compilation c) {
    return Compilations.processorErrors(c).stream()
        .map(e -> e.getLineNumber() + ": " + e.getMessage(null))
        .toList();
  }

  /** Compiles {@code first}, then {@code second} with {@code first}'s classes on the class path. */
  private static Compilation compileAgainst(
      Path earlier, JavaFileObject first, JavaFileObject second) throws IOException {
    Compilation before = Compiler.javac().withProcessors(new PrimitiveSetProcessor()).compile(first);
    assertThat(before).succeeded();
    return EarlierClasses.compileAgainst(earlier, before, second);
  }
}
