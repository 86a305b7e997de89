package io.github.tidu4j.graph;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Graphviz DOT export of graphs, materialized graphs, and several graphs in one picture (a
 * {@link ResolvedView}, or a list such as primal, linear and transposed, one labelled cluster
 * each, wired by their external references). Inputs are ellipses, operations boxes (linearized
 * ones shaded, labelled with their active mask), external references dashed, outputs double
 * circles. Render with {@code dot -Tsvg graph.dot -o graph.svg}, or in process with {@link
 * Graphviz} where it is installed.
 *
 * <pre>{@code
 * Files.writeString(dir.resolve("g.dot"), DotExporter.export(graph));
 * Files.writeString(dir.resolve("view.dot"), DotExporter.export(Graphs.resolve(linear)));
 * }</pre>
 */
public final class DotExporter {
  private static final String LINEAR_FILL = "#dde8f7";
  private static final String SEED_FILL = "#fbe5b6";
  private static final String ACTIVE_COLOR = "#2a5db0";

  private DotExporter() {}

  /** DOT source for {@code g}. */
  public static String export(Graph<?> g) {
    StringBuilder sb = header();
    Map<ValueKey, String> externalIds = new HashMap<>();
    for (int v = 0; v < g.valueCount(); ) {
      int node = g.producer(v);
      if (node < 0) {
        inputNode(sb, "v" + v, ((ValueKey.Input) g.valueKey(v)).key());
        v++;
        continue;
      }
      String id = "n" + node;
      operationNode(sb, id, g.operationKey(node));
      for (int j = 0; j < g.operandCount(node); j++) {
        ValueRef ref = g.operand(node, j);
        String from;
        if (ref instanceof ValueRef.Local local) {
          from = valueSource(g, local.id());
        } else {
          from = externalNode(sb, externalIds, ((ValueRef.External) ref).key());
        }
        edge(sb, from, id, j);
      }
      v += g.operation(node).outputArity();
    }
    for (int i = 0; i < g.outputCount(); i++) {
      ValueRef ref = g.output(i);
      String from =
          ref instanceof ValueRef.Local local
              ? valueSource(g, local.id())
              : externalNode(sb, externalIds, ((ValueRef.External) ref).key());
      outputNode(sb, i, from);
    }
    return sb.append("}\n").toString();
  }

  /** DOT source for {@code m}. */
  public static String export(MaterializedGraph<?> m) {
    StringBuilder sb = header();
    for (int i = 0; i < m.inputCount(); i++) {
      inputNode(sb, "v" + i, m.inputKey(i).key());
    }
    int[] producer = new int[m.valueCount()];
    for (int k = 0; k < m.nodeCount(); k++) {
      for (int s = 0; s < m.operation(k).outputArity(); s++) {
        producer[m.firstOutput(k) + s] = k;
      }
    }
    for (int k = 0; k < m.nodeCount(); k++) {
      String id = "n" + k;
      operationNode(sb, id, m.operationKey(k));
      for (int j = 0; j < m.operandCount(k); j++) {
        int value = m.operand(k, j);
        edge(sb, materializedSource(m, producer, value), id, j);
      }
    }
    for (int i = 0; i < m.outputCount(); i++) {
      outputNode(sb, i, materializedSource(m, producer, m.outputValue(i)));
    }
    return sb.append("}\n").toString();
  }

  /**
   * DOT source for every graph of {@code view}, in its order (the roots first, then their
   * parents), one cluster each, labelled {@code graph 0}, {@code graph 1}, ...; see {@link
   * #export(List, List)}.
   *
   * <pre>{@code
   * Files.writeString(dir.resolve("view.dot"), DotExporter.export(Graphs.resolve(linear)));
   * }</pre>
   */
  public static String export(ResolvedView<?> view) {
    return export(view.graphs(), LabelledGraphs.defaultLabels(view.graphs().size()));
  }

  /**
   * DOT source for every graph of {@code view}, in its order (the roots first, then their
   * parents), one cluster each; {@code labels} are aligned with {@link ResolvedView#graphs()}.
   * See {@link #export(List, List)}.
   *
   * <pre>{@code
   * ResolvedView<RealOp> view = Graphs.resolve(vjp.graph()); // transposed, linear, primal
   * String dot = DotExporter.export(view, List.of("transposed", "linear", "primal"));
   * }</pre>
   *
   * @throws GraphException if there are not as many labels as graphs
   */
  public static String export(ResolvedView<?> view, List<String> labels) {
    return export(view.graphs(), labels);
  }

  /**
   * DOT source for several graphs in one picture: one {@code subgraph cluster_i} per graph, in
   * order, labelled {@code labels.get(i)}. External references are dashed edges from the node or
   * input that defines the key in another graph of the list (the first that does), so a linear
   * graph is drawn wired to the primal values it reads; a key none of them defines is a dashed
   * {@code ext} box, as in {@link #export(Graph)}.
   *
   * <p>Primal inputs are ellipses; <em>seeds</em> (inputs that feed an active operand of a
   * linearized operation: tangents, cotangent seeds) are filled ellipses; primary operations are
   * boxes; linearized ones are shaded boxes labelled with their active mask, and the edges into
   * their active operands are drawn in blue; outputs are double circles. Node ids are {@code
   * g<graph>_v<value>} for inputs, {@code g<graph>_n<node>} for operations and {@code
   * g<graph>_out<i>} for outputs. The text depends only on the graphs and labels (stable order,
   * no hash iteration) and its size is linear in theirs.
   *
   * <pre>{@code
   * String dot = DotExporter.export(
   *     List.of(f, jvp.graph(), vjp.graph()),
   *     List.of("primal", "linear (JVP)", "transposed (VJP)"));
   * Files.writeString(dir.resolve("expax.dot"), dot);
   * }</pre>
   *
   * @throws GraphException if there are not as many labels as graphs, or one is null
   */
  public static String export(List<? extends Graph<?>> graphs, List<String> labels) {
    LabelledGraphs set = LabelledGraphs.of(graphs, labels);
    StringBuilder sb =
        new StringBuilder("digraph G {\n")
            .append("  rankdir=LR;\n")
            .append("  fontname=\"Helvetica\";\n")
            .append("  node [fontname=\"Helvetica\", fontsize=11];\n")
            .append("  edge [fontname=\"Helvetica\", fontsize=9];\n");
    StringBuilder between = new StringBuilder(); // edges between clusters, after all clusters
    for (int gi = 0; gi < set.size(); gi++) {
      Graph<?> g = set.graph(gi);
      String prefix = "g" + gi + "_";
      sb.append("  subgraph cluster_").append(gi).append(" {\n")
          .append("    label=\"").append(escape(set.label(gi))).append("\";\n")
          .append("    labeljust=l;\n")
          .append("    style=rounded;\n")
          .append("    color=\"#888888\";\n");
      boolean[] seed = seeds(g);
      Map<ValueKey, String> dangling = new HashMap<>(); // get/put only: ids in encounter order
      for (int v = 0; v < g.valueCount(); ) {
        int node = g.producer(v);
        if (node < 0) {
          Object key = ((ValueKey.Input) g.valueKey(v)).key();
          sb.append("    ").append(prefix).append('v').append(v).append(" [shape=ellipse, ");
          if (seed[v]) {
            sb.append("style=filled, fillcolor=\"").append(SEED_FILL).append("\", ");
          }
          sb.append("label=\"").append(escape(String.valueOf(key))).append("\"];\n");
          v++;
          continue;
        }
        String id = prefix + "n" + node;
        sb.append("  ");
        operationNode(sb, id, g.operationKey(node));
        ActiveMask mask =
            g.role(node) instanceof OperationRole.Linearized lin ? lin.activeMask() : null;
        int operands = g.operandCount(node);
        for (int j = 0; j < operands; j++) {
          boolean active = mask != null && j < mask.size() && mask.isActive(j);
          String label = operands > 1 ? String.valueOf(j) : "";
          int local = g.operandLocal(node, j);
          if (local >= 0) {
            valueEdge(sb, "    ", prefix, g, local, id, label, active, false);
          } else {
            externalEdge(sb, between, set, gi, dangling, g.operandKey(node, j), id, label, active);
          }
        }
        v += g.operation(node).outputArity();
      }
      for (int i = 0; i < g.outputCount(); i++) {
        String out = prefix + "out" + i;
        sb.append("    ").append(out)
            .append(" [shape=doublecircle, fontsize=9, margin=0.02, label=\"out ").append(i)
            .append("\"];\n");
        if (g.output(i) instanceof ValueRef.Local local) {
          valueEdge(sb, "    ", prefix, g, local.id(), out, "", false, false);
        } else {
          externalEdge(sb, between, set, gi, dangling, g.outputKey(i), out, "", false);
        }
      }
      sb.append("  }\n");
    }
    return sb.append(between).append("}\n").toString();
  }

  /**
   * The dashed edge for an external reference to {@code key} in graph {@code gi}, going to {@code
   * to}: from its defining value, inside the cluster if graph {@code gi} defines it itself, else
   * between clusters; from a dashed {@code ext} box in the cluster if no graph of the set does.
   */
  private static void externalEdge(
      StringBuilder cluster,
      StringBuilder between,
      LabelledGraphs set,
      int gi,
      Map<ValueKey, String> dangling,
      ValueKey key,
      String to,
      String label,
      boolean active) {
    int site = set.definingGraph(key);
    if (site < 0) {
      String id = dangling.get(key);
      if (id == null) {
        id = "g" + gi + "_x" + dangling.size();
        dangling.put(key, id);
        cluster.append("    ").append(id).append(" [shape=box, style=dashed, label=\"ext ")
            .append(escape(key.toString())).append("\"];\n");
      }
      edgeLine(cluster, "    ", id, to, label, active, true);
    } else if (site == gi) {
      valueEdge(cluster, "    ", "g" + gi + "_", set.graph(gi), set.definingValue(key), to,
          label, active, true);
    } else {
      valueEdge(between, "  ", "g" + site + "_", set.graph(site), set.definingValue(key), to,
          label, active, true);
    }
  }

  /** Per value of {@code g}: whether it is an input feeding an active operand of some node. */
  private static boolean[] seeds(Graph<?> g) {
    boolean[] seed = new boolean[g.valueCount()];
    for (int node = 0; node < g.nodeCount(); node++) {
      if (g.role(node) instanceof OperationRole.Linearized lin) {
        ActiveMask mask = lin.activeMask();
        for (int j = 0; j < g.operandCount(node) && j < mask.size(); j++) {
          int local = g.operandLocal(node, j);
          if (mask.isActive(j) && local >= 0 && g.producer(local) < 0) {
            seed[local] = true;
          }
        }
      }
    }
    return seed;
  }

  /**
   * An edge from value {@code value} of graph {@code from}, whose node ids start with {@code
   * prefix}, to node {@code to}; the label names the source's output slot if it has several.
   */
  private static void valueEdge(
      StringBuilder sb,
      String indent,
      String prefix,
      Graph<?> from,
      int value,
      String to,
      String operandLabel,
      boolean active,
      boolean external) {
    int node = from.producer(value);
    String tail = node < 0 ? prefix + "v" + value : prefix + "n" + node;
    String label = operandLabel;
    if (node >= 0 && from.operation(node).outputArity() > 1) {
      label = "out " + from.outputSlot(value) + (label.isEmpty() ? "" : " → " + label);
    }
    edgeLine(sb, indent, tail, to, label, active, external);
  }

  private static void edgeLine(
      StringBuilder sb,
      String indent,
      String from,
      String to,
      String label,
      boolean active,
      boolean external) {
    sb.append(indent).append(from).append(" -> ").append(to);
    StringBuilder attrs = new StringBuilder();
    if (!label.isEmpty()) {
      attrs.append("label=\"").append(escape(label)).append('"');
    }
    if (external) {
      attrs.append(attrs.length() == 0 ? "" : ", ").append("style=dashed");
    }
    if (active) {
      attrs.append(attrs.length() == 0 ? "" : ", ")
          .append("color=\"").append(ACTIVE_COLOR).append("\", penwidth=1.5");
    } else if (external) {
      attrs.append(", color=\"#777777\"");
    }
    if (attrs.length() > 0) {
      sb.append(" [").append(attrs).append(']');
    }
    sb.append(";\n");
  }

  private static StringBuilder header() {
    return new StringBuilder("digraph G {\n")
        .append("  rankdir=TB;\n")
        .append("  node [fontname=\"Helvetica\", fontsize=11];\n");
  }

  private static String valueSource(Graph<?> g, int value) {
    int node = g.producer(value);
    if (node < 0) {
      return "v" + value;
    }
    int slot = g.outputSlot(value);
    return g.operation(node).outputArity() > 1 ? "n" + node + ":" + slot : "n" + node;
  }

  private static String materializedSource(MaterializedGraph<?> m, int[] producer, int value) {
    if (value < m.inputCount()) {
      return "v" + value;
    }
    int k = producer[value];
    int slot = value - m.firstOutput(k);
    return m.operation(k).outputArity() > 1 ? "n" + k + ":" + slot : "n" + k;
  }

  private static void inputNode(StringBuilder sb, String id, Object key) {
    sb.append("  ").append(id).append(" [shape=ellipse, label=\"").append(escape(String.valueOf(key)))
        .append("\"];\n");
  }

  private static void operationNode(StringBuilder sb, String id, OperationKey key) {
    boolean linear = key.role() instanceof OperationRole.Linearized;
    // escape the parts, not the joined label: the "\\n" line break must reach Graphviz unescaped
    String label = escape(GraphPrinter.describe(key.operation()));
    if (linear) {
      label += "\\n" + escape(((OperationRole.Linearized) key.role()).activeMask().toString());
    }
    sb.append("  ").append(id).append(" [shape=box, label=\"").append(label).append('"');
    if (linear) {
      sb.append(", style=filled, fillcolor=\"").append(LINEAR_FILL).append('"');
    }
    sb.append("];\n");
  }

  private static String externalNode(StringBuilder sb, Map<ValueKey, String> ids, ValueKey key) {
    String id = ids.get(key);
    if (id == null) {
      id = "x" + ids.size();
      ids.put(key, id);
      sb.append("  ").append(id).append(" [shape=box, style=dashed, label=\"ext ")
          .append(escape(key.toString())).append("\"];\n");
    }
    return id;
  }

  private static void edge(StringBuilder sb, String from, String to, int operand) {
    String tail = from.contains(":") ? from.substring(0, from.indexOf(':')) : from;
    String label = from.contains(":") ? "out " + from.substring(from.indexOf(':') + 1) + " → " : "";
    sb.append("  ").append(tail).append(" -> ").append(to)
        .append(" [label=\"").append(label).append(operand).append("\"];\n");
  }

  private static void outputNode(StringBuilder sb, int i, String from) {
    String tail = from.contains(":") ? from.substring(0, from.indexOf(':')) : from;
    sb.append("  out").append(i).append(" [shape=doublecircle, label=\"out ").append(i)
        .append("\"];\n");
    sb.append("  ").append(tail).append(" -> out").append(i).append(";\n");
  }

  /**
   * {@code s} inside a DOT string: backslashes and quotes escaped, and what DOT cannot carry (a
   * NUL, an unpaired surrogate, which no UTF-8 file holds) as U+FFFD; {@code null}, as a key's
   * {@code toString()} may give, as {@code "null"}.
   */
  private static String escape(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder b = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' || c == '"') {
        b.append('\\').append(c);
      } else if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        b.append(c).append(s.charAt(++i));
      } else if (c == 0 || Character.isSurrogate(c)) {
        b.append('\uFFFD');
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
