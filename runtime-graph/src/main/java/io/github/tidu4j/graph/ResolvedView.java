package io.github.tidu4j.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A logical view over one or more graphs and their parents, transitively: every value any of them
 * defines can be looked up by its {@link ValueKey}, and every external reference among them is known
 * to be defined. Nothing is copied: a view of several graphs numbers their values and keeps where
 * each key is first defined in flat arrays ({@code ViewSites}), with every external reference
 * resolved once; a view of one graph that refers to no other looks keys up in the graph's own
 * lazily built index.
 *
 * <pre>{@code
 * ResolvedView<Ops> view = Graphs.resolve(linear);   // finds the primal through linear.parents()
 * ResolvedView.Site<Ops> site = view.site(someKey);   // where that value is defined
 * }</pre>
 *
 * @param <Op> the operation type
 */
public final class ResolvedView<Op extends GraphOperation> {
  private final List<Graph<Op>> graphs;
  /** Where each key is defined; null for a view of one graph that refers to no other. */
  private final ViewSites sites;

  private ResolvedView(List<Graph<Op>> graphs) {
    this.graphs = graphs;
    this.sites =
        graphs.size() == 1 && graphs.get(0).externalCount() == 0 ? null : new ViewSites(graphs);
  }

  /** Where a value is defined: a graph of the view and a local value id in it. */
  public record Site<Op extends GraphOperation>(Graph<Op> graph, int value) {
    /** The node producing the value, or {@code -1} if it is an input of {@link #graph()}. */
    public int node() {
      return graph.producer(value);
    }
  }

  static <Op extends GraphOperation> ResolvedView<Op> of(List<Graph<Op>> roots) {
    if (roots.isEmpty()) {
      throw new GraphException("resolve needs at least one graph");
    }
    Map<Graph<Op>, Boolean> seen = new IdentityHashMap<>();
    List<Graph<Op>> order = new ArrayList<>();
    ArrayDeque<Graph<Op>> queue = new ArrayDeque<>();
    for (Graph<Op> root : roots) {
      if (root == null) {
        throw new GraphException("resolve was given a null graph");
      }
      if (seen.put(root, Boolean.TRUE) == null) {
        queue.add(root);
      }
    }
    while (!queue.isEmpty()) {
      Graph<Op> g = queue.poll();
      order.add(g);
      for (Graph<Op> parent : g.parents()) {
        if (seen.put(parent, Boolean.TRUE) == null) {
          queue.add(parent);
        }
      }
    }
    ResolvedView<Op> view = new ResolvedView<>(Collections.unmodifiableList(order));
    view.checkExternalsDefined();
    DeclaredTypes.check(order);
    return view;
  }

  private void checkExternalsDefined() {
    if (sites == null) {
      return; // no externals
    }
    for (int gi = 0; gi < graphs.size(); gi++) {
      Graph<Op> g = graphs.get(gi);
      for (int e = 0; e < g.externalCount(); e++) {
        ValueKey key = g.external(e);
        if (sites.external(gi, e) < 0) {
          throw new GraphException(
              "unresolved external reference to "
                  + ValueDescription.of(key)
                  + " in graph "
                  + gi
                  + " of the view ("
                  + describeUse(g, key)
                  + "): no graph among the "
                  + graphs.size()
                  + " resolved defines it; resolve the graph that defines it too, or record it"
                  + " as a parent");
        }
      }
    }
  }

  private static String describeUse(Graph<?> g, ValueKey key) {
    for (int node = 0; node < g.nodeCount(); node++) {
      for (int j = 0; j < g.operandCount(node); j++) {
        if (g.operandLocal(node, j) < 0 && g.operandKey(node, j) == key) {
          return "operand "
              + j
              + " of node "
              + node
              + ", "
              + ValueDescription.of(g.operationKey(node));
        }
      }
    }
    return "a graph output";
  }

  /** The graphs of the view: the roots first, then their parents, breadth first. */
  public List<Graph<Op>> graphs() {
    return graphs;
  }

  /** Whether some graph of the view defines {@code key}. */
  public boolean defines(ValueKey key) {
    return find(key) != null;
  }

  /** Whether some graph of the view declares the type of an input or an output. */
  public boolean declaresTypes() {
    for (Graph<Op> g : graphs) {
      if (g.hasInputTypes() || g.hasOutputTypes()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The declared type of the value {@code key}: an input's ({@link #inputType}), or else the type
   * the first graph of the view, in view order, declares for an output that is {@code key}; empty
   * if neither is declared. Looks only at graphs that declare types. (A value read from another
   * graph at a declared type agrees with that type: {@link Graphs#resolve} checks it.)
   */
  public Optional<ValueType> valueType(ValueKey key) {
    if (key instanceof ValueKey.Input input) {
      Optional<ValueType> type = inputType(input);
      if (type.isPresent()) {
        return type;
      }
    }
    for (Graph<Op> g : graphs) {
      if (!g.hasOutputTypes()) {
        continue;
      }
      for (int i = 0; i < g.outputCount(); i++) {
        Optional<ValueType> type = g.outputType(i);
        if (type.isPresent() && g.outputKey(i).equals(key)) {
          return type;
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The type input {@code key} is declared with by the graphs of the view that declare it typed
   * (they agree: {@link Graphs#resolve} refuses a view where they do not); empty if none does.
   * Looks only at the inputs of graphs with typed inputs: no index of a graph's values is made for
   * it.
   */
  public Optional<ValueType> inputType(ValueKey.Input key) {
    for (Graph<Op> g : graphs) {
      if (!g.hasInputTypes()) {
        continue;
      }
      for (int i = 0; i < g.inputCount(); i++) {
        Optional<ValueType> type = g.inputType(i);
        // an input's key is never deferred: reading it makes no other key
        if (type.isPresent() && g.valueKey(g.inputValue(i)).equals(key)) {
          return type;
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Where {@code key} is defined.
   *
   * @throws GraphException naming the key if no graph of the view defines it
   */
  public Site<Op> site(ValueKey key) {
    Site<Op> site = find(key);
    if (site == null) {
      throw undefined(key, "");
    }
    return site;
  }

  /**
   * The exception for {@code key}, which no graph of the view defines: it names the value's
   * origin, after {@code what} (such as {@code "output 2, "}), and where its operand is if the view
   * has one.
   */
  GraphException undefined(ValueKey key, String what) {
    return new GraphException(
        "no graph of the view defines "
            + what
            + ValueDescription.of(key)
            + " ("
            + graphs.size()
            + " graph(s) resolved"
            + nearestDefinedOperand(key)
            + ")");
  }

  /**
   * For a message: where the first operand of {@code key} that the view defines is, as {@code ";
   * its operand 0, Sin(x), is %3 of graph 1"}, or the empty string. It tells the user which graph
   * the missing value would have been built on; it looks at the direct operands only.
   */
  private String nearestDefinedOperand(ValueKey key) {
    if (!(key instanceof ValueKey.Derived derived)) {
      return "";
    }
    OperationKey op = derived.operationKey();
    for (int j = 0; j < op.inputCount(); j++) {
      Site<Op> site = find(op.inputAt(j));
      if (site != null) {
        return "; its operand "
            + j
            + ", "
            + ValueDescription.of(op.inputAt(j))
            + ", is %"
            + site.value()
            + " of graph "
            + indexOf(site.graph())
            + " of the view";
      }
    }
    return "";
  }

  private int indexOf(Graph<Op> g) {
    for (int i = 0; i < graphs.size(); i++) {
      if (graphs.get(i) == g) {
        return i;
      }
    }
    return -1;
  }

  /** Where {@code key} is defined, or {@code null}. */
  Site<Op> find(ValueKey key) {
    if (sites == null) {
      int v = graphs.get(0).localValue(key);
      return v < 0 ? null : new Site<>(graphs.get(0), v);
    }
    // relies on I6: a site is the first value of the view, in view order, with its key
    int site = sites.siteOf(key);
    Site<Op> found;
    if (site < 0) {
      found = null;
    } else {
      int gi = sites.graphOf(site);
      found = new Site<>(graphs.get(gi), site - sites.base(gi));
    }
    if (Checks.ENABLED) {
      GraphChecks.checkSite(this, key, found);
    }
    return found;
  }

  /** Where each key is defined, for a view of several graphs or of one with externals; or null. */
  ViewSites sites() {
    return sites;
  }

  /**
   * The operations that {@code outputs} depend on, each structurally distinct one once, in a
   * topological order; computed iteratively, so graph depth is unbounded.
   */
  public LogicalOrder<Op> topologicalOrder(List<? extends ValueKey> outputs) {
    return LogicalOrder.of(this, outputs);
  }

  @Override
  public String toString() {
    return "ResolvedView[" + graphs.size() + " graphs]";
  }
}
