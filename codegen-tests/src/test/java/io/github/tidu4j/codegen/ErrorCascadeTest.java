package io.github.tidu4j.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One mistake in a big set gives one error: the set's generated types exist (as stand-ins) even
 * when the set is invalid, so the rules naming the emitter and the code naming the operations add
 * no {@code cannot find symbol} behind it, and javac's limit of 100 errors never hides it.
 */
class ErrorCascadeTest {
  private static final int PRIMITIVES = 60;

  @Test
  void aTypoInTheEmitterOfOneRuleOfSixtyPrimitivesIsTheOnlyMistakeReported() {
    Compilation c = Compilations.compile(bigSet(7, "BigEmt", false), user());
    List<Diagnostic<? extends JavaFileObject>> errors = c.errors();
    String message = errors.get(0).getMessage(Locale.ROOT);
    assertTrue(message.startsWith("[tidu4j:UnresolvedType]"), describe(errors));
    assertTrue(message.contains("did you mean BigEmit"), message);
    // javac's own "cannot find symbol BigEmt" stays, on the same line; nothing else
    assertTrue(errors.size() <= 2, describe(errors));
    for (Diagnostic<? extends JavaFileObject> error : errors) {
      assertEquals(lineOfPrimitive(7) + 2, error.getLineNumber(), describe(errors));
    }
  }

  @Test
  void aMissingJvpInOneOfSixtyPrimitivesIsTheOnlyError() {
    Compilation c = Compilations.compile(bigSet(42, "BigEmit", true), user());
    List<Diagnostic<? extends JavaFileObject>> errors = c.errors();
    assertEquals(1, errors.size(), describe(errors));
    assertTrue(errors.get(0).getMessage(Locale.ROOT).startsWith("[tidu4j:MissingJvp]"));
    assertEquals(lineOfPrimitive(42), errors.get(0).getLineNumber());
  }

  @Test
  void aPrimitiveNamedTangentIsTheOnlyErrorNotEveryRuleThatNamesTangent() {
    // inside the set, Tangent names the primitive, so every rule's Tangent is this interface
    Compilation c =
        Compilations.compile(
            JavaFileObjects.forSourceLines(
                "com.example.Trig",
                "package com.example;",
                "import io.github.tidu4j.ad.rules.*;",
                "import io.github.tidu4j.annotations.*;",
                "@PrimitiveSet(operand = double.class)",
                "public interface Trig {",
                "  @Primitive(accumulator = true)",
                "  interface Add {",
                "    static double eval(double a, double b) { return a + b; }",
                "    static Tangent jvp(TrigEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
                "    static Cotangents transpose(TrigEmit e, Tangent ct) {",
                "      return Cotangents.of(ct, ct);",
                "    }",
                "  }",
                "  @Primitive",
                "  interface Tangent {",
                "    static double eval(double x) { return Math.tan(x); }",
                "    static io.github.tidu4j.ad.rules.Tangent jvp(",
                "        TrigEmit e, Output y, io.github.tidu4j.ad.rules.Tangent dx) {",
                "      return e.add(dx, e.mul(e.mul(y, y), dx));",
                "    }",
                "  }",
                "}"));
    List<Diagnostic<? extends JavaFileObject>> errors = c.errors();
    assertEquals(1, errors.size(), describe(errors));
    assertTrue(
        errors.get(0).getMessage(Locale.ROOT).startsWith("[tidu4j:NameClash] primitive interface"
            + " Tangent is named like the rule vocabulary's Tangent"),
        describe(errors));
    assertEquals(15, errors.get(0).getLineNumber());
  }

  @Test
  void aConstantMarkedMultilinearIsToldOfTheFlagNotOfAMissingTranspose() {
    Compilation c =
        Compilations.compile(
            JavaFileObjects.forSourceLines(
                "com.example.Consts",
                "package com.example;",
                "import io.github.tidu4j.ad.rules.*;",
                "import io.github.tidu4j.annotations.*;",
                "@PrimitiveSet(operand = double.class)",
                "public interface Consts {",
                "  @Primitive(accumulator = true)",
                "  interface Add {",
                "    static double eval(double a, double b) { return a + b; }",
                "    static Tangent jvp(ConstsEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
                "    static Cotangents transpose(ConstsEmit e, Tangent ct) {",
                "      return Cotangents.of(ct, ct);",
                "    }",
                "  }",
                "  @Primitive(",
                "      multilinear = true)",
                "  interface Pi {",
                "    static double eval() { return Math.PI; }",
                "  }",
                "}"));
    List<Diagnostic<? extends JavaFileObject>> errors = c.errors();
    assertEquals(1, errors.size(), describe(errors));
    String message = errors.get(0).getMessage(Locale.ROOT);
    assertTrue(
        message.startsWith("[tidu4j:MultilinearConstant] Pi is marked multilinear but takes no"
            + " operands"),
        describe(errors));
    assertTrue(message.contains("drop multilinear = true"), message);
    // at the flag, not at the interface
    assertEquals(15, errors.get(0).getLineNumber(), describe(errors));
  }

  /** {@code Big}: an accumulator, then unary primitives P0..P59; number {@code odd} is off. */
  private static JavaFileObject bigSet(int odd, String oddEmitter, boolean dropJvp) {
    List<String> lines = new ArrayList<>();
    lines.add("package com.example;");
    lines.add("import io.github.tidu4j.ad.rules.*;");
    lines.add("import io.github.tidu4j.annotations.*;");
    lines.add("@PrimitiveSet(operand = double.class)");
    lines.add("public interface Big {");
    lines.add("  @Primitive(accumulator = true)");
    lines.add("  interface Add {");
    lines.add("    static double eval(double a, double b) { return a + b; }");
    lines.add("    static Tangent jvp(BigEmit e, Tangent da, Tangent db) { return e.add(da, db); }");
    lines.add("    static Cotangents transpose(BigEmit e, Tangent ct) { return Cotangents.of(ct, ct); }");
    lines.add("  }");
    for (int i = 0; i < PRIMITIVES; i++) {
      String emitter = i == odd ? oddEmitter : "BigEmit";
      lines.add("  @Primitive interface P" + i + " {"); // lineOfPrimitive(i)
      lines.add("    static double eval(double x) { return x + " + i + "; }");
      if (!(dropJvp && i == odd)) {
        lines.add("    static Tangent jvp(" + emitter + " e, Tangent dx) { return e.add(dx, dx); }");
      } else {
        lines.add("");
      }
      lines.add("  }");
    }
    lines.add("}");
    return JavaFileObjects.forSourceLines("com.example.Big", lines);
  }

  private static int lineOfPrimitive(int i) {
    return 12 + 4 * i;
  }

  private static JavaFileObject user() {
    return JavaFileObjects.forSourceLines(
        "com.example.BigUser",
        "package com.example;",
        "final class BigUser {",
        "  static final BigOp OP = BigOp.P3;",
        "  BigEvaluator evaluator;",
        "  static BigKernels kernels(BigEmit e) { return null; }",
        "}");
  }

  private static String describe(List<Diagnostic<? extends JavaFileObject>> errors) {
    StringBuilder sb = new StringBuilder();
    for (Diagnostic<? extends JavaFileObject> e : errors) {
      sb.append(e.getLineNumber()).append(": ").append(e.getMessage(Locale.ROOT).lines().findFirst().orElse("")).append('\n');
    }
    return sb.toString();
  }
}
