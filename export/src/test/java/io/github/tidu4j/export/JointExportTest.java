package io.github.tidu4j.export;

import static io.github.tidu4j.graph.bytecode.ExportFixtures.assertBitIdentical;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.ExportFixtures;
import io.github.tidu4j.graph.testing.Occurrences;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Export with a kernel set's joint kernels: the sine and the cosine of one value come from one
 * call of the joint kernel, as in the bytecode backend, wherever the two instructions stand (one
 * step, different steps, different part classes), with the interpreter's results bit for bit.
 */
class JointExportTest {
  @TempDir Path dir;

  private static final String JOINT_CALL = "ScalarKernels.sinAndCos(";
  private static final String THREE_CALL = "ScalarKernels.expNegSin(";

  private double[] evaluate(List<JavaFile> files, double[] in) throws Exception {
    Method evaluate =
        InProcessJavac.compileAndLoad(files, dir, getClass().getClassLoader())
            .getMethod("evaluate", double[].class);
    return (double[]) evaluate.invoke(null, (Object) in);
  }

  private static long jointCalls(List<JavaFile> files) {
    return calls(files, JOINT_CALL);
  }

  /** The calls of {@code call} in {@code files}' source. */
  private static long calls(List<JavaFile> files, String call) {
    long calls = 0;
    for (JavaFile f : files) {
      calls += Occurrences.of(f.toString(), call);
    }
    return calls;
  }

  private static double[] inputs(CompiledProgram<?> p, long seed) {
    Random rnd = new Random(seed);
    double[] in = new double[p.inputCount()];
    for (int i = 0; i < in.length; i++) {
      in[i] = rnd.nextDouble() * 4 - 2;
    }
    return in;
  }

  @Test
  void aPairMakesOneCallAndEachMemberReadsItsCell() throws Exception {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local cx = b.apply(ScalarOp.COS, x);
    ValueRef.Local sx = b.apply(ScalarOp.SIN, x);
    ValueRef.Local sy = b.apply(ScalarOp.SIN, y); // no cosine of y: its own kernel
    Graph<ScalarOp> g =
        b.output(b.apply(ScalarOp.ADD, b.apply(ScalarOp.MUL, cx, sx), sy)).build();
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.materialize(g));
    JavaFile file = SourceExport.of(ExportFixtures.JOINT).export(p, "com.example", "Pair");
    String source = file.toString();
    int slots = p.slotCount();
    // the frame: the slots, then the pair's block of two cells (sine, then cosine)
    assertTrue(source.contains("double[] f = new double[" + (slots + 2) + "];"), source);
    assertTrue(source.contains("ScalarKernels.sinAndCos(f[0], f, " + slots + ");"), source);
    assertTrue(source.contains("double v0 = f[" + (slots + 1) + "];"), "the cosine: " + source);
    assertTrue(source.contains("double v1 = f[" + slots + "];"), "the sine: " + source);
    assertEquals(1, jointCalls(List.of(file)));
    assertTrue(source.contains("ScalarKernels.sin("), "the lone sine: " + source);
    double[] in = {0.7, -2.5};
    double[] exported = evaluate(List.of(file), in);
    assertBitIdentical(
        Interpreter.evalPositional(p, Arrays.stream(in).boxed().toList()), exported, "pair");
    assertArrayEquals(ExportFixtures.bytecodeJoint(p, in), exported);
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4})
  void randomProgramsOfPairsAcrossStepsMatchTheInterpreter(long seed) throws Exception {
    CompiledProgram<ScalarOp> p = ExportFixtures.trigPairs(seed, seed % 2 == 0 ? 4_000 : 300);
    List<JavaFile> files =
        List.of(SourceExport.of(ExportFixtures.JOINT).export(p, "com.example", "Pairs" + seed));
    long pairs = ExportFixtures.pairCount(p);
    assertTrue(pairs > 0, "the program has pairs");
    assertEquals(pairs, jointCalls(files), "one call per pair");
    double[] in = inputs(p, seed);
    double[] exported = evaluate(files, in);
    assertBitIdentical(
        Interpreter.evalPositional(p, Arrays.stream(in).boxed().toList()), exported, "seed " + seed);
    assertArrayEquals(ExportFixtures.bytecodeJoint(p, in), exported);
  }

  @Test
  void aJointKernelOfThreePrimitivesSharesOneCallPerValue() throws Exception {
    CompiledProgram<ScalarOp> p = ExportFixtures.unaryGroups(3, 2_000);
    List<JavaFile> files =
        List.of(
            SourceExport.of(ExportFixtures.JOINT_OF_THREE).export(p, "com.example", "Three"));
    long shared =
        ExportFixtures.sharedCalls(p, List.of(ScalarOp.EXP, ScalarOp.NEG, ScalarOp.SIN));
    assertTrue(shared > 0, "the program has values sharing calls");
    assertEquals(shared, calls(files, THREE_CALL), "one call per value");
    double[] in = inputs(p, 3);
    double[] exported = evaluate(files, in);
    assertBitIdentical(
        Interpreter.evalPositional(p, Arrays.stream(in).boxed().toList()), exported, "three");
  }

  @Test
  void pairsSpanPartClassesThroughTheFrame() throws Exception {
    CompiledProgram<ScalarOp> p = ExportFixtures.trigPairs(9, 6_000);
    List<JavaFile> files =
        SourceExport.of(ExportFixtures.JOINT, 200).exportFiles(p, "com.example", "Parted");
    assertTrue(files.size() >= 4, "main class and at least three parts: " + files.size());
    assertEquals(ExportFixtures.pairCount(p), jointCalls(files), "one call per pair");
    double[] in = inputs(p, 9);
    assertBitIdentical(
        Interpreter.evalPositional(p, Arrays.stream(in).boxed().toList()),
        evaluate(files, in),
        "parts");
  }
}
