package io.github.tidu4j.export;

import static io.github.tidu4j.graph.bytecode.ExportFixtures.assertBitIdentical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.ExportFixtures;
import io.github.tidu4j.graph.testing.AffineOp;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SourceExportTest {
  @TempDir Path dir;

  /** Compiles {@code file} with javac -Xlint:all -Werror against the test class path. */
  private Method compileEvaluate(JavaFile file) throws Exception {
    return InProcessJavac.compileAndLoad(file, dir, getClass().getClassLoader())
        .getMethod("evaluate", double[].class);
  }

  private static double[] call(Method evaluate, double[] in) throws Exception {
    return (double[]) evaluate.invoke(null, (Object) in);
  }

  private static List<Double> boxed(double[] values) {
    return Arrays.stream(values).boxed().toList();
  }

  @Test
  void randDagGradientMatchesTheInterpreterBitForBit() throws Exception {
    CompiledProgram<ScalarOp> p = ExportFixtures.randDag(1_000, 7);
    double[] in = ExportFixtures.randDagInputs(p, RandDag.INPUT_VALUES);
    JavaFile file = SourceExport.of(ExportFixtures.SCALAR).export(p, "com.example", "RandDagProgram");
    String source = file.toString();
    assertFalse(source.contains("tidu4j.graph.CompiledProgram"), "names nothing of the runtime");
    assertFalse(source.contains("io.github.tidu4j.graph.bytecode"), "names nothing of the backend");
    Method evaluate = compileEvaluate(file);
    assertBitIdentical(Interpreter.evalPositional(p, boxed(in)), call(evaluate, in), "RandDAG");
    assertTrue(
        Arrays.equals(ExportFixtures.bytecode(p, in), call(evaluate, in)), "equals hidden class");
  }

  private static ScalarOp anyScalarOp(Random rnd) {
    return ScalarOp.values()[rnd.nextInt(ScalarOp.values().length)];
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4})
  void randomProgramsWithMultiOutputKernelsMatch(long seed) throws Exception {
    CompiledProgram<ScalarOp> p =
        ExportFixtures.randomProgram(
            seed, 6, seed % 2 == 0 ? 3_000 : 200, 9, SourceExportTest::anyScalarOp);
    Random rnd = new Random(seed);
    double[] in = new double[p.inputCount()];
    for (int i = 0; i < in.length; i++) {
      in[i] = rnd.nextDouble() * 2 - 1;
    }
    Method evaluate =
        compileEvaluate(SourceExport.of(ExportFixtures.SCALAR).export(p, "com.example", "Random"));
    assertBitIdentical(Interpreter.evalPositional(p, boxed(in)), call(evaluate, in), "seed " + seed);
  }

  private static Function<Random, AffineOp> affineOps() {
    return rnd -> {
      switch (rnd.nextInt(5)) {
        case 0:
          return new AffineOp.AddOp();
        case 1:
          return new AffineOp.SinOp();
        case 2:
          return new AffineOp.ScaleOp(rnd.nextInt(7) * 0.25 - 0.75);
        case 3:
          return new AffineOp.ShiftOp(rnd.nextGaussian());
        default:
          return new AffineOp.PolarOp(1 + rnd.nextInt(3));
      }
    };
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3})
  void attributeReadingKernelsMatch(long seed) throws Exception {
    CompiledProgram<AffineOp> p = ExportFixtures.randomProgram(seed, 3, 500, 5, affineOps());
    double[] in = {0.3, -1.1, 2.0};
    JavaFile file = SourceExport.of(ExportFixtures.AFFINE).export(p, "com.example", "AffineProgram");
    String source = file.toString();
    assertTrue(source.contains("implements Affine.Scale"), "attribute classes");
    Method evaluate = compileEvaluate(file);
    assertBitIdentical(Interpreter.evalPositional(p, boxed(in)), call(evaluate, in), "seed " + seed);
  }

  @Test
  void aLargeProgramIsSplitOverMethods() throws Exception {
    CompiledProgram<ScalarOp> p = ExportFixtures.randDag(100_000, 3);
    assertTrue(p.instructionCount() >= 100_000, "instructions: " + p.instructionCount());
    double[] in = ExportFixtures.randDagInputs(p, RandDag.INPUT_VALUES);
    JavaFile file = SourceExport.of(ExportFixtures.SCALAR).export(p, "com.example", "Large");
    String source = file.toString();
    assertTrue(source.contains("private static void step" + SourceExport.STEP_INSTRUCTIONS + "("));
    Method evaluate = compileEvaluate(file);
    assertBitIdentical(Interpreter.evalPositional(p, boxed(in)), call(evaluate, in), "10^5");
  }

  @Test
  void thousandsOfInputsAndOutputsAreCopiedByHelperMethods() throws Exception {
    GraphBuilder<ScalarOp> b = Graph.builder();
    List<ValueRef.Local> x = new ArrayList<>();
    for (int i = 0; i < 1_700; i++) {
      x.add(b.input("x" + i));
    }
    for (int o = 0; o < 1_200; o++) {
      b.output(b.apply(ScalarOp.MUL, x.get(o), x.get(1_699 - o)));
    }
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.materialize(b.build()));
    JavaFile file = SourceExport.of(ExportFixtures.SCALAR).export(p, "com.example", "Wide");
    String source = file.toString();
    assertTrue(source.contains("    copyInputs3(inputs, f);\n"), "four input copiers");
    assertTrue(source.contains("    copyOutputs2(f, outputs);\n"), "three output copiers");
    double[] in = new double[1_700];
    for (int i = 0; i < in.length; i++) {
      in[i] = Math.sin(i);
    }
    assertBitIdentical(
        Interpreter.evalPositional(p, boxed(in)), call(compileEvaluate(file), in), "wide");
  }

  @Test
  void aStepIsStraightLineCallsWithValuesInLocalsAndTheOutputsInTheFrame() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    List<ValueRef.Local> sinCos = b.applyMulti(ScalarOp.SIN_COS, x);
    ValueRef.Local product = b.apply(ScalarOp.MUL, sinCos.get(0), y);
    CompiledProgram<ScalarOp> p =
        Graphs.compile(Graphs.materialize(b.output(product).output(sinCos.get(1)).build()));
    String source = SourceExport.of(ExportFixtures.SCALAR).export(p, "p", "Tiny").toString();
    assertTrue(source.contains("\nimport io.github.tidu4j.graph.testing.ScalarKernels;\n"), source);
    assertTrue(
        source.contains(
            """
              private static void step0(double[] f) {
                // SIN_COS
                double[] r0 = ScalarKernels.sinCos(f[0]);
                double v0_0 = r0[0];
                double v0_1 = r0[1];
                // MUL
                double v1 = ScalarKernels.mul(v0_0, f[1]);
                f[3] = v0_1;
                f[0] = v1;
              }
            """),
        source);
  }

  @Test
  void theSameProgramGivesTheSameSource() {
    String a =
        SourceExport.of(ExportFixtures.AFFINE)
            .export(ExportFixtures.randomProgram(5, 3, 300, 4, affineOps()), "p", "A")
            .toString();
    String b =
        SourceExport.of(ExportFixtures.AFFINE)
            .export(ExportFixtures.randomProgram(5, 3, 300, 4, affineOps()), "p", "A")
            .toString();
    assertEquals(a, b);
  }

  @Test
  void inputConstantsAreNamedAfterKeysWithCollisionsNumbered() {
    assertEquals("A_B", SourceExport.sanitise("a-b"));
    java.util.Set<String> taken = new java.util.HashSet<>();
    assertEquals("INPUT_A_B", SourceExport.unique("INPUT_A_B", taken));
    assertEquals("INPUT_A_B_2", SourceExport.unique("INPUT_A_B", taken));
    CompiledProgram<ScalarOp> p = ExportFixtures.randomProgram(1, 2, 10, 1, SourceExportTest::anyScalarOp);
    String source = SourceExport.of(ExportFixtures.SCALAR).export(p, "p", "Named").toString();
    assertTrue(source.contains("public static final int INPUT_X0 = 0;"), source);
    assertTrue(source.contains("public static final int OUTPUT_0 = 0;"), source);
  }

  @Test
  void aBadClassNameFails() {
    CompiledProgram<ScalarOp> p = ExportFixtures.randomProgram(1, 2, 10, 1, SourceExportTest::anyScalarOp);
    for (String bad : List.of("not a name", "int", "a.B", "var", "record", "yield", "sealed")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> SourceExport.of(ExportFixtures.SCALAR).export(p, "p", bad));
      assertEquals(bad + " is not a simple Java class name", e.getMessage());
    }
    assertTrue(SourceExport.isClassName("Records"));
  }

  @Test
  void aBadPackageNameFailsNamingIt() {
    CompiledProgram<ScalarOp> p = ExportFixtures.randomProgram(1, 2, 10, 1, SourceExportTest::anyScalarOp);
    SourceExport<ScalarOp> export = SourceExport.of(ExportFixtures.SCALAR);
    for (String bad : List.of("com.example-app", "com.example.", "com.int.app")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> export.exportFiles(p, bad, "Prog"));
      assertEquals(
          "\"" + bad + "\" is not a Java package name (identifiers separated by dots, none a"
              + " keyword); use \"\" for the default package",
          e.getMessage());
    }
    assertEquals("Prog", SourceExport.className(export.export(p, "", "Prog")));
  }
}
