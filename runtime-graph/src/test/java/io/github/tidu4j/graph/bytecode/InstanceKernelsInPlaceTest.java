package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.assertBitIdentical;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.ValueRef;
import java.lang.invoke.MethodHandles;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;

/**
 * An instance kernel that reads the operation's attributes through accessors on {@code this},
 * loads its parameters once each in order and applies arithmetic is computed in place, each
 * attribute a constant of the class; a kernel an operation's class overrides, or whose accessor
 * fails, is called; and the values are the interpreter's, bit for bit.
 */
class InstanceKernelsInPlaceTest {
  private static final int OPERAND = InlineBody.OPERAND;

  /** Default-method kernels over accessors, as a declared primitive with attributes has them. */
  interface Attributed {
    double factor();

    double offset();

    int count();

    Attributed other();

    double weight(double x);

    default double reflected(double x) {
      return offset() - x;
    }

    default double affine(double x) {
      return x * factor() + offset();
    }

    default double squaredFactor(double x) {
      return factor() * factor() * x;
    }

    default double viaOther(double x) {
      return other().offset() - x;
    }

    default double weighted(double x) {
      return weight(x) * x;
    }

    default double counted(double x) {
      return count() * x;
    }

    default double constant(double x) {
      return 2.0 * x;
    }
  }

  /** A record reading its field directly, not through an accessor. */
  record Direct(double factor) {
    double scaled(double x) {
      return factor * x;
    }
  }

  private static String internalName(Class<?> c) {
    return c.getName().replace('.', '/');
  }

  private static InlineBody body(Class<?> owner, String method, boolean ownerIsInterface) {
    KernelDescriptor k =
        new KernelDescriptor(
            0, method, internalName(owner), method, "(D)D", false, ownerIsInterface, 1, 1);
    return InlineKernelsTest.inlineBody(k, owner);
  }

  @Test
  void accessorsOnThisAreAttributesInTheKernelsOwnOrder() {
    assertArrayEquals(
        new int[] {InlineBody.attributeAt(0), OPERAND, Opcodes.DSUB},
        body(Attributed.class, "reflected", true).code());
    assertArrayEquals(
        new int[] {
          OPERAND, InlineBody.attributeAt(0), Opcodes.DMUL, InlineBody.attributeAt(1), Opcodes.DADD
        },
        body(Attributed.class, "affine", true).code());
    assertArrayEquals(
        new int[] {
          InlineBody.attributeAt(0), InlineBody.attributeAt(1), Opcodes.DMUL, OPERAND, Opcodes.DMUL
        },
        body(Attributed.class, "squaredFactor", true).code(),
        "an accessor read twice is two attributes");
  }

  @Test
  void everyOtherInstanceBodyIsCalled() {
    assertNull(body(Attributed.class, "viaOther", true), "an accessor of another object");
    assertNull(body(Attributed.class, "weighted", true), "an accessor with an argument");
    assertNull(body(Attributed.class, "counted", true), "an int attribute converted");
    assertNull(body(Attributed.class, "constant", true), "a constant of the kernel's own");
    assertNull(body(Direct.class, "scaled", false), "a field read directly");
  }

  /** A set of two operations: a sum (static kernel) and {@code offset - x} (instance kernel). */
  interface Reflect {
    double offset();

    default double eval(double x) {
      return offset() - x; // code: attribute 0, OPERAND, DSUB
    }

    static double add(double a, double b) {
      return a + b;
    }
  }

  interface Op extends EvaluableGraphOperation<Double> {
    int opcode();

    @Override
    default int outputArity() {
      return 1;
    }
  }

  record AddOp() implements Op {
    @Override
    public int opcode() {
      return 0;
    }

    @Override
    public int inputArity() {
      return 2;
    }

    @Override
    public List<Double> eval(List<Double> in) {
      return List.of(Reflect.add(in.get(0), in.get(1)));
    }
  }

  /** A reflection as an operation: opcode 1, one operand, its kernel {@link Reflect#eval}. */
  interface ReflectLike extends Op, Reflect {
    @Override
    default int opcode() {
      return 1;
    }

    @Override
    default int inputArity() {
      return 1;
    }

    @Override
    default List<Double> eval(List<Double> in) {
      return List.of(eval(in.get(0).doubleValue()));
    }
  }

  record ReflectOp(double offset) implements ReflectLike {}

  /** Overrides the kernel: a call runs this method, not the interface's body. */
  record DoubledReflectOp(double offset) implements ReflectLike {
    @Override
    public double eval(double x) {
      return 2 * (offset() - x);
    }
  }

  /** An accessor that fails: the call, when it runs, gives the failure. */
  record FailingReflectOp() implements ReflectLike {
    @Override
    public double offset() {
      throw new IllegalStateException("no offset");
    }
  }

  private static final String REFLECT = internalName(Reflect.class);
  private static final KernelSet<Op> KERNELS =
      KernelSet.<Op>of(
              double.class,
              List.of(
                  new KernelDescriptor(0, "Add", REFLECT, "add", "(DD)D", true, true, 2, 1),
                  new KernelDescriptor(1, "Reflect", REFLECT, "eval", "(D)D", false, true, 1, 1)),
              Op::opcode)
          .withLookup(MethodHandles.lookup());

  /**
   * {@code x + y}, then a chain of reflections with distinct offsets, each reading the one before
   * (whose result the generated code would leave on the stack for a static kernel), then a sum.
   */
  private static CompiledProgram<Op> chain(int length, java.util.function.IntFunction<Op> step) {
    GraphBuilder<Op> b = Graph.builder();
    ValueRef.Local x = b.input(0);
    ValueRef.Local y = b.input(1);
    ValueRef.Local v = b.apply(new AddOp(), x, y);
    for (int i = 0; i < length; i++) {
      v = b.apply(step.apply(i), v);
    }
    v = b.apply(new AddOp(), v, x);
    return Graphs.compile(Graphs.materialize(b.output(v).build()));
  }

  private static void assertInterpretersValues(CompiledProgram<Op> program, BytecodeProgram<Op> code) {
    double[] edges = {0.0, -0.0, 1.0, -1.5, Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN, 1e-300};
    for (double a : edges) {
      for (double c : edges) {
        List<Object> expected = Interpreter.evalPositional(program, List.of(a, c));
        assertBitIdentical(expected, code.evaluate(new double[] {a, c}), a + ", " + c);
      }
    }
  }

  @Test
  void distinctOperationsAreConstantsOfTheClassNotCalls() {
    CompiledProgram<Op> program = chain(200, i -> new ReflectOp(0.25 * i - 7.0));
    BytecodeProgram<Op> code = BytecodeCompiler.compileUncached(program, KERNELS, DEFAULTS);
    String text = code.textify();
    assertFalse(text.contains("INVOKEINTERFACE"), text);
    assertFalse(text.contains("classDataAt"), "no operation is class data: " + text);
    assertTrue(text.contains("LDC -7.0"), text);
    assertInterpretersValues(program, code);
  }

  @Test
  void anOperationWhoseClassOverridesTheKernelIsCalled() {
    CompiledProgram<Op> program =
        chain(6, i -> i % 2 == 0 ? new ReflectOp(i) : new DoubledReflectOp(i));
    BytecodeProgram<Op> code = BytecodeCompiler.compileUncached(program, KERNELS, DEFAULTS);
    String text = code.textify();
    // three calls through the class's one caller of the kernel, which calls it on the operation
    assertEquals(3, count(text, ".k1 (Ljava/lang/Object;D)D"), text);
    assertEquals(1, count(text, "INVOKEINTERFACE"), text);
    // longer than C1's inlining limit (35 bytes), so C1 does not copy the call into each step
    assertEquals(ClassGenerator.CALLER_PADDING, count(text, "    NOP"), text);
    assertTrue(ClassGenerator.CALLER_PADDING > 35);
    assertInterpretersValues(program, code);
    InlineBody body = KERNELS.inlineBody(1);
    assertNotNull(body.values(new ReflectOp(1.0)));
    assertNull(body.values(new DoubledReflectOp(1.0)));
  }

  @Test
  void theOperationsOfCalledKernelsAreResolvedWhenTheClassIsMade() {
    // 5,000 distinct operations whose kernel is called: 5,000 receiver constants over the
    // program's classes, which each constructor resolves through methods of at most 1,000 each
    CompiledProgram<Op> program = chain(5_000, i -> new DoubledReflectOp(1e-3 * i));
    BytecodeProgram<Op> code = BytecodeCompiler.compileUncached(program, KERNELS, DEFAULTS);
    int constants = 0;
    for (byte[] file : code.classFiles()) {
      String text = Textify.text(file);
      int here = count(text, "classDataAt") / 2; // each constant: a step's ldc, a resolver's
      int resolvers = (here + ClassGenerator.CONSTANTS_PER_RESOLVER - 1) / 1_000;
      for (int r = 0; r < resolvers; r++) {
        assertEquals(1, count(text, ".c" + r + " ()V"), "resolver " + r + ", by the constructor");
      }
      assertEquals(0, count(text, ".c" + resolvers + " ()V"), text);
      constants += here;
    }
    assertEquals(5_000, constants);
    assertTrue(code.classFiles().size() > 1, "classes: " + code.classFiles().size());
    assertInterpretersValues(program, code);
    // no constant, no resolver
    String none = BytecodeCompiler.compileUncached(chain(3, ReflectOp::new), KERNELS, DEFAULTS).textify();
    assertEquals(0, count(none, ".c0 ()V"), none);
  }

  @Test
  void anOperationWhoseAccessorFailsIsCalledAndFailsWhenItRuns() {
    CompiledProgram<Op> program = chain(1, i -> new FailingReflectOp());
    BytecodeProgram<Op> code = BytecodeCompiler.compileUncached(program, KERNELS, DEFAULTS);
    assertTrue(code.textify().contains("INVOKEINTERFACE"), code.textify());
    RuntimeException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            RuntimeException.class, () -> code.evaluate(new double[] {1.0, 2.0}));
    Throwable cause = e;
    while (cause.getCause() != null && !"no offset".equals(cause.getMessage())) {
      cause = cause.getCause();
    }
    assertEquals("no offset", cause.getMessage(), e.toString());
  }

  @Test
  void aClassOfManyDistinctAttributesCountsThemInItsPool() {
    // 40,000 distinct doubles take 80,000 pool entries: more than one class holds
    CompiledProgram<Op> program = chain(40_000, i -> new ReflectOp(1.0 + i * 1e-9));
    BytecodeProgram<Op> code = BytecodeCompiler.compileUncached(program, KERNELS, DEFAULTS);
    assertTrue(code.classFiles().size() > 1, "classes: " + code.classFiles().size());
    assertInterpretersValues(program, code);
  }

  /** An operation of one operand (unless it says otherwise) and one result. */
  interface Unary<V> extends EvaluableGraphOperation<V> {
    @Override
    default int inputArity() {
      return 1;
    }

    @Override
    default int outputArity() {
      return 1;
    }
  }

  /** Attributes of other types than the operands': an int shift count and a long mask. */
  interface Mix {
    int shift();

    long mask();

    default long eval(long x) {
      return (x << shift()) ^ mask();
    }
  }

  record MixOp(int shift, long mask) implements Mix, Unary<Long> {
    @Override
    public List<Long> eval(List<Long> in) {
      return List.of(eval(in.get(0).longValue()));
    }
  }

  /** A float attribute of a float set. */
  interface Halve {
    float weight();

    default float eval(float x) {
      return (x - weight()) * weight();
    }
  }

  record HalveOp(float weight) implements Halve, Unary<Float> {
    @Override
    public List<Float> eval(List<Float> in) {
      return List.of(eval(in.get(0).floatValue()));
    }
  }

  @Test
  void attributesOfEveryConstantTypeAreComputedInPlace() {
    KernelSet<MixOp> longs =
        KernelSet.<MixOp>of(
                long.class,
                List.of(
                    new KernelDescriptor(
                        0, "Mix", internalName(Mix.class), "eval", "(J)J", false, true, 1, 1)),
                op -> 0)
            .withLookup(MethodHandles.lookup());
    GraphBuilder<MixOp> b = Graph.builder();
    ValueRef.Local v = b.input("x");
    for (int i = 0; i < 3_000; i++) {
      v = b.apply(new MixOp(i % 63, 0x9E3779B97F4A7C15L * i), v);
    }
    CompiledProgram<MixOp> program = Graphs.compile(Graphs.materialize(b.output(v).build()));
    BytecodeProgram<MixOp> code = BytecodeCompiler.compileUncached(program, longs, DEFAULTS);
    String text = code.textify();
    assertTrue(text.contains("LSHL") && text.contains("LXOR"), text);
    assertEquals(0, count(text, "INVOKEINTERFACE"), "all in place");
    for (long x : new long[] {0L, 1L, -1L, Long.MIN_VALUE, 0x123456789L}) {
      assertEquals(Interpreter.evalPositional(program, List.of(x)), code.evalPositional(List.of(x)));
    }

    KernelSet<HalveOp> floats =
        KernelSet.<HalveOp>of(
                float.class,
                List.of(
                    new KernelDescriptor(
                        0, "Halve", internalName(Halve.class), "eval", "(F)F", false, true, 1, 1)),
                op -> 0)
            .withLookup(MethodHandles.lookup());
    GraphBuilder<HalveOp> f = Graph.builder();
    ValueRef.Local w = f.input("x");
    for (int i = 0; i < 500; i++) {
      w = f.apply(new HalveOp(1.5f + 1e-3f * i), w);
    }
    CompiledProgram<HalveOp> floatProgram = Graphs.compile(Graphs.materialize(f.output(w).build()));
    BytecodeProgram<HalveOp> floatCode =
        BytecodeCompiler.compileUncached(floatProgram, floats, DEFAULTS);
    assertEquals(0, count(floatCode.textify(), "INVOKEINTERFACE"), "all in place");
    for (float x : new float[] {0f, -0f, 1e-3f, Float.MIN_VALUE, Float.NaN, 3.5f}) {
      List<Object> expected = Interpreter.evalPositional(floatProgram, List.of(x));
      List<Object> actual = floatCode.evalPositional(List.of(x));
      assertEquals(
          Float.floatToIntBits((Float) expected.get(0)),
          Float.floatToIntBits((Float) actual.get(0)),
          x + ": " + expected + " against " + actual);
    }
  }

  /** Called kernels of no operand whose result takes two stack slots. */
  interface Floor {
    double level();

    default double eval() {
      return level() > 0 ? level() : 0;
    }
  }

  record FloorOp(double level) implements Floor, Unary<Double> {
    @Override
    public int inputArity() {
      return 0;
    }

    @Override
    public List<Double> eval(List<Double> in) {
      return List.of(eval());
    }
  }

  @Test
  void aCalledKernelOfNoOperandReturningADoubleLoads() {
    KernelSet<FloorOp> kernels =
        KernelSet.<FloorOp>of(
                double.class,
                List.of(
                    new KernelDescriptor(
                        0, "Floor", internalName(Floor.class), "eval", "()D", false, true, 0, 1)),
                op -> 0)
            .withLookup(MethodHandles.lookup());
    GraphBuilder<FloorOp> b = Graph.builder();
    b.input("unused");
    CompiledProgram<FloorOp> program =
        Graphs.compile(
            Graphs.materialize(
                b.output(b.apply(new FloorOp(3.5))).output(b.apply(new FloorOp(-1))).build()));
    BytecodeProgram<FloorOp> code = BytecodeCompiler.compileUncached(program, kernels, DEFAULTS);
    assertEquals(
        Interpreter.evalPositional(program, List.of(0.0)), code.evalPositional(List.of(0.0)));
    assertEquals(List.of(3.5, 0.0), code.evalPositional(List.of(0.0)));
  }

  /** An accessor that never returns: the generator must not be the one to overflow. */
  record EndlessReflectOp(double unused) implements ReflectLike {
    @Override
    public double offset() {
      return offset();
    }
  }

  @Test
  void anAccessorThatOverflowsTheStackFailsWhenItsKernelRunsAsOnEveryTier() {
    CompiledProgram<Op> program = chain(1, i -> new EndlessReflectOp(0));
    BytecodeProgram<Op> code = BytecodeCompiler.compileUncached(program, KERNELS, DEFAULTS);
    GraphException interpreted =
        org.junit.jupiter.api.Assertions.assertThrows(
            GraphException.class, () -> Interpreter.evalPositional(program, List.of(1.0, 2.0)));
    GraphException compiled =
        org.junit.jupiter.api.Assertions.assertThrows(
            GraphException.class, () -> code.evaluate(new double[] {1.0, 2.0}));
    assertEquals(interpreted.getMessage(), compiled.getMessage());
  }

  private static int count(String text, String what) {
    int count = 0;
    for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
      count++;
    }
    return count;
  }
}
