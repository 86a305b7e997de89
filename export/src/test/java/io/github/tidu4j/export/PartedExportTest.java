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
import io.github.tidu4j.graph.GraphException;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Programs too large for one class, exported as a main class and part classes. */
class PartedExportTest {
  @TempDir Path dir;

  private double[] evaluate(List<JavaFile> files, double[] in) throws Exception {
    Method evaluate =
        InProcessJavac.compileAndLoad(files, dir, getClass().getClassLoader())
            .getMethod("evaluate", double[].class);
    return (double[]) evaluate.invoke(null, (Object) in);
  }

  private static List<Double> boxed(double[] values) {
    return Arrays.stream(values).boxed().toList();
  }

  @Test
  void aProgramOverALoweredLimitIsSplitIntoPartsThatMatchTheInterpreter() throws Exception {
    CompiledProgram<ScalarOp> p = ExportFixtures.randDag(20_000, 5);
    SourceExport<ScalarOp> export = SourceExport.of(ExportFixtures.SCALAR, 200);
    GraphException tooLarge =
        assertThrows(GraphException.class, () -> export.export(p, "com.example", "Split"));
    assertTrue(tooLarge.getMessage().contains("exportFiles"), tooLarge.getMessage());

    List<JavaFile> files = export.exportFiles(p, "com.example", "Split");
    assertTrue(files.size() >= 4, "main class and at least three parts: " + files.size());
    assertEquals("Split", files.get(0).typeSpec().name());
    for (int k = 1; k < files.size(); k++) {
      JavaFile part = files.get(k);
      assertEquals("SplitPart" + k, part.typeSpec().name());
      assertEquals("com.example", part.packageName());
      assertTrue(part.toString().contains("\nfinal class SplitPart" + k + " {"), "package-private");
    }
    String main = files.get(0).toString();
    assertTrue(main.contains("SplitPart1.run(f);"), main);
    assertFalse(main.contains("step0("), "the main class holds no steps");

    double[] in = ExportFixtures.randDagInputs(p, RandDag.INPUT_VALUES);
    assertBitIdentical(Interpreter.evalPositional(p, boxed(in)), evaluate(files, in), "parts");
  }

  @Test
  void attributeInstancesAreRepeatedInEachPartThatReadsThem() throws Exception {
    CompiledProgram<AffineOp> p =
        ExportFixtures.chain(
            11,
            3,
            4_000,
            6,
            rnd ->
                switch (rnd.nextInt(4)) {
                  case 0 -> new AffineOp.AddOp();
                  case 1 -> new AffineOp.ScaleOp(0.5 + rnd.nextInt(3));
                  case 2 -> new AffineOp.ShiftOp(rnd.nextInt(3) - 1.0);
                  default -> new AffineOp.PolarOp(2);
                });
    List<JavaFile> files = SourceExport.of(ExportFixtures.AFFINE, 180).exportFiles(p, "p", "Aff");
    assertTrue(files.size() >= 3, "parts: " + files.size());
    long partsWithScale =
        files.stream()
            .skip(1)
            .filter(f -> f.toString().contains("implements Affine.Scale"))
            .count();
    assertTrue(partsWithScale >= 2, "a Scale instance in several parts: " + partsWithScale);
    double[] in = {0.3, -1.1, 2.0};
    assertBitIdentical(Interpreter.evalPositional(p, boxed(in)), evaluate(files, in), "affine");
  }

  @Test
  void aProgramThatFitsOneClassIsExportedAsThatClass() {
    CompiledProgram<ScalarOp> p = ExportFixtures.randDag(1_000, 2);
    SourceExport<ScalarOp> export = SourceExport.of(ExportFixtures.SCALAR);
    List<JavaFile> files = export.exportFiles(p, "p", "One");
    assertEquals(1, files.size());
    assertEquals(export.export(p, "p", "One").toString(), files.get(0).toString());
  }

  @Test
  void thePartsAreTheSameForTheSameProgram() {
    SourceExport<ScalarOp> export = SourceExport.of(ExportFixtures.SCALAR, 200);
    List<String> a =
        export.exportFiles(ExportFixtures.randDag(10_000, 4), "p", "D").stream()
            .map(JavaFile::toString)
            .toList();
    List<String> b =
        export.exportFiles(ExportFixtures.randDag(10_000, 4), "p", "D").stream()
            .map(JavaFile::toString)
            .toList();
    assertTrue(a.size() > 1, "parted");
    assertEquals(a, b);
  }

  @Test
  void aStepThatCannotFitAnyPartFailsNamingItsInstructions() {
    CompiledProgram<ScalarOp> p = ExportFixtures.randDag(1_000, 2);
    GraphException e =
        assertThrows(
            GraphException.class,
            () -> SourceExport.of(ExportFixtures.SCALAR, 70).exportFiles(p, "p", "Tiny"));
    assertTrue(
        e.getMessage()
            .startsWith(
                "instructions 0 to " + (SourceExport.STEP_INSTRUCTIONS - 1)
                    + " alone need more than 70"),
        e.getMessage());
  }

  /**
   * {@code values} chained values {@code v_i = sin(v_{i-1} + x)}, then summed from the last to the
   * first: every value stays live until the sum reaches it, so the program needs as many slots as
   * values, and their indices above {@code sipush}'s range overflow one class's constant pool.
   */
  private static CompiledProgram<ScalarOp> manyLiveValues(int values) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    List<ValueRef.Local> v = new ArrayList<>();
    ValueRef.Local last = x;
    for (int i = 0; i < values; i++) {
      last = b.apply(ScalarOp.SIN, b.apply(ScalarOp.ADD, last, x));
      v.add(last);
    }
    ValueRef.Local sum = v.get(values - 1);
    for (int i = values - 2; i >= 0; i--) {
      sum = b.apply(ScalarOp.ADD, sum, v.get(i));
    }
    b.output(sum);
    return Graphs.compile(Graphs.materialize(b.build()));
  }

  @Test
  void aProgramOverTheRealLimitCompilesInPartsAndMatches() throws Exception {
    CompiledProgram<ScalarOp> p = manyLiveValues(66_000);
    assertTrue(p.slotCount() > 65_000, "slots: " + p.slotCount());
    SourceExport<ScalarOp> export = SourceExport.of(ExportFixtures.SCALAR);
    assertThrows(GraphException.class, () -> export.export(p, "com.example", "Live"));
    List<JavaFile> files = export.exportFiles(p, "com.example", "Live");
    assertTrue(files.size() >= 3, "main class and parts: " + files.size());
    double[] in = {new Random(3).nextDouble()};
    assertBitIdentical(Interpreter.evalPositional(p, boxed(in)), evaluate(files, in), "10^5 live");
  }
}
