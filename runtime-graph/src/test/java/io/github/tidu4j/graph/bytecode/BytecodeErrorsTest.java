package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.AFFINE;
import static io.github.tidu4j.graph.bytecode.Fixtures.COMPLEX;
import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.SCALAR;
import static io.github.tidu4j.graph.bytecode.Fixtures.TINY_METHODS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.local.LocalKernels;
import io.github.tidu4j.graph.testing.Complex;
import io.github.tidu4j.graph.testing.ComplexOp;
import io.github.tidu4j.graph.testing.ScalarKernels;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.invoke.MethodHandles;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class BytecodeErrorsTest {

  private static CompiledProgram<ScalarOp> sinOfProduct() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    return Graphs.compile(
        Graphs.materialize(b.output(b.apply(ScalarOp.SIN, b.apply(ScalarOp.MUL, x, y))).build()));
  }

  /** Both evaluators fail, with the same message; returns the bytecode one's exception. */
  private static GraphException bothFail(Executable interpreter, Executable bytecode) {
    GraphException expected = assertThrows(GraphException.class, interpreter);
    GraphException actual = assertThrows(GraphException.class, bytecode);
    assertEquals(expected.getMessage(), actual.getMessage());
    if (expected.getCause() != null) {
      assertSame(expected.getCause().getClass(), actual.getCause().getClass());
    }
    return actual;
  }

  @Test
  void badBindingsFailAsInTheInterpreter() {
    CompiledProgram<ScalarOp> p = sinOfProduct();
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, DEFAULTS);

    Map<String, Double> missing = Map.of("x", 1.0);
    GraphException e = bothFail(() -> Interpreter.eval(p, missing), () -> b.eval(missing));
    assertTrue(e.getMessage().contains("input y is not bound"), e.getMessage());

    Map<String, Double> extra = Map.of("x", 1.0, "y", 2.0, "zeta", 3.0);
    e = bothFail(() -> Interpreter.eval(p, extra), () -> b.eval(extra));
    assertTrue(e.getMessage().contains("inputs [zeta] are bound"), e.getMessage());

    Map<String, Double> nul = new HashMap<>();
    nul.put("x", 1.0);
    nul.put("y", null);
    e = bothFail(() -> Interpreter.eval(p, nul), () -> b.eval(nul));
    assertTrue(e.getMessage().contains("input y is bound to null"), e.getMessage());

    e = bothFail(() -> Interpreter.evalPositional(p, List.of(1.0)), () -> b.evaluate(1.0));
    assertTrue(e.getMessage().contains("takes 2 inputs"), e.getMessage());
    bothFail(() -> Interpreter.evalPositional(p, List.of(1.0)), () -> b.evaluateObjects(1.0));
    bothFail(
        () -> Interpreter.evalPositional(p, Arrays.asList(1.0, null)),
        () -> b.evalPositional(Arrays.asList(1.0, null)));
  }

  @Test
  void unusedInputBindingsAreIgnoredAndUnknownKeysRejectedAsInTheInterpreter() {
    GraphBuilder<ScalarOp> g = Graph.builder();
    ValueRef.Local x = g.input("x");
    g.input("unused");
    Graph<ScalarOp> graph = g.output(g.apply(ScalarOp.SIN, x)).build();
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.resolve(graph), graph.outputKeys());
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, DEFAULTS);

    assertEquals(List.of(Math.sin(0.5)), b.eval(Map.of("x", 0.5, "unused", 2.0)));
    assertEquals(Interpreter.eval(p, Map.of("x", 0.5, "unused", 2.0)), b.eval(Map.of("x", 0.5)));
    assertEquals(Math.sin(0.5), b.evaluate(0.5)[0], 0.0, "positionally, the inputs it reads");
    bothFail(() -> Interpreter.evalPositional(p, List.of(0.5, 2.0)), () -> b.evaluate(0.5, 2.0));

    Map<String, Double> unknown = Map.of("x", 0.5, "unused", 2.0, "zeta", 3.0);
    GraphException e = bothFail(() -> Interpreter.eval(p, unknown), () -> b.eval(unknown));
    assertTrue(e.getMessage().startsWith("inputs [zeta] are bound"), e.getMessage());
  }

  @Test
  void valuesOfAnotherTypeAreRejectedByKey() {
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(sinOfProduct(), SCALAR, DEFAULTS);
    GraphException e =
        assertThrows(GraphException.class, () -> b.eval(Map.of("x", 1.0, "y", "two")));
    assertTrue(e.getMessage().contains("input y is bound to a java.lang.String"), e.getMessage());
    assertThrows(GraphException.class, () -> b.evaluateObjects(1.0, 2)); // an Integer
    assertEquals(Math.sin(2.0), (Double) b.evaluateObjects(1.0, 2.0)[0], 0.0);
  }

  @Test
  void evaluateIntoWritesTheOutputsAndChecksTheArray() {
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(sinOfProduct(), SCALAR, DEFAULTS);
    double[] out = {Double.NaN, 7.0};
    b.evaluateInto(new double[] {0.5, 3.0}, out);
    assertEquals(Math.sin(1.5), out[0], 0.0);
    assertEquals(7.0, out[1], 0.0, "entries past the outputs are left alone");
    GraphException shortArray =
        assertThrows(GraphException.class, () -> b.evaluateInto(new double[] {0.5, 3.0}, new double[0]));
    assertEquals(
        "the program has 1 outputs but the output array holds 0", shortArray.getMessage());
    assertThrows(GraphException.class, () -> b.evaluateInto(new double[] {0.5}, out));
  }

  @Test
  void unboxedEvaluationNeedsADoubleSet() {
    GraphBuilder<ComplexOp> g = Graph.builder();
    ValueRef.Local z = g.input("z");
    CompiledProgram<ComplexOp> p =
        Graphs.compile(Graphs.materialize(g.output(g.apply(ComplexOp.Basic.CONJ, z)).build()));
    BytecodeProgram<ComplexOp> b = BytecodeCompiler.compileUncached(p, COMPLEX, DEFAULTS);
    assertThrows(IllegalStateException.class, () -> b.evaluate(1.0));
    assertEquals(List.of(new Complex(1, -2)), b.eval(Map.of("z", new Complex(1, 2))));
    GraphException e = assertThrows(GraphException.class, () -> b.eval(Map.of("z", 1.0)));
    assertTrue(e.getMessage().contains("input z is bound to a java.lang.Double"), e.getMessage());
  }

  /** Kernels that misbehave; package-private, so only code in this package can call them. */
  static final class Kernels {
    private Kernels() {}

    static double explode(double x) {
      throw new ArithmeticException("kernel exploded at " + x);
    }

    static double recurse(double x) {
      return x * recurse(x - 1);
    }

    static double refuse(double x) {
      throw new GraphException("refused " + x);
    }

    static double[] tooFew(double x) {
      return new double[] {x};
    }

    static double[] tooMany(double x) {
      return new double[] {x, x, x};
    }

    static double[] none(double x) {
      return null;
    }

    static double[] twice(double x) {
      return new double[] {x, 2 * x};
    }
  }

  private enum Faulty implements EvaluableGraphOperation<Double> {
    THROWS("explode", 1),
    REFUSES("refuse", 1),
    TOO_FEW("tooFew", 2),
    TOO_MANY("tooMany", 2),
    NULL_ARRAY("none", 2),
    TWICE("twice", 2),
    RECURSES("recurse", 1);

    private final String kernel;
    private final int outputs;

    Faulty(String kernel, int outputs) {
      this.kernel = kernel;
      this.outputs = outputs;
    }

    @Override
    public int inputArity() {
      return 1;
    }

    @Override
    public int outputArity() {
      return outputs;
    }

    KernelDescriptor descriptor() {
      return new KernelDescriptor(
          ordinal(), name(), "io/github/tidu4j/graph/bytecode/BytecodeErrorsTest$Kernels", kernel,
          outputs == 1 ? "(D)D" : "(D)[D", true, false, 1, outputs);
    }

    @Override
    public List<Double> eval(List<Double> in) {
      double x = in.get(0);
      switch (this) {
        case THROWS: return List.of(Kernels.explode(x));
        case REFUSES: return List.of(Kernels.refuse(x));
        case RECURSES: return List.of(Kernels.recurse(x));
        default:
          double[] r = this == TOO_FEW ? Kernels.tooFew(x)
              : this == TOO_MANY ? Kernels.tooMany(x)
              : this == TWICE ? Kernels.twice(x)
              : Kernels.none(x);
          return r == null ? null : Arrays.stream(r).boxed().toList();
      }
    }
  }

  private static final KernelSet<Faulty> FAULTY =
      KernelSet.of(
          double.class,
          Arrays.stream(Faulty.values()).map(Faulty::descriptor).toList(),
          Faulty::ordinal);

  @Test
  void aFailingKernelIsNamedWithItsInstruction() {
    for (Faulty op : List.of(Faulty.THROWS, Faulty.TOO_FEW, Faulty.TOO_MANY, Faulty.NULL_ARRAY)) {
      // two fine instructions, then the faulty one, then one more
      GraphBuilder<Faulty> g = Graph.builder();
      ValueRef.Local x = g.input("x");
      ValueRef.Local t = g.applyMulti(Faulty.TWICE, x).get(1);
      t = g.applyMulti(Faulty.TWICE, t).get(0);
      ValueRef.Local bad = g.applyMulti(op, t).get(0);
      ValueRef.Local after = g.applyMulti(Faulty.TWICE, bad).get(1);
      CompiledProgram<Faulty> p = Graphs.compile(Graphs.materialize(g.output(after).build()));
      for (BytecodeOptions options : List.of(DEFAULTS, TINY_METHODS)) {
        BytecodeProgram<Faulty> b = BytecodeCompiler.compileUncached(p, FAULTY, options);
        GraphException e =
            bothFail(() -> Interpreter.eval(p, Map.of("x", 1.5)), () -> b.evaluate(1.5));
        assertTrue(e.getMessage().contains(op.name() + " (instruction 2)"), e.getMessage());
      }
    }
  }

  @Test
  void aFailingKernelSaysWhatItComputedFromWhichOperandsAsTheInterpreterDoes() {
    GraphBuilder<Faulty> g = Graph.builder();
    ValueRef.Local t = g.applyMulti(Faulty.TWICE, g.input("x")).get(1);
    t = g.applyMulti(Faulty.TWICE, t).get(0);
    CompiledProgram<Faulty> p =
        Graphs.compile(Graphs.materialize(g.output(g.apply(Faulty.THROWS, t)).build()));
    for (BytecodeOptions options : List.of(DEFAULTS, TINY_METHODS)) {
      BytecodeProgram<Faulty> b = BytecodeCompiler.compileUncached(p, FAULTY, options);
      GraphException e =
          bothFail(() -> Interpreter.eval(p, Map.of("x", 1.5)), () -> b.evaluate(1.5));
      assertEquals(
          "THROWS (instruction 2) failed computing THROWS(TWICE(TWICE(x):1):0) from"
              + " TWICE(TWICE(x):1):0 = 3.0: kernel exploded at 3.0",
          e.getMessage());
      assertInstanceOf(ArithmeticException.class, e.getCause());
    }
  }

  @Test
  void aKernelOverflowingTheStackIsNamedAsInTheInterpreter() {
    GraphBuilder<Faulty> g = Graph.builder();
    CompiledProgram<Faulty> p =
        Graphs.compile(
            Graphs.materialize(g.output(g.apply(Faulty.RECURSES, g.input("n"))).build()));
    BytecodeProgram<Faulty> b = BytecodeCompiler.compileUncached(p, FAULTY, DEFAULTS);
    GraphException e =
        bothFail(() -> Interpreter.eval(p, Map.of("n", 5.0)), () -> b.evaluateObjects(5.0));
    assertEquals(
        "RECURSES (instruction 0) failed computing RECURSES(n) from n = 5.0: "
            + Interpreter.STACK_OVERFLOW,
        e.getMessage());
    assertInstanceOf(StackOverflowError.class, e.getCause());
  }

  @Test
  void aKernelsOwnGraphExceptionPassesThrough() {
    GraphBuilder<Faulty> g = Graph.builder();
    CompiledProgram<Faulty> p =
        Graphs.compile(Graphs.materialize(g.output(g.apply(Faulty.REFUSES, g.input("x"))).build()));
    GraphException e =
        assertThrows(
            GraphException.class,
            () -> BytecodeCompiler.compileUncached(p, FAULTY, DEFAULTS).evaluate(4.0));
    assertEquals("refused 4.0", e.getMessage());
  }

  private static KernelDescriptor add(String method, String descriptor, boolean isInterface) {
    return new KernelDescriptor(
        0, "ADD", "io/github/tidu4j/graph/testing/ScalarKernels", method, descriptor, true,
        isInterface, 2, 1);
  }

  private static void badTable(String expected, Class<?> operand, KernelDescriptor... table) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> KernelSet.<ScalarOp>of(operand, List.of(table), ScalarOp::ordinal));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  @Test
  void badKernelTablesAreRejectedNamingThePrimitive() {
    badTable("entries must be indexed by opcode", double.class, ScalarKernels.TABLE.get(1));
    badTable("ADD: kernel add(D)D does not fit 2 input(s)", double.class, add("add", "(D)D", false));
    badTable("expected (DD)D", double.class, add("add", "(DD)[D", false));
    badTable("expected (FF)F", float.class, add("add", "(DD)D", false));
    badTable("ADD: no accessible static kernel", double.class, add("plus", "(DD)D", false));
    badTable("is not an interface", double.class, add("add", "(DD)D", true));
    badTable(
        "is not visible",
        double.class,
        new KernelDescriptor(0, "ADD", "com/nowhere/Kernels", "add", "(DD)D", true, false, 2, 1));
    assertThrows(
        IllegalArgumentException.class, () -> SCALAR.withLookup(MethodHandles.publicLookup()));
  }

  @Test
  void programsThatDoNotFitTheKernelsAreRejectedNamingTheInstruction() {
    CompiledProgram<ScalarOp> p = sinOfProduct(); // MUL then SIN
    KernelSet<ScalarOp> twoKernels =
        KernelSet.of(double.class, ScalarKernels.TABLE.subList(0, 2), ScalarOp::ordinal);
    GraphException e =
        assertThrows(GraphException.class, () -> new BytecodeCompiler<>(twoKernels).compile(p));
    assertTrue(
        e.getMessage().contains("SIN (instruction 1) has opcode 4 but the kernel table has 2"),
        e.getMessage());

    KernelSet<ScalarOp> allSin = KernelSet.of(double.class, ScalarKernels.TABLE, op -> 4);
    e = assertThrows(GraphException.class, () -> new BytecodeCompiler<>(allSin).compile(p));
    assertTrue(e.getMessage().contains("MUL (instruction 0) takes 2 input(s)"), e.getMessage());

    // an instance kernel of Affine.Scale for an operation that is not one
    KernelSet<GraphOperation> scaleKernels = KernelSet.of(double.class, AFFINE.table(), op -> 2);
    GraphBuilder<GraphOperation> g = Graph.builder();
    CompiledProgram<GraphOperation> q =
        Graphs.compile(Graphs.materialize(g.output(g.apply(ScalarOp.EXP, g.input("x"))).build()));
    e = assertThrows(
        GraphException.class, () -> BytecodeCompiler.compileUncached(q, scaleKernels, DEFAULTS));
    assertTrue(e.getMessage().contains("not a io.github.tidu4j.graph.testing.Affine$Scale"),
        e.getMessage());
  }

  @Test
  void theFailureOfACompileIsNotCached() {
    KernelSet<ScalarOp> twoKernels =
        KernelSet.of(double.class, ScalarKernels.TABLE.subList(0, 2), ScalarOp::ordinal);
    BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(twoKernels, 4, DEFAULTS);
    assertThrows(GraphException.class, () -> compiler.compile(sinOfProduct()));
    assertThrows(GraphException.class, () -> compiler.compile(sinOfProduct()));
    assertEquals(0, compiler.size());
    assertEquals(2, compiler.misses());
    assertInstanceOf(GraphException.class, assertThrows(GraphException.class,
        () -> compiler.compile(sinOfProduct())));
  }

  @Test
  void kernelsOnlyTheirPackageReachNeedASetMadeWithItsLookupAndTheMessageSaysSo() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, LocalKernels::withDefaultLookup);
    assertTrue(
        e.getMessage().startsWith("ADD: no accessible static kernel ")
            && e.getMessage().contains("; make the set with a lookup of the kernels' package,"
                + " KernelSet.of(operandType, table, opcodeOf, MethodHandles.lookup()) there"),
        e.getMessage());
    // made with that package's lookup, checked and called from there
    GraphBuilder<ScalarOp> b = Graph.builder();
    CompiledProgram<ScalarOp> p =
        Graphs.compile(
            Graphs.materialize(b.output(b.apply(ScalarOp.ADD, b.input("x"), b.input("y"))).build()));
    BytecodeProgram<ScalarOp> code =
        BytecodeCompiler.compileUncached(p, LocalKernels.kernelSet(), DEFAULTS);
    assertEquals(3.5, code.evaluate(1.25, 2.25)[0]);
    assertThrows(
        IllegalArgumentException.class,
        () -> KernelSet.of(double.class, List.of(), ScalarOp::ordinal,
            MethodHandles.lookup().dropLookupMode(MethodHandles.Lookup.PRIVATE)));
  }
}
