package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.SCALAR;
import static io.github.tidu4j.graph.bytecode.Fixtures.TINY_METHODS;
import static io.github.tidu4j.graph.bytecode.Fixtures.assertBitIdentical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.JointKernelDescriptor;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.ScalarKernels;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Joint kernels: a program applying {@code SIN} and {@code COS} to one value calls {@code
 * sinAndCos} once for both, wherever the two stand (either order, far apart, in different methods
 * or classes), and gives exactly what the interpreter gives.
 */
class JointKernelTest {

  private static final KernelSet<ScalarOp> JOINT = SCALAR.withJointKernels(ScalarKernels.JOINT);

  private static final Pattern CALL = Pattern.compile("INVOKESTATIC \\S+\\.(\\w+) \\(");

  @Test
  void pairsInEitherOrderMakeOneCallAndALoneSineItsOwn() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local z = b.input("z");
    ValueRef.Local sx = b.apply(ScalarOp.SIN, x);
    ValueRef.Local cy = b.apply(ScalarOp.COS, y); // cos first, then sin
    ValueRef.Local p = b.apply(ScalarOp.MUL, sx, cy);
    ValueRef.Local cx = b.apply(ScalarOp.COS, x);
    ValueRef.Local sy = b.apply(ScalarOp.SIN, y);
    ValueRef.Local sz = b.apply(ScalarOp.SIN, z); // no cos of z
    ValueRef.Local q = b.apply(ScalarOp.ADD, b.apply(ScalarOp.MUL, cx, sy), sz);
    Graph<ScalarOp> g = b.output(p).output(q).output(cx).build();
    CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.materialize(g));
    BytecodeProgram<ScalarOp> joint = BytecodeCompiler.compileUncached(program, JOINT, DEFAULTS);
    BytecodeProgram<ScalarOp> apart = BytecodeCompiler.compileUncached(program, SCALAR, DEFAULTS);
    double[] in = {0.7, -2.5, 1e6};
    List<Object> expected = Interpreter.evalPositional(program, Arrays.stream(in).boxed().toList());
    assertBitIdentical(expected, joint.evaluate(in), joint.textify());
    assertBitIdentical(expected, apart.evaluate(in), apart.textify());
    // add and mul are computed in place (InlineKernels); the trigonometric kernels are called
    assertEquals(List.of("sinAndCos", "sinAndCos", "sin"), calls(joint));
    assertEquals(List.of("sin", "cos", "cos", "sin", "sin"), calls(apart));
    assertTrue(joint.textify().contains("DMUL") && joint.textify().contains("DADD"));
    assertEquals(4, joint.frameSize(), "a block of two cells per pair: the pairs overlap");
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5, 6})
  void randomProgramsOfPairsMatchTheInterpreterAcrossMethods(long seed) {
    CompiledProgram<ScalarOp> program = RandomPrograms.trigPairs(seed, seed % 2 == 0 ? 4_000 : 300);
    Random rnd = new Random(seed);
    double[] in = new double[program.inputCount()];
    for (int i = 0; i < in.length; i++) {
      in[i] = rnd.nextDouble() * 4 - 2;
    }
    List<Object> expected = Interpreter.evalPositional(program, Arrays.stream(in).boxed().toList());
    for (BytecodeOptions options : List.of(DEFAULTS, TINY_METHODS)) {
      BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(program, JOINT, options);
      assertBitIdentical(expected, b.evaluate(in), "seed " + seed + ", " + b);
      long jointCalls = calls(b).stream().filter("sinAndCos"::equals).count();
      long pairs = RandomPrograms.pairCount(program);
      assertTrue(pairs > 0, "the program has pairs");
      assertEquals(pairs, jointCalls, "one call per pair");
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3})
  void aJointKernelOfThreePrimitivesMatchesTheInterpreter(long seed) {
    KernelSet<ScalarOp> three = SCALAR.withJointKernels(ScalarKernels.JOINT_OF_THREE);
    CompiledProgram<ScalarOp> program = RandomPrograms.unaryGroups(seed, seed == 1 ? 300 : 4_000);
    double[] in = {0.3, -1.1, 2.0, 0.9};
    List<Object> expected = Interpreter.evalPositional(program, Arrays.stream(in).boxed().toList());
    long shared =
        RandomPrograms.sharedCalls(program, List.of(ScalarOp.EXP, ScalarOp.NEG, ScalarOp.SIN));
    assertTrue(shared > 0, "the program has values sharing calls");
    for (BytecodeOptions options : List.of(DEFAULTS, TINY_METHODS)) {
      BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(program, three, options);
      assertBitIdentical(expected, b.evaluate(in), "seed " + seed + ", " + b);
      assertEquals(shared, calls(b).stream().filter("expNegSin"::equals).count(), "one call each");
    }
  }

  @Test
  void blocksBeyondTheFirstSubframeHoldEveryPairsResults() {
    int width = 17_000; // every sine first, then every cosine: 17,000 open blocks of two cells
    GraphBuilder<ScalarOp> g = Graph.builder();
    List<ValueRef.Local> xs = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      xs.add(g.input(i));
    }
    List<ValueRef.Local> outputs = new ArrayList<>();
    for (ValueRef.Local x : xs) {
      outputs.add(g.apply(ScalarOp.SIN, x));
    }
    for (ValueRef.Local x : xs) {
      outputs.add(g.apply(ScalarOp.COS, x));
    }
    CompiledProgram<ScalarOp> program =
        Graphs.compile(Graphs.materialize(g.outputs(outputs).build()));
    Random rnd = new Random(17);
    double[] in = new double[width];
    for (int i = 0; i < width; i++) {
      in[i] = rnd.nextDouble() * 8 - 4;
    }
    List<Object> expected = Interpreter.evalPositional(program, Arrays.stream(in).boxed().toList());
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(program, JOINT, DEFAULTS);
    assertTrue(
        b.frameSize() > ClassGenerator.SUBFRAME_CELLS, "more than one sub-frame: " + b.frameSize());
    assertEquals(width, calls(b).stream().filter("sinAndCos"::equals).count(), "one call per pair");
    assertBitIdentical(expected, b.evaluate(in), "wide pairs");
  }

  @Test
  void groupsSpanClassesThroughTheFrame() {
    CompiledProgram<ScalarOp> program = RandomPrograms.trigPairs(9, 6_000);
    double[] in = {0.3, -1.1, 2.0, 0.9};
    List<Object> expected = Interpreter.evalPositional(program, Arrays.stream(in).boxed().toList());
    BytecodeProgram<ScalarOp> b =
        new BytecodeProgram<>(
            program, JOINT, GeneratedClass.define(program, JOINT, TINY_METHODS, 1_200));
    assertTrue(b.classCount() >= 3, "classes: " + b.classCount());
    assertBitIdentical(expected, b.evaluate(in), b.toString());
    assertBitIdentical(expected, b.evaluateObjects(0.3, -1.1, 2.0, 0.9), "boxed, " + b);
  }

  @Test
  void badJointKernelsAreRejectedNamingThem() {
    String owner = "io/github/tidu4j/graph/testing/ScalarKernels";
    int sin = ScalarOp.SIN.ordinal();
    int cos = ScalarOp.COS.ordinal();
    assertEquals(
        "joint kernel sinAndCos lists opcode 99, but the kernel table has 7 kernels",
        reject(new JointKernelDescriptor(List.of(sin, 99), owner, "sinAndCos", "(D[DI)V", false)));
    assertEquals(
        "joint kernel sinAndCos lists ADD, whose kernel add(DD)D is not a static kernel of one"
            + " input and one output",
        reject(
            new JointKernelDescriptor(
                List.of(sin, ScalarOp.ADD.ordinal()), owner, "sinAndCos", "(D[DI)V", false)));
    assertEquals(
        "joint kernel sinAndCos: descriptor (D[D)V does not fit operands of double; expected"
            + " (D[DI)V (the argument, the array the results go to, the index of the first)",
        reject(new JointKernelDescriptor(List.of(sin, cos), owner, "sinAndCos", "(D[D)V", false)));
    assertTrue(
        reject(new JointKernelDescriptor(List.of(sin, cos), owner, "cosAndSin", "(D[DI)V", false))
            .startsWith("joint kernel cosAndSin: no accessible static method"));
    JointKernelDescriptor ok =
        new JointKernelDescriptor(List.of(sin, cos), owner, "sinAndCos", "(D[DI)V", false);
    JointKernelDescriptor again =
        new JointKernelDescriptor(List.of(cos, sin), owner, "sinAndCos", "(D[DI)V", false);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SCALAR.withJointKernels(List.of(ok, again)));
    assertEquals("joint kernel sinAndCos lists COS, which joint kernel sinAndCos lists too",
        e.getMessage());
    IllegalArgumentException one =
        assertThrows(
            IllegalArgumentException.class,
            () -> new JointKernelDescriptor(List.of(sin), owner, "sinAndCos", "(D[DI)V", false));
    assertEquals(
        "joint kernel sinAndCos computes 1 primitive(s); a joint kernel computes two or more",
        one.getMessage());
  }

  @Test
  void descriptorExample() {
    // static void sinCos(double x, double[] out, int at) in com.example.Real, Sin opcode 7, Cos 8
    JointKernelDescriptor sinCos = new JointKernelDescriptor(
        List.of(7, 8), "com/example/Real", "sinCos", "(D[DI)V", true);
    assertEquals(List.of(7, 8), sinCos.primitiveOpcodes());
    assertEquals("(D[DI)V", sinCos.methodDescriptor());
  }

  private static String reject(JointKernelDescriptor joint) {
    return assertThrows(IllegalArgumentException.class, () -> SCALAR.withJointKernels(List.of(joint)))
        .getMessage();
  }

  /** The kernels the generated code calls, in order (step and driver methods left out). */
  private static List<String> calls(BytecodeProgram<ScalarOp> b) {
    List<String> names = new ArrayList<>();
    Matcher m = CALL.matcher(b.textify());
    while (m.find()) {
      String name = m.group(1);
      if (!name.matches("s\\d+|d\\d+_\\d+|checkIndex")) {
        names.add(name);
      }
    }
    return names;
  }
}
