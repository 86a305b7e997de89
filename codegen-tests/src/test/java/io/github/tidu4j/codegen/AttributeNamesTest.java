package io.github.tidu4j.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.SourceVersion;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Any legal identifier works as an attribute name. The test takes every identifier that appears in
 * the code generated for a probe set (locals, parameters, fields, types, packages: whatever the
 * writers use today, so the test follows them as they change), declares a set whose attributes
 * carry exactly those names, in every attribute kind, and checks that it compiles under {@code
 * -Xlint:all -Werror} and that its operations still compare, hash and intern by every attribute.
 */
class AttributeNamesTest {
  /** Attribute kinds: the declared type and two different values, as source. */
  private record Kind(String type, String one, String two) {}

  private static final List<Kind> KINDS =
      List.of(
          new Kind("double", "1.5", "2.5"),
          new Kind("java.lang.String", "\"a\"", "\"b\""),
          new Kind("int", "1", "2"),
          new Kind("float", "1.5f", "2.5f"),
          new Kind("long", "1L", "2L"),
          new Kind("boolean", "true", "false"),
          new Kind("int[]", "new int[] {1}", "new int[] {2}"),
          new Kind("double[]", "new double[] {1}", "new double[] {2}"),
          new Kind("com.example.Mode", "com.example.Mode.A", "com.example.Mode.B"),
          new Kind("com.example.Pair", "new com.example.Pair(1, \"x\")", "new com.example.Pair(1, \"y\")"),
          new Kind("java.lang.Integer", "java.lang.Integer.valueOf(1)", "java.lang.Integer.valueOf(2)"),
          new Kind("char", "'a'", "'b'"));

  /** Names an attribute may not take, each with its own diagnostic or a compile error in the user's interface. */
  private static final Set<String> NOT_ATTRIBUTES =
      Set.of(
          "equals", "hashCode", "toString", "getClass", "notify", "notifyAll", "wait", "clone",
          "finalize", "eval", "jvp", "transpose", "opcode", "inputArity", "outputArity", "name",
          "add", "isMultilinear", "operandType", "true", "false", "null", "_");

  private static final int PER_PRIMITIVE = 30;

  private static final String PROBE =
      """
      package com.example;

      import io.github.tidu4j.ad.rules.*;
      import io.github.tidu4j.annotations.*;

      @PrimitiveSet(operand = double.class)
      public interface Probe {
        @Primitive(accumulator = true)
        interface Add {
          static double eval(double a, double b) { return a + b; }
          static Tangent jvp(ProbeEmit e, Tangent da, Tangent db) { return e.add(da, db); }
          static Cotangents transpose(ProbeEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
        }

        @Primitive(multilinear = true, outputs = 2)
        interface Split {
          %s

          default double[] eval(double x, double y) { return new double[] {x, y}; }
          static Tangents jvp(ProbeEmit e, Primal x, Primal y, Tangent dx, Tangent dy) {
            return Tangents.of(dx, dy);
          }
          default Cotangents transpose(ProbeEmit e, Arg x, Arg y, Tangent cx, Tangent cy) {
            return Cotangents.of(cx, cy);
          }
        }
      }
      """;

  @Test
  void everyIdentifierOfGeneratedCodeWorksAsAnAttributeName() throws Exception {
    StringBuilder probeAttributes = new StringBuilder();
    for (int k = 0; k < KINDS.size(); k++) {
      probeAttributes.append(KINDS.get(k).type()).append(" attribute").append(k).append("();\n");
    }
    List<JavaFileObject> probeSources = new ArrayList<>(attributeTypes());
    probeSources.add(
        JavaFileObjects.forSourceString("com.example.Probe", PROBE.formatted(probeAttributes)));
    Compilation probe = compile(probeSources);
    assertEquals(Compilation.Status.SUCCESS, probe.status(), describe(probe));
    Set<String> names = new TreeSet<>();
    for (JavaFileObject file : probe.generatedSourceFiles()) {
      names.addAll(identifiers(file.getCharContent(true).toString()));
    }
    names.removeAll(NOT_ATTRIBUTES);
    names.removeIf(n -> SourceVersion.isKeyword(n) || n.startsWith("attribute"));
    for (String expected : List.of("h", "o", "other", "Double", "Arrays", "List", "java", "INTERNER")) {
      assertTrue(names.contains(expected), "the probe's code uses " + expected + ": " + names);
    }

    List<String> all = new ArrayList<>(names);
    List<List<String>> groups = new ArrayList<>();
    for (int i = 0; i < all.size(); i += PER_PRIMITIVE) {
      groups.add(all.subList(i, Math.min(all.size(), i + PER_PRIMITIVE)));
    }
    Compilation clash = compile(sources(groups));
    assertEquals(Compilation.Status.SUCCESS, clash.status(), describe(clash));
    assertEquals("", describe(clash), "no diagnostic at all");
    CompiledClasses.of(clash).run("com.example.Check");
  }

  /** The set with one primitive per group of names, and a check of each primitive's identity. */
  private static List<JavaFileObject> sources(List<List<String>> groups) {
    StringBuilder set =
        new StringBuilder(
            """
            package com.example;

            import io.github.tidu4j.ad.rules.Cotangents;
            import io.github.tidu4j.ad.rules.Tangent;
            import io.github.tidu4j.annotations.Primitive;
            import io.github.tidu4j.annotations.PrimitiveSet;

            @PrimitiveSet(operand = double.class)
            public interface Clash {
              @Primitive(accumulator = true)
              interface Add {
                static double eval(double a, double b) { return a + b; }
                static Tangent jvp(ClashEmit e, Tangent da, Tangent db) { return e.add(da, db); }
                static Cotangents transpose(ClashEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
              }
            """);
    StringBuilder check =
        new StringBuilder(
            """
            package com.example;

            final class Check {
              static void require(boolean condition, java.lang.String what) {
                if (!condition) {
                  throw new AssertionError(what);
                }
              }

              static void run() {
            """);
    for (int g = 0; g < groups.size(); g++) {
      List<String> group = groups.get(g);
      set.append("  @Primitive(multilinear = true)\n  interface Named").append(g).append(" {\n");
      for (int i = 0; i < group.size(); i++) {
        set.append("    ").append(kind(i).type()).append(' ').append(group.get(i)).append("();\n");
      }
      set.append(
          """
              default double eval(double x) { return x; }
              static io.github.tidu4j.ad.rules.Tangent jvp(
                  ClashEmit e, io.github.tidu4j.ad.rules.Tangent dx) {
                return dx;
              }
              default io.github.tidu4j.ad.rules.Cotangents transpose(
                  ClashEmit e, io.github.tidu4j.ad.rules.Tangent ct) {
                return io.github.tidu4j.ad.rules.Cotangents.of(ct);
              }
            }
          """);
      String factory = "ClashOp.named" + g;
      check.append("    {\n");
      check.append("      ClashOp a = ").append(factory).append('(').append(values(group, -1)).append(");\n");
      check.append("      require(a == ").append(factory).append('(').append(values(group, -1))
          .append("), \"Named").append(g).append(" is interned\");\n");
      for (int i = 0; i < group.size(); i++) {
        check.append("      require(!a.equals(").append(factory).append('(').append(values(group, i))
            .append(")), \"Named").append(g).append(" compares ").append(group.get(i)).append("\");\n");
      }
      check.append("    }\n");
    }
    set.append("}\n");
    check.append("  }\n}\n");
    List<JavaFileObject> sources = new ArrayList<>(attributeTypes());
    sources.add(JavaFileObjects.forSourceString("com.example.Clash", set.toString()));
    sources.add(JavaFileObjects.forSourceString("com.example.Check", check.toString()));
    return sources;
  }

  /** The enum and record attribute types. */
  private static List<JavaFileObject> attributeTypes() {
    return List.of(
        JavaFileObjects.forSourceString(
            "com.example.Mode", "package com.example;\n\npublic enum Mode { A, B }\n"),
        JavaFileObjects.forSourceString(
            "com.example.Pair",
            "package com.example;\n\npublic record Pair(int n, java.lang.String s) {}\n"));
  }

  private static Kind kind(int i) {
    return KINDS.get(i % KINDS.size());
  }

  /** The factory's arguments: the first value everywhere, the second at {@code different}. */
  private static String values(List<String> group, int different) {
    List<String> values = new ArrayList<>();
    for (int i = 0; i < group.size(); i++) {
      values.add(i == different ? kind(i).two() : kind(i).one());
    }
    return String.join(", ", values);
  }

  private static Set<String> identifiers(String source) {
    String code =
        source
            .replaceAll("(?s)/\\*.*?\\*/", " ")
            .replaceAll("//[^\n]*", " ")
            .replaceAll("\"(\\\\.|[^\"\\\\])*\"", " ");
    Set<String> names = new TreeSet<>();
    Matcher m = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*").matcher(code);
    while (m.find()) {
      names.add(m.group());
    }
    return names;
  }

  private static Compilation compile(List<JavaFileObject> sources) {
    return Compiler.javac()
        .withProcessors(new PrimitiveSetProcessor())
        .withOptions("-Xlint:all,-processing", "-Werror")
        .compile(sources);
  }

  private static String describe(Compilation compilation) {
    StringBuilder sb = new StringBuilder();
    for (Diagnostic<? extends JavaFileObject> d : compilation.diagnostics()) {
      sb.append(d.getKind()).append(' ')
          .append(d.getSource() == null ? "-" : d.getSource().getName()).append(':')
          .append(d.getLineNumber()).append(": ").append(d.getMessage(Locale.ROOT)).append('\n');
    }
    return sb.toString();
  }
}
