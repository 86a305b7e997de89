package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A graph's typed inputs are checked at every binding of a program compiled from it: the value's
 * type, read by the input type, must equal the one declared, or the binding is refused naming the
 * input, the value's type and the declared one.
 */
class ValueTypeTest {

  /** A toy type over doubles: whether a value is whole or fractional. */
  private static ValueType kind(String kind) {
    return ValueType.of(kind, Double.class, v -> v == Math.rint(v) ? "whole" : "fractional");
  }

  /** {@code x · a + exp(x)}, with {@code a} untyped and {@code x} of type {@code xKind}. */
  private static Graph<ScalarOp> graph(String xKind) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local a = b.input("a");
    ValueRef.Local x = b.input("x", kind(xKind));
    return b.output(
            b.apply(ScalarOp.ADD, b.apply(ScalarOp.MUL, x, a), b.apply(ScalarOp.EXP, x)))
        .build();
  }

  private static CompiledProgram<ScalarOp> compile(Graph<ScalarOp> g) {
    return Graphs.compile(Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys()));
  }

  @Test
  void javadocExampleDeclaresATypedInput() {
    GraphBuilder<ScalarOp> graph = Graph.builder();
    ValueType f64x3 = ValueType.of("f64[3]", double[].class, v -> "f64[" + v.length + "]");
    ValueRef x = graph.input("x", f64x3);
    Graph<ScalarOp> g = graph.output(x).build();
    assertEquals(Optional.of(f64x3), g.inputType(0));
    assertTrue(f64x3.admits(new double[3]));
    assertTrue(!f64x3.admits(new double[5]) && !f64x3.admits(3.0));
  }

  @Test
  void theGraphAndItsProgramsKeepEachInputsType() {
    Graph<ScalarOp> g = graph("whole");
    assertEquals(Optional.empty(), g.inputType(0));
    assertEquals(Optional.of(kind("whole")), g.inputType(1));
    CompiledProgram<ScalarOp> p = compile(g);
    assertEquals(List.of("a", "x"), p.inputKeys());
    assertEquals(Optional.empty(), p.inputType(0));
    assertEquals("whole", p.inputType(1).orElseThrow().toString());
  }

  @Test
  void dumpsShowEachTypedInputsType() {
    Graph<ScalarOp> g = graph("whole");
    MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys());
    String graph = GraphPrinter.print(g);
    assertTrue(graph.contains("  %0 = input a\n  %1 = input x: whole\n"), graph);
    assertTrue(m.toString().contains("  v0 = input a\n  v1 = input x: whole\n"), m.toString());
    String program = Graphs.compile(m).toString();
    assertTrue(program.contains(" <- input x: whole\n"), program);
  }

  @Test
  void aValueOfTheDeclaredTypeEvaluatesByKeyAndByPosition() {
    CompiledProgram<ScalarOp> p = compile(graph("whole"));
    double expected = 2.0 * 0.5 + Math.exp(2.0);
    assertEquals(expected, (Double) Interpreter.eval(p, Map.of("a", 0.5, "x", 2.0)).get(0), 0.0);
    assertEquals(expected, (Double) Interpreter.evalPositional(p, List.of(0.5, 2.0)).get(0), 0.0);
  }

  @Test
  void aValueOfAnotherTypeIsRefusedNamingTheInputAndBothTypes() {
    CompiledProgram<ScalarOp> p = compile(graph("whole"));
    GraphException byKey =
        assertThrows(GraphException.class, () -> Interpreter.eval(p, Map.of("a", 0.5, "x", 2.5)));
    assertEquals(
        "input x is bound to fractional, but its graph declares it whole; bind a value of that"
            + " type, or build and compile the graph for this one",
        byKey.getMessage());
    GraphException byPosition =
        assertThrows(
            GraphException.class, () -> Interpreter.evalPositional(p, List.of(0.5, 2.5)));
    assertEquals(byKey.getMessage(), byPosition.getMessage());
  }

  @Test
  void aValueOfAnotherClassIsRefusedNamingItsClass() {
    CompiledProgram<ScalarOp> p = compile(graph("whole"));
    GraphException e =
        assertThrows(
            GraphException.class, () -> Interpreter.eval(p, Map.of("a", 0.5, "x", 2)));
    assertEquals(
        "input x is bound to a java.lang.Integer, not a java.lang.Double, but its graph declares"
            + " it whole; bind a value of that type, or build and compile the graph for this one",
        e.getMessage());
  }

  @Test
  void anEvaluatorOfItsOwnChecksEachInputAsTheRuntimesDo() {
    CompiledProgram<ScalarOp> program = compile(graph("whole"));
    Object[] inputs = {0.5, 2.5};
    GraphException e =
        assertThrows(
            GraphException.class,
            () -> {
              for (int i = 0; i < inputs.length; i++) {
                program.checkInput(i, inputs[i]);
              }
            });
    assertTrue(e.getMessage().startsWith("input x is bound to fractional"), e.getMessage());
  }

  @Test
  void anUntypedInputTakesAnyValue() {
    CompiledProgram<ScalarOp> p = compile(graph("whole"));
    double got = (Double) Interpreter.eval(p, Map.of("a", 7.25, "x", 1.0)).get(0);
    assertEquals(7.25 + Math.E, got, 0.0);
  }

  @Test
  void nullIsStillReportedAsUnbound() {
    CompiledProgram<ScalarOp> p = compile(graph("whole"));
    List<Double> inputs = Arrays.asList(0.5, null);
    GraphException e =
        assertThrows(GraphException.class, () -> Interpreter.evalPositional(p, inputs));
    assertEquals("input x is bound to null", e.getMessage());
  }

  @Test
  void aCachedProgramTakesTheTypesOfTheGraphItIsHandedOutFor() {
    CompilationCache<ScalarOp> cache = new CompilationCache<>(4);
    Graph<ScalarOp> whole = graph("whole");
    Graph<ScalarOp> fractional = graph("fractional");
    CompiledProgram<ScalarOp> first =
        cache.compile(Graphs.materializeMerge(Graphs.resolve(whole), whole.outputKeys()));
    CompiledProgram<ScalarOp> second =
        cache.compile(
            Graphs.materializeMerge(Graphs.resolve(fractional), fractional.outputKeys()));
    assertEquals(1L, cache.hits()); // the same structure: the cached code
    assertEquals("fractional", second.inputType(1).orElseThrow().toString());
    Interpreter.eval(second, Map.of("a", 1.0, "x", 0.5));
    assertThrows(GraphException.class, () -> Interpreter.eval(second, Map.of("a", 1.0, "x", 2.0)));
    assertThrows(GraphException.class, () -> Interpreter.eval(first, Map.of("a", 1.0, "x", 0.5)));
  }

  @Test
  void renamingTheInputsKeepsTheirTypes() {
    CompiledProgram<ScalarOp> p = compile(graph("whole")).withInputKeys(List.of("p", "q"));
    GraphException e =
        assertThrows(GraphException.class, () -> Interpreter.eval(p, Map.of("p", 1.0, "q", 0.5)));
    assertTrue(e.getMessage().startsWith("input q is bound to fractional"), e.getMessage());
  }

  @Test
  void twoGraphsDeclaringOneInputAtTwoTypesCannotBeResolvedTogether() {
    Graph<ScalarOp> whole = graph("whole");
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x", kind("fractional"));
    Graph<ScalarOp> other = b.output(b.apply(ScalarOp.SIN, x)).build();
    // refused at resolve, before any transform takes one graph's type for the input
    GraphException e =
        assertThrows(GraphException.class, () -> Graphs.resolve(List.of(whole, other)));
    assertEquals(
        "input x is declared whole by graph 0 of the view (its input 1) and fractional by graph 1"
            + " of the view (its input 0); a value has one type, and a program takes each input at"
            + " one: declare it alike in every graph, as the graph that defines it does",
        e.getMessage());
  }

  /** {@code sin(x)} of a whole {@code x}, its output typed {@code outputKind}. */
  private static Graph<ScalarOp> typedSine(String outputKind) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x", kind("whole"));
    return b.output(b.apply(ScalarOp.SIN, x), kind(outputKind)).build();
  }

  @Test
  void aValueOfAParentReadAtAnotherTypeIsRefusedAsItIsDeclared() {
    Graph<ScalarOp> parent = typedSine("fractional");
    GraphBuilder<ScalarOp> b = Graph.builder();
    b.parent(parent);
    ValueRef sine = ValueRef.external(parent.outputKey(0));
    GraphException e =
        assertThrows(GraphException.class, () -> b.declareType(sine, kind("whole")));
    assertEquals(
        "SIN(x) is declared fractional by parent 0 of the graph being built (its output 0) and"
            + " whole by the graph being built (which reads it from another graph at that type); a"
            + " value has one type, and a program takes each input at one: declare it alike in"
            + " every graph, as the graph that defines it does",
        e.getMessage());
    b.declareType(sine, kind("fractional")); // the declared type is taken
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.EXP, sine)).build();
    assertEquals(1, Interpreter.eval(compile(g), Map.of("x", 2.0)).size());
  }

  @Test
  void aValueReadAtAnotherTypeWithoutItsParentIsRefusedWhenResolved() {
    Graph<ScalarOp> definer = typedSine("fractional");
    GraphBuilder<ScalarOp> b = Graph.builder(); // no parent recorded: nothing to check yet
    ValueRef sine = ValueRef.external(definer.outputKey(0));
    Graph<ScalarOp> g = b.declareType(sine, kind("whole")).output(b.apply(ScalarOp.EXP, sine)).build();
    GraphException e =
        assertThrows(GraphException.class, () -> Graphs.resolve(List.of(g, definer)));
    assertTrue(
        e.getMessage()
            .startsWith(
                "SIN(x) is declared fractional by graph 1 of the view (its output 0) and whole by"
                    + " graph 0 of the view (which reads it from another graph at that type)"),
        e.getMessage());
  }

  @Test
  void oneGraphReadingOneValueAtTwoTypesIsRefused() {
    Graph<ScalarOp> definer = graphOfUntyped();
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef sine = ValueRef.external(definer.outputKey(0));
    b.declareType(sine, kind("whole"));
    GraphException e =
        assertThrows(GraphException.class, () -> b.declareType(sine, kind("fractional")));
    assertTrue(e.getMessage().startsWith("SIN(x) is declared whole by the graph being built"));
    b.declareType(sine, kind("whole")); // again at the same type is fine
  }

  @Test
  void anInputTakenAtAnotherTypeThanItsOwnIsRefused() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x", kind("whole"));
    ValueRef.Local a = b.input("a");
    GraphException e =
        assertThrows(GraphException.class, () -> b.declareType(x, kind("fractional")));
    assertEquals(
        "input x is declared whole, so it cannot be taken as fractional; a value has one type:"
            + " take it at the type it was declared with",
        e.getMessage());
    b.declareType(x, kind("whole")).declareType(a, kind("fractional")); // no declared type: taken
    GraphBuilder<ScalarOp> other = Graph.builder();
    assertThrows(GraphException.class, () -> other.declareType(x, kind("whole")));
  }

  @Test
  void aBindingOfAnUnusedInputIsCheckedAgainstItsType() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    b.input("unread", kind("whole"));
    b.input("untypedUnread");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.SIN, x)).build();
    MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys());
    assertEquals(List.of(ValueKey.input("unread"), ValueKey.input("untypedUnread")), m.unusedInputKeys());
    assertEquals(Optional.of(kind("whole")), m.unusedInputType(0));
    assertEquals(Optional.empty(), m.unusedInputType(1));
    CompilationCache<ScalarOp> cache = new CompilationCache<>(4);
    for (CompiledProgram<ScalarOp> p : List.of(cache.compile(m), cache.compile(m))) {
      GraphException e =
          assertThrows(
              GraphException.class,
              () -> Interpreter.eval(p, Map.of("x", 1.0, "unread", 0.5, "untypedUnread", 0.5)));
      assertEquals(
          "input unread is bound to fractional, but its graph declares it whole; bind a value of"
              + " that type, or build and compile the graph for this one",
          e.getMessage());
      assertEquals(1, Interpreter.eval(p, Map.of("x", 1.0, "unread", 2.0)).size());
      assertEquals(1, Interpreter.eval(p, Map.of("x", 1.0)).size());
    }
    assertEquals(1L, cache.hits());
  }

  @Test
  void twoGraphsDeclaringOneInputAtOneTypeShareIt() {
    Graph<ScalarOp> whole = graph("whole");
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x", kind("whole"));
    ValueRef.Local untyped = b.input("a");
    Graph<ScalarOp> other = b.output(b.apply(ScalarOp.MUL, x, untyped)).build();
    List<ValueKey> outputs = List.of(whole.outputKeys().get(0), other.outputKeys().get(0));
    CompiledProgram<ScalarOp> p =
        Graphs.compile(Graphs.materializeMerge(Graphs.resolve(List.of(whole, other)), outputs));
    assertEquals(List.of("a", "x"), p.inputKeys());
    assertEquals(2, Interpreter.eval(p, Map.of("a", 1.0, "x", 3.0)).size());
    assertThrows(GraphException.class, () -> Interpreter.eval(p, Map.of("a", 1.0, "x", 0.5)));
  }

  @Test
  void outputsMayBeTypedTooAndTheViewFindsAValuesType() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x", kind("whole"));
    ValueRef.Local s = b.apply(ScalarOp.SIN, x);
    ValueRef.Local e = b.apply(ScalarOp.EXP, x);
    Graph<ScalarOp> g = b.output(s).output(e, kind("fractional")).output(x).build();
    assertEquals(Optional.empty(), g.outputType(0));
    assertEquals(Optional.of(kind("fractional")), g.outputType(1));
    assertEquals(Optional.empty(), g.outputType(2)); // added untyped after a typed one
    String dump = GraphPrinter.print(g);
    assertTrue(dump.contains("  outputs: %1, %2: fractional, %0\n"), dump);
    ResolvedView<ScalarOp> view = Graphs.resolve(g);
    assertTrue(view.declaresTypes());
    assertFalse(Graphs.resolve(graphOfUntyped()).declaresTypes());
    assertEquals(Optional.of(kind("fractional")), view.valueType(g.outputKey(1)));
    assertEquals(Optional.empty(), view.valueType(g.outputKey(0)));
    assertEquals(Optional.of(kind("whole")), view.valueType(g.outputKey(2))); // the input's
  }

  private static Graph<ScalarOp> graphOfUntyped() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    return b.output(b.apply(ScalarOp.SIN, b.input("x"))).build();
  }

  @Test
  void aResolvedViewReportsTheTypeOfAnInputItDefines() {
    Graph<ScalarOp> g = graph("whole");
    ResolvedView<ScalarOp> view = Graphs.resolve(g);
    assertEquals(Optional.of(kind("whole")), view.inputType(ValueKey.input("x")));
    assertEquals(Optional.empty(), view.inputType(ValueKey.input("a")));
    assertEquals(Optional.empty(), view.inputType(ValueKey.input("nowhere")));
  }
}
