package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Binding by key accepts every input of the graphs a program was materialized from, ignoring those
 * it does not read, and still rejects, by name, a key that is an input of none of them.
 */
class BindingsByKeyTest {

  /** x, y -> sin(x): y is an input of the graph that sin(x) does not read. */
  private static Graph<ScalarOp> sinOfXWithUnusedY() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    b.input("y");
    return b.output(b.apply(ScalarOp.SIN, x)).build();
  }

  private static CompiledProgram<ScalarOp> compileOutputs(Graph<ScalarOp> g) {
    return Graphs.compile(Graphs.resolve(g), g.outputKeys());
  }

  @Test
  void anInputTheOutputsDoNotReadIsRecordedAsUnused() {
    Graph<ScalarOp> g = sinOfXWithUnusedY();
    MaterializedGraph<ScalarOp> m = Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys());
    assertEquals(1, m.inputCount());
    assertEquals(List.of(ValueKey.input("y")), m.unusedInputKeys());
    CompiledProgram<ScalarOp> p = Graphs.compile(m);
    assertEquals(List.of("x"), p.inputKeys());
    assertEquals(List.of("y"), p.unusedInputKeys());
    assertEquals(-1, p.inputPosition("y"), "an unused input has no position");
  }

  @Test
  void aBindingForAnUnusedInputIsAcceptedAndIgnored() {
    CompiledProgram<ScalarOp> p = compileOutputs(sinOfXWithUnusedY());
    assertEquals(List.of(Math.sin(0.5)), Interpreter.eval(p, Map.of("x", 0.5, "y", 7.0)));
    assertEquals(List.of(Math.sin(0.5)), Interpreter.eval(p, Map.of("x", 0.5)));
  }

  /** An input key that prints as its name, as a set's own input keys do. */
  private record Named(String name) {
    @Override
    public String toString() {
      return name;
    }
  }

  @Test
  void aBindingByAKeyThatOnlyPrintsLikeTheInputSaysWhichTypesDiffer() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local v = b.input(new Named("v"));
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.SIN, v)).build();
    CompiledProgram<ScalarOp> p = compileOutputs(g);
    GraphException e =
        assertThrows(GraphException.class, () -> Interpreter.eval(p, Map.of("v", 0.5)));
    assertEquals(
        "input v is not bound; the program takes inputs [v]; the graph's input v is a "
            + Named.class.getName() + " and the v given a java.lang.String: they print alike but"
            + " are different keys, so use the key the graph declared",
        e.getMessage());
    assertEquals(List.of(Math.sin(0.5)), Interpreter.eval(p, Map.of(new Named("v"), 0.5)));
  }

  @Test
  void nullOutputsOrANullViewAreRefusedNamingThem() {
    Graph<ScalarOp> g = sinOfXWithUnusedY();
    GraphException outputs =
        assertThrows(GraphException.class, () -> Graphs.compile(Graphs.resolve(g), null));
    assertEquals(
        "the outputs are null; name the values to compute, such as the graph's outputKeys()",
        outputs.getMessage());
    GraphException view =
        assertThrows(GraphException.class, () -> Graphs.compile(null, g.outputKeys()));
    assertEquals(
        "the view is null; resolve the graphs first (Graphs.resolve)", view.getMessage());
  }

  @Test
  void aKeyThatIsNoInputOfTheGraphsIsRejectedNamingItAndTheInputs() {
    CompiledProgram<ScalarOp> p = compileOutputs(sinOfXWithUnusedY());
    GraphException e =
        assertThrows(
            GraphException.class,
            () -> Interpreter.eval(p, Map.of("x", 0.5, "y", 7.0, "nope", 1.0)));
    assertEquals(
        "inputs [nope] are bound but are inputs of none of the graphs the program was"
            + " materialized from; it takes inputs [x] and ignores bindings for inputs [y]",
        e.getMessage());
    // without the unused binding, the unknown key is still the one reported
    e = assertThrows(GraphException.class, () -> Interpreter.eval(p, Map.of("x", 0.5, "nope", 1.0)));
    assertTrue(e.getMessage().startsWith("inputs [nope] are bound"), e.getMessage());
  }

  @Test
  void anUnusedInputBoundByAKeyThatOnlyPrintsLikeItIsToldApart() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    b.input(new Named("u")); // declared, read by no output
    CompiledProgram<ScalarOp> p = compileOutputs(b.output(b.apply(ScalarOp.SIN, x)).build());
    GraphException e =
        assertThrows(
            GraphException.class, () -> Interpreter.eval(p, Map.of("x", 0.5, "u", 1.0)));
    assertEquals(
        "inputs [u] are bound but are inputs of none of the graphs the program was materialized"
            + " from; it takes inputs [x] and ignores bindings for inputs [u]; the graph's input u"
            + " is a " + Named.class.getName() + " and the u given a java.lang.String: they print"
            + " alike but are different keys, so use the key the graph declared",
        e.getMessage());
  }

  @Test
  void anUnboundInputNamesTheKeysBoundInsteadThatTheProgramDoesNotTake() {
    CompiledProgram<ScalarOp> p = compileOutputs(sinOfXWithUnusedY());
    GraphException e =
        assertThrows(
            GraphException.class, () -> Interpreter.eval(p, Map.of(ValueKey.input("x"), 0.5)));
    assertEquals(
        "input x is not bound; the program takes inputs [x]; bindings were given for keys it does"
            + " not take, [" + ValueKey.input("x") + "]",
        e.getMessage());
  }

  @Test
  void anUnboundInputIsStillAnErrorWhenUnusedOnesAreBound() {
    CompiledProgram<ScalarOp> p = compileOutputs(sinOfXWithUnusedY());
    GraphException e =
        assertThrows(GraphException.class, () -> Interpreter.eval(p, Map.of("y", 7.0)));
    assertTrue(e.getMessage().contains("input x is not bound"), e.getMessage());
  }

  @Test
  void positionalEvaluationTakesOnlyTheInputsTheProgramReads() {
    CompiledProgram<ScalarOp> p = compileOutputs(sinOfXWithUnusedY());
    assertEquals(List.of(Math.sin(0.5)), Interpreter.evalPositional(p, List.of(0.5)));
    GraphException e =
        assertThrows(GraphException.class, () -> Interpreter.evalPositional(p, List.of(0.5, 7.0)));
    assertEquals("the program takes 1 inputs [x] but 2 were given", e.getMessage());
  }

  @Test
  void inputsOfEveryGraphOfTheViewAreAccepted() {
    // A: x -> sin(x); B (parent A): y, z -> A.out * y; C (parent B): w -> cos(w)
    GraphBuilder<ScalarOp> ab = Graph.builder();
    Graph<ScalarOp> a = ab.output(ab.apply(ScalarOp.SIN, ab.input("x"))).build();
    GraphBuilder<ScalarOp> bb = Graph.builder();
    ValueRef.Local y = bb.input("y");
    bb.input("z");
    bb.input("x"); // an input key A also has: listed once
    Graph<ScalarOp> b =
        bb.parent(a).output(bb.apply(ScalarOp.MUL, ValueRef.external(a.outputKey(0)), y)).build();
    GraphBuilder<ScalarOp> cb = Graph.builder();
    Graph<ScalarOp> c = cb.parent(b).output(cb.apply(ScalarOp.COS, cb.input("w"))).build();

    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.resolve(c), c.outputKeys());
    assertEquals(List.of("w"), p.inputKeys());
    assertEquals(List.of("y", "z", "x"), p.unusedInputKeys(), "view order: C, B, A; once each");
    Map<Object, Double> every = Map.of("w", 0.25, "x", 1.0, "y", 2.0, "z", 3.0);
    assertEquals(List.of(Math.cos(0.25)), Interpreter.eval(p, every));

    // resolved from A alone, the view holds neither B nor C: their inputs are unknown
    CompiledProgram<ScalarOp> fromA = Graphs.compile(Graphs.resolve(a), a.outputKeys());
    assertEquals(List.of(), fromA.unusedInputKeys());
    GraphException e =
        assertThrows(
            GraphException.class, () -> Interpreter.eval(fromA, Map.of("x", 1.0, "w", 0.25)));
    assertTrue(e.getMessage().startsWith("inputs [w] are bound"), e.getMessage());
    assertFalse(e.getMessage().contains("ignores"), "nothing is ignored: " + e.getMessage());
  }

  @Test
  void declaredInputsStayPositionalAndUndeclaredOnesOfTheViewAreIgnored() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    b.input("y");
    b.input("z");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.SIN, x)).build();
    // z is declared though unused (a fixed signature); y is not declared
    CompiledProgram<ScalarOp> p =
        Graphs.compile(
            Graphs.resolve(g),
            List.of(ValueKey.input("x"), ValueKey.input("z")),
            g.outputKeys());
    assertEquals(List.of("x", "z"), p.inputKeys());
    assertEquals(List.of("y"), p.unusedInputKeys());
    assertEquals(List.of(Math.sin(0.5)), Interpreter.evalPositional(p, List.of(0.5, 9.0)));
    assertEquals(
        List.of(Math.sin(0.5)), Interpreter.eval(p, Map.of("x", 0.5, "y", 8.0, "z", 9.0)));
    GraphException e =
        assertThrows(GraphException.class, () -> Interpreter.eval(p, Map.of("x", 0.5, "y", 8.0)));
    assertTrue(e.getMessage().contains("input z is not bound"), e.getMessage());

    // a graph materialized with its own signature takes every input, so none is unused
    assertEquals(List.of(), Graphs.materialize(g).unusedInputKeys());
  }

  @Test
  void aCacheHitAcceptsItsOwnUnusedInputsNotThoseOfTheProgramCompiledFirst() {
    CompilationCache<ScalarOp> cache = new CompilationCache<>(4);
    CompiledProgram<ScalarOp> first = cache.compile(sinOf("x", "unusedFirst"));
    CompiledProgram<ScalarOp> hit = cache.compile(sinOf("a", "unusedHit"));
    assertEquals(1, cache.hits());
    assertEquals(List.of("unusedFirst"), first.unusedInputKeys());
    assertEquals(List.of("unusedHit"), hit.unusedInputKeys());
    assertEquals(List.of(Math.sin(0.5)), Interpreter.eval(hit, Map.of("a", 0.5, "unusedHit", 1.0)));
    GraphException e =
        assertThrows(
            GraphException.class,
            () -> Interpreter.eval(hit, Map.of("a", 0.5, "unusedFirst", 1.0)));
    assertTrue(e.getMessage().startsWith("inputs [unusedFirst] are bound"), e.getMessage());
  }

  /** in, unused -> sin(in), materialized for its output. */
  private static MaterializedGraph<ScalarOp> sinOf(String in, String unused) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input(in);
    b.input(unused);
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.SIN, x)).build();
    return Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys());
  }

  @Test
  void theErrorListsAFewOfManyInputs() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef sum = b.input("in0");
    for (int i = 1; i < 20; i++) {
      sum = b.apply(ScalarOp.ADD, sum, b.input("in" + i));
    }
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.materialize(b.output(sum).build()));
    Map<Object, Double> in = new HashMap<>();
    for (int i = 0; i < 20; i++) {
      in.put("in" + i, (double) i);
    }
    assertEquals(List.of(190.0), Interpreter.eval(p, in));
    in.put("nope", 0.0);
    GraphException e = assertThrows(GraphException.class, () -> Interpreter.eval(p, in));
    assertEquals(
        "inputs [nope] are bound but are inputs of none of the graphs the program was"
            + " materialized from; it takes inputs [in0, in1, in2, in3, in4, in5, in6, in7, ..."
            + " (20 in all)]",
        e.getMessage());
  }
}
