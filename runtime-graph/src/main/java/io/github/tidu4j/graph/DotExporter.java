package io.github.tidu4j.graph;

import java.util.HashMap;
import java.util.Map;

/**
 * Graphviz DOT export of graphs and materialized graphs. Inputs are ellipses, operations boxes
 * (linearized ones shaded, labelled with their active mask), external references dashed, outputs
 * double circles. Render with {@code dot -Tsvg graph.dot -o graph.svg}.
 *
 * <pre>{@code
 * Files.writeString(Path.of("g.dot"), DotExporter.export(graph));
 * }</pre>
 */
public final class DotExporter {
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
      sb.append(", style=filled, fillcolor=\"#dde8f7\"");
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

  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}
