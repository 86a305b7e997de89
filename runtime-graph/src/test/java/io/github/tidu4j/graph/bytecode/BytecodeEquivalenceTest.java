package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.AFFINE;
import static io.github.tidu4j.graph.bytecode.Fixtures.COMPLEX;
import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.SCALAR;
import static io.github.tidu4j.graph.bytecode.Fixtures.TINY_METHODS;
import static io.github.tidu4j.graph.bytecode.Fixtures.assertBitIdentical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.AffineOp;
import io.github.tidu4j.graph.testing.Complex;
import io.github.tidu4j.graph.testing.ComplexOp;
import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Generated code gives exactly what the interpreter gives. */
class BytecodeEquivalenceTest {

  private static final double[] OTHER_INPUTS = {-0.7, 1.3, 0.05, 2.5};

  static Stream<Arguments> randDags() {
    List<Arguments> cases = new ArrayList<>();
    for (int n : new int[] {1, 10, 1_000, 10_000}) {
      for (long seed = 1; seed <= 5; seed++) {
        cases.add(Arguments.of(n, seed));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "RandDAG({0}, seed {1})")
  @MethodSource("randDags")
  void randDagMatchesTheInterpreterBitForBit(int n, long seed) {
    CompiledProgram<ScalarOp> p = Fixtures.randDag(n, seed);
    RandDag dag = RandDag.generate(n, seed);
    for (BytecodeOptions options : List.of(DEFAULTS, TINY_METHODS)) {
      BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, options);
      for (double[] values : List.of(RandDag.INPUT_VALUES, OTHER_INPUTS)) {
        double[] in = Fixtures.randDagInputs(p, values);
        double[] y = b.evaluate(in);
        assertBitIdentical(
            Interpreter.evalPositional(p, Arrays.stream(in).boxed().toList()), y, b.toString());
        assertEquals(
            Double.doubleToRawLongBits(dag.evaluate(values)), Double.doubleToRawLongBits(y[0]));
      }
      assertTrue(b.maxStepBytes() <= options.methodBytes(), "largest method " + b.maxStepBytes());
    }
  }

  @Test
  void smallMethodsPassValuesThroughTheFrame() {
    CompiledProgram<ScalarOp> p = Fixtures.randDag(10_000, 7);
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, TINY_METHODS);
    assertTrue(b.stepCount() > 100, "methods: " + b.stepCount());
    assertTrue(b.frameSize() > 0, "values cross method boundaries");
    assertTrue(b.frameSize() <= p.slotCount(), "frame cells are per slot");
    assertTrue(b.maxStepBytes() <= 256, "largest method " + b.maxStepBytes());
  }

  private static ScalarOp anyScalarOp(Random rnd) {
    return ScalarOp.values()[rnd.nextInt(ScalarOp.values().length)];
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
  void randomProgramsWithSeveralOutputsMatch(long seed) {
    int steps = seed % 2 == 0 ? 3_000 : 200;
    CompiledProgram<ScalarOp> p =
        RandomPrograms.generate(seed, 6, steps, 9, BytecodeEquivalenceTest::anyScalarOp);
    Random rnd = new Random(seed);
    List<Double> in = new ArrayList<>();
    for (int i = 0; i < p.inputCount(); i++) {
      in.add(rnd.nextDouble() * 2 - 1);
    }
    List<Object> expected = Interpreter.evalPositional(p, in);
    for (BytecodeOptions options : List.of(DEFAULTS, TINY_METHODS)) {
      BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, options);
      assertBitIdentical(expected, b.evaluate(in.stream().mapToDouble(d -> d).toArray()), "seed " + seed);
      assertBitIdentical(expected, b.evaluateObjects(in.toArray()), "boxed, seed " + seed);
    }
  }

  private static Function<Random, AffineOp> affineOps() {
    return rnd -> {
      switch (rnd.nextInt(5)) {
        case 0: return new AffineOp.AddOp();
        case 1: return new AffineOp.SinOp();
        case 2: return new AffineOp.ScaleOp(rnd.nextInt(7) * 0.25 - 0.75); // some repeat
        case 3: return new AffineOp.ShiftOp(rnd.nextGaussian());
        default: return new AffineOp.PolarOp(1 + rnd.nextInt(3));
      }
    };
  }

  @ParameterizedTest(name = "constant limit {0}")
  @ValueSource(ints = {0, 3, BytecodeOptions.DEFAULT_CONSTANT_LIMIT})
  void operationsWithAttributesMatch(int constantLimit) {
    for (long seed = 1; seed <= 4; seed++) {
      CompiledProgram<AffineOp> p = RandomPrograms.generate(seed, 3, 500, 5, affineOps());
      List<Double> in = List.of(0.3, -1.1, 2.0);
      List<Object> expected = Interpreter.evalPositional(p, in);
      for (BytecodeOptions options : List.of(DEFAULTS, TINY_METHODS)) {
        BytecodeProgram<AffineOp> b =
            BytecodeCompiler.compileUncached(p, AFFINE, options.withConstantLimit(constantLimit));
        assertBitIdentical(expected, b.evaluate(0.3, -1.1, 2.0), "seed " + seed);
      }
    }
  }

  @Test
  void attributeReadsAreConstantsOfTheClass() {
    GraphBuilder<AffineOp> g = Graph.builder();
    ValueRef.Local x = g.input("x");
    ValueRef.Local y = g.apply(new AffineOp.ScaleOp(-3.0), g.apply(new AffineOp.ScaleOp(0.5), x));
    List<ValueRef.Local> polar = g.applyMulti(new AffineOp.PolarOp(2.0), y);
    CompiledProgram<AffineOp> p =
        Graphs.compile(Graphs.materialize(g.output(polar.get(1)).output(y).build()));
    BytecodeProgram<AffineOp> b = BytecodeCompiler.compileUncached(p, AFFINE, DEFAULTS);
    double scaled = -3.0 * (0.5 * 1.25);
    double[] out = b.evaluate(1.25);
    assertEquals(2.0 * Math.sin(scaled), out[0], 0.0);
    assertEquals(scaled, out[1], 0.0);
    String text = b.textify();
    // Scale reads its factor and multiplies (InlineKernels): its factors are ldc constants
    assertFalse(text.contains("Affine$Scale.eval"), text);
    assertTrue(text.contains("LDC 0.5") && text.contains("LDC -3.0"), text);
    // Polar is called (two results): on its operation, a dynamic constant
    assertTrue(text.contains("INVOKEINTERFACE io/github/tidu4j/graph/testing/Affine$Polar.eval (D)[D"), text);
    assertTrue(text.contains("MethodHandles.classDataAt"), "receivers are dynamic constants: " + text);
    assertFalse(text.contains("java/lang/Double"), "no boxing: " + text);
  }

  private static Function<Random, ComplexOp> complexOps() {
    return rnd -> {
      int k = rnd.nextInt(5);
      return k < 4 ? ComplexOp.Basic.values()[k] : new ComplexOp.Rotate(rnd.nextInt(5) * 0.3);
    };
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4})
  void referenceOperandsMatch(long seed) {
    CompiledProgram<ComplexOp> p = RandomPrograms.generate(seed, 4, 600, 6, complexOps());
    Object[] in = new Object[p.inputCount()];
    Random rnd = new Random(seed);
    for (int i = 0; i < in.length; i++) {
      in[i] = new Complex(rnd.nextDouble() - 0.5, rnd.nextDouble() - 0.5);
    }
    List<Object> expected = Interpreter.evalPositional(p, Arrays.asList(in));
    for (BytecodeOptions options : List.of(DEFAULTS, TINY_METHODS)) {
      BytecodeProgram<ComplexOp> b = BytecodeCompiler.compileUncached(p, COMPLEX, options);
      assertEquals(Complex.class, b.operandType());
      assertBitIdentical(expected, b.evaluateObjects(in), "seed " + seed);
      assertEquals(expected, b.evalPositional(Arrays.asList(in)));
    }
  }

  @Test
  void outputsMayBeInputsAndMayRepeat() {
    GraphBuilder<ScalarOp> g = Graph.builder();
    ValueRef.Local x = g.input("x");
    ValueRef.Local y = g.input("y");
    g.input("unused");
    ValueRef.Local s = g.apply(ScalarOp.SIN, x);
    Graph<ScalarOp> graph = g.outputs(List.of(y, s, x, s, y)).build();
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.materialize(graph));
    for (BytecodeOptions options : List.of(DEFAULTS, TINY_METHODS)) {
      BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, options);
      double[] out = b.evaluate(0.5, -2.0, 9.0);
      assertEquals(List.of(-2.0, Math.sin(0.5), 0.5, Math.sin(0.5), -2.0),
          Arrays.stream(out).boxed().toList());
    }
  }

  @Test
  void aProgramWithoutInstructionsCopiesInputs() {
    GraphBuilder<ScalarOp> g = Graph.builder();
    ValueRef.Local x = g.input("x");
    ValueRef.Local y = g.input("y");
    CompiledProgram<ScalarOp> p =
        Graphs.compile(Graphs.materialize(g.outputs(List.of(y, x, y)).build()));
    assertEquals(0, p.instructionCount());
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, DEFAULTS);
    assertEquals(List.of(2.0, 1.0, 2.0), Arrays.stream(b.evaluate(1.0, 2.0)).boxed().toList());
    assertEquals(0, b.frameSize());
  }

  @Test
  void multiOutputResultsMayGoUnused() {
    GraphBuilder<ScalarOp> g = Graph.builder();
    ValueRef.Local x = g.input("x");
    List<ValueRef.Local> sc = g.applyMulti(ScalarOp.SIN_COS, x);
    List<ValueRef.Local> sc2 = g.applyMulti(ScalarOp.SIN_COS, sc.get(1));
    ValueRef.Local sum = g.apply(ScalarOp.ADD, sc.get(1), sc2.get(0));
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.materialize(g.output(sum).build()));
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, DEFAULTS);
    assertEquals(Math.cos(0.9) + Math.sin(Math.cos(0.9)), b.evaluate(0.9)[0], 0.0);
  }

  @Test
  @Timeout(120)
  void aMillionInstructionRandDagRunsInManyMethods() {
    RandDag dag = RandDag.generate(1_000_000, 42);
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.materialize(dag.build()));
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, DEFAULTS);
    assertTrue(b.stepCount() > ClassGenerator.FANOUT, "methods: " + b.stepCount() + ", so drivers");
    assertTrue(b.maxStepBytes() <= DEFAULTS.methodBytes(), "largest " + b.maxStepBytes());
    double[] y = b.evaluate(Fixtures.randDagInputs(p, RandDag.INPUT_VALUES));
    assertEquals(
        Double.doubleToRawLongBits(dag.evaluate(RandDag.INPUT_VALUES)),
        Double.doubleToRawLongBits(y[0]));
  }

  /**
   * A program of {@code n} instructions whose values stay within [-3, 3], so every output is finite
   * and a wrong operand shows: odd steps apply Sin or Cos to the previous value, even steps Add or
   * Mul it with a value drawn from anywhere before (so values cross methods and classes); 16
   * values spread over the program are its outputs.
   */
  private static CompiledProgram<ScalarOp> boundedProgram(int n, long seed) {
    Random rnd = new Random(seed);
    GraphBuilder<ScalarOp> g = Graph.builder();
    ValueRef.Local[] values = new ValueRef.Local[n + 4];
    for (int i = 0; i < 4; i++) {
      values[i] = g.input("x" + i);
    }
    for (int i = 4; i < values.length; i++) {
      ValueRef.Local last = values[i - 1];
      values[i] =
          i % 2 == 1
              ? g.apply(rnd.nextBoolean() ? ScalarOp.SIN : ScalarOp.COS, last)
              : g.apply(rnd.nextBoolean() ? ScalarOp.ADD : ScalarOp.MUL, last, values[rnd.nextInt(i)]);
    }
    for (int o = 1; o <= 16; o++) {
      g.output(values[3 + (int) ((long) n * o / 16)]);
    }
    return Graphs.compile(Graphs.materialize(g.build()));
  }

  @Test
  @Timeout(300)
  void aProgramOfThreeMillionInstructionsRunsInSeveralClasses() {
    CompiledProgram<ScalarOp> p = boundedProgram(3_000_000, 42);
    assertEquals(3_000_000, p.instructionCount());
    // small methods: more methods than one class's constant pool can name
    KernelSet<ScalarOp> kernels = SCALAR;
    BytecodeOptions options = TINY_METHODS;
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, kernels, options);
    int classes = b.classCount(); // more than 1: ProgramParts, run in order by b.evaluate
    assertTrue(classes >= 3, "classes: " + classes);
    // with a helper, classes of at most ClassDefiner.MAX_INSTRUCTIONS_PER_CLASS instructions
    int wanted = ClassDefiner.classesFor(p.instructionCount(), ClassDefiner.helper());
    assertTrue(classes >= wanted, "classes: " + classes + ", wanted " + wanted);
    assertTrue(b.maxStepBytes() <= TINY_METHODS.methodBytes(), "largest " + b.maxStepBytes());
    assertTrue(b.frameSize() > 0, "values cross methods and classes");
    double[] in = {0.1, 0.2, 0.3, 0.4};
    List<Object> expected = Interpreter.evalPositional(p, Arrays.stream(in).boxed().toList());
    for (Object y : expected) {
      assertTrue(Double.isFinite((Double) y), "outputs the comparison can tell apart: " + expected);
    }
    assertBitIdentical(expected, b.evaluate(in), b.toString());
  }

  @ParameterizedTest(name = "constant limit {0}")
  @ValueSource(ints = {0, 3, BytecodeOptions.DEFAULT_CONSTANT_LIMIT})
  void classesOfOneProgramShareTheFrameAndHaveTheirOwnConstants(int constantLimit) {
    CompiledProgram<AffineOp> p = RandomPrograms.chain(9, 3, 20_000, 12, affineOps());
    List<Double> in = List.of(0.3, -1.1, 2.0);
    List<Object> expected = Interpreter.evalPositional(p, in);
    BytecodeOptions options = TINY_METHODS.withConstantLimit(constantLimit);
    // a small pool limit: many classes from a small program
    BytecodeProgram<AffineOp> b =
        new BytecodeProgram<>(p, AFFINE, GeneratedClass.define(p, AFFINE, options, 2_000));
    assertTrue(b.classCount() >= 3, "classes: " + b.classCount());
    assertTrue(b.frameSize() > 0, "values cross methods and classes");
    assertEquals(b.classCount(), b.classFiles().size());
    long size = b.classFiles().stream().mapToLong(f -> f.length).sum();
    assertTrue(size > b.classBytes().length, "the first class is one of " + b.classCount());
    assertBitIdentical(expected, b.evaluate(0.3, -1.1, 2.0), b.toString());
    assertBitIdentical(expected, b.evaluateObjects(0.3, -1.1, 2.0), "boxed, " + b);
    assertTrue(b.textify().contains("implements io/github/tidu4j/graph/bytecode/ProgramPart"));
  }

  @Test
  @Timeout(60)
  void oneProgramEvaluatesCorrectlyFromManyThreads() throws Exception {
    RandDag dag = RandDag.generate(2_000, 11);
    CompiledProgram<ScalarOp> p = Fixtures.randDag(2_000, 11);
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, TINY_METHODS);
    int threads = 8;
    int evaluations = 500;
    List<Integer> correct =
        Concurrently.run(
            threads,
            thread -> {
              int ok = 0;
              for (int i = 0; i < evaluations; i++) {
                double[] values = {0.1 * thread, 0.01 * i, -0.3 + thread * 0.001 * i, 1.0 / (1 + i)};
                double got = b.evaluate(Fixtures.randDagInputs(p, values))[0];
                if (Double.compare(got, dag.evaluate(values)) == 0) {
                  ok++;
                }
              }
              return ok;
            });
    for (int t = 0; t < threads; t++) {
      assertEquals(evaluations, correct.get(t), "thread " + t);
    }
  }
}
