package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.SCALAR;
import static io.github.tidu4j.graph.bytecode.Fixtures.TINY_METHODS;
import static io.github.tidu4j.graph.bytecode.Fixtures.assertBitIdentical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Other operand types than double, and programs wider than a JVM short. */
class OperandTypesTest {

  /** Exact long arithmetic, with java.lang.Math's kernels. */
  private enum LongOp implements EvaluableGraphOperation<Long> {
    ADD("addExact", 2),
    MUL("multiplyExact", 2),
    NEG("negateExact", 1);

    private final String kernel;
    private final int arity;

    LongOp(String kernel, int arity) {
      this.kernel = kernel;
      this.arity = arity;
    }

    @Override
    public int inputArity() {
      return arity;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public List<Long> eval(List<Long> in) {
      switch (this) {
        case ADD: return List.of(Math.addExact(in.get(0), in.get(1)));
        case MUL: return List.of(Math.multiplyExact(in.get(0), in.get(1)));
        default: return List.of(Math.negateExact(in.get(0)));
      }
    }

    KernelDescriptor descriptor(String type) {
      return new KernelDescriptor(
          ordinal(), name(), "java/lang/Math", kernel, "(" + type.repeat(arity) + ")" + type, true,
          false, arity, 1);
    }
  }

  private static KernelSet<LongOp> kernels(Class<?> operand, String descriptor) {
    List<KernelDescriptor> table = new ArrayList<>();
    for (LongOp op : LongOp.values()) {
      table.add(op.descriptor(descriptor));
    }
    return KernelSet.of(operand, table, LongOp::ordinal);
  }

  @Test
  void longOperandsAreKeptUnboxedAndMatch() {
    KernelSet<LongOp> longs = kernels(long.class, "J");
    CompiledProgram<LongOp> p =
        RandomPrograms.generate(5, 3, 400, 4, rnd -> LongOp.values()[rnd.nextInt(2) * 2]);
    List<Long> in = List.of(3L, -2L, 1L);
    for (BytecodeOptions options : List.of(DEFAULTS, TINY_METHODS)) {
      BytecodeProgram<LongOp> b = BytecodeCompiler.compileUncached(p, longs, options);
      assertEquals(Interpreter.evalPositional(p, in), b.evalPositional(in));
      assertTrue(b.textify().contains("LLOAD"));
    }
  }

  @Test
  void anOverflowingExactKernelIsNamed() {
    GraphBuilder<LongOp> g = Graph.builder();
    ValueRef.Local x = g.input("x");
    ValueRef.Local y = g.apply(LongOp.MUL, g.apply(LongOp.NEG, x), x);
    CompiledProgram<LongOp> p = Graphs.compile(Graphs.materialize(g.output(y).build()));
    BytecodeProgram<LongOp> b = BytecodeCompiler.compileUncached(p, kernels(long.class, "J"), DEFAULTS);
    assertEquals(List.of(-9L), b.eval(Map.of("x", 3L)));
    GraphException e =
        assertThrows(GraphException.class, () -> b.eval(Map.of("x", Long.MAX_VALUE / 2)));
    assertEquals(
        "MUL (instruction 1) failed computing MUL(NEG(x), x) from NEG(x) = -4611686018427387903,"
            + " x = 4611686018427387903: long overflow",
        e.getMessage());
    GraphException interpreted =
        assertThrows(GraphException.class, () -> Interpreter.eval(p, Map.of("x", Long.MAX_VALUE / 2)));
    assertEquals(interpreted.getMessage(), e.getMessage());
    assertInstanceOf(ArithmeticException.class, e.getCause());
  }

  @Test
  void intOperandsWork() {
    GraphBuilder<LongOp> g = Graph.builder();
    ValueRef.Local x = g.input("x");
    ValueRef.Local y = g.input("y");
    CompiledProgram<LongOp> p =
        Graphs.compile(Graphs.materialize(g.output(g.apply(LongOp.ADD, x, y)).build()));
    BytecodeProgram<LongOp> b = BytecodeCompiler.compileUncached(p, kernels(int.class, "I"), DEFAULTS);
    assertEquals(List.of(7), b.eval(Map.of("x", 3, "y", 4)));
    assertThrows(GraphException.class, () -> b.eval(Map.of("x", 3L, "y", 4L))); // not ints
  }

  @Test
  void programsWithMoreInputsOutputsAndFrameCellsThanAShortHolds() {
    int width = 40_000;
    GraphBuilder<ScalarOp> g = Graph.builder();
    List<ValueRef.Local> xs = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      xs.add(g.input(i));
    }
    List<ValueRef.Local> sums = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      sums.add(g.apply(ScalarOp.ADD, xs.get(i), xs.get((i + 1) % width)));
    }
    // every sum lives to the end, so nearly all of them cross method boundaries
    List<ValueRef.Local> outputs = new ArrayList<>(sums);
    outputs.add(xs.get(width - 1));
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.materialize(g.outputs(outputs).build()));
    Random rnd = new Random(1);
    double[] in = new double[width];
    List<Double> boxed = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      in[i] = rnd.nextDouble();
      boxed.add(in[i]);
    }
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, DEFAULTS);
    assertTrue(b.frameSize() > Short.MAX_VALUE, "frame " + b.frameSize());
    assertTrue(b.maxStepBytes() <= DEFAULTS.methodBytes(), "largest " + b.maxStepBytes());
    assertBitIdentical(Interpreter.evalPositional(p, boxed), b.evaluate(in), "wide");
  }
}
