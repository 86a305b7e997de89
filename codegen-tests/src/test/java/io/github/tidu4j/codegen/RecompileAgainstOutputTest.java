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
 * A set recompiled with its own earlier output on the class path, as IDEs and incremental builds
 * do, compiles again. javac 17 crashed there ({@code NullPointerException} in {@code
 * Lower.generateMandatedAccessors}, JDK-8332297) on a record the processor generated, for some set
 * names ({@code Abc} among them): the processor generates no record.
 */
class RecompileAgainstOutputTest {
  private static final JavaFileObject SET =
      JavaFileObjects.forSourceString(
          "com.example.again.Abc",
          """
      package com.example.again;

      import io.github.tidu4j.ad.rules.Arg;
      import io.github.tidu4j.ad.rules.Cotangents;
      import io.github.tidu4j.ad.rules.Primal;
      import io.github.tidu4j.ad.rules.Tangent;
      import io.github.tidu4j.annotations.Primitive;
      import io.github.tidu4j.annotations.PrimitiveSet;

      @PrimitiveSet(operand = double.class)
      public interface Abc {
        @Primitive(accumulator = true)
        interface Add {
          static double eval(double a, double b) { return a + b; }
          static Tangent jvp(AbcEmit e, Tangent da, Tangent db) { return e.add(da, db); }
          static Cotangents transpose(AbcEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
        }
        @Primitive(multilinear = true)
        interface Mul {
          static double eval(double a, double b) { return a * b; }
          static Tangent jvp(AbcEmit e, Primal a, Primal b, Tangent da, Tangent db) {
            return e.add(e.mul(da, b), e.mul(a, db));
          }
          static Cotangents transpose(AbcEmit e, Arg a, Arg b, Tangent ct) {
            return a.isLinear()
                ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
                : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
          }
        }
        @Primitive(zero = true)
        interface ZerosLike {
          static double eval(double x) { return 0.0; }
        }
        @Primitive
        interface Sin {
          static double eval(double x) { return Math.sin(x); }
          static Tangent jvp(AbcEmit e, Primal x, Tangent dx) { return e.mul(e.cos(x), dx); }
        }
        @Primitive
        interface Cos {
          static double eval(double x) { return Math.cos(x); }
          static Tangent jvp(AbcEmit e, Primal x, Tangent dx) { return e.mul(e.neg(e.sin(x)), dx); }
        }
        @Primitive(multilinear = true)
        interface Neg {
          static double eval(double x) { return -x; }
          static Tangent jvp(AbcEmit e, Tangent dx) { return e.neg(dx); }
          static Cotangents transpose(AbcEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
        }
      }
          """);

  @Test
  void aSetRecompilesWithItsEarlierClassesOnTheClassPath(@TempDir Path earlier) throws IOException {
    Compilation first = Compiler.javac().withProcessors(new PrimitiveSetProcessor()).compile(SET);
    assertThat(first).succeededWithoutWarnings();
    Compilation again = EarlierClasses.compileAgainst(earlier, first, SET);
    assertThat(again).succeeded();
  }
}
