package io.github.tidu4j.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Several graphs shown together, each with a label, and where among them each external reference
 * is defined: the first graph, in list order, that defines the key (the rule {@link
 * ResolvedView#site} follows too). Built in one pass over the graphs' values, so its cost is
 * linear in their total size, whatever the number of graphs. For {@link GraphPrinter} and {@link
 * DotExporter}.
 */
final class LabelledGraphs {
  private final List<Graph<?>> graphs;
  private final List<String> labels;
  /** External key -> slot in {@link #siteGraph} / {@link #siteValue}. */
  private final KeyIndex externals;
  /** The graph defining external slot {@code i}, or {@code -1} if none of the graphs does. */
  private final int[] siteGraph;
  private final int[] siteValue;

  private LabelledGraphs(List<Graph<?>> graphs, List<String> labels) {
    this.graphs = graphs;
    this.labels = labels;
    int total = 0;
    for (Graph<?> g : graphs) {
      total += g.externalCount();
    }
    externals = new KeyIndex(total);
    for (Graph<?> g : graphs) {
      for (int e = 0; e < g.externalCount(); e++) {
        externals.putIfAbsent(g.external(e), externals.size());
      }
    }
    siteGraph = new int[externals.size()];
    siteValue = new int[externals.size()];
    Arrays.fill(siteGraph, -1);
    int found = 0;
    for (int gi = 0; gi < graphs.size() && found < siteGraph.length; gi++) {
      Graph<?> g = graphs.get(gi);
      for (int v = 0; v < g.valueCount(); v++) {
        int slot = externals.get(g.valueKey(v));
        if (slot >= 0 && siteGraph[slot] < 0) {
          siteGraph[slot] = gi;
          siteValue[slot] = v;
          found++;
        }
      }
    }
  }

  /**
   * {@code graphs} labelled by {@code labels}, aligned.
   *
   * @throws GraphException if a graph or a label is missing, or the lists differ in length
   */
  static LabelledGraphs of(List<? extends Graph<?>> graphs, List<String> labels) {
    if (graphs == null || labels == null) {
      throw new GraphException("needs a list of graphs and a list of labels");
    }
    if (graphs.isEmpty()) {
      throw new GraphException("needs at least one graph");
    }
    if (graphs.size() != labels.size()) {
      throw new GraphException(
          graphs.size()
              + " graph(s) but "
              + labels.size()
              + " label(s) "
              + labels
              + "; give one label per graph, in the same order");
    }
    List<Graph<?>> gs = new ArrayList<>(graphs.size());
    List<String> ls = new ArrayList<>(labels.size());
    for (int i = 0; i < graphs.size(); i++) {
      if (graphs.get(i) == null) {
        throw new GraphException("graph " + i + " of the list is null");
      }
      if (labels.get(i) == null) {
        throw new GraphException("the label of graph " + i + " is null");
      }
      gs.add(graphs.get(i));
      ls.add(labels.get(i));
    }
    return new LabelledGraphs(Collections.unmodifiableList(gs), Collections.unmodifiableList(ls));
  }

  /** The labels {@code graph 0}, {@code graph 1}, ... for {@code count} graphs. */
  static List<String> defaultLabels(int count) {
    List<String> labels = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      labels.add("graph " + i);
    }
    return labels;
  }

  int size() {
    return graphs.size();
  }

  Graph<?> graph(int i) {
    return graphs.get(i);
  }

  String label(int i) {
    return labels.get(i);
  }

  /** The graph that defines external {@code key}, or {@code -1} if none of them does. */
  int definingGraph(ValueKey key) {
    int slot = externals.get(key);
    return slot < 0 ? -1 : siteGraph[slot];
  }

  /** The local value defining external {@code key} in {@link #definingGraph}. */
  int definingValue(ValueKey key) {
    int slot = externals.get(key);
    if (slot < 0 || siteGraph[slot] < 0) {
      throw new IllegalStateException(
          "no graph of the set defines " + ValueDescription.of(key));
    }
    return siteValue[slot];
  }
}
