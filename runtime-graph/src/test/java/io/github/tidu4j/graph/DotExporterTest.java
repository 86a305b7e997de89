package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.tidu4j.graph.testing.Occurrences;
import io.github.tidu4j.graph.testing.Pipeline;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class DotExporterTest {
  private static final String ID = "[A-Za-z_][A-Za-z0-9_]*";
  private static final String QUOTED = "\"(?:[^\"\\\\]|\\\\.)*\"";
  private static final String ATTR = ID + "=(?:" + ID + "|" + QUOTED + "|[0-9.]+)";
  private static final String ATTRS = "\\[" + ATTR + "(?:, " + ATTR + ")*\\]";
  private static final Pattern NODE = Pattern.compile("  (" + ID + ") " + ATTRS + ";");
  private static final Pattern EDGE =
      Pattern.compile("  (" + ID + ") -> (" + ID + ")(?: " + ATTRS + ")?;");
  private static final Pattern GRAPH_ATTR = Pattern.compile("  " + ATTR + ";");
  private static final Pattern DEFAULTS = Pattern.compile("  node " + ATTRS + ";");

  /** Checks the DOT subset the exporter writes, line by line; returns the number of edges. */
  static int assertValidDot(String dot) {
    String[] lines = dot.split("\n", -1);
    assertEquals("digraph G {", lines[0]);
    assertEquals("}", lines[lines.length - 2]);
    assertEquals("", lines[lines.length - 1], "ends with a newline");
    Set<String> declared = new HashSet<>();
    Set<String> used = new HashSet<>();
    int edges = 0;
    for (int i = 1; i < lines.length - 2; i++) {
      String line = lines[i];
      Matcher node = NODE.matcher(line);
      Matcher edge = EDGE.matcher(line);
      if (node.matches() && !line.startsWith("  node [")) {
        assertTrue(declared.add(node.group(1)), "node declared twice: " + line);
      } else if (edge.matches()) {
        used.add(edge.group(1));
        used.add(edge.group(2));
        edges++;
      } else {
        assertTrue(
            GRAPH_ATTR.matcher(line).matches() || DEFAULTS.matcher(line).matches(),
            "not a DOT statement: <" + line + ">");
      }
    }
    used.removeAll(declared);
    assertTrue(used.isEmpty(), "edges name undeclared nodes " + used);
    return edges;
  }

  @Test
  void exportsASmallGraphExactly() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local s = b.apply(ScalarOp.SIN, x);
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.MUL, s, y)).output(s).build();
    String expected =
        "digraph G {\n"
            + "  rankdir=TB;\n"
            + "  node [fontname=\"Helvetica\", fontsize=11];\n"
            + "  v0 [shape=ellipse, label=\"x\"];\n"
            + "  v1 [shape=ellipse, label=\"y\"];\n"
            + "  n0 [shape=box, label=\"SIN\"];\n"
            + "  v0 -> n0 [label=\"0\"];\n"
            + "  n1 [shape=box, label=\"MUL\"];\n"
            + "  n0 -> n1 [label=\"0\"];\n"
            + "  v1 -> n1 [label=\"1\"];\n"
            + "  out0 [shape=doublecircle, label=\"out 0\"];\n"
            + "  n1 -> out0;\n"
            + "  out1 [shape=doublecircle, label=\"out 1\"];\n"
            + "  n0 -> out1;\n"
            + "}\n";
    String dot = DotExporter.export(g);
    assertEquals(expected, dot);
    assertEquals(5, assertValidDot(dot));
  }

  @Test
  void marksExternalReferencesDashedAndLinearizedOperationsFilled() {
    GraphBuilder<ScalarOp> ab = Graph.builder();
    Graph<ScalarOp> a = ab.output(ab.apply(ScalarOp.SIN, ab.input("x"))).build();
    ValueKey aOut = a.outputKey(0);
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local dx = b.input("dx");
    List<ValueRef.Local> sc = b.applyMulti(ScalarOp.SIN_COS, ValueRef.external(aOut));
    ValueRef.Local lin =
        b.apply(ScalarOp.MUL, OperationRole.linearized(ActiveMask.of(false, true)), sc.get(1), dx);
    ValueRef.Local again = b.apply(ScalarOp.ADD, lin, ValueRef.external(aOut));
    Graph<ScalarOp> g = b.parent(a).output(again).output(ValueRef.external(aOut)).build();

    String dot = DotExporter.export(g);
    assertEquals(7, assertValidDot(dot), dot); // 5 operand edges, 2 output edges
    assertTrue(
        dot.contains("  x0 [shape=box, style=dashed, label=\"ext " + aOut + "\"];\n"), dot);
    assertEquals(1, Occurrences.of(dot, "style=dashed"), "one node per distinct external key");
    assertTrue(dot.contains("  x0 -> n0 [label=\"0\"];\n"), dot);
    assertTrue(dot.contains("  x0 -> n2 [label=\"1\"];\n"), dot);
    assertTrue(dot.contains("  x0 -> out1;\n"), dot);
    assertTrue(
        dot.contains(
            "  n1 [shape=box, label=\"MUL\\n[fixed, active]\", style=filled,"
                + " fillcolor=\"#dde8f7\"];\n"),
        dot);
    assertEquals(1, Occurrences.of(dot, "style=filled"), "only the linearized node is filled");
    assertTrue(dot.contains("  n0 -> n1 [label=\"out 1 → 0\"];\n"), "output slot shown: " + dot);
  }

  @Test
  void exportsAMaterializedGraph() {
    Graph<ScalarOp> g = RandDag.generate(200, 5).build();
    MaterializedGraph<ScalarOp> m = Pipeline.materialize(g);
    String dot = DotExporter.export(m);
    int operandEdges = 0;
    for (int k = 0; k < m.nodeCount(); k++) {
      operandEdges += m.operandCount(k);
    }
    assertEquals(operandEdges + m.outputCount(), assertValidDot(dot));
    assertEquals(m.nodeCount(), Occurrences.of(dot, "shape=box"));
    assertEquals(m.inputCount(), Occurrences.of(dot, "shape=ellipse"));
    assertEquals(m.outputCount(), Occurrences.of(dot, "shape=doublecircle"));
  }

  @Test
  void escapesQuotesInLabels() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.NEG, b.input("say \"hi\" \\ bye"))).build();
    String dot = DotExporter.export(g);
    assertValidDot(dot);
    assertTrue(dot.contains("label=\"say \\\"hi\\\" \\\\ bye\""), dot);
  }

  @Test
  void rendersWithGraphvizWhenInstalled() throws IOException, InterruptedException {
    assumeTrue(onPath("dot"), "Graphviz dot is not installed");
    Graph<ScalarOp> g = RandDag.generate(50, 1).build();
    for (String dot : List.of(DotExporter.export(g), DotExporter.export(Pipeline.materialize(g)))) {
      Process process = new ProcessBuilder("dot", "-Tsvg").redirectErrorStream(true).start();
      try (OutputStream in = process.getOutputStream()) {
        in.write(dot.getBytes(StandardCharsets.UTF_8));
      }
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(process.waitFor(30, TimeUnit.SECONDS));
      assertEquals(0, process.exitValue(), out);
      assertTrue(out.contains("<svg"), out);
    }
  }

  private static boolean onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (new File(dir, program).canExecute()) {
        return true;
      }
    }
    return false;
  }

  @Test
  void keysThatPrintAsNullNulOrALoneSurrogateGiveValidDot() {
    Object printsNull =
        new Object() {
          @Override
          public String toString() {
            return null;
          }
        };
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local a = b.input(printsNull);
    ValueRef.Local n = b.input("k\u0000z");
    ValueRef.Local s = b.input("bad\uD800x");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.ADD, b.apply(ScalarOp.ADD, a, n), s)).build();
    String dot = DotExporter.export(g);
    assertTrue(dot.contains("label=\"null\""), dot);
    assertTrue(dot.contains("k\uFFFDz") && dot.contains("bad\uFFFDx"), dot);
    assertTrue(dot.chars().noneMatch(c -> c == 0 || Character.isSurrogate((char) c)), dot);
  }
}
