package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.Pipeline;
import io.github.tidu4j.graph.testing.Scale;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import org.junit.jupiter.api.Test;

class GraphPrinterTest {

  /** x, y -> (sin(x) * y, sin(x)). */
  private static Graph<ScalarOp> small() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local s = b.apply(ScalarOp.SIN, x);
    return b.output(b.apply(ScalarOp.MUL, s, y)).output(s).build();
  }

  @Test
  void printsAGraph() {
    Graph<ScalarOp> g = small();
    String expected =
        "graph: 2 inputs, 2 nodes, 0 parents\n"
            + "  %0 = input x\n"
            + "  %1 = input y\n"
            + "  %2 = SIN(%0)\n"
            + "  %3 = MUL(%2, %1)\n"
            + "  outputs: %3, %2\n";
    assertEquals(expected, GraphPrinter.print(g));
    assertEquals(expected, g.toString());
  }

  /**
   * toString, which a debugger or a log line calls, prints at most {@link
   * GraphPrinter#SUMMARY_LINES} lines of a graph, a materialized graph or a program of any size
   * (a gradient of 10^6 operations printed 300 MB); print prints them all.
   */
  @Test
  void toStringOfALargeGraphOrProgramIsASummaryAndPrintIsWhole() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = x;
    for (int i = 0; i < 10_000; i++) {
      y = b.apply(ScalarOp.SIN, y);
      b.output(y);
    }
    Graph<ScalarOp> g = b.build();
    MaterializedGraph<ScalarOp> m = Pipeline.materialize(g);
    CompiledProgram<ScalarOp> p = Graphs.compile(m);
    for (String summary : List.of(g.toString(), m.toString(), p.toString())) {
      assertTrue(summary.lines().count() <= GraphPrinter.SUMMARY_LINES + 4, summary.lines().count()
          + " lines");
      assertTrue(summary.contains("s (GraphPrinter.print prints all)"), summary);
      assertTrue(summary.contains(", … 9744 more"), "outputs counted past the summary");
    }
    assertTrue(g.toString().contains("  … 9745 more values (GraphPrinter"), g.toString());
    assertEquals(10_003, GraphPrinter.print(g).lines().count());
    assertEquals(10_003, GraphPrinter.print(m).lines().count());
    assertEquals(10_003, GraphPrinter.print(p).lines().count());
  }

  @Test
  void printsAMaterializedGraph() {
    MaterializedGraph<ScalarOp> m = Pipeline.materialize(small());
    String expected =
        "materialized graph: 2 inputs, 2 nodes\n"
            + "  v0 = input x\n"
            + "  v1 = input y\n"
            + "  v2 = SIN(v0)\n"
            + "  v3 = MUL(v2, v1)\n"
            + "  outputs: v3, v2\n";
    assertEquals(expected, GraphPrinter.print(m));
    assertEquals(expected, m.toString());
  }

  @Test
  void printsAProgram() {
    CompiledProgram<ScalarOp> p = Graphs.compile(Pipeline.materialize(small()));
    String expected =
        "program: 2 inputs, 2 instructions, 3 slots\n"
            + "  s0 <- input x\n"
            + "  s1 <- input y\n"
            + "  s2 = SIN(s0)\n"
            + "  s0 = MUL(s2, s1)\n"
            + "  return s0, s2\n";
    assertEquals(expected, GraphPrinter.print(p));
    assertEquals(expected, p.toString());
  }

  @Test
  void printsMultiOutputLinearizedAndExternalValues() {
    GraphBuilder<ScalarOp> ab = Graph.builder();
    Graph<ScalarOp> a = ab.output(ab.apply(ScalarOp.SIN, ab.input("x"))).build();
    ValueKey aOut = a.outputKey(0);
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local dx = b.input("dx");
    var sc = b.applyMulti(ScalarOp.SIN_COS, ValueRef.external(aOut));
    ValueRef.Local lin =
        b.apply(ScalarOp.MUL, OperationRole.linearized(ActiveMask.of(false, true)), sc.get(1), dx);
    Graph<ScalarOp> g = b.parent(a).output(lin).output(ValueRef.external(aOut)).build();

    String expected =
        "graph: 1 input, 2 nodes, 1 parent\n"
            + "  %0 = input dx\n"
            + "  %1, %2 = SIN_COS(ext(" + aOut + "))\n"
            + "  %3 = MUL[linearized[fixed, active]](%2, %0)\n"
            + "  outputs: %3, ext(" + aOut + ")\n";
    assertEquals(expected, GraphPrinter.print(g));

    MaterializedGraph<ScalarOp> m = Pipeline.materialize(g);
    String expectedMaterialized =
        "materialized graph: 2 inputs, 3 nodes\n"
            + "  v0 = input x\n"
            + "  v1 = input dx\n"
            + "  v2 = SIN(v0)\n"
            + "  v3, v4 = SIN_COS(v2)\n"
            + "  v5 = MUL[linearized[fixed, active]](v4, v1)\n"
            + "  outputs: v5, v2\n";
    assertEquals(expectedMaterialized, GraphPrinter.print(m));

    String program = GraphPrinter.print(Graphs.compile(m));
    assertTrue(program.startsWith("program: 2 inputs, 3 instructions, "), program);
    assertTrue(program.contains(" = SIN_COS(s"), program);
    assertTrue(program.matches("(?s).*\\n  s\\d+, s\\d+ = SIN_COS\\(s\\d+\\)\\n.*"), program);
  }

  @Test
  void printsLongGraphsLinearly() {
    int length = 100_000;
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local v = b.input("x");
    for (int i = 0; i < length; i++) {
      v = b.apply(ScalarOp.NEG, v);
    }
    Graph<ScalarOp> g = b.output(v).build();
    String text = GraphPrinter.print(g);
    assertEquals(length + 3, text.split("\n").length);
    assertTrue(text.endsWith("  outputs: %" + length + "\n"));
    String program = GraphPrinter.print(Graphs.compile(Pipeline.materialize(g)));
    assertEquals(length + 3, program.split("\n").length);
  }

  @Test
  void operationsWithAttributesShowThemAndPlainOnesShowTheirName() {
    GraphBuilder<GraphOperation> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    GraphOperation plain =
        new GraphOperation() { // no toString of its own: the dump falls back to name()
          public int inputArity() {
            return 1;
          }

          public int outputArity() {
            return 1;
          }

          public String name() {
            return "Plain";
          }
        };
    Graph<GraphOperation> g = b.output(b.apply(plain, b.apply(new Scale(2.5), x))).build();
    String dump = GraphPrinter.print(g);
    assertTrue(dump.contains("%1 = Scale[factor=2.5](%0)"), dump);
    assertTrue(dump.contains("%2 = Plain(%1)"), dump);
    assertTrue(DotExporter.export(g).contains("label=\"Scale[factor=2.5]\""), DotExporter.export(g));
  }

  @Test
  void printsSeveralGraphsUnderTheirLabelsNamingWhereExternalsAreDefined() {
    ExpAxGraphs e = new ExpAxGraphs();
    String exp = e.primal.outputKey(0).toString();
    String expected =
        "== primal ==\n"
            + "graph: 2 inputs, 2 nodes, 0 parents\n"
            + "  %0 = input a\n"
            + "  %1 = input x\n"
            + "  %2 = MUL(%0, %1)\n"
            + "  %3 = EXP(%2)\n"
            + "  outputs: %3\n"
            + "\n"
            + "== linear (JVP) ==\n"
            + "graph: 1 input, 2 nodes, 1 parent\n"
            + "  %0 = input dx\n"
            + "  %1 = MUL[linearized[fixed, active]](ext(Input(a) from primal %0), %0)\n"
            + "  %2 = MUL[linearized[fixed, active]](ext(" + exp + " from primal %3), %1)\n"
            + "  outputs: %2\n"
            + "\n"
            + "== transposed (VJP) ==\n"
            + "graph: 1 input, 2 nodes, 1 parent\n"
            + "  %0 = input ct\n"
            + "  %1 = MUL[linearized[fixed, active]](ext(" + exp + " from primal %3), %0)\n"
            + "  %2 = MUL[linearized[fixed, active]](ext(Input(a) from primal %0), %1)\n"
            + "  outputs: %2\n";
    assertEquals(expected, GraphPrinter.print(e.all(), ExpAxGraphs.LABELS));
  }

  @Test
  void printsAResolvedViewInItsOrderWithDefaultLabels() {
    ExpAxGraphs e = new ExpAxGraphs();
    ResolvedView<ScalarOp> view = Graphs.resolve(e.transposed);
    String text = GraphPrinter.print(view);
    String oneInput = "graph: 1 input, 2 nodes, 1 parent\n";
    assertTrue(text.startsWith("== graph 0 ==\n" + oneInput + "  %0 = input ct\n"), text);
    assertTrue(text.contains("\n\n== graph 1 ==\n" + oneInput + "  %0 = input dx\n"), text);
    assertTrue(text.contains("\n\n== graph 2 ==\ngraph: 2 inputs, 2 nodes, 0 parents\n"), text);
    assertTrue(text.contains("(ext(Input(a) from graph 2 %0), %1)\n"), text);
    List<String> labels = List.of("transposed", "linear", "primal");
    assertEquals(GraphPrinter.print(view.graphs(), labels), GraphPrinter.print(view, labels));
    assertTrue(GraphPrinter.print(view, labels).startsWith("== transposed ==\n"));
  }

  @Test
  void externalsNoListedGraphDefinesPrintAsPlainKeys() {
    ExpAxGraphs e = new ExpAxGraphs();
    String text = GraphPrinter.print(List.of(e.linear), List.of("linear"));
    assertEquals("== linear ==\n" + GraphPrinter.print(e.linear), text);
    assertTrue(text.contains("(ext(Input(a)), %0)\n"), text);
    GraphException mismatch =
        assertThrows(
            GraphException.class, () -> GraphPrinter.print(List.of(e.linear), List.of("a", "b")));
    assertTrue(mismatch.getMessage().contains("1 graph(s) but 2 label(s)"), mismatch.getMessage());
  }

  @Test
  void aKeyWithALineBreakKeepsOneLinePerValue() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.SIN, b.input("two\nlines\r"))).build();
    String printed = GraphPrinter.print(g);
    assertTrue(printed.contains("two\\nlines\\r"), printed);
    String program = GraphPrinter.print(Graphs.compile(Graphs.materialize(g)));
    assertTrue(program.contains("<- input two\\nlines\\r"), program);
    GraphBuilder<ScalarOp> plain = Graph.builder();
    Graph<ScalarOp> same = plain.output(plain.apply(ScalarOp.SIN, plain.input("x"))).build();
    assertEquals(GraphPrinter.print(same).lines().count(), printed.lines().count(), printed);
  }
}
