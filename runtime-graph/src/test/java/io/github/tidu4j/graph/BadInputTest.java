package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.Pipeline;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BadInputTest {

  /** An evaluable operation that misbehaves in a chosen way. */
  private enum Faulty implements EvaluableGraphOperation<Double> {
    TWO_RESULTS_FOR_ONE,
    NO_RESULTS,
    NULL_RESULTS,
    THROWS;

    @Override
    public int inputArity() {
      return 1;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public List<Double> eval(List<Double> inputs) {
      switch (this) {
        case TWO_RESULTS_FOR_ONE:
          return List.of(inputs.get(0), inputs.get(0));
        case NO_RESULTS:
          return List.of();
        case NULL_RESULTS:
          return null;
        default:
          throw new ArithmeticException("kernel exploded");
      }
    }
  }

  /** An operation with no evaluation kernel. */
  private record Opaque() implements GraphOperation {
    @Override
    public int inputArity() {
      return 1;
    }

    @Override
    public int outputArity() {
      return 1;
    }
  }

  private static CompiledProgram<ScalarOp> sinOfProduct() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    return Graphs.compile(
        Pipeline.materialize(b.output(b.apply(ScalarOp.SIN, b.apply(ScalarOp.MUL, x, y))).build()));
  }

  private static <Op extends GraphOperation> GraphException evalFails(
      CompiledProgram<Op> p, Map<?, Double> inputs) {
    return assertThrows(GraphException.class, () -> Interpreter.eval(p, inputs));
  }

  @Test
  void missingInputBindingNamesTheKey() {
    GraphException e = evalFails(sinOfProduct(), Map.of("x", 1.0));
    assertTrue(e.getMessage().contains("input y is not bound"), e.getMessage());
    assertTrue(e.getMessage().contains("[x, y]"), "lists the program's inputs: " + e.getMessage());
  }

  @Test
  void extraInputBindingNamesTheKey() {
    GraphException e = evalFails(sinOfProduct(), Map.of("x", 1.0, "y", 2.0, "zeta", 3.0));
    assertTrue(e.getMessage().contains("zeta"), e.getMessage());
    assertTrue(e.getMessage().contains("inputs [zeta] are bound"), e.getMessage());
  }

  @Test
  void nullInputBindingNamesTheKey() {
    Map<String, Double> inputs = new HashMap<>();
    inputs.put("x", 1.0);
    inputs.put("y", null);
    GraphException e = evalFails(sinOfProduct(), inputs);
    assertTrue(e.getMessage().contains("input y is bound to null"), e.getMessage());
  }

  @Test
  void positionalBindingsAreChecked() {
    CompiledProgram<ScalarOp> p = sinOfProduct();
    GraphException count =
        assertThrows(GraphException.class, () -> Interpreter.evalPositional(p, List.of(1.0)));
    assertTrue(count.getMessage().contains("takes 2 inputs"), count.getMessage());
    GraphException nul =
        assertThrows(
            GraphException.class, () -> Interpreter.evalPositional(p, Arrays.asList(1.0, null)));
    assertTrue(nul.getMessage().contains("input y is bound to null"), nul.getMessage());
  }

  @Test
  void theInputsOfAWideProgramAreListedByTheirFirstKeysAndTheirNumber() {
    // a program of 20 inputs: an error lists eight and counts them, not all 20 (nor 10^5)
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local sum = b.input("x0");
    for (int i = 1; i < 20; i++) {
      sum = b.apply(ScalarOp.ADD, sum, b.input("x" + i));
    }
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.materialize(b.output(sum).build()));
    String listed = "[x0, x1, x2, x3, x4, x5, x6, x7, ... (20 in all)]";
    GraphException count =
        assertThrows(GraphException.class, () -> Interpreter.evalPositional(p, List.of(1.0)));
    assertEquals("the program takes 20 inputs " + listed + " but 1 were given", count.getMessage());
    GraphException unbound = evalFails(p, Map.of("x0", 1.0));
    assertTrue(
        unbound.getMessage().startsWith("input x1 is not bound; the program takes inputs " + listed),
        unbound.getMessage());
  }

  @Test
  void anEvaluatorNamesAWrongInputCountAsTheInterpreterDoes() {
    CompiledProgram<ScalarOp> program = sinOfProduct();
    double[] inputs = {1.0};
    GraphException e =
        assertThrows(
            GraphException.class,
            () -> {
              if (inputs.length != program.inputCount()) {
                throw program.inputCountError(inputs.length);
              }
            });
    assertEquals("the program takes 2 inputs [x, y] but 1 were given", e.getMessage());
  }

  @Test
  void wrongNumberOfResultsNamesTheOperation() {
    for (Faulty op : List.of(Faulty.TWO_RESULTS_FOR_ONE, Faulty.NO_RESULTS, Faulty.NULL_RESULTS)) {
      GraphBuilder<Faulty> b = Graph.builder();
      Graph<Faulty> g = b.output(b.apply(op, b.input("x"))).build();
      CompiledProgram<Faulty> p = Graphs.compile(Pipeline.materialize(g));
      GraphException e = evalFails(p, Map.of("x", 1.0));
      assertTrue(e.getMessage().contains(op.name()), e.getMessage());
      assertTrue(e.getMessage().contains("declares 1 output"), e.getMessage());
    }
  }

  @Test
  void failingKernelIsReportedWithTheOperation() {
    GraphBuilder<Faulty> b = Graph.builder();
    Graph<Faulty> g = b.output(b.apply(Faulty.THROWS, b.input("x"))).build();
    GraphException e = evalFails(Graphs.compile(Pipeline.materialize(g)), Map.of("x", 1.0));
    assertTrue(e.getMessage().contains("THROWS"), e.getMessage());
    assertTrue(e.getMessage().contains("kernel exploded"), e.getMessage());
    assertInstanceOf(ArithmeticException.class, e.getCause());
  }

  @Test
  void operationWithoutKernelIsReportedByName() {
    GraphBuilder<Opaque> b = Graph.builder();
    Graph<Opaque> g = b.output(b.apply(new Opaque(), b.input("x"))).build();
    // building, resolving, materializing and compiling need no kernel
    CompiledProgram<Opaque> p = Graphs.compile(Pipeline.materialize(g));
    GraphException e = evalFails(p, Map.of("x", 1.0));
    assertTrue(e.getMessage().contains("Opaque"), e.getMessage());
    assertTrue(e.getMessage().contains("EvaluableGraphOperation"), e.getMessage());
  }

  @Test
  void missingOutputSlotOfAKeyNamesOperationAndSlot() {
    OperationKey sin =
        OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input("x")), OperationRole.primary());
    GraphException e = assertThrows(GraphException.class, () -> sin.output(5));
    assertTrue(e.getMessage().contains("SIN"), e.getMessage());
    assertTrue(e.getMessage().contains("slot 5"), e.getMessage());
    GraphException negative = assertThrows(GraphException.class, () -> sin.output(-1));
    assertTrue(negative.getMessage().contains("slot -1"), negative.getMessage());
    OperationKey sc =
        OperationKey.of(ScalarOp.SIN_COS, List.of(ValueKey.input("x")), OperationRole.primary());
    GraphException two = assertThrows(GraphException.class, () -> sc.output(2));
    assertTrue(two.getMessage().contains("SIN_COS has 2 output slot(s); slot 2"), two.getMessage());
  }

  @Test
  void missingOutputSlotOfANodeNamesOperationAndSlot() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    b.apply(ScalarOp.NEG, x);
    b.applyMulti(ScalarOp.SIN_COS, x);
    Graph<ScalarOp> g = b.build();
    GraphException e = assertThrows(GraphException.class, () -> g.nodeOutput(0, 5));
    assertTrue(e.getMessage().contains("NEG"), e.getMessage());
    assertTrue(e.getMessage().contains("slot 5"), e.getMessage());
    GraphException multi = assertThrows(GraphException.class, () -> g.nodeOutput(1, 2));
    assertTrue(multi.getMessage().contains("SIN_COS (node 1)"), multi.getMessage());
    assertTrue(multi.getMessage().contains("slot 2"), multi.getMessage());
    assertEquals(3, g.nodeOutput(1, 1));
  }

  @Test
  void badValueAndOperandIndicesAreReported() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.EXP, x)).build();
    GraphException value = assertThrows(GraphException.class, () -> g.valueKey(9));
    assertTrue(value.getMessage().contains("%9"), value.getMessage());
    assertThrows(GraphException.class, () -> g.producer(-1));
    GraphException operand = assertThrows(GraphException.class, () -> g.operand(0, 1));
    assertTrue(operand.getMessage().contains("EXP"), operand.getMessage());
  }

  @Test
  void materializingAnUndefinedOutputNamesTheKey() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.EXP, b.input("x"))).build();
    ValueKey undefined =
        OperationKey.of(ScalarOp.COS, List.of(ValueKey.input("x")), OperationRole.primary())
            .output(0);
    ResolvedView<ScalarOp> view = Graphs.resolve(g);
    GraphException e =
        assertThrows(
            GraphException.class, () -> Graphs.materializeMerge(view, List.of(undefined)));
    assertTrue(e.getMessage().contains("defines output 0, COS(x) "), e.getMessage());
    GraphException nul =
        assertThrows(
            GraphException.class,
            () -> Graphs.materializeMerge(view, Arrays.asList(g.outputKey(0), null)));
    assertTrue(nul.getMessage().contains("null"), nul.getMessage());
  }

  @Test
  void cacheNeedsRoom() {
    assertThrows(IllegalArgumentException.class, () -> new CompilationCache<ScalarOp>(0));
  }

  @Test
  void keysInMessagesAreCutAndListed() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    String huge = "K".repeat(5_000_000);
    b.input(huge);
    GraphException twice = assertThrows(GraphException.class, () -> b.input(huge));
    assertTrue(twice.getMessage().length() < 200, "length " + twice.getMessage().length());
    assertTrue(twice.getMessage().endsWith("… is declared twice"), twice.getMessage());

    GraphBuilder<ScalarOp> c = Graph.builder();
    CompiledProgram<ScalarOp> p =
        Graphs.compile(Graphs.materialize(c.output(c.apply(ScalarOp.SIN, c.input("x"))).build()));
    Map<Object, Double> bindings = new HashMap<>();
    bindings.put("x", 1.0);
    for (int i = 0; i < 100_000; i++) {
      bindings.put("extra" + i, 1.0);
    }
    GraphException extra = assertThrows(GraphException.class, () -> Interpreter.eval(p, bindings));
    assertTrue(extra.getMessage().length() < 1_000, "length " + extra.getMessage().length());
    assertTrue(extra.getMessage().contains("... (100000 in all)] are bound"), extra.getMessage());
  }
}
