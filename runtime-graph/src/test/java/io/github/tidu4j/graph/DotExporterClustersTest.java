package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.Occurrences;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** DotExporter on several graphs at once: one labelled cluster per graph, wired by key. */
class DotExporterClustersTest {
  private static final String ID = "[A-Za-z_][A-Za-z0-9_]*";
  private static final String QUOTED = "\"(?:[^\"\\\\]|\\\\.)*\"";
  private static final String ATTR = ID + "=(?:" + ID + "|" + QUOTED + "|[0-9.]+)";
  private static final String ATTRS = "\\[" + ATTR + "(?:, " + ATTR + ")*\\]";
  private static final Pattern OPEN = Pattern.compile("  subgraph cluster_([0-9]+) \\{");
  private static final Pattern NODE = Pattern.compile("    (" + ID + ") " + ATTRS + ";");
  private static final Pattern EDGE =
      Pattern.compile("( +)(" + ID + ") -> (" + ID + ")(?: (" + ATTRS + "))?;");
  private static final Pattern GRAPH_ATTR = Pattern.compile(" +" + ATTR + ";");
  private static final Pattern DEFAULTS = Pattern.compile("  (?:node|edge) " + ATTRS + ";");

  /** Edge counts of a checked clustered export. */
  record Edges(int inside, int between, int dashed) {}

  /**
   * Checks the DOT subset the clustered export writes, line by line: clusters opened and closed at
   * the top level, every node declared once inside a cluster, edges inside a cluster joining nodes
   * of that cluster, edges after the clusters joining nodes of two different clusters.
   */
  static Edges assertValidClusteredDot(String dot) {
    String[] lines = dot.split("\n", -1);
    assertEquals("digraph G {", lines[0]);
    assertEquals("}", lines[lines.length - 2]);
    assertEquals("", lines[lines.length - 1], "ends with a newline");
    Map<String, Integer> clusterOf = new HashMap<>();
    List<String[]> edges = new ArrayList<>(); // from, to, cluster or "-1", attrs
    int cluster = -1;
    int clusters = 0;
    boolean clustersDone = false;
    for (int i = 1; i < lines.length - 2; i++) {
      String line = lines[i];
      Matcher open = OPEN.matcher(line);
      Matcher node = NODE.matcher(line);
      Matcher edge = EDGE.matcher(line);
      if (open.matches()) {
        assertEquals(-1, cluster, "nested cluster: " + line);
        assertFalse(clustersDone, "a cluster after the edges between clusters: " + line);
        cluster = Integer.parseInt(open.group(1));
        assertEquals(clusters++, cluster, "clusters are numbered in order");
      } else if (line.equals("  }")) {
        assertTrue(cluster >= 0, "closing brace outside a cluster");
        cluster = -1;
      } else if (cluster >= 0 && node.matches()) {
        assertEquals(null, clusterOf.put(node.group(1), cluster), "declared twice: " + line);
      } else if (edge.matches()) {
        boolean inside = edge.group(1).length() == 4;
        assertEquals(inside, cluster >= 0, "edge indentation does not match its place: " + line);
        clustersDone |= !inside;
        edges.add(
            new String[] {
              edge.group(2), edge.group(3), String.valueOf(cluster), String.valueOf(edge.group(4))
            });
      } else {
        assertTrue(
            GRAPH_ATTR.matcher(line).matches() || DEFAULTS.matcher(line).matches(),
            "not a DOT statement: <" + line + ">");
      }
    }
    assertEquals(-1, cluster, "a cluster is left open");
    int inside = 0;
    int between = 0;
    int dashed = 0;
    for (String[] e : edges) {
      Integer from = clusterOf.get(e[0]);
      Integer to = clusterOf.get(e[1]);
      assertTrue(
          from != null && to != null, "edge names an undeclared node: " + e[0] + " -> " + e[1]);
      int at = Integer.parseInt(e[2]);
      if (at >= 0) {
        assertEquals(at, (int) from, "edge inside cluster " + at + " from elsewhere: " + e[0]);
        assertEquals(at, (int) to, "edge inside cluster " + at + " to elsewhere: " + e[1]);
        inside++;
      } else {
        assertTrue(!from.equals(to), "edge between clusters within one: " + e[0] + " -> " + e[1]);
        between++;
      }
      dashed += e[3].contains("style=dashed") ? 1 : 0;
    }
    return new Edges(inside, between, dashed);
  }

  @Test
  void exportsPrimalLinearAndTransposedAsLabelledClustersExactly() {
    ExpAxGraphs e = new ExpAxGraphs();
    String linearMul = "[shape=box, label=\"MUL\\n[fixed, active]\", style=filled,"
        + " fillcolor=\"#dde8f7\"];\n";
    String activeEdge = " [label=\"1\", color=\"#2a5db0\", penwidth=1.5];\n";
    String seed = " [shape=ellipse, style=filled, fillcolor=\"#fbe5b6\", label=";
    String out = " [shape=doublecircle, fontsize=9, margin=0.02, label=\"out 0\"];\n";
    String cluster = "    labeljust=l;\n    style=rounded;\n    color=\"#888888\";\n";
    String expected =
        "digraph G {\n"
            + "  rankdir=LR;\n"
            + "  fontname=\"Helvetica\";\n"
            + "  node [fontname=\"Helvetica\", fontsize=11];\n"
            + "  edge [fontname=\"Helvetica\", fontsize=9];\n"
            + "  subgraph cluster_0 {\n"
            + "    label=\"primal\";\n"
            + cluster
            + "    g0_v0 [shape=ellipse, label=\"a\"];\n"
            + "    g0_v1 [shape=ellipse, label=\"x\"];\n"
            + "    g0_n0 [shape=box, label=\"MUL\"];\n"
            + "    g0_v0 -> g0_n0 [label=\"0\"];\n"
            + "    g0_v1 -> g0_n0 [label=\"1\"];\n"
            + "    g0_n1 [shape=box, label=\"EXP\"];\n"
            + "    g0_n0 -> g0_n1;\n"
            + "    g0_out0" + out
            + "    g0_n1 -> g0_out0;\n"
            + "  }\n"
            + "  subgraph cluster_1 {\n"
            + "    label=\"linear (JVP)\";\n"
            + cluster
            + "    g1_v0" + seed + "\"dx\"];\n"
            + "    g1_n0 " + linearMul
            + "    g1_v0 -> g1_n0" + activeEdge
            + "    g1_n1 " + linearMul
            + "    g1_n0 -> g1_n1" + activeEdge
            + "    g1_out0" + out
            + "    g1_n1 -> g1_out0;\n"
            + "  }\n"
            + "  subgraph cluster_2 {\n"
            + "    label=\"transposed (VJP)\";\n"
            + cluster
            + "    g2_v0" + seed + "\"ct\"];\n"
            + "    g2_n0 " + linearMul
            + "    g2_v0 -> g2_n0" + activeEdge
            + "    g2_n1 " + linearMul
            + "    g2_n0 -> g2_n1" + activeEdge
            + "    g2_out0" + out
            + "    g2_n1 -> g2_out0;\n"
            + "  }\n"
            + "  g0_v0 -> g1_n0 [label=\"0\", style=dashed, color=\"#777777\"];\n"
            + "  g0_n1 -> g1_n1 [label=\"0\", style=dashed, color=\"#777777\"];\n"
            + "  g0_n1 -> g2_n0 [label=\"0\", style=dashed, color=\"#777777\"];\n"
            + "  g0_v0 -> g2_n1 [label=\"0\", style=dashed, color=\"#777777\"];\n"
            + "}\n";
    String dot = DotExporter.export(e.all(), ExpAxGraphs.LABELS);
    assertEquals(expected, dot);
    assertEquals(new Edges(10, 4, 4), assertValidClusteredDot(dot));
    assertEquals(dot, DotExporter.export(e.all(), ExpAxGraphs.LABELS), "deterministic");
  }

  @Test
  void externalReferencesAreDashedEdgesFromTheDefiningValueNotDanglingNodes() {
    ExpAxGraphs e = new ExpAxGraphs();
    String dot = DotExporter.export(e.all(), ExpAxGraphs.LABELS);
    assertFalse(dot.contains("ext "), "no placeholder boxes when every key is defined: " + dot);
    assertTrue(dot.contains("  g0_v0 -> g1_n0 [label=\"0\", style=dashed"), "from input a: " + dot);
    assertTrue(dot.contains("  g0_n1 -> g2_n0 [label=\"0\", style=dashed"), "from exp: " + dot);
  }

  @Test
  void aResolvedViewIsExportedInItsOrderWithDefaultLabels() {
    ExpAxGraphs e = new ExpAxGraphs();
    ResolvedView<ScalarOp> view = Graphs.resolve(e.transposed); // transposed, linear, primal
    String dot = DotExporter.export(view);
    assertEquals(new Edges(10, 4, 4), assertValidClusteredDot(dot));
    assertTrue(dot.contains("  subgraph cluster_0 {\n    label=\"graph 0\";\n"), dot);
    assertTrue(dot.contains("    g0_v0 [shape=ellipse, style=filled, fillcolor=\"#fbe5b6\","
        + " label=\"ct\"];\n"), "graph 0 is the root, the transposed graph: " + dot);
    assertTrue(dot.contains("    g2_v0 [shape=ellipse, label=\"a\"];\n"), "primal last: " + dot);
    assertTrue(dot.contains("  g2_n1 -> g0_n0 [label=\"0\", style=dashed"), dot);

    List<String> labels = List.of("transposed", "linear", "primal");
    assertEquals(DotExporter.export(view.graphs(), labels), DotExporter.export(view, labels));
  }

  @Test
  void keysNoListedGraphDefinesAreDashedBoxesInTheReferringCluster() {
    ExpAxGraphs e = new ExpAxGraphs();
    String dot = DotExporter.export(List.of(e.linear), List.of("linear alone"));
    assertEquals(new Edges(5, 0, 2), assertValidClusteredDot(dot));
    assertTrue(dot.contains("    g0_x0 [shape=box, style=dashed, label=\"ext Input(a)\"];\n"), dot);
    assertTrue(
        dot.contains("    g0_x1 [shape=box, style=dashed, label=\"ext "
            + e.primal.outputKey(0) + "\"];\n"),
        dot);
    assertTrue(dot.contains("    g0_x0 -> g0_n0 [label=\"0\", style=dashed"), dot);
  }

  @Test
  void seedsAreFilledPrimalInputsAreNotAndActiveOperandsAreBlue() {
    ExpAxGraphs e = new ExpAxGraphs();
    String dot = DotExporter.export(e.all(), ExpAxGraphs.LABELS);
    assertEquals(2, Occurrences.of(dot, "fillcolor=\"#fbe5b6\""), "dx and ct are seeds, a and x are not");
    assertEquals(4, Occurrences.of(dot, "fillcolor=\"#dde8f7\""), "the four linearized nodes are shaded");
    assertEquals(4, Occurrences.of(dot, "[fixed, active]"), "and show their mask");
    assertEquals(4, Occurrences.of(dot, "color=\"#2a5db0\""), "one active operand per linearized node");
    assertEquals(3, Occurrences.of(dot, "shape=doublecircle"), "one output per graph");
  }

  @Test
  void showsOutputSlotsSelfReferencesAndExternalOutputs() {
    GraphBuilder<ScalarOp> ab = Graph.builder();
    Graph<ScalarOp> a = ab.output(ab.applyMulti(ScalarOp.SIN_COS, ab.input("x")).get(1)).build();
    ValueKey cos = a.outputKey(0);
    GraphBuilder<ScalarOp> bb = Graph.builder();
    ValueRef.Local y = bb.input("y");
    ValueRef.Local n = bb.apply(ScalarOp.NEG, y);
    ValueRef self = ValueRef.external(bb.valueKey(n.id()));
    Graph<ScalarOp> b =
        bb.parent(a)
            .output(bb.apply(ScalarOp.MUL, ValueRef.external(cos), self))
            .output(ValueRef.external(cos))
            .build();

    String dot = DotExporter.export(List.of(a, b), List.of("a", "b"));
    assertEquals(new Edges(5, 2, 3), assertValidClusteredDot(dot));
    assertTrue(dot.contains("  g0_n0 -> g1_n1 [label=\"out 1 → 0\", style=dashed"), dot);
    assertTrue(dot.contains("    g1_n0 -> g1_n1 [label=\"1\", style=dashed"), "self ref: " + dot);
    assertTrue(dot.contains("  g0_n0 -> g1_out1 [label=\"out 1\", style=dashed"), dot);
  }

  @Test
  void labelsMustMatchTheGraphsOneForOne() {
    ExpAxGraphs e = new ExpAxGraphs();
    GraphException tooFew =
        assertThrows(
            GraphException.class, () -> DotExporter.export(e.all(), List.of("primal", "linear")));
    assertTrue(tooFew.getMessage().contains("3 graph(s) but 2 label(s)"), tooFew.getMessage());
    GraphException none =
        assertThrows(GraphException.class, () -> DotExporter.export(List.of(), List.of()));
    assertTrue(none.getMessage().contains("at least one graph"), none.getMessage());
    List<String> withNull = new ArrayList<>(List.of("primal", "linear"));
    withNull.add(null);
    GraphException nullLabel =
        assertThrows(GraphException.class, () -> DotExporter.export(e.all(), withNull));
    assertTrue(nullLabel.getMessage().contains("label of graph 2"), nullLabel.getMessage());
  }

  @Test
  void escapesLabels() {
    ExpAxGraphs e = new ExpAxGraphs();
    String dot = DotExporter.export(List.of(e.primal), List.of("say \"hi\" \\"));
    assertValidClusteredDot(dot);
    assertTrue(dot.contains("    label=\"say \\\"hi\\\" \\\\\";\n"), dot);
  }

  @Test
  void exportsLongChainsOfLinkedGraphsLinearly() {
    int length = 100_000;
    GraphBuilder<ScalarOp> pb = Graph.builder();
    ValueRef.Local v = pb.input("x");
    for (int i = 0; i < length; i++) {
      v = pb.apply(ScalarOp.SIN, v);
    }
    Graph<ScalarOp> primal = pb.output(v).build();
    // a "linear" chain reading every primal value by key: 100,000 edges between the clusters
    GraphBuilder<ScalarOp> lb = Graph.builder();
    ValueRef.Local t = lb.input("dx");
    OperationRole lin = OperationRole.linearized(ExpAxGraphs.FIXED_ACTIVE);
    for (int i = 0; i < length; i++) {
      t = lb.apply(ScalarOp.MUL, lin, ValueRef.external(primal.valueKey(i)), t);
    }
    Graph<ScalarOp> linear = lb.parent(primal).output(t).build();

    String dot = DotExporter.export(Graphs.resolve(linear), List.of("linear", "primal"));
    Edges edges = assertValidClusteredDot(dot);
    assertEquals(new Edges(2 * length + 2, length, length), edges);
    String text = GraphPrinter.print(Graphs.resolve(linear), List.of("linear", "primal"));
    assertEquals(2 * (length + 4) + 1, text.split("\n").length, "two dumps and a blank line");
    assertTrue(text.contains("(ext(Input(x) from primal %0), %0)\n"), "first linear node");
  }

  @Test
  void aRandomGraphAndAGraphReadingItExportWithOneEdgePerReference() {
    Graph<ScalarOp> g = RandDag.generate(300, 7).build();
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local acc = b.input("seed");
    int references = 0;
    for (int v = 0; v < g.valueCount(); v += 3) {
      acc = b.apply(ScalarOp.ADD, acc, ValueRef.external(g.valueKey(v)));
      references++;
    }
    Graph<ScalarOp> reader =
        b.parent(g).output(acc).output(ValueRef.external(g.outputKey(0))).build();
    String dot = DotExporter.export(List.of(g, reader), List.of("random", "reader"));
    Edges edges = assertValidClusteredDot(dot);
    assertEquals(references + 1, edges.between());
    assertEquals(references + 1, edges.dashed());
    assertFalse(dot.contains("ext "), dot);
  }
}
