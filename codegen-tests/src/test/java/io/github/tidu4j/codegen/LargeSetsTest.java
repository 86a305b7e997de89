package io.github.tidu4j.codegen;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.List;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Sets at the sizes where generated code meets the JVM's limits: thousands of primitives (64 KB of
 * code per method), thousands of outputs, and inputs beyond a method's 255 parameter slots, which
 * the processor reports as {@code ArityLimit} instead of leaving javac to fail in generated code.
 */
class LargeSetsTest {

  /**
   * Past 100 primitives the kernel table is filled in chunks and past 64 the evaluator dispatches
   * to one switch per chunk, so the generated methods stay the same size however many primitives
   * a set has.
   */
  @Test
  void aSetOfFiveHundredPrimitivesCompilesAndEvaluates() throws Exception {
    assertCompilesAndEvaluates(500);
  }

  /**
   * 3,000 primitives, past the 2,400 where one kernel-table initializer passed 64 KB of code; javac
   * takes about a minute on the generated code (one class per primitive), too long for every
   * build: run with {@code -Dtidu4j.largeSets=true}.
   */
  @Test
  @EnabledIfSystemProperty(named = "tidu4j.largeSets", matches = "true")
  void aSetOfThreeThousandPrimitivesCompilesAndEvaluates() throws Exception {
    assertCompilesAndEvaluates(3_000);
  }

  /**
   * The source of {@code com.example.Big}: an accumulator and {@code count} unary primitives
   * {@code P0 …}, {@code Pi} adding {@code i}, whose JVP is the tangent itself.
   */
  static String bigSet(int count) {
    StringBuilder source = new StringBuilder(header("Big"));
    for (int i = 0; i < count; i++) {
      source
          .append("  @Primitive interface P").append(i).append(" {\n")
          .append("    static double eval(double x) { return x + ").append(i).append("; }\n")
          .append("    static Tangent jvp(BigEmit e, Tangent dx) { return dx; }\n")
          .append("  }\n");
    }
    return source.append("}\n").toString();
  }

  private static void assertCompilesAndEvaluates(int count) throws Exception {
    Compilation c =
        Compilations.compile(JavaFileObjects.forSourceString("com.example.Big", bigSet(count)));
    assertThat(c).succeededWithoutWarnings();
    // the kernel table is filled in chunks of 100, each method well under the JVM's 64 KB of code
    int lastChunk = count / 100;
    assertThat(c)
        .generatedSourceFile("com.example.BigKernels")
        .contentsAsUtf8String()
        .contains("private static void table" + lastChunk + "(KernelDescriptor[] table)");
    ClassLoader loader = CompiledClasses.of(c);
    Class<?> op = Class.forName("com.example.BigOp", true, loader);
    Object last = op.getField("P" + (count - 1)).get(null);
    assertEquals(List.of(count + 0.5), op.getMethod("eval", List.class).invoke(last, List.of(1.5)));
    List<?> table =
        (List<?>) Class.forName("com.example.BigKernels", true, loader).getField("TABLE").get(null);
    assertEquals(count + 1, table.size());
  }

  @Test
  void aPrimitiveWithFiveThousandOutputsCompilesAndEvaluates() throws Exception {
    String source =
        header("Wide")
            + "  @Primitive(outputs = 5000)\n"
            + "  interface Spread {\n"
            + "    static double[] eval(double x) {\n"
            + "      double[] y = new double[5000];\n"
            + "      for (int i = 0; i < y.length; i++) { y[i] = i * x; }\n"
            + "      return y;\n"
            + "    }\n"
            + "    static Tangents jvp(WideEmit e, Tangent dx) {\n"
            + "      Tangent[] t = new Tangent[5000];\n"
            + "      java.util.Arrays.fill(t, dx);\n"
            + "      return Tangents.of(t);\n"
            + "    }\n"
            + "  }\n"
            + "}\n";
    Compilation c = Compilations.compile(JavaFileObjects.forSourceString("com.example.Wide", source));
    assertThat(c).succeededWithoutWarnings();
    // the evaluator stores the results in a loop, not in 5,000 statements
    assertThat(c)
        .generatedSourceFile("com.example.WideEvaluator")
        .contentsAsUtf8String()
        .contains("for (int k = 0; k < 5000; k++)");
    Class<?> op = Class.forName("com.example.WideOp", true, CompiledClasses.of(c));
    List<?> outputs = (List<?>) op.getMethod("eval", List.class).invoke(op.getField("SPREAD").get(null), List.of(2.0));
    assertEquals(5000, outputs.size());
    assertEquals(9998.0, outputs.get(4999));
  }

  @Test
  void aKernelWithMoreParameterSlotsThanTheJvmAllowsIsAnArityLimit() {
    // 128 doubles take 256 slots, one more than a static method may have
    Compilation c = Compilations.compile(JavaFileObjects.forSourceString("com.example.Many", manyInputs(128)));
    assertThat(c).failed();
    assertThat(c).hadErrorContaining("[tidu4j:ArityLimit] primitive Total takes 128 inputs");
    assertThat(c).hadErrorContaining("its eval needs 256");
    assertThat(c).hadErrorContaining("take at most 127 inputs");
    assertTrue(Compilations.processorErrors(c).size() == 1, () -> c.errors().toString());
  }

  @Test
  void aKernelWithAsManyParameterSlotsAsTheJvmAllowsCompiles() {
    Compilation c = Compilations.compile(JavaFileObjects.forSourceString("com.example.Many", manyInputs(127)));
    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void anEmitterMethodPastTheSlotLimitIsAnArityLimitThoughTheKernelFits() {
    // the kernel takes this + 250 strings (251 slots); the emitter method would take this, three
    // long attributes (two slots each) and 250 operands: 257 slots
    StringJoiner parameters = new StringJoiner(", ");
    StringJoiner tangents = new StringJoiner(", ");
    for (int i = 0; i < 250; i++) {
      parameters.add("String x" + i);
      tangents.add("Tangent d" + i);
    }
    String source =
        "package com.example;\n\n"
            + "import io.github.tidu4j.ad.rules.*;\n"
            + "import io.github.tidu4j.annotations.*;\n\n"
            + "@PrimitiveSet(operand = String.class)\n"
            + "public interface Words {\n"
            + "  @Primitive(accumulator = true)\n"
            + "  interface Concat {\n"
            + "    static String eval(String a, String b) { return a + b; }\n"
            + "    static Tangent jvp(WordsEmit e, Tangent da, Tangent db) { return e.concat(da, db); }\n"
            + "    static Cotangents transpose(WordsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }\n"
            + "  }\n"
            + "  @Primitive\n"
            + "  interface Pick {\n"
            + "    long first();\n"
            + "    long second();\n"
            + "    long third();\n"
            + "    default String eval(" + parameters + ") { return x0; }\n"
            + "    static Tangent jvp(WordsEmit e, " + tangents + ") { return d0; }\n"
            + "  }\n"
            + "}\n";
    Compilation c = Compilations.compile(JavaFileObjects.forSourceString("com.example.Words", source));
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            "[tidu4j:ArityLimit] primitive Pick takes 250 inputs and has attributes taking 6 slots");
    assertThat(c).hadErrorContaining("its generated emitter method WordsEmit.pick needs 257");
    assertThat(c).hadErrorContaining("take at most 248 inputs");
  }

  @Test
  void aJvpRulePastTheSlotLimitIsAnArityLimitThoughTheKernelFits() {
    // a set of strings: the kernel takes 200 slots, the emitter method 201, but a JVP rule with
    // the emitter, 200 primals and 200 tangents would take 401
    StringJoiner parameters = new StringJoiner(", ");
    StringJoiner primals = new StringJoiner(", ");
    StringJoiner tangents = new StringJoiner(", ");
    for (int i = 0; i < 200; i++) {
      parameters.add("String x" + i);
      primals.add("Primal x" + i);
      tangents.add("Tangent d" + i);
    }
    String source =
        "package com.example;\n\n"
            + "import io.github.tidu4j.ad.rules.*;\n"
            + "import io.github.tidu4j.annotations.*;\n\n"
            + "@PrimitiveSet(operand = String.class)\n"
            + "public interface Texts {\n"
            + "  @Primitive(accumulator = true)\n"
            + "  interface Concat {\n"
            + "    static String eval(String a, String b) { return a + b; }\n"
            + "    static Tangent jvp(TextsEmit e, Tangent da, Tangent db) { return e.concat(da, db); }\n"
            + "    static Cotangents transpose(TextsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }\n"
            + "  }\n"
            + "  @Primitive\n"
            + "  interface First {\n"
            + "    static String eval(" + parameters + ") { return x0; }\n"
            + "    static Tangent jvp(TextsEmit e, " + primals + ", " + tangents + ") { return d0; }\n"
            + "  }\n"
            + "}\n";
    Compilation c = Compilations.compile(JavaFileObjects.forSourceString("com.example.Texts", source));
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining("[tidu4j:ArityLimit] primitive First has a jvp rule with 401 parameters");
    assertEquals(
        "[tidu4j:ArityLimit]",
        c.errors().get(0).getMessage(null).substring(0, "[tidu4j:ArityLimit]".length()));
  }

  /** A set of doubles whose primitive Total adds {@code inputs} operands. */
  private static String manyInputs(int inputs) {
    StringJoiner parameters = new StringJoiner(", ");
    StringJoiner sum = new StringJoiner(" + ");
    StringJoiner tangents = new StringJoiner(", ");
    for (int i = 0; i < inputs; i++) {
      parameters.add("double x" + i);
      sum.add("x" + i);
      tangents.add("Tangent d" + i);
    }
    return header("Many")
        + "  @Primitive\n"
        + "  interface Total {\n"
        + "    static double eval(" + parameters + ") { return " + sum + "; }\n"
        + "    static Tangent jvp(ManyEmit e, " + tangents + ") { return d0; }\n"
        + "  }\n"
        + "}\n";
  }

  /** A set of doubles named {@code name} with its accumulator, left open for more primitives. */
  private static String header(String name) {
    return "package com.example;\n\n"
        + "import io.github.tidu4j.ad.rules.*;\n"
        + "import io.github.tidu4j.annotations.*;\n\n"
        + "@PrimitiveSet(operand = double.class)\n"
        + "public interface " + name + " {\n"
        + "  @Primitive(accumulator = true)\n"
        + "  interface Add {\n"
        + "    static double eval(double a, double b) { return a + b; }\n"
        + "    static Tangent jvp(" + name + "Emit e, Tangent da, Tangent db) { return e.add(da, db); }\n"
        + "    static Cotangents transpose(" + name + "Emit e, Tangent ct) { return Cotangents.of(ct, ct); }\n"
        + "  }\n";
  }
}
