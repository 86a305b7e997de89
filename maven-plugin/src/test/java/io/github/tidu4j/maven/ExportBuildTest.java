package io.github.tidu4j.maven;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.maven.fixtures.BadAttributes;
import io.github.tidu4j.maven.fixtures.BadName;
import io.github.tidu4j.maven.fixtures.Broken;
import io.github.tidu4j.maven.fixtures.Changing;
import io.github.tidu4j.maven.fixtures.Clash;
import io.github.tidu4j.maven.fixtures.Counting;
import io.github.tidu4j.maven.fixtures.FailingInit;
import io.github.tidu4j.maven.fixtures.Functions;
import io.github.tidu4j.maven.fixtures.ManyOutputs;
import io.github.tidu4j.maven.fixtures.Overloads;
import io.github.tidu4j.maven.fixtures.ProgramNameClash;
import io.github.tidu4j.maven.fixtures.SameName;
import io.github.tidu4j.primitives.scalar.ScalarBuilder;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportBuildTest {
  private static final String PKG = "io/github/tidu4j/maven/fixtures/";

  @TempDir Path dir;

  @Test
  void exportedTransformsMatchTheRuntimeBitForBitAndTheHandWrittenDerivatives() throws Exception {
    Path classes = classesWith("a", Functions.class);
    ExportBuild.Result result = build(classes, dir.resolve("a-gen"));
    assertEquals(
        List.of("io.github.tidu4j.maven.fixtures.ExpAndSquare",
            "io.github.tidu4j.maven.fixtures.ExpOfFirst", "io.github.tidu4j.maven.fixtures.SinXy"),
        result.exported());
    // Scalar.Exp's rule passes an Output where a Primal is taken: linking it needs the runtime
    assertEquals(List.of("io.github.tidu4j.maven.fixtures.ExpAndSquare",
        "io.github.tidu4j.maven.fixtures.ExpOfFirst"), List.copyOf(result.needRuntime().keySet()));
    String why = result.needRuntime().get("io.github.tidu4j.maven.fixtures.ExpOfFirst");
    assertTrue(why.startsWith("linking io.github.tidu4j.primitives.scalar.Scalar$Exp fails without"
        + " the runtime (java.lang.NoClassDefFoundError: io/github/tidu4j/ad/rules/"), why);
    Class<?> sinXy = load(classes, "SinXy");
    ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class);
    ScalarFunction<ScalarOp> f = ad.function(2, (b, x) -> List.of(
        Functions.sinXy(value(b, x.get(0)), value(b, x.get(1))).ref()));
    double x = 0.7;
    double y = -1.3;
    double[] v = {0.25, 2.0};
    assertArrayEquals(f.applyAll(x, y), call(sinXy, "value", x, y));
    double[] grad = call(sinXy, "gradient", x, y);
    assertArrayEquals(ad.grad(f, 0, 1).applyAll(x, y), grad);
    double c = Math.cos(x * y);
    double s = Math.sin(x * y);
    assertArrayEquals(new double[] {y * c + 1, x * c}, grad, 1e-15);
    assertArrayEquals(grad, call(sinXy, "jacobian", x, y));
    double[] hvp = call2(sinXy, "hvp", new double[] {x, y}, v);
    double hxx = -y * y * s;
    double hxy = c - x * y * s;
    double hyy = -x * x * s;
    assertArrayEquals(new double[] {hxx * v[0] + hxy * v[1], hxy * v[0] + hyy * v[1]}, hvp, 1e-14);
    assertArrayEquals(
        ad.outputs(ad.jvp(ad.grad(f, 0, 1), 0, 1), 2, 3).applyAll(x, y, v[0], v[1]), hvp);
    double[] taylor = call2(sinXy, "taylor", new double[] {x, y}, v);
    assertArrayEquals(ad.taylor(f, 3).applyAll(x, y, v[0], v[1]), taylor);
    assertEquals(4, taylor.length);
    assertEquals(grad[0] * v[0] + grad[1] * v[1], taylor[1], 1e-15);

    Class<?> expAndSquare = load(classes, "ExpAndSquare");
    assertArrayEquals(new double[] {Math.exp(x), 2 * x}, call(expAndSquare, "jacobian", x), 1e-15);
    Class<?> expOfFirst = load(classes, "ExpOfFirst");
    assertArrayEquals(new double[] {Math.exp(x), 0.0}, call(expOfFirst, "gradient", x, y));
    assertArrayEquals(new double[] {Math.exp(x)}, call(expOfFirst, "value", x, y));
  }

  @Test
  void generatedMethodsCheckTheirArguments() throws Exception {
    Path classes = classesWith("a", Functions.class);
    build(classes, dir.resolve("a-gen"));
    Class<?> sinXy = load(classes, "SinXy");
    InvocationTargetException e = assertThrows(InvocationTargetException.class,
        () -> sinXy.getMethod("gradient", double[].class).invoke(null, (Object) new double[] {1}));
    assertEquals("x has 1 value(s), but 2 are expected", e.getCause().getMessage());
    InvocationTargetException none = assertThrows(InvocationTargetException.class,
        () -> sinXy.getMethod("gradient", double[].class).invoke(null, (Object) null));
    assertEquals("x is null", none.getCause().getMessage());
  }

  @Test
  void theSameClassesGiveByteIdenticalSources() throws Exception {
    Path first = dir.resolve("first-gen");
    Path second = dir.resolve("second-gen");
    build(classesWith("first", Functions.class), first);
    build(classesWith("second", Functions.class), second);
    Map<String, String> a = contents(first);
    assertEquals(a, contents(second));
    assertTrue(a.containsKey(PKG + "SinXyHvpProgram.java"), a.keySet().toString());
    assertTrue(a.containsKey(PKG + "SinXy" + ExportBuild.HASH_SUFFIX), a.keySet().toString());
    String program = a.get(PKG + "SinXyGradientProgram.java");
    assertTrue(program.contains("INPUT_X0 = 0") && program.contains("INPUT_SEED0 = 2"), program);
  }

  @Test
  void anUnchangedFunctionIsLeftAloneAndAChangedOneRegenerates() throws Exception {
    Path classes = classesWith("c", Changing.class);
    Path generated = dir.resolve("c-gen");
    double saved = Changing.factor;
    try {
      Changing.factor = 2.0;
      assertEquals(List.of("io.github.tidu4j.maven.fixtures.Scaled"),
          build(classes, generated).exported());
      Path source = generated.resolve(PKG + "ScaledGradientProgram.java");
      Path compiled = classes.resolve(PKG + "ScaledGradientProgram.class");
      FileTime old = FileTime.fromMillis(1_000_000L);
      Files.setLastModifiedTime(source, old);
      Files.setLastModifiedTime(compiled, old);
      assertArrayEquals(new double[] {12.0}, call(load(classes, "Scaled"), "gradient", 3.0));

      ExportBuild.Result again = build(classes, generated);
      assertEquals(List.of(), again.exported());
      assertEquals(List.of("io.github.tidu4j.maven.fixtures.Scaled"), again.unchanged());
      assertEquals(old, Files.getLastModifiedTime(source));
      assertEquals(old, Files.getLastModifiedTime(compiled));

      Changing.factor = 5.0;
      assertEquals(List.of("io.github.tidu4j.maven.fixtures.Scaled"),
          build(classes, generated).exported());
      assertFalse(old.equals(Files.getLastModifiedTime(source)));
      assertTrue(Files.readString(source).contains("5.0"), Files.readString(source));
      assertArrayEquals(new double[] {30.0}, call(load(classes, "Scaled"), "gradient", 3.0));
    } finally {
      Changing.factor = saved;
    }
  }

  @Test
  void aSourceEditedByHandIsWrittenAndCompiledAgain() throws Exception {
    Path classes = classesWith("e", Changing.class);
    Path generated = dir.resolve("e-gen");
    build(classes, generated);
    Path source = generated.resolve(PKG + "ScaledGradientProgram.java");
    String written = Files.readString(source);
    Files.writeString(source, written.replace("public final class", "/* edited */ public final class"));
    ExportBuild.Result again = build(classes, generated);
    assertEquals(List.of("io.github.tidu4j.maven.fixtures.Scaled"), again.exported());
    assertEquals(written, Files.readString(source));
  }

  @Test
  void anotherReleaseCompilesTheUnchangedSourcesAgain() throws Exception {
    Path classes = classesWith("r", Changing.class);
    Path generated = dir.resolve("r-gen");
    Path compiled = classes.resolve(PKG + "Scaled.class");
    ExportBuild.run(classes, generated, classpath(classes), "17");
    assertEquals(61, classVersion(compiled));
    // the sources are the same, the class files for release 11 are not
    ExportBuild.Result eleven = ExportBuild.run(classes, generated, classpath(classes), "11");
    assertEquals(List.of("io.github.tidu4j.maven.fixtures.Scaled"), eleven.exported());
    assertEquals(55, classVersion(compiled));
    assertEquals(List.of("io.github.tidu4j.maven.fixtures.Scaled"),
        ExportBuild.run(classes, generated, classpath(classes), "11").unchanged());
  }

  /** The major version of the class file {@code file}: 61 for Java 17, 55 for 11. */
  private static int classVersion(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    return ((bytes[6] & 0xff) << 8) | (bytes[7] & 0xff);
  }

  @Test
  void aMissingClassIsCompiledAgainEvenWhenTheSourceIsUnchanged() throws Exception {
    Path classes = classesWith("m", Changing.class);
    Path generated = dir.resolve("m-gen");
    build(classes, generated);
    Files.delete(classes.resolve(PKG + "Scaled.class"));
    assertEquals(List.of("io.github.tidu4j.maven.fixtures.Scaled"),
        build(classes, generated).exported());
    assertTrue(Files.isRegularFile(classes.resolve(PKG + "Scaled.class")));
  }

  @Test
  void filesNoMarkedFunctionProducesAnyMoreAreDeletedWithTheirClasses() throws Exception {
    Path classes = classesWith("s", Changing.class);
    Path generated = dir.resolve("s-gen");
    build(classes, generated);
    Files.delete(classes.resolve(PKG + "Changing.class"));
    ExportBuild.Result result = build(classes, generated);
    assertEquals(3, result.deleted().size(), result.deleted().toString());
    assertEquals(Map.of(), contents(generated));
    assertFalse(Files.exists(classes.resolve(PKG + "Scaled.class")));
    assertFalse(Files.exists(classes.resolve(PKG + "ScaledGradientProgram.class")));
  }

  @Test
  void aClassWhoseInitializerThrowsIsNamedWithTheCause() throws Exception {
    Path classes = classesWith("i", FailingInit.class);
    ExportFailure e = assertThrows(ExportFailure.class, () -> build(classes, dir.resolve("i-gen")));
    assertTrue(
        e.getMessage().contains("FailingInit.scaled cannot be exported: initializing its class"
            + " threw java.lang.IllegalStateException: config file model.properties not found"),
        e.getMessage());
  }

  @Test
  void thousandsOfResultsAreCopiedByRunsAndCompile() throws Exception {
    Path classes = classesWith("o", ManyOutputs.class);
    build(classes, dir.resolve("o-gen"));
    Class<?> many = load(classes, "Many");
    double x = 1.5;
    double[] value = call(many, "value", x);
    double[] jacobian = call(many, "jacobian", x);
    double[] taylor = call2(many, "taylor", new double[] {x}, new double[] {0.5});
    assertEquals(ManyOutputs.M, value.length);
    assertEquals(3 * ManyOutputs.M, taylor.length);
    for (int i : new int[] {0, 1, ManyOutputs.M - 1}) {
      double a = i + 1;
      assertEquals(a * x * x, value[i], 1e-12);
      assertEquals(2 * a * x, jacobian[i], 1e-12);
      // (i + 1)(x + t/2)² = a x² + a x t + a t²/4
      assertArrayEquals(
          new double[] {a * x * x, a * x, a / 4},
          Arrays.copyOfRange(taylor, 3 * i, 3 * i + 3),
          1e-12);
    }
  }

  @Test
  void runsOfResultsSkipStructuralZeros() {
    List<int[]> runs = FacadeWriter.runs(new int[] {0, 1, -1, 2, 3, 4, -1, -1, 5});
    assertEquals(3, runs.size());
    assertArrayEquals(new int[] {0, 0, 2}, runs.get(0));
    assertArrayEquals(new int[] {3, 2, 3}, runs.get(1));
    assertArrayEquals(new int[] {8, 5, 1}, runs.get(2));
  }

  @Test
  void everyTransformIsOfOneTraceOfTheMethod() throws Exception {
    Path classes = classesWith("t", Counting.class);
    Counting.calls = 0;
    build(classes, dir.resolve("t-gen"));
    assertEquals(1, Counting.calls, "the marked method is called once");
    Class<?> power = load(classes, "Power");
    double x = 1.5;
    assertArrayEquals(new double[] {x * x}, call(power, "value", x));
    assertArrayEquals(new double[] {2 * x}, call(power, "gradient", x));
    assertArrayEquals(
        new double[] {2 * 0.5}, call2(power, "hvp", new double[] {x}, new double[] {0.5}));
  }

  @Test
  void filesThePluginDidNotWriteAreLeftAloneInASharedDirectory() throws Exception {
    Path classes = classesWith("m", Changing.class);
    Path generated = dir.resolve("m-src");
    Path mine = generated.resolve("com/example/Mine.java");
    Path myClass = classes.resolve("com/example/Mine.class");
    Files.createDirectories(mine.getParent());
    Files.writeString(mine, "package com.example; class Mine {}");
    Files.createDirectories(myClass.getParent());
    byte[] unmarked;
    try (java.io.InputStream in = ExportBuildTest.class.getResourceAsStream("ExportBuildTest.class")) {
      unmarked = in.readAllBytes(); // a class file with no marked function
    }
    Files.write(myClass, unmarked);
    build(classes, generated);
    assertTrue(Files.exists(generated.resolve(ExportBuild.MANIFEST)));
    Files.delete(classes.resolve(PKG + "Changing.class"));
    ExportBuild.Result result = build(classes, generated);
    assertEquals(3, result.deleted().size(), result.deleted().toString());
    assertEquals(Map.of("com/example/Mine.java", "package com.example; class Mine {}"), contents(generated));
    assertTrue(Files.exists(myClass), "a class the plugin did not compile stays");
  }

  @Test
  void everyFunctionThatCannotBeExportedIsNamedWithItsReasonAndNothingIsWritten() throws Exception {
    Path classes = classesWith("b", Broken.class, Changing.class);
    Path generated = dir.resolve("b-gen");
    ExportFailure e = assertThrows(ExportFailure.class, () -> build(classes, generated));
    String m = e.getMessage();
    String owner = Broken.class.getName();
    assertTrue(m.startsWith("7 marked functions cannot be exported:"), m);
    assertTrue(m.contains(owner + ".tensor cannot be exported: its set, of"
        + " io.github.tidu4j.primitives.TensorValue, is over"
        + " io.github.tidu4j.primitives.tensor.Tensor; export takes sets over double"), m);
    assertTrue(m.contains(owner + ".none cannot be exported: it returns no value; return at"
        + " least one"), m);
    assertTrue(m.contains(owner + ".summed cannot be exported: parameter 0 is"
        + " io.github.tidu4j.primitives.scalar.ScalarValue[]; take one ScalarValue per input (an"
        + " array or varargs has no fixed number of inputs to export)"), m);
    assertTrue(m.contains(owner + ".instance cannot be exported: it is not static"), m);
    assertTrue(m.contains(owner + ".plain cannot be exported: parameter 0 is double"), m);
    assertTrue(m.contains(owner + ".throwing cannot be exported: tracing it threw "
        + "java.lang.IllegalStateException: not traceable here"), m);
    assertTrue(m.contains(owner + ".twoOutputs cannot be exported: GRADIENT takes a function of"
        + " one output, but it has 2"), m);
    assertFalse(Files.exists(generated));
  }

  @Test
  void invalidAttributesAndSharedClassesAreNamedWithTheFunctionsThatCannotBeTraced() {
    Path classes = classesWith("all", Broken.class, Functions.class, Changing.class,
        SameName.class, BadName.class, BadAttributes.class);
    Path generated = dir.resolve("all-gen");
    ExportFailure e = assertThrows(ExportFailure.class, () -> build(classes, generated));
    String m = e.getMessage();
    assertTrue(m.startsWith("11 marked functions cannot be exported:"), m);
    assertTrue(m.contains(BadAttributes.class.getName() + ".negativeOrder cannot be exported: its"
        + " taylorOrder -1 is negative"), m);
    assertTrue(m.contains(BadAttributes.class.getName() + ".noTransform cannot be exported: it"
        + " asks for no transform"), m);
    assertTrue(m.contains(BadName.class.getName() + ".sine cannot be exported: its name"), m);
    assertTrue(m.contains(SameName.class.getName() + ".other cannot be exported: its class"
        + " io.github.tidu4j.maven.fixtures.SinXy is also the one of"), m);
    assertTrue(m.contains(Broken.class.getName() + ".throwing cannot be exported: tracing it"
        + " threw"), m);
    assertFalse(Files.exists(generated));
  }

  @Test
  void aGeneratedClassMayNotReplaceOneOfTheProjectsOwn() {
    Path classes = classesWith("k", Clash.class);
    ExportFailure e = assertThrows(ExportFailure.class, () -> build(classes, dir.resolve("k-gen")));
    assertEquals(Clash.class.getName() + ".cosine cannot be exported: its class "
        + Clash.class.getName() + " is one of the project's own classes, not an exported one;"
        + " give @Export another name", e.getMessage());
  }

  @Test
  void classesAPreviousExportCompiledAreNotTheProjectsOwn() throws Exception {
    Path classes = classesWith("r", Functions.class, Changing.class);
    Path sources = Files.createDirectories(dir.resolve("r-src"));
    build(classes, dir.resolve("r-gen"));
    // the sources written elsewhere this time (or deleted): the classes compiled last time stay
    ExportBuild.Result again = build(classes, dir.resolve("r-gen2"), List.of(sources));
    assertFalse(again.exported().isEmpty());
    assertTrue(Files.exists(dir.resolve("r-gen2/" + PKG + "SinXy.java")));
    // without the source roots, or with a source of that name in them, the class is the project's
    assertThrows(ExportFailure.class, () -> build(classes, dir.resolve("r-gen3")));
    Path own = sources.resolve(PKG + "SinXy.java");
    Files.createDirectories(own.getParent());
    Files.writeString(own, "package io.github.tidu4j.maven.fixtures; class SinXy {}");
    ExportFailure e =
        assertThrows(
            ExportFailure.class, () -> build(classes, dir.resolve("r-gen4"), List.of(sources)));
    assertTrue(e.getMessage().contains("SinXy is one of the project's own classes"), e.getMessage());
  }

  @Test
  void aFunctionsClassThatIsAnotherFunctionsProgramIsRejected() {
    Path classes = classesWith("p", ProgramNameClash.class);
    ExportFailure e = assertThrows(ExportFailure.class, () -> build(classes, dir.resolve("p-gen")));
    String owner = ProgramNameClash.class.getName();
    assertEquals(owner + ".g cannot be exported: its class io.github.tidu4j.maven.fixtures"
        + ".FooValueProgram is also one " + owner + ".f generates; give one of them another"
        + " @Export(name = ...)", e.getMessage());
    assertFalse(Files.exists(dir.resolve("p-gen")));
  }

  @Test
  void twoFunctionsNamingOneClassAreRejected() {
    ExportFailure e = assertThrows(ExportFailure.class, () -> ExportScanner.scan(
        classesWith("n", Functions.class, Changing.class, SameName.class)));
    assertEquals(SameName.class.getName() + ".other cannot be exported: its class"
        + " io.github.tidu4j.maven.fixtures.SinXy is also the one of " + Functions.class.getName()
        + ".sinXy; give one of them another @Export(name = ...)", e.getMessage());
  }

  @Test
  void overloadsNamingOneClassAreToldApartByTheirParameters() {
    ExportFailure e =
        assertThrows(ExportFailure.class, () -> ExportScanner.scan(classesWith("v", Overloads.class)));
    assertEquals(Overloads.class.getName() + ".f cannot be exported: its class"
        + " io.github.tidu4j.maven.fixtures.F is also the one of its overload f(ScalarValue) (the"
        + " class is named for the method); give one of f(ScalarValue, ScalarValue) and"
        + " f(ScalarValue) another @Export(name = ...)", e.getMessage());
  }

  private ExportBuild.Result build(Path classes, Path generated) {
    return ExportBuild.run(classes, generated, classpath(classes), "17");
  }

  private ExportBuild.Result build(Path classes, Path generated, List<Path> sourceRoots) {
    return ExportBuild.run(classes, generated, sourceRoots, classpath(classes), "17");
  }

  private static List<Path> classpath(Path classes) {
    List<Path> classpath = new ArrayList<>();
    classpath.add(classes);
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      classpath.add(Path.of(entry));
    }
    return classpath;
  }

  /** A classes directory holding only the class files of {@code types}. */
  private Path classesWith(String name, Class<?>... types) {
    try {
      Path classes = dir.resolve(name);
      for (Class<?> type : types) {
        String file = type.getName().replace('.', '/') + ".class";
        Path target = classes.resolve(file);
        Files.createDirectories(target.getParent());
        Files.copy(Path.of(type.getResource("/" + file).toURI()), target);
      }
      return classes;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Class<?> load(Path classes, String simpleName) throws Exception {
    URLClassLoader loader = new URLClassLoader(
        new URL[] {classes.toUri().toURL()}, ExportBuildTest.class.getClassLoader());
    return loader.loadClass("io.github.tidu4j.maven.fixtures." + simpleName);
  }

  private static double[] call(Class<?> type, String method, double... x) throws Exception {
    return (double[]) type.getMethod(method, double[].class).invoke(null, (Object) x);
  }

  private static double[] call2(Class<?> type, String method, double[] x, double[] v)
      throws Exception {
    return (double[]) type.getMethod(method, double[].class, double[].class).invoke(null, x, v);
  }

  private static ScalarValue value(io.github.tidu4j.graph.GraphBuilder<ScalarOp> b, ValueRef ref) {
    return ScalarBuilder.on(b).value(ref);
  }

  private static Map<String, String> contents(Path root) throws Exception {
    if (!Files.exists(root)) {
      return Map.of();
    }
    try (Stream<Path> walk = Files.walk(root)) {
      Map<String, String> m = new TreeMap<>();
      for (Path p : walk.filter(Files::isRegularFile).collect(Collectors.toList())) {
        m.put(root.relativize(p).toString().replace('\\', '/'),
            Files.readString(p, StandardCharsets.UTF_8));
      }
      return m;
    }
  }
}
