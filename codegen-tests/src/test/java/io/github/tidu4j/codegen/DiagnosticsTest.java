package io.github.tidu4j.codegen;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.github.tidu4j.codegen.Source.MARK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Every compile-time check, from bad declarations: each test asserts the message id, the file and
 * the line (the one marked {@code // <-}) of the error.
 */
class DiagnosticsTest {

  @Nested
  class TheSet {
    @Test
    void aClassIsNotASet() {
      Source s =
          Source.file(
              "com.example.Real",
              "@PrimitiveSet(operand = double.class)",
              "public abstract class Real { " + MARK,
              "}");
      s.expectError("SetNotInterface");
    }

    @Test
    void aSetCannotBeGeneric() {
      List<String> body = new ArrayList<>(Source.ADD);
      Source s =
          Source.file(
              "com.example.Real",
              "@PrimitiveSet(operand = double.class)",
              "public interface Real<T> { " + MARK,
              String.join("\n", body),
              "}");
      s.expectError("GenericSet");
    }

    @Test
    void aPrivateSetCannotBeReachedByItsGeneratedCode() {
      Source s =
          Source.file(
              "com.example.Outer",
              "public class Outer {",
              "  @PrimitiveSet(operand = double.class)",
              "  private interface Real { " + MARK,
              String.join("\n", Source.ADD),
              "  }",
              "}");
      s.expectError("InaccessibleSet");
    }

    @Test
    void aSetInAFileNamedForAnotherTypeIsAWarning() {
      Source s =
          Source.file(
              "com.example.Main",
              "public class Main {}",
              "",
              "@PrimitiveSet(operand = double.class)",
              "interface Real { " + MARK,
              String.join("\n", Source.ADD),
              "}");
      Compilation c = s.compile();
      assertThat(c).succeeded();
      assertThat(c)
          .hadWarningContaining(
              "[tidu4j:AuxiliarySet] Real is declared in Main.java, a file named for another type,"
                  + " so the classes generated for set Real, each in a file of its own, use an"
                  + " auxiliary class")
          .inFile(s.file())
          .onLine(s.markedLine());
      assertEquals(1, c.warnings().size(), c.warnings().toString());
    }

    @Test
    void aSetInsideATypeOfAFileNamedForAnotherTypeIsAWarningNamingThatType() {
      Source s =
          Source.file(
              "com.example.Main",
              "public class Main {}",
              "",
              "class Sets {",
              "  @PrimitiveSet(operand = double.class)",
              "  interface Real { " + MARK,
              String.join("\n", Source.ADD),
              "  }",
              "}");
      Compilation c = s.compile();
      assertThat(c).succeeded();
      assertThat(c)
          .hadWarningContaining(
              "[tidu4j:AuxiliarySet] Sets is declared in Main.java, a file named for another type,"
                  + " so the classes generated for set Real")
          .inFile(s.file())
          .onLine(s.markedLine());
    }

    @Test
    void aSetWhoseGeneratedClassHidesAJavaLangClassIsAWarning() {
      Source s =
          Source.file(
              "com.example.Process",
              "@PrimitiveSet(operand = double.class) " + MARK,
              "public interface Process {",
              String.join("\n", Source.ADD.stream().map(l -> l.replace("RealEmit", "ProcessEmit")).toList()),
              "}");
      Compilation c = s.compile();
      assertThat(c).succeeded();
      assertThat(c)
          .hadWarningContaining(
              "[tidu4j:HidesJavaLang] primitive set Process generates com.example.ProcessBuilder,"
                  + " which hides java.lang.ProcessBuilder from the code of package com.example:"
                  + " ProcessBuilder written there means the generated class; rename the set, or"
                  + " set @PrimitiveSet(prefix = ...) to generate other names")
          .inFile(s.file())
          .onLine(s.markedLine());
      assertEquals(1, c.warnings().size(), c.warnings().toString());
    }

    @Test
    void aPrefixWhoseGeneratedClassHidesAJavaLangClassIsAWarningAtThePrefix() {
      Source s =
          Source.file(
              "com.example.Classes",
              "@PrimitiveSet(",
              "    operand = double.class,",
              "    prefix = \"Class\") " + MARK,
              "public interface Classes {",
              String.join("\n", Source.ADD.stream().map(l -> l.replace("RealEmit", "ClassEmit")).toList()),
              "}");
      Compilation c = s.compile();
      assertThat(c).succeeded();
      assertThat(c)
          .hadWarningContaining(
              "[tidu4j:HidesJavaLang] primitive set Classes generates com.example.ClassValue,"
                  + " which hides java.lang.ClassValue")
          .inFile(s.file())
          .onLine(s.markedLine());
    }

    @Test
    void aPrefixTooLongForAClassFileNameIsOneErrorAtThePrefix() {
      String prefix = "VeryLongPrefix".repeat(17) + "Abcdefghij"; // 248 characters
      Source s =
          Source.file(
              "com.example.Real",
              "@PrimitiveSet(",
              "    operand = double.class,",
              "    prefix = \"" + prefix + "\") " + MARK,
              "public interface Real {",
              String.join("\n", Source.ADD.stream().map(l -> l.replace("RealEmit", prefix + "Emit")).toList()),
              "}");
      Compilation c = s.compile();
      s.assertError(c, "NameTooLong");
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:NameTooLong] primitive set Real would generate the class com.example."
                  + prefix + "Op, whose class file " + prefix + "Op.class takes 256 bytes, more"
                  + " than the 255 a file name may take; shorten the set's name, or set a shorter"
                  + " @PrimitiveSet(prefix = ...)")
          .inFile(s.file())
          .onLine(s.markedLine());
      // one error for the set; javac adds its own for the rules naming the emitter, which no file
      // can hold
      assertEquals(
          1,
          c.errors().stream().filter(e -> e.getMessage(null).contains("[tidu4j:")).count(),
          c.errors().toString());
      assertTrue(
          c.errors().stream()
              .map(e -> e.getMessage(null))
              .allMatch(m -> m.contains("[tidu4j:NameTooLong]") || m.contains(prefix + "Emit")),
          c.errors().toString());
    }

    /** The set {@code Real}: its accumulator and a unary primitive named {@code name}, marked. */
    private Source realWithAPrimitiveNamed(String name) {
      List<String> lines =
          new ArrayList<>(List.of("@PrimitiveSet(operand = double.class)", "public interface Real {"));
      lines.addAll(Source.ADD);
      lines.addAll(
          List.of(
              "  @Primitive(name = \"" + name + "\") " + MARK,
              "  interface Step {",
              "    static double eval(double x) { return x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }",
              "}"));
      return Source.file("com.example.Real", lines.toArray(String[]::new));
    }

    @Test
    void aPrimitiveNameTooLongForAClassFileNameIsOneErrorAtTheName() {
      String name = "Piecewise".repeat(27); // 243 characters: RealOp$<name>Op.class takes 258 bytes
      Source s = realWithAPrimitiveNamed(name);
      Source user =
          Source.file(
              "com.example.User", "class User {", "  RealEvaluator evaluator;", "  RealOp add;", "}");
      Compilation c = s.compile(user);
      s.assertError(c, "NameTooLong");
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:NameTooLong] primitive Step of set Real would generate the class"
                  + " com.example.RealOp." + name + "Op, whose class file RealOp$" + name
                  + "Op.class takes 258 bytes, more than the 255 a file name may take; shorten the"
                  + " interface's name, or give the primitive a shorter @Primitive(name = ...)")
          .inFile(s.file())
          .onLine(s.markedLine());
      // the stand-ins let the code naming the set's classes compile: no cascade
      assertEquals(1, c.errors().size(), c.errors().toString());
    }

    @Test
    void aFileNameIsMeasuredInBytesNotCharacters() {
      // 124 Greek capitals take 248 bytes in UTF-8: RealOp$ΣΣ…ΣOp.class takes 263 bytes in 139
      // characters, which counting characters would let through
      String name = "Σ".repeat(124);
      Source s = realWithAPrimitiveNamed(name);
      Compilation c = s.compile();
      s.assertError(c, "NameTooLong");
      assertThat(c)
          .hadErrorContaining("whose class file RealOp$" + name + "Op.class takes 263 bytes")
          .inFile(s.file())
          .onLine(s.markedLine());
    }

    @Test
    void aSetWithOtherErrorsAndAPrefixTooLongGetsBoth() {
      String prefix = "VeryLongPrefix".repeat(17) + "Abcdefghij";
      Source s =
          Source.file(
              "com.example.Real",
              "@PrimitiveSet(operand = double.class, prefix = \"" + prefix + "\")",
              "public interface Real { " + MARK,
              "  @Primitive",
              "  interface Twice {",
              "    static double eval(double x) { return 2 * x; }",
              "  }",
              "}");
      Compilation c = s.compile();
      assertThat(c).failed();
      assertThat(c).hadErrorContaining("[tidu4j:MissingAccumulator]");
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:NameTooLong] primitive set Real would generate the class com.example."
                  + prefix + "Op, whose class file " + prefix + "Op.class takes 256 bytes")
          .inFile(s.file())
          .onLine(s.markedLine());
      assertEquals(
          1,
          c.errors().stream().filter(e -> e.getMessage(null).contains("NameTooLong")).count(),
          c.errors().toString());
    }

    @Test
    void aSetWithoutTheRuntimeOnTheClassPathIsOneErrorOnTheSet() {
      List<String> body = new ArrayList<>(Source.ADD);
      body.addAll(Source.MUL);
      Source s =
          Source.file(
              "com.example.Real",
              "@PrimitiveSet(operand = double.class)",
              "public interface Real { " + MARK,
              String.join("\n", body),
              "}");
      List<File> classPath = new ArrayList<>();
      for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
        // tidu4j-runtime-ad, as a jar or as the reactor's runtime-ad/target/classes
        if (!entry.contains("runtime-ad")) {
          classPath.add(new File(entry));
        }
      }
      Compilation c =
          Compiler.javac()
              .withProcessors(new PrimitiveSetProcessor())
              .withClasspath(classPath)
              .compile(s.file());
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:MissingRuleVocabulary] primitive set Real needs the rule vocabulary"
                  + " (package io.github.tidu4j.ad.rules")
          .inFile(s.file())
          .onLine(s.markedLine());
      assertThat(c).hadErrorContaining("artifact io.github.tidu4j:tidu4j-runtime-ad");
      // not an [tidu4j:UnresolvedType] "import io.github.tidu4j.ad.rules.Tangent" at each rule,
      // where the import is already written
      assertEquals(1, Compilations.processorErrors(c).size(), c.errors().toString());
    }

    @Test
    void theSetsEarlierOutputAmongTheSourcesIsOneErrorSayingSo() {
      Source s =
          Source.file(
              "com.example.Real",
              "@PrimitiveSet(operand = double.class)",
              "public interface Real { " + MARK,
              String.join("\n", Source.ADD),
              "}");
      Source op =
          Source.file(
              "com.example.RealOp",
              "@javax.annotation.processing.Generated(\"io.github.tidu4j.processor.PrimitiveSetProcessor\")",
              "public final class RealOp {}");
      Source emit =
          Source.file(
              "com.example.RealEmit",
              "@javax.annotation.processing.Generated(\"io.github.tidu4j.processor.PrimitiveSetProcessor\")",
              "public final class RealEmit {}");
      Compilation c = s.compile(op, emit);
      s.assertError(c, "EarlierOutputAsSource");
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:EarlierOutputAsSource] primitive set Real would generate RealOp, RealEmit,"
                  + " but the sources already declare them, generated earlier by this processor");
      assertThat(c).hadErrorContaining("remove that directory from the source path, or delete it");
      assertThat(c)
          .hadErrorContaining(
              "or the processor has already run on these sources in this build (kapt, or another"
                  + " compilation before this one)");
      assertThat(c).hadErrorContaining("run the processor in one compilation only (-proc:none");
      assertEquals(1, Compilations.processorErrors(c).size(), c.errors().toString());
    }

    /**
     * kapt's stubs name {@code error.NonExistentClass} where the Kotlin source names a type not
     * generated yet (the set's emitter): the error says what kapt did and the setting that stops
     * it, at each rule, rather than that the rule cannot take such a type.
     */
    @Test
    void kaptsStandInForAnUnresolvedTypeIsNamedWithItsSetting() {
      Source s =
          Source.file(
              "com.example.Real",
              "@PrimitiveSet(operand = double.class)",
              "public interface Real {",
              "  @Primitive(accumulator = true)",
              "  interface Add {",
              "    static double eval(double a, double b) { return a + b; }",
              "    static Tangent jvp(error.NonExistentClass e, Tangent da, Tangent db) { " + MARK,
              "      return da;",
              "    }",
              "    static Cotangents transpose(error.NonExistentClass e, Tangent ct) { " + MARK + "2",
              "      return Cotangents.of(ct, ct);",
              "    }",
              "  }",
              "}");
      Source kaptStub =
          Source.verbatim(
              "error.NonExistentClass", "package error;", "public final class NonExistentClass {}");
      Compilation c = s.compile(kaptStub);
      s.assertError(c, "UnresolvedType");
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:UnresolvedType] parameter e of Add.jvp refers to error.NonExistentClass,")
          .inFile(s.file())
          .onLine(s.markedLine());
      assertThat(c)
          .hadErrorContaining(
              "set kapt's correctErrorTypes to true (Maven: <correctErrorTypes>true"
                  + "</correctErrorTypes> in kotlin-maven-plugin's kapt configuration");
      // the second place gets the fix by reference, not the same long text again
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:UnresolvedType] parameter e of Add.transpose refers to"
                  + " error.NonExistentClass, which does not exist, so the set cannot be generated;"
                  + " the fix given for parameter e of Add.jvp applies here too")
          .inFile(s.file())
          .onLine(s.line("2"));
      assertEquals(2, Compilations.processorErrors(c).size(), c.errors().toString());
    }

    /** A set whose primitive Exp is a final class (as kapt writes a Kotlin object), annotated. */
    private static Source primitiveAsClass(String annotation) {
      return Source.file(
          "com.example.Real",
          "@PrimitiveSet(operand = double.class)",
          "public interface Real {",
          "  @Primitive",
          annotation,
          "  final class Exp { " + MARK,
          "    public static final Exp INSTANCE = new Exp();",
          "    public static double eval(double x) { return Math.exp(x); }",
          "  }",
          String.join("\n", Source.ADD),
          "}");
    }

    /**
     * A primitive written as a Kotlin {@code object} reaches the processor as kapt's stub of it, a
     * final class carrying {@code kotlin.Metadata}: the error says how Kotlin declares a primitive.
     */
    @Test
    void aKotlinObjectPrimitiveIsToldHowKotlinDeclaresOne() {
      Source s = primitiveAsClass("  @kotlin.Metadata");
      Source metadata =
          Source.verbatim("kotlin.Metadata", "package kotlin;", "public @interface Metadata {}");
      Compilation c = s.compile(metadata);
      s.assertError(c, "PrimitiveNotInterface");
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:PrimitiveNotInterface] @Primitive is on the class Exp, but a primitive is"
                  + " declared as an interface; declare Exp as an interface (in Kotlin, an interface"
                  + " whose rules are @JvmStatic functions of its companion object: a Kotlin object"
                  + " or class compiles to a Java class)")
          .inFile(s.file())
          .onLine(s.markedLine());
      // a Java class gets no word of Kotlin
      Source java = primitiveAsClass("  // a Java class");
      Compilation plain = java.compile();
      java.assertError(plain, "PrimitiveNotInterface");
      assertTrue(
          plain.errors().stream().noneMatch(e -> e.getMessage(null).contains("Kotlin")),
          plain.errors().toString());
    }

    /**
     * A type in one primitive's rule that exists nowhere (no later round can make it a rule's
     * type) does not hide the other primitives' errors: they are reported with it, while what the
     * primitive naming it declares waits for the name to be fixed.
     */
    @Test
    void anUnknownTypeInOneRuleDoesNotHideTheOtherPrimitivesErrors() {
      Source s =
          Source.file(
              "com.example.Real",
              "@PrimitiveSet(operand = double.class)",
              "public interface Real {",
              "  @Primitive",
              "  interface Exp {",
              "    static String eval(double x) { return \"x\"; }",
              "    static Tangent jvp(RealEmit e, Tangent dx, Frobnicator f) { return dx; } " + MARK,
              "  }",
              "  @Primitive",
              "  interface Sin { " + MARK + "sin",
              "    static double eval(double x) { return Math.sin(x); }",
              "  }",
              String.join("\n", Source.ADD), // after the marked lines: one entry of several lines
              "}");
      Compilation c = s.compile();
      s.assertError(c, "UnresolvedType");
      assertThat(c)
          .hadErrorContaining("[tidu4j:MissingJvp] primitive Sin has no JVP rule")
          .inFile(s.file())
          .onLine(s.line("sin"));
      // Exp's own String eval waits for Frobnicator to be fixed: its checks may be its effects
      assertEquals(2, Compilations.processorErrors(c).size(), c.errors().toString());
    }

    @Test
    void voidIsNoOperandType() {
      Source s = Source.setWithAnnotation("@PrimitiveSet(operand = void.class) " + MARK, Source.ADD);
      s.expectError("OperandType");
    }

    @Test
    void aGenericClassIsNoOperandType() {
      Source s =
          Source.setWithAnnotation(
              "@PrimitiveSet(operand = java.util.List.class) " + MARK, Source.ADD);
      s.expectError("OperandType");
    }

    @Test
    void aPrimitiveTypeIsNoContextType() {
      Source s =
          Source.setWithAnnotation(
              "@PrimitiveSet(operand = double.class, context = int.class) " + MARK, Source.ADD);
      s.expectError("ContextType");
    }

    @Test
    void aGenericClassIsNoContextType() {
      Source s =
          Source.setWithAnnotation(
              "@PrimitiveSet(operand = double.class, context = java.util.List.class) " + MARK,
              Source.ADD);
      Compilation c = s.expectError("ContextType");
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:ContextType] the context type java.util.List of primitive set Real cannot be used: it"
                  + " is generic, and a class literal can only name it raw")
          .inFile(s.file())
          .onLine(s.markedLine());
    }

    @Test
    void thePrefixMustStartAnIdentifier() {
      Source s =
          Source.setWithAnnotation(
              "@PrimitiveSet(operand = double.class, prefix = \"1Real\") " + MARK, Source.ADD);
      s.expectError("InvalidName");
    }

    @Test
    void generatedTypeNamesMustBeFree() {
      Source taken = Source.file("com.example.RealEvaluator", "class RealEvaluator {}");
      // reported at the set: the line of its declaration
      Source marked =
          Source.file(
              "com.example.Real",
              "@PrimitiveSet(operand = double.class)",
              "public interface Real { " + MARK,
              String.join("\n", Source.ADD),
              "}");
      Compilation c = marked.compile(taken);
      marked.assertError(c, "TypeClash");
      assertThat(c).hadErrorContaining("com.example.RealEvaluator");
    }

    @Test
    void aSetWithoutAccumulatorIsReported() {
      Source s =
          Source.file(
              "com.example.Real",
              "@PrimitiveSet(operand = double.class)",
              "public interface Real { " + MARK,
              String.join("\n", Source.MUL),
              "}");
      s.expectError("MissingAccumulator");
    }

    @Test
    void aTypeThatNeverAppearsIsReportedAfterTheLastRound() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Tag {",
              "    NoSuchType tag(); " + MARK,
              "    default double eval(double x) { return x; }",
              "    default Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      Compilation c = s.expectError("UnresolvedType");
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:UnresolvedType] attribute tag of Tag refers to NoSuchType, which does not"
                  + " exist, so the set cannot be generated; declare the type, import it or fix its"
                  + " name; a set may name a type that does not exist yet if it is generated, as"
                  + " the set's own RealOp, RealEmit, RealEvaluator, RealKernels, RealBuilder,"
                  + " RealValue, EagerReal are, or as another annotation processor's types are")
          .inFile(s.file())
          .onLine(s.markedLine());
    }
  }

  @Nested
  class TheZeroPrimitive {
    private static final String ZEROS_LIKE =
        "    static double eval(double x) { return 0.0; }";

    @Test
    void aSecondZeroPrimitiveIsReportedAtItsFlag() {
      Source s =
          Source.realSet(
              "  @Primitive(zero = true)",
              "  interface ZerosLike {",
              ZEROS_LIKE,
              "  }",
              "  @Primitive(zero = true) " + MARK,
              "  interface Zero {",
              ZEROS_LIKE,
              "  }");
      s.expectError("DuplicateZero");
    }

    @Test
    void theZeroPrimitiveMustBeUnary() {
      Source s =
          Source.realSet(
              "  @Primitive(zero = true)",
              "  interface ZerosLike {",
              "    static double eval(double a, double b) { return 0.0; } " + MARK,
              "  }");
      s.expectError("ZeroShape");
    }

    @Test
    void theZeroPrimitiveIsNotTheAccumulator() {
      Source s =
          Source.set(
              "operand = double.class",
              List.of(
                  "  @Primitive(accumulator = true, zero = true) " + MARK,
                  "  interface Add {",
                  "    static double eval(double a, double b) { return a + b; }",
                  "    static Tangent jvp(RealEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
                  "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
                  "  }"));
      s.expectError("ZeroShape");
    }

    @Test
    void theZeroPrimitiveHasNoRules() {
      Source s =
          Source.realSet(
              "  @Primitive(zero = true)",
              "  interface ZerosLike {",
              ZEROS_LIKE,
              "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct); } "
                  + MARK,
              "  }");
      s.expectError("ZeroRule");
    }
  }

  @Nested
  class TheAccumulator {
    @Test
    void aSecondAccumulatorIsReportedAtItsFlag() {
      Source s =
          Source.realSet(
              "  @Primitive(accumulator = true) " + MARK,
              "  interface Plus {",
              "    static double eval(double a, double b) { return a + b; }",
              "    static Tangent jvp(RealEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
              "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
              "  }");
      s.expectError("DuplicateAccumulator");
    }

    @Test
    void theAccumulatorMustBeBinary() {
      Source s =
          Source.set(
              "operand = double.class",
              List.of(
                  "  @Primitive(accumulator = true)",
                  "  interface Add {",
                  "    static double eval(double a) { return a; } " + MARK,
                  "    static Tangent jvp(RealEmit e, Tangent da) { return da; }",
                  "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct); }",
                  "  }"));
      s.expectError("AccumulatorShape");
    }

    @Test
    void theAccumulatorHasNoAttributes() {
      Source s =
          Source.set(
              "operand = double.class",
              List.of(
                  "  @Primitive(accumulator = true)",
                  "  interface Add {",
                  "    double weight(); " + MARK,
                  "    default double eval(double a, double b) { return a + b; }",
                  "    default Tangent jvp(RealEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
                  "    default Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
                  "  }"));
      s.expectError("AccumulatorShape");
    }

    @Test
    void theAccumulatorIsNotMultilinear() {
      Source s =
          Source.set(
              "operand = double.class",
              List.of(
                  "  @Primitive(accumulator = true, multilinear = true) " + MARK,
                  "  interface Add {",
                  "    static double eval(double a, double b) { return a + b; }",
                  "    static Tangent jvp(RealEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
                  "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
                  "  }"));
      s.expectError("AccumulatorShape");
    }
  }

  @Nested
  class ThePrimitive {
    @Test
    void aClassIsNotAPrimitive() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  abstract class Neg { " + MARK,
              "    static double eval(double x) { return -x; }",
              "  }");
      s.expectError("PrimitiveNotInterface");
    }

    @Test
    void aPrimitiveCannotBeGeneric() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg<T> { " + MARK,
              "    static double eval(double x) { return -x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("GenericPrimitive");
    }

    @Test
    void aTopLevelPrimitiveIsOutsideAnySet() {
      Source s =
          Source.file(
              "com.example.Neg",
              "@Primitive " + MARK,
              "interface Neg {",
              "  static double eval(double x) { return -x; }",
              "}");
      s.expectError("PrimitiveOutsideSet");
    }

    @Test
    void aPrimitiveNestedInAnotherInterfaceIsOutsideAnySet() {
      Source s =
          Source.file(
              "com.example.Holder",
              "interface Holder {",
              "  @Primitive " + MARK,
              "  interface Neg {",
              "    static double eval(double x) { return -x; }",
              "  }",
              "}");
      s.expectError("PrimitiveOutsideSet");
    }

    @Test
    void aPrimitiveHasAtLeastOneOutput() {
      Source s =
          Source.realSet(
              "  @Primitive(outputs = 0) " + MARK,
              "  interface Nothing {",
              "    static double eval(double x) { return x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("OutputCount");
    }

    @Test
    void anExplicitNameMustBeAnIdentifier() {
      Source s =
          Source.realSet(
              "  @Primitive(name = \"Not valid\") " + MARK,
              "  interface Neg {",
              "    static double eval(double x) { return -x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("InvalidName");
    }
  }

  @Nested
  class TheKernel {
    @Test
    void aPrimitiveWithoutEvalIsReported() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg { " + MARK,
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("MissingEval");
    }

    @Test
    void evalParametersHaveTheOperandType() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    static double eval(",
              "        float x) { return -x; } " + MARK,
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("EvalSignature");
    }

    @Test
    void evalReturnsTheOperandType() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    static String eval(double x) { return \"\"; } " + MARK,
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("EvalSignature");
    }

    @Test
    void severalOutputsComeAsAnArray() {
      Source s =
          Source.realSet(
              "  @Primitive(outputs = 2)",
              "  interface SinCos {",
              "    static double eval(double x) { return x; } " + MARK,
              "    static Tangents jvp(RealEmit e, Tangent dx) { return Tangents.of(dx, dx); }",
              "  }");
      s.expectError("EvalSignature");
    }

    @Test
    void anArrayOfResultsNeedsDeclaredOutputs() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface SinCos {",
              "    static double[] eval(double x) { return new double[] {x, x}; } " + MARK,
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("EvalSignature");
    }

    @Test
    void anAbstractEvalIsNotImplemented() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    double eval(double x); " + MARK,
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("RuleNotImplemented");
    }

    @Test
    void aPrivateEvalCannotBeCalled() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    private static double eval(double x) { return -x; } " + MARK,
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("RuleNotImplemented");
    }

    @Test
    void evalThrowsNoCheckedException() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    static double eval(double x) throws java.io.IOException { return -x; } " + MARK,
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("CheckedException");
    }
  }

  @Nested
  class TheJvpRule {
    @Test
    void aPrimitiveWithoutJvpIsReported() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Floor { " + MARK,
              "    static double eval(double x) { return Math.floor(x); }",
              "  }");
      s.expectError("MissingJvp");
    }

    @Test
    void aJvpUnderAMisspeltNameIsReportedAtItsLine() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Half {",
              "    static double eval(double x) { return x / 2; }",
              "    static Tangent Jvp(RealEmit e, Tangent dx) { return dx; } " + MARK,
              "  }");
      Compilation c = s.expectError("MisspeltRule");
      assertThat(c)
          .hadErrorContaining(
              "Half.Jvp looks like its jvp rule, which it lacks; a rule is recognized by its exact"
                  + " name: rename it jvp");
      assertThat(c).hadErrorContaining("[tidu4j:MissingJvp] primitive Half has no JVP rule");
    }

    @Test
    void aVarargsKernelIsOneErrorNotACascade() {
      Source s =
          Source.realSet(
              "  @Primitive(multilinear = true)",
              "  interface Mul {",
              "    static double eval(double... ab) { return ab[0] * ab[1]; } " + MARK,
              "    static Tangent jvp(RealEmit e, Primal a, Primal b, Tangent da, Tangent db) {",
              "      return e.add(e.mul(da, b), e.mul(a, db));",
              "    }",
              "    static Cotangents transpose(RealEmit e, Arg a, Arg b, Tangent ct) {",
              "      return a.isLinear() ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())",
              "          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));",
              "    }",
              "  }");
      Compilation c = s.expectError("EvalSignature");
      assertThat(c).hadErrorCount(1);
    }

    @Test
    void aSingleOutputJvpReturnsATangent() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    static double eval(double x) { return -x; }",
              "    static Tangents jvp(RealEmit e, Tangent dx) { return Tangents.of(dx); } " + MARK,
              "  }");
      s.expectError("JvpSignature");
    }

    @Test
    void aJvpTakesOneTangentPerInput() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Sub {",
              "    static double eval(double a, double b) { return a - b; }",
              "    static Tangent jvp(RealEmit e, Tangent da) { return da; } " + MARK,
              "  }");
      s.expectError("JvpSignature");
    }

    @Test
    void aJvpReadingSomeInputsNamesEachAsEvalDoes() {
      Compilation c =
          Source.realSet(
                  "  @Primitive",
                  "  interface Sub {",
                  "    static double eval(double a, double b, double c) { return a - b * c; }",
                  "    static Tangent jvp(RealEmit e, Primal b, Primal c, Tangent da, Tangent db,",
                  "        Tangent dc) { return da; }",
                  "  }")
              .compile();
      assertThat(c).succeededWithoutWarnings();
    }

    @Test
    void aPrimalOfSomeInputsNamedAsNoneIsAnError() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Sub {",
              "    static double eval(double a, double b) { return a - b; }",
              "    static Tangent jvp(RealEmit e,",
              "        Primal y, " + MARK,
              "        Tangent da, Tangent db) { return da; }",
              "  }");
      Compilation c = s.expectError("PrimalBinding");
      assertThat(c)
          .hadErrorContaining(
              "parameter y of Sub.jvp is not one of eval's inputs (a, b), and a JVP rule that"
                  + " reads some of them binds each Primal by its name; name it as the input it"
                  + " reads, or declare it as Output y to read the output");
      assertEquals(1, c.errors().size(), c.errors().toString());
    }

    @Test
    void primalsOfSomeInputsOutOfEvalsOrderAreAnError() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Fma {",
              "    static double eval(double a, double b, double c) { return a * b + c; }",
              "    static Tangent jvp(RealEmit e, Primal b,",
              "        Primal a, " + MARK,
              "        Tangent da, Tangent db, Tangent dc) { return da; }",
              "  }");
      Compilation c = s.expectError("PrimalBinding");
      assertThat(c)
          .hadErrorContaining(
              "parameter a of Fma.jvp comes after Primal b, but eval takes a first; list the"
                  + " Primals in eval's order (a, b, c)");
      assertEquals(1, c.errors().size(), c.errors().toString());
    }

    @Test
    void primalsOfSomeInputsWithoutNamesAreRefused() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Sub {",
              "    static double eval(double arg0, double arg1) { return arg0 - arg1; }",
              "    static Tangent jvp(RealEmit e, Primal a, Tangent da, Tangent db) { return da; } " + MARK,
              "  }");
      Compilation c = s.expectError("JvpSignature");
      assertThat(c)
          .hadErrorContaining(
              "Sub.jvp takes 1 Primal parameter(s) for eval's 2 input(s), but a rule that reads"
                  + " some of the inputs binds each by its name, and the names are not known");
    }

    @Test
    void aJvpTakesNoArg() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    static double eval(double x) { return -x; }",
              "    static Tangent jvp(RealEmit e,",
              "        Arg x, " + MARK,
              "        Tangent dx) { return dx; }",
              "  }");
      s.expectError("JvpSignature");
    }

    @Test
    void aPrimalNamedLikeTheOutputBindsToTheInputSoItIsAnError() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Exp {",
              "    static double eval(double x) { return Math.exp(x); }",
              "    static Tangent jvp(RealEmit e,",
              "        Primal y, " + MARK,
              "        Tangent dx) { return e.mul(y, dx); }",
              "  }");
      Compilation c = s.expectError("PrimalBinding");
      assertThat(c)
          .hadErrorContaining(
              "parameter y of Exp.jvp binds to eval's input x (Primals bind to eval's inputs in"
                  + " order); name it x, or declare it as Output y to read the output");
    }

    @Test
    void swappedPrimalsAreAskedForTheInputsNames() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Pow {",
              "    static double eval(double base, double exponent) { return Math.pow(base, exponent); }",
              "    static Tangent jvp(RealEmit e,",
              "        Primal exponent, " + MARK,
              "        Primal base, Tangent dbase, Tangent dexponent) { return dbase; }",
              "  }");
      Compilation c = s.expectError("PrimalBinding");
      assertThat(c)
          .hadErrorContaining(
              "binds to eval's input base (Primals bind to eval's inputs in order); list the"
                  + " Primals in eval's order (base, exponent), or name it base");
      assertThat(c).hadErrorContaining("parameter base of Pow.jvp binds to eval's input exponent");
      assertEquals(2, c.errors().size(), c.errors().toString());
    }

    @Test
    void aPrimalAfterTheInputsIsAnOutputDeclaredTheOldWay() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Exp {",
              "    static double eval(double x) { return Math.exp(x); }",
              "    static Tangent jvp(RealEmit e, Primal x,",
              "        Primal y, " + MARK,
              "        Tangent dx) { return e.mul(y, dx); }",
              "  }");
      Compilation c = s.expectError("PrimalBinding");
      assertThat(c).hadErrorContaining("declare it as Output y to read the output");
      assertEquals(1, c.errors().size(), c.errors().toString());
    }

    @Test
    void aJvpTakesNoneOrAllOutputs() {
      Source s =
          Source.realSet(
              "  @Primitive(outputs = 2)",
              "  interface SinCos {",
              "    static double[] eval(double x) { return new double[] {Math.sin(x), Math.cos(x)}; }",
              "    static Tangents jvp(RealEmit e, Output sin, Tangent dx) { " + MARK,
              "      return Tangents.of(dx, dx);",
              "    }",
              "  }");
      Compilation c = s.expectError("JvpSignature");
      assertThat(c).hadErrorContaining("declare none, or one Output per output in slot order");
    }

    @Test
    void outputsComeAfterThePrimals() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Exp {",
              "    static double eval(double x) { return Math.exp(x); }",
              "    static Tangent jvp(RealEmit e, Output y,",
              "        Primal x, " + MARK,
              "        Tangent dx) { return e.mul(y, dx); }",
              "  }");
      Compilation c = s.expectError("JvpSignature");
      assertThat(c).hadErrorContaining("is a Primal after an Output");
    }

    @Test
    void anOutputNamedLikeAnInputIsAnError() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Sin {",
              "    static double eval(double x) { return Math.sin(x); }",
              "    static Tangent jvp(RealEmit e,",
              "        Output x, " + MARK,
              "        Tangent dx) { return e.mul(e.cos(x), dx); }",
              "  }",
              "  @Primitive",
              "  interface Cos {",
              "    static double eval(double x) { return Math.cos(x); }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }",
              String.join("\n", Source.MUL));
      Compilation c = s.expectError("PrimalBinding");
      assertThat(c)
          .hadErrorContaining(
              "parameter x of Sin.jvp is an Output, bound to the primitive's output, but eval names"
                  + " its input x; declare it as Primal x to read the input, or give the output"
                  + " another name");
      assertEquals(1, c.errors().size(), c.errors().toString());
    }

    @Test
    void tangentsNamedForAnotherInputAreAnError() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Sub {",
              "    static double eval(double a, double b) { return a - b; }",
              "    static Tangent jvp(RealEmit e,",
              "        Tangent db, " + MARK,
              "        Tangent da) { return e.add(da, db); }",
              "  }");
      Compilation c = s.expectError("TangentBinding");
      assertThat(c)
          .hadErrorContaining(
              "parameter db of Sub.jvp binds to the tangent of eval's input a, not of b (Tangents"
                  + " bind to eval's inputs in order); list the Tangents in eval's order (da, db),"
                  + " or name it da");
      assertEquals(2, c.errors().size(), c.errors().toString());
    }

    @Test
    void tangentsOutsideTheNamingConventionAreNotCompared() {
      Compilation c =
          Source.realSet(
                  "  @Primitive",
                  "  interface Sub {",
                  "    static double eval(double a, double b) { return a - b; }",
                  "    static Tangent jvp(RealEmit e, Tangent first, Tangent b) { return first; }",
                  "  }")
              .compile();
      assertThat(c).succeededWithoutWarnings();
    }

    @Test
    void placeholderNamesOfEvalBindNothingByName() {
      Compilation c =
          Source.realSet(
                  "  @Primitive",
                  "  interface Sin {",
                  "    static double eval(double arg0) { return Math.sin(arg0); }",
                  "    static Tangent jvp(RealEmit e, Primal x, Tangent dx) { return dx; }",
                  "  }")
              .compile();
      assertThat(c).succeededWithoutWarnings();
    }

    @Test
    void placeholderNamesOfARuleBindNothingByName() {
      Compilation c =
          Source.realSet(
                  "  @Primitive",
                  "  interface Sin {",
                  "    static double eval(double x) { return Math.sin(x); }",
                  "    static Tangent jvp(RealEmit arg0, Primal arg1, Tangent arg2) { return arg2; }",
                  "  }")
              .compile();
      assertThat(c).succeededWithoutWarnings();
    }

    @Test
    void primalsComeBeforeTangents() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Sin {",
              "    static double eval(double x) { return Math.sin(x); }",
              "    static Tangent jvp(RealEmit e, Tangent dx,",
              "        Primal x) { return e.mul(e.cos(x), dx); } " + MARK,
              "    static double cos(double x) { return Math.cos(x); }",
              "  }");
      s.expectError("JvpSignature");
    }

    @Test
    void theEmitterComesFirst() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    static double eval(double x) { return -x; }",
              "    static Tangent jvp(Tangent dx,",
              "        RealEmit e) { return dx; } " + MARK,
              "  }");
      s.expectError("JvpSignature");
    }

    @Test
    void aJvpTakesOnlyRuleParameters() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    static double eval(double x) { return -x; }",
              "    static Tangent jvp(RealEmit e,",
              "        double x, " + MARK,
              "        Tangent dx) { return dx; }",
              "  }");
      s.expectError("JvpSignature");
    }

    @Test
    void aJvpMayThrowADRuleErrorButNothingElseChecked() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    static double eval(double x) { return -x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) throws ADRuleError, Exception { return dx; } " + MARK,
              "  }");
      Compilation c = s.expectError("CheckedException");
      assertThat(c).hadErrorContaining("declares throws Exception");
    }

    @Test
    void aJvpNeitherStaticNorDefaultIsNotImplemented() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    static double eval(double x) { return -x; }",
              "    Tangent jvp(RealEmit e, Tangent dx); " + MARK,
              "  }");
      s.expectError("RuleNotImplemented");
    }

    @Test
    void aPrimitiveHasOneJvp() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    static double eval(double x) { return -x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "    static Tangent jvp(RealEmit e, Primal x, Tangent dx) { return dx; } " + MARK,
              "  }");
      s.expectError("DuplicateRule");
    }

    @Test
    void rulesAreNotGeneric() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Neg {",
              "    static double eval(double x) { return -x; }",
              "    static <T> Tangent jvp(RealEmit e, Tangent dx) { return dx; } " + MARK,
              "  }");
      s.expectError("GenericRule");
    }

    @Test
    void theContextParameterHasTheSetsContextType() {
      Source s =
          Source.set(
              "operand = double.class, context = StringBuilder.class",
              List.of(
                  "  @Primitive(accumulator = true)",
                  "  interface Add {",
                  "    static double eval(double a, double b) { return a + b; }",
                  "    static Tangent jvp(RealEmit e, Tangent da, Tangent db,",
                  "        String log) { return e.add(da, db); } " + MARK,
                  "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
                  "  }"));
      s.expectError("ContextParameter");
    }

    @Test
    void aContextParameterInASetWithoutAContextIsAdvisedRemoved() {
      Source s =
          Source.set(
              "operand = double.class",
              List.of(
                  "  @Primitive(accumulator = true)",
                  "  interface Add {",
                  "    static double eval(double a, double b) { return a + b; }",
                  "    static Tangent jvp(RealEmit e, Tangent da, Tangent db,",
                  "        StringBuilder log) { return e.add(da, db); } " + MARK,
                  "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
                  "  }"));
      Compilation c = s.expectError("ContextParameter");
      assertThat(c)
          .hadErrorContaining(
              "remove it (the set declares no context), or declare the set's context type:"
                  + " @PrimitiveSet(context = StringBuilder.class)")
          .inFile(s.file())
          .onLine(s.markedLine());
    }

    @Test
    void aParameterizedContextParameterIsNotAdvisedRaw() {
      Source s =
          Source.set(
              "operand = double.class, context = java.util.List.class",
              List.of(
                  "  @Primitive(accumulator = true)",
                  "  interface Add {",
                  "    static double eval(double a, double b) { return a + b; }",
                  "    static Tangent jvp(RealEmit e, Tangent da, Tangent db,",
                  "        java.util.List<String> log) { return e.add(da, db); } " + MARK,
                  "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
                  "  }"));
      Compilation c = s.expectError("ContextParameter");
      assertThat(c)
          .hadErrorContaining(
              "a generic class cannot be a set's context (see [tidu4j:ContextType]); give the set a"
                  + " context type of its own")
          .inFile(s.file())
          .onLine(s.markedLine());
      assertThat(c).hadErrorContaining("[tidu4j:ContextType]");
    }

    @Test
    void aKernelDoesNotTakeTheContext() {
      List<String> body = new ArrayList<>(Source.ADD);
      body.addAll(
          List.of(
              "  @Primitive",
              "  interface Scaled {",
              "    static double eval(double x, StringBuilder log) { return x; } " + MARK,
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }"));
      Source s = Source.set("operand = double.class, context = StringBuilder.class", body);
      Compilation c = s.expectError("EvalSignature");
      assertThat(c)
          .hadErrorContaining(
              "parameter log of Scaled.eval has the context type java.lang.StringBuilder of set"
                  + " Real, but a kernel takes operands only and never sees the context");
    }

    @Test
    void aParameterisedContextClassIsToldToWrapIt() {
      Source s =
          Source.set(
              "operand = double.class, context = java.util.Map.class",
              List.of(
                  "  @Primitive(accumulator = true)",
                  "  interface Add {",
                  "    static double eval(double a, double b) { return a + b; }",
                  "    static Tangent jvp(RealEmit e, Tangent da, Tangent db,",
                  "        java.util.Map<String, Double> options) { return e.add(da, db); } " + MARK,
                  "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
                  "  }"));
      Compilation c = s.expectError("ContextParameter");
      assertThat(c).hadErrorContaining("give the set a context type of its own (a record holding");
    }

    @Test
    void theContextComesLast() {
      Source s =
          Source.set(
              "operand = double.class, context = StringBuilder.class",
              List.of(
                  "  @Primitive(accumulator = true)",
                  "  interface Add {",
                  "    static double eval(double a, double b) { return a + b; }",
                  "    static Tangent jvp(RealEmit e, Tangent da,",
                  "        StringBuilder log, " + MARK,
                  "        Tangent db) { return e.add(da, db); }",
                  "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
                  "  }"));
      s.expectError("JvpSignature");
    }
  }

  @Nested
  class TheTransposeRule {
    @Test
    void aTransposeReturnsCotangents() {
      Source s =
          Source.realSet(
              "  @Primitive(multilinear = true)",
              "  interface Neg {",
              "    static double eval(double x) { return -x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return e.neg(dx); }",
              "    static Tangent transpose(RealEmit e, Tangent ct) { return e.neg(ct); } " + MARK,
              "  }");
      s.expectError("TransposeSignature");
    }

    @Test
    void aTransposeTakesArgsNotPrimals() {
      Source s =
          Source.realSet(
              "  @Primitive(multilinear = true)",
              "  interface Twice {",
              "    static double eval(double x) { return 2 * x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return e.twice(dx); }",
              "    static Cotangents transpose(RealEmit e,",
              "        Primal x, " + MARK,
              "        Tangent ct) { return Cotangents.of(e.twice(ct)); }",
              "  }");
      s.expectError("TransposeSignature");
    }

    @Test
    void aTransposeTakesOneCotangentPerOutput() {
      Source s =
          Source.realSet(
              "  @Primitive(multilinear = true)",
              "  interface Twice {",
              "    static double eval(double x) { return 2 * x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return e.twice(dx); }",
              "    static Cotangents transpose(RealEmit e, Tangent ct, Tangent extra) { return null; } " + MARK,
              "  }");
      s.expectError("TransposeSignature");
    }

    @Test
    void aTransposeTakesNoneOrAllArgs() {
      Source s =
          Source.set(
              "operand = double.class",
              List.of(
                  Source.ADD.get(0),
                  Source.ADD.get(1),
                  Source.ADD.get(2),
                  Source.ADD.get(3),
                  "    static Cotangents transpose(RealEmit e, Arg a, Tangent ct) { return null; } " + MARK,
                  "  }"));
      s.expectError("TransposeSignature");
    }

    @Test
    void anArgNamedUnlikeItsInputIsABindingError() {
      Source s =
          Source.set(
              "operand = double.class",
              List.of(
                  Source.ADD.get(0),
                  Source.ADD.get(1),
                  Source.ADD.get(2),
                  Source.ADD.get(3),
                  "    static Cotangents transpose(RealEmit e, Arg x, " + MARK,
                  "        Arg b, Tangent ct) { return Cotangents.of(ct, ct); }",
                  "  }"));
      Compilation c = s.expectError("PrimalBinding");
      assertThat(c)
          .hadErrorContaining(
              "parameter x of Add.transpose binds to eval's input a (Args bind to eval's inputs in"
                  + " order); name it a");
    }

    @Test
    void aTransposeTakesNoOutput() {
      Source s =
          Source.set(
              "operand = double.class",
              List.of(
                  Source.ADD.get(0),
                  Source.ADD.get(1),
                  Source.ADD.get(2),
                  Source.ADD.get(3),
                  "    static Cotangents transpose(RealEmit e, Output y, " + MARK,
                  "        Tangent ct) { return Cotangents.of(ct, ct); }",
                  "  }"));
      Compilation c = s.expectError("TransposeSignature");
      assertThat(c).hadErrorContaining("is an Output, which only JVP rules take");
    }

    @Test
    void aMultilinearPrimitiveNeedsATransposeRule() {
      Source s =
          Source.realSet(
              "  @Primitive(multilinear = true)",
              "  interface Neg { " + MARK,
              "    static double eval(double x) { return -x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return e.neg(dx); }",
              "  }");
      s.expectError("MissingTranspose");
    }

    @Test
    void aTransposeUnderAMisspeltNameIsReportedAtItsLine() {
      Source s =
          Source.realSet(
              "  @Primitive(multilinear = true)",
              "  interface Neg {",
              "    static double eval(double x) { return -x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return e.neg(dx); }",
              "    static Cotangents transposed(RealEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); } " + MARK,
              "  }");
      Compilation c = s.expectError("MisspeltRule");
      assertThat(c).hadErrorContaining("Neg.transposed looks like its transpose rule");
      assertThat(c).hadErrorContaining("[tidu4j:MissingTranspose]");
    }

    @Test
    void theAccumulatorNeedsATransposeRule() {
      Source s =
          Source.set(
              "operand = double.class",
              List.of(
                  "  @Primitive(accumulator = true)",
                  "  interface Add { " + MARK,
                  "    static double eval(double a, double b) { return a + b; }",
                  "    static Tangent jvp(RealEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
                  "  }"));
      s.expectError("MissingTranspose");
    }

    @Test
    void aTransposeRuleOfANonLinearPrimitiveIsAWarningOnly() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Exp {",
              "    static double eval(double x) { return Math.exp(x); }",
              "    static Tangent jvp(RealEmit e, Output y, Tangent dx) { return e.add(dx, dx); }",
              "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct); } " + MARK,
              "  }");
      Compilation c = s.compile();
      assertThat(c).succeeded();
      assertThat(c)
          .hadWarningContaining("[tidu4j:UnusedTranspose]")
          .inFile(s.file())
          .onLine(s.markedLine());
    }

    @Test
    void aJvpRuleOfAPrimitiveWithoutOperandsIsAWarningOnly() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface One {",
              "    static double eval() { return 1; }",
              "    static Tangent jvp(RealEmit e) { return Tangent.zero(); } " + MARK,
              "  }");
      Compilation c = s.compile();
      assertThat(c).succeeded();
      assertThat(c)
          .hadWarningContaining(
              "[tidu4j:UnusedJvp] One takes no operands, so no tangent ever reaches it and its JVP"
                  + " rule is never called")
          .inFile(s.file())
          .onLine(s.markedLine());
    }
  }

  /** The accumulator of a set {@code Real} of {@code double}s whose abstract type is {@code MatType}. */
  private static final List<String> TYPED_ADD =
      List.of(
          "  @Primitive(accumulator = true)",
          "  interface Add {",
          "    static double eval(double a, double b) { return a + b; }",
          "    static MatType type(MatType a, MatType b) { return a; }",
          "    static Tangent jvp(RealEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
          "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
          "  }");

  @Nested
  class AbstractTypes {

    /**
     * {@code com.example.Real} over {@code double}s with {@code type = MatType.class} on a line of
     * its own, marked, then the typed accumulator and {@code primitives}.
     */
    private Source typedSet(String... primitives) {
      List<String> lines = new ArrayList<>();
      lines.add("@PrimitiveSet(");
      lines.add("    operand = double.class,");
      lines.add("    type = MatType.class, " + MARK);
      lines.add("    prefix = \"Real\")");
      lines.add("public interface Real {");
      lines.addAll(TYPED_ADD);
      lines.addAll(List.of(primitives));
      lines.add("}");
      return Source.file("com.example.Real", lines.toArray(String[]::new));
    }

    /** {@code com.example.MatType}, declared by {@code lines} (and the types they name). */
    private Source matType(String... lines) {
      return Source.file("com.example.MatType", lines);
    }

    /** Compiles the typed set with {@code type} and asserts AbstractTypeEquality at its value. */
    private Compilation expectNoValueEquality(Source... type) {
      Source s = typedSet();
      Compilation c = s.compile(type);
      s.assertError(c, "AbstractTypeEquality");
      assertEquals(1, c.errors().size(), c.errors().toString());
      return c;
    }

    @Test
    void aClassWithoutEqualsAndHashCodeIsNoAbstractType() {
      Compilation c =
          expectNoValueEquality(
              matType(
                  "final class MatType {",
                  "  final int rows, cols;",
                  "  MatType(int rows, int cols) { this.rows = rows; this.cols = cols; }",
                  "  @Override public String toString() { return rows + \"x\" + cols; }",
                  "}"));
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:AbstractTypeEquality] the abstract type com.example.MatType of primitive set"
                  + " Real does not compare by value: it is a class that inherits equals(Object)"
                  + " and hashCode() from Object, which compare by identity; the runtime compares"
                  + " and hashes abstract types (a compiled function is cached by its inputs'"
                  + " types, and eager backward checks that a seed's type equals its output's), so"
                  + " equal types that are distinct objects would count as different: a function"
                  + " compiled again on every call, a seed of the output's type rejected; make it a"
                  + " record (of components that compare by value), an enum, or a class that"
                  + " overrides equals(Object) and hashCode() (an interface or an abstract class:"
                  + " declare both in it, for what implements it to override, or make it sealed,"
                  + " permitting only such types)");
    }

    @Test
    void aClassOverridingOnlyEqualsIsNoAbstractType() {
      Compilation c =
          expectNoValueEquality(
              matType(
                  "final class MatType {",
                  "  final int rows = 1;",
                  "  @Override public boolean equals(Object o) {",
                  "    return o instanceof MatType m && m.rows == rows;",
                  "  }",
                  "}"));
      assertThat(c)
          .hadErrorContaining(
              "it is a class that overrides equals(Object) but inherits hashCode() from Object,"
                  + " so equal types hash differently");
    }

    @Test
    void anEqualsOverloadDoesNotOverrideEquals() {
      Compilation c =
          expectNoValueEquality(
              matType(
                  "final class MatType {",
                  "  public boolean equals(MatType o) { return true; }",
                  "  @Override public int hashCode() { return 0; }",
                  "}"));
      assertThat(c)
          .hadErrorContaining(
              "it is a class that overrides hashCode() but inherits equals(Object) from Object,"
                  + " which compares by identity");
    }

    @Test
    void anInterfaceThatDeclaresNeitherIsNoAbstractType() {
      Compilation c = expectNoValueEquality(matType("interface MatType {", "  int rows();", "}"));
      assertThat(c)
          .hadErrorContaining(
              "it is an interface that declares neither equals(Object) nor hashCode(), so what"
                  + " implements it may compare by identity");
    }

    @Test
    void anAbstractClassThatDeclaresNeitherIsNoAbstractType() {
      Compilation c =
          expectNoValueEquality(matType("abstract class MatType {", "  abstract int rows();", "}"));
      assertThat(c)
          .hadErrorContaining(
              "it is an abstract class that inherits equals(Object) and hashCode() from Object,"
                  + " which compare by identity");
    }

    @Test
    void aRecordWithAnArrayComponentIsNoAbstractType() {
      Compilation c = expectNoValueEquality(matType("record MatType(int[] dims) {}"));
      assertThat(c)
          .hadErrorContaining(
              "does not compare by value: its component dims, of type int[], is an array, which a"
                  + " record compares by identity;");
    }

    @Test
    void aRecordWritingOnlyAFinalEqualsIsJudgedByItsComponents() {
      Compilation c =
          expectNoValueEquality(
              matType(
                  "record MatType(int[] dims) {",
                  "  @Override public final boolean equals(Object o) {",
                  "    return o instanceof MatType m && java.util.Arrays.equals(m.dims, dims);",
                  "  }",
                  "}"));
      assertThat(c).hadErrorContaining("its component dims, of type int[], is an array");
    }

    @Test
    void aRecordWithAComponentWithoutEqualsIsNoAbstractType() {
      Compilation c =
          expectNoValueEquality(
              matType("record MatType(Shape shape) {}", "final class Shape {", "  int rank;", "}"));
      assertThat(c)
          .hadErrorContaining(
              "does not compare by value: its component shape, of type com.example.Shape, is a"
                  + " class that inherits equals(Object) and hashCode() from Object");
    }

    @Test
    void aSealedInterfaceIsJudgedByItsPermittedSubtypes() {
      Compilation c =
          expectNoValueEquality(
              matType(
                  "sealed interface MatType permits Dense, Sparse {}",
                  "record Dense(int rows, int cols) implements MatType {}",
                  "final class Sparse implements MatType {}"));
      assertThat(c)
          .hadErrorContaining(
              "does not compare by value: its permitted subtype com.example.Sparse is a class"
                  + " that inherits equals(Object) and hashCode() from Object");
    }

    @Test
    void anArrayIsNoAbstractType() {
      Source s =
          Source.file(
              "com.example.Real",
              "@PrimitiveSet(",
              "    operand = double.class,",
              "    type = int[].class) " + MARK,
              "public interface Real {",
              "  @Primitive(accumulator = true)",
              "  interface Add {",
              "    static double eval(double a, double b) { return a + b; }",
              "    static int[] type(int[] a, int[] b) { return a; }",
              "    static Tangent jvp(RealEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
              "    static Cotangents transpose(RealEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
              "  }",
              "}");
      Compilation c = s.compile();
      s.assertError(c, "AbstractTypeEquality");
      assertThat(c)
          .hadErrorContaining("does not compare by value: it is an array, which compares by identity;");
      assertEquals(1, c.errors().size(), c.errors().toString()); // no error in generated code
    }

    @Test
    void typesThatCompareByValueAreAccepted() {
      List<Source> types =
          List.of(
              matType("record MatType(int rows, int cols, Shape shape) {}", "record Shape(long[] dims) {",
                  "  @Override public boolean equals(Object o) {",
                  "    return o instanceof Shape s && java.util.Arrays.equals(s.dims, dims);",
                  "  }",
                  "  @Override public int hashCode() { return java.util.Arrays.hashCode(dims); }",
                  "}"),
              matType(
                  "final class MatType {",
                  "  final int rows = 1;",
                  "  @Override public boolean equals(Object o) {",
                  "    return o instanceof MatType m && m.rows == rows;",
                  "  }",
                  "  @Override public int hashCode() { return rows; }",
                  "}"),
              matType(
                  "final class MatType extends Base {}",
                  "abstract class Base {",
                  "  @Override public boolean equals(Object o) { return o instanceof Base; }",
                  "  @Override public int hashCode() { return 1; }",
                  "}"),
              matType(
                  "abstract class MatType {",
                  "  @Override public abstract boolean equals(Object o);",
                  "  @Override public abstract int hashCode();",
                  "}"),
              matType(
                  "interface MatType extends Shaped {",
                  "  @Override int hashCode();",
                  "}",
                  "interface Shaped {",
                  "  @Override boolean equals(Object o);",
                  "}"),
              matType(
                  "sealed interface MatType permits Dense, Diagonal {}",
                  "record Dense(int rows, int cols) implements MatType {}",
                  "enum Diagonal implements MatType { IDENTITY }"),
              matType("enum MatType { SCALAR, VECTOR }"),
              // written final: the source tells them from the implicit ones, which are final too
              matType(
                  "record MatType(int[] dims) {",
                  "  @Override public final boolean equals(Object o) {",
                  "    return o instanceof MatType m && java.util.Arrays.equals(m.dims, dims);",
                  "  }",
                  "  @Override public final int hashCode() { return java.util.Arrays.hashCode(dims); }",
                  "}"));
      for (Source type : types) {
        Compilation c = typedSet().compile(type);
        assertThat(c).succeededWithoutWarnings();
      }
    }
  }

  @Nested
  class TypeRules {
    /**
     * A typed set (record MatType) whose primitive Fill has attributes rows() and cols() and the
     * type rule {@code rule}, marked.
     */
    private Source withRule(String rule) {
      List<String> lines = new ArrayList<>();
      lines.add("@PrimitiveSet(operand = double.class, type = MatType.class)");
      lines.add("public interface Real {");
      lines.addAll(TYPED_ADD);
      lines.addAll(
          List.of(
              "  @Primitive",
              "  interface Fill { " + (rule.isEmpty() ? MARK : ""),
              "    int rows();",
              "    int cols();",
              "    default double eval(double x) { return x; }",
              rule.isEmpty() ? "" : "    " + rule + " " + MARK,
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }",
              "}",
              "record MatType(int rows, int cols) {}"));
      return Source.file("com.example.Real", lines.toArray(String[]::new));
    }

    @Test
    void parametersNamedForNoAttributeAreToldTheAttributesNames() {
      Compilation c =
          withRule("static MatType type(MatType x, int r, int c) { return new MatType(r, c); }")
              .expectError("TypeRuleSignature");
      assertThat(c)
          .hadErrorContaining(
              "[tidu4j:TypeRuleSignature] the type rule Fill.type takes int r, int c after the"
                  + " operands' types, but a parameter there takes the attribute of its name, and"
                  + " Fill has no attribute r or c (its attributes: int rows(), int cols()); declare"
                  + " it as static com.example.MatType type(com.example.MatType x, int rows, int"
                  + " cols) (the operands' types, then any of the primitive's attributes it needs,"
                  + " each named and typed like the attribute)");
    }

    @Test
    void theSuggestionKeepsTheAttributesTheRuleTakes() {
      Compilation c =
          withRule("static double type(MatType x, int cols) { return cols; }")
              .expectError("TypeRuleSignature");
      assertThat(c)
          .hadErrorContaining(
              "the type rule Fill.type returns double, not the output's type; declare it as static"
                  + " com.example.MatType type(com.example.MatType x, int cols) (");
    }

    @Test
    void anAttributeOfAnotherTypeIsSuggestedWithItsOwn() {
      Compilation c =
          withRule("static MatType type(MatType x, long rows) { return x; }")
              .expectError("TypeRuleSignature");
      assertThat(c)
          .hadErrorContaining(
              "takes long rows, but the attribute rows has type int; declare it as static"
                  + " com.example.MatType type(com.example.MatType x, int rows) (");
    }

    @Test
    void aMissingTypeRuleIsSuggestedWithTheAttributes() {
      Compilation c = withRule("").expectError("MissingTypeRule");
      assertThat(c)
          .hadErrorContaining(
              "declare static com.example.MatType type(com.example.MatType x, int rows, int cols),"
                  + " returning the output's type");
    }

    @Test
    void aTypeRuleTakingAttributesByNameInAnyOrderIsAccepted() {
      Source s =
          withRule("static MatType type(MatType x, int cols, int rows) { return new MatType(rows, cols); }");
      assertThat(s.compile()).succeededWithoutWarnings();
    }
  }

  @Nested
  class Attributes {
    private Source withAttribute(String declaration) {
      return Source.realSet(
          "  @Primitive",
          "  interface Tagged {",
          "    " + declaration + " " + MARK,
          "    default double eval(double x) { return x; }",
          "    default Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
          "  }");
    }

    @Test
    void aListIsNotAValue() {
      Compilation c = withAttribute("java.util.List<Integer> sizes();").expectError("AttributeType");
      assertThat(c).hadErrorContaining("collection");
      assertThat(c).hadErrorContaining("an operation of this set (RealOp)");
    }

    @Test
    void aListInARecordIsNotAValueAndTheFixIsNotAnArrayInTheRecord() {
      // an array component would be refused in turn (a record compares it by identity)
      Compilation c =
          withAttribute("record Sizes(java.util.List<Integer> all) {} Sizes sizes();")
              .expectError("AttributeType");
      assertThat(c)
          .hadErrorContaining(
              "its component all has type java.util.List<java.lang.Integer>, which is a"
                  + " collection, which can change; a record's components may be primitives,"
                  + " String, boxed primitives, enums and records, so keep a sequence as an array"
                  + " attribute of its own");
    }

    @Test
    void aMutableClassIsNotAValue() {
      withAttribute("StringBuilder text();").expectError("AttributeType");
    }

    @Test
    void anOperationOfAnotherSetIsNotAnAttribute() {
      Compilation c =
          withAttribute("io.github.tidu4j.ad.Primitive<?, ?> inner();").expectError("AttributeType");
      assertThat(c)
          .hadErrorContaining(
              "it is an operation type of another primitive set (or the runtime's Primitive); an"
                  + " attribute may hold operations of its own set only, as RealOp");
    }

    @Test
    void objectIsNotAValue() {
      withAttribute("Object anything();").expectError("AttributeType");
    }

    @Test
    void aRecordWithAnArrayComponentIsNotAValue() {
      Source s = withAttribute("Shape shape();");
      Source shape = Source.file("com.example.Shape", "record Shape(int[] dims) {}");
      Compilation c = s.compile(shape);
      s.assertError(c, "AttributeType");
      assertThat(c).hadErrorContaining("its component dims has type int[], which is an array");
    }

    @Test
    void onlySomePrimitiveArraysAreSupported() {
      withAttribute("float[] weights();").expectError("AttributeType");
    }

    @Test
    void anAttributeTakesNoParameters() {
      withAttribute("double weight(int i);").expectError("AttributeSignature");
    }

    @Test
    void valueTypesAreAccepted() {
      Source s =
          Source.realSet(
              "  enum Mode { UP, DOWN }",
              "  record Range(double lo, Mode mode, String name, Integer count) {}",
              "  @Primitive",
              "  interface Tagged {",
              "    Range range();",
              "    Mode mode();",
              "    int[] axes();",
              "    Long id();",
              "    default double eval(double x) { return x; }",
              "    default Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      assertThat(s.compile()).succeededWithoutWarnings();
    }
  }

  @Nested
  class Names {
    @Test
    void twoPrimitivesCannotShareAName() {
      Source s =
          Source.realSet(
              "  @Primitive(name = \"Add\") " + MARK,
              "  interface Plus {",
              "    static double eval(double a, double b) { return a + b; }",
              "    static Tangent jvp(RealEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
              "  }");
      s.expectError("DuplicateName");
    }

    /**
     * A primitive interface named like the set's emitter hides it from every rule of the set: the
     * rules' {@code RealEmit} parameters are this interface, and besides their signature errors
     * one error says why.
     */
    @Test
    void aPrimitiveNamedLikeAGeneratedTypeHidesIt() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface RealEmit { " + MARK,
              "    static double eval(double x) { return x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      Compilation c = s.expectError("NameClash");
      assertThat(c)
          .hadErrorContaining(
              "primitive interface RealEmit is named like the type RealEmit the set generates,"
                  + " which it hides inside the set");
    }

    @Test
    void aPrimitiveNamedLikeTheRuleVocabularyHidesIt() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Tangent { " + MARK,
              "    static double eval(double x) { return x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      Compilation c = s.expectError("NameClash");
      assertThat(c)
          .hadErrorContaining(
              "primitive interface Tangent is named like the rule vocabulary's Tangent, which it"
                  + " hides inside the set");
    }

    @Test
    void anEmitterMethodCannotBeAKeyword() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Const { " + MARK,
              "    double value();",
              "    default double eval() { return value(); }",
              "  }");
      Compilation c = s.expectError("NameClash");
      assertThat(c).hadErrorContaining("const is a Java keyword");
    }

    @Test
    void anEmitterMethodCannotRedeclareAnEmitterMethod() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Sum { " + MARK,
              "    static double eval(double x) { return x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      Compilation c = s.expectError("NameClash");
      assertThat(c).hadErrorContaining("Emitter.sum");
    }

    @Test
    void anEmitterMethodCannotRedeclareAnObjectMethod() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface HashCode { " + MARK,
              "    static double eval(double x) { return x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("NameClash");
    }

    @Test
    void anAttributeCannotTakeTheNameOfAnOperationMethod() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Labeled {",
              "    String name(); " + MARK,
              "    default double eval(double x) { return x; }",
              "    default Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("NameClash");
    }

    @Test
    void twoPrimitivesCannotGenerateTheSameConstant() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface SinCos {",
              "    static double eval(double x) { return x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }",
              "  @Primitive",
              "  interface Sin_Cos { " + MARK,
              "    static double eval(double x) { return x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      Compilation c = s.expectError("NameClash");
      assertThat(c).hadErrorContaining("RealOp.SIN_COS");
    }

    @Test
    void aPrimitiveCannotGenerateTheOperationClassName() {
      Source s =
          Source.realSet(
              "  @Primitive(name = \"Real\") " + MARK,
              "  interface Identity {",
              "    static double eval(double x) { return x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return dx; }",
              "  }");
      s.expectError("NameClash");
    }
  }

  @Nested
  class Collecting {
    @Test
    void oneBadPrimitiveDoesNotHideAnothersError() {
      Source s =
          Source.realSet(
              "  @Primitive",
              "  interface Floor { " + MARK + "A",
              "    static double eval(float x) { return Math.floor(x); } " + MARK + "B",
              "  }",
              "  @Primitive(multilinear = true)",
              "  interface Neg { " + MARK + "C",
              "    static double eval(double x) { return -x; }",
              "    static Tangent jvp(RealEmit e, Tangent dx) { return e.neg(dx); }",
              "  }");
      Compilation c = s.compile();
      assertThat(c).hadErrorContaining("[tidu4j:MissingJvp]").inFile(s.file()).onLine(s.line("A"));
      assertThat(c)
          .hadErrorContaining("[tidu4j:EvalSignature]")
          .inFile(s.file())
          .onLine(s.line("B"));
      assertThat(c)
          .hadErrorContaining("[tidu4j:MissingTranspose]")
          .inFile(s.file())
          .onLine(s.line("C"));
      assertEquals(3, Compilations.processorErrors(c).size(), Compilations.processorErrors(c).toString());
    }
  }
}
