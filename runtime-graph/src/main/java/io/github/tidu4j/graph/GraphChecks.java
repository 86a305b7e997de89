package io.github.tidu4j.graph;

import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checks of the graph fast paths (invariants I5 to I7, I9 and I12 of {@code
 * docs/identity-core.md}), run only in the {@linkplain Checks checks mode}: first definitions and
 * local lookups against a linear scan of the graph, a view's sites against its graphs, a logical
 * order against the keys of its operations, a node's outputs against its operation, a node's kind
 * against its key.
 */
final class GraphChecks {
  private GraphChecks() {}

  /**
   * I9: {@code fast}, the number of outputs {@code g} counted for {@code node} in its producer
   * array, is its operation's output arity (read from its key, or its kind if the key waits).
   */
  static void checkOutputCount(Graph<?> g, int node, int fast) {
    if (!Checks.active()) {
      return;
    }
    int slow = g.operation(node).outputArity();
    if (fast != slow) {
      throw Checks.broken(
          Checks.I9, "the outputs of node " + node + " (" + g.operation(node).name() + ")",
          fast + " value(s)", slow + " (its output arity)");
    }
  }

  /**
   * I12: {@code fast}, the kind {@code g} keeps for node {@code node}, names the operation and
   * role of the node's key, if the key is made (it makes none; a deferred key is made from the
   * kind, so agrees with it).
   */
  static void checkKind(Graph<?> g, int node, int fast) {
    if (!Checks.active()) {
      return;
    }
    OperationKey key = (OperationKey) g.keyIfMade(g.firstValue(node));
    if (key == null) {
      return;
    }
    if (fast < 0
        || fast >= g.kindCount()
        || !g.kindOperation(fast).equals(key.operation())
        || !g.kindRole(fast).equals(key.role())) {
      throw Checks.broken(
          Checks.I12,
          "the kind of node " + node + ", " + key,
          fast < 0 || fast >= g.kindCount()
              ? "kind " + fast + " of " + g.kindCount()
              : "kind " + fast + " (" + g.kindOperation(fast).name() + ", " + g.kindRole(fast) + ")",
          key.operation().name() + ", " + key.role());
    }
  }

  /**
   * I9: {@code fast}, the first value of node {@code node} of {@code g} found next to one of its
   * outputs in the producer array, is the one the builder recorded for the node.
   */
  static void checkFirstValue(Graph<?> g, int node, int fast) {
    if (!Checks.active()) {
      return;
    }
    int slow = g.firstValue(node);
    if (fast != slow) {
      throw Checks.broken(
          Checks.I9, "the first value of node " + node + " (" + g.operation(node).name() + ")",
          "%" + fast, "%" + slow);
    }
  }

  /**
   * I7: {@code fast}, the number of values a materialized graph numbers for its operation {@code
   * k} (up to the next operation's first value), is {@code operation}'s output arity.
   */
  static void checkOutputSpan(GraphOperation operation, int k, int fast) {
    if (!Checks.active()) {
      return;
    }
    int slow = operation.outputArity();
    if (fast != slow) {
      throw Checks.broken(
          Checks.I7, "the outputs of operation " + k + " (" + operation.name() + ")",
          fast + " value(s)", slow + " (its output arity)");
    }
  }

  /** I5: {@code fast}, the first definition {@code g} gave for {@code value}, is the scan's. */
  static void checkFirstDefinition(Graph<?> g, int value, int fast) {
    if (!Checks.active()) {
      return;
    }
    int slow = firstDefinitions(g)[value];
    if (fast != slow) {
      throw Checks.broken(
          Checks.I5, "the first definition of " + describe(g, value), "%" + fast, "%" + slow);
    }
  }

  /**
   * I5: {@code fast}, the local value {@code g} gave for {@code key}, is the first value with that
   * key, or {@link KeyIndex#ABSENT} if none has it, as a map of the graph's keys built by a linear
   * scan says. The graph's keys are made (its lookup made them).
   */
  static void checkLocalValue(Graph<?> g, ValueKey key, int fast) {
    if (!Checks.active()) {
      return;
    }
    Integer slow = tables(g).byKey(g).get(key);
    if (slow == null ? fast != KeyIndex.ABSENT : fast != slow) {
      throw Checks.broken(
          Checks.I5, "the local value of " + key, fast < 0 ? "none" : "%" + fast,
          slow == null ? "none" : "%" + slow);
    }
  }

  /**
   * Each value's first definition in {@code g}, by one linear scan in value order: a value's
   * identity is its key where the key is made, else (a node of a pass whose keys wait, see
   * {@link DeferredKeys}) its operation, role, slot and its operands' identities, so the scan
   * makes no key. The two coincide: a key made later is the key of that structure (I4).
   */
  private static int[] firstDefinitions(Graph<?> g) {
    return tables(g).first;
  }

  /**
   * Each value's first definition, and each key's first value, recomputed by linear scans (see
   * scan and Tables), made once per graph and kept on the graph itself: a table held from outside
   * (a static map) would hold the graph's keys, and through their operations the classes of the
   * set that made them, so a set loaded by an application's class loader would keep it loaded.
   */
  private static Tables tables(Graph<?> g) {
    Tables t = (Tables) g.checkTables;
    if (t == null) {
      t = new Tables(scan(g));
      g.checkTables = t; // racy but benign: two threads scanning one graph make equal tables
    }
    return t;
  }

  /** A graph's recomputed first definitions, and its map of the keys it has made. */
  private static final class Tables {
    final int[] first;
    private Map<ValueKey, Integer> byKey;
    private boolean complete; // whether byKey was made with every key of the graph made

    Tables(int[] first) {
      this.first = first;
    }

    /**
     * Each made key's first value, by a scan in value order; remade once the graph has made the
     * keys it deferred. A key not made yet exists nowhere, so no lookup can ask for it.
     */
    synchronized Map<ValueKey, Integer> byKey(Graph<?> g) {
      if (byKey == null || (!complete && g.allKeysMade())) {
        complete = g.allKeysMade();
        Map<ValueKey, Integer> map = new IdentityHashMap<>(2 * g.valueCount());
        for (int v = 0; v < g.valueCount(); v++) {
          ValueKey key = g.keyIfMade(v);
          if (key != null) {
            map.putIfAbsent(key, v);
          }
        }
        byKey = map;
      }
      return byKey;
    }
  }

  private static int[] scan(Graph<?> g) {
    int n = g.valueCount();
    Object[] identity = new Object[n];
    Map<Object, Integer> firstById = new HashMap<>();
    Map<NodeStructure, Integer> structures = new HashMap<>();
    int[] first = new int[n];
    for (int v = 0; v < n; v++) {
      ValueKey key = g.keyIfMade(v);
      Object id = key;
      if (key == null) {
        int node = g.producer(v);
        int count = g.operandCount(node);
        Object[] operands = new Object[count];
        for (int j = 0; j < count; j++) {
          int encoded = g.encodedOperand(node, j);
          operands[j] = encoded >= 0 ? identity[encoded] : g.decodeKey(encoded);
        }
        NodeStructure s = new NodeStructure(g.operation(node), g.role(node), operands);
        Integer structure = structures.putIfAbsent(s, structures.size());
        id = new DeferredValue(structure == null ? structures.size() - 1 : structure, g.outputSlot(v));
      }
      identity[v] = id;
      Integer earlier = firstById.putIfAbsent(id, v);
      first[v] = earlier == null ? v : earlier;
    }
    return first;
  }

  /**
   * I6: {@code fast}, the site the view index gave for {@code key}, is the first graph of the
   * view defining it, at that graph's first value with it, as each graph's scanned map of its
   * keys says. O(graphs of the view); makes no key.
   */
  static <Op extends GraphOperation> void checkSite(
      ResolvedView<Op> view, ValueKey key, ResolvedView.Site<Op> fast) {
    if (!Checks.active()) {
      return;
    }
    List<Graph<Op>> graphs = view.graphs();
    Defined defined = firstDefined(graphs, key);
    ResolvedView.Site<Op> slow = defined == null
        ? null
        : new ResolvedView.Site<>(graphs.get(defined.graph()), defined.value());
    boolean same =
        fast == null
            ? slow == null
            : slow != null && fast.graph() == slow.graph() && fast.value() == slow.value();
    if (!same) {
      throw Checks.broken(Checks.I6, "the site of " + key + " in " + view, site(view, fast),
          site(view, slow));
    }
  }

  /**
   * I6 for the externals: each external of each graph of {@code sites}' view, {@code graphs}, is
   * resolved to the first value of the view with its key, as each graph's scanned map of its keys
   * says, or to -1 if no graph defines it. O(graphs of the view) per external; makes no key.
   */
  static void checkExternalSites(ViewSites sites, Graph<?>[] graphs) {
    if (!Checks.active()) {
      return;
    }
    List<Graph<?>> view = Arrays.asList(graphs);
    for (int gi = 0; gi < graphs.length; gi++) {
      for (int e = 0; e < graphs[gi].externalCount(); e++) {
        ValueKey key = graphs[gi].external(e);
        Defined defined = firstDefined(view, key);
        int slow = defined == null ? -1 : sites.base(defined.graph()) + defined.value();
        int fast = sites.external(gi, e);
        if (fast != slow) {
          throw Checks.broken(Checks.I6, "the site of external " + e + ", " + key + ", of graph "
              + gi + " of the view", viewValue(sites, fast), viewValue(sites, slow));
        }
      }
    }
  }

  /** Where a key is first defined in a list of graphs: the graph's position, and its value. */
  private record Defined(int graph, int value) {}

  /**
   * The first of {@code graphs} defining {@code key}, at its first value with it, as each graph's
   * scanned map of its keys says; null if none does. Makes no key.
   */
  private static Defined firstDefined(List<? extends Graph<?>> graphs, ValueKey key) {
    for (int gi = 0; gi < graphs.size(); gi++) {
      Integer v = tables(graphs.get(gi)).byKey(graphs.get(gi)).get(key);
      if (v != null) {
        return new Defined(gi, v);
      }
    }
    return null;
  }

  private static String viewValue(ViewSites sites, int at) {
    if (at < 0) {
      return "no site";
    }
    int gi = sites.graphOf(at);
    return "%" + (at - sites.base(gi)) + " of graph " + gi;
  }

  private static String site(ResolvedView<?> view, ResolvedView.Site<?> site) {
    return site == null
        ? "no site"
        : "%" + site.value() + " of graph " + view.graphs().indexOf(site.graph());
  }

  /**
   * I7: {@code order} lists each operation key once, numbers values inputs first and each
   * operation's outputs contiguously after its operands, and its operands and outputs are the
   * values of the keys its operations' keys name. O(operations). It makes no key: an operation
   * whose key is not made yet (a pass's, read by node) is checked for its place in the numbering
   * only, and an operand or output that is one of its values for its place only.
   */
  static void checkOrder(LogicalOrder<?> order) {
    if (!Checks.active()) {
      return;
    }
    int size = order.size();
    OperationKey[] keys = new OperationKey[size];
    for (int k = 0; k < size; k++) {
      Graph<?> g = order.graph(k);
      int first = g.firstValue(order.node(k));
      if (order.graphFirstValue(k) != first) { // an order of one graph keeps first values
        throw Checks.broken(Checks.I9, "the first value of operation " + k + " of " + order,
            "%" + order.graphFirstValue(k), "%" + first + ", node " + order.node(k) + "'s");
      }
      keys[k] = (OperationKey) g.keyIfMade(first); // null: not made
    }
    List<ValueKey.Input> inputs = order.inputs();
    ValueKey[] valueKeys = new ValueKey[order.valueCount()];
    for (int i = 0; i < inputs.size(); i++) {
      valueKeys[i] = inputs.get(i);
    }
    Map<OperationKey, Integer> seen = new IdentityHashMap<>();
    int next = inputs.size();
    for (int k = 0; k < size; k++) {
      OperationKey key = keys[k];
      if (key == null) {
        next += order.graph(k).operation(order.node(k)).outputArity();
        continue; // its values keep no key here, and the operands of later ones naming them pass
      }
      Integer earlier = seen.put(key, k);
      if (earlier != null) {
        throw Checks.broken(Checks.I7, "operation " + key + " of " + order,
            "operations " + earlier + " and " + k, "one operation");
      }
      if (order.firstValue(k) != next) {
        throw Checks.broken(Checks.I7, "the first value of operation " + k + ", " + key,
            "%" + order.firstValue(k), "%" + next);
      }
      if (order.operandCount(k) != key.inputCount()) {
        throw Checks.broken(Checks.I7, "the operands of operation " + k + ", " + key,
            order.operandCount(k) + " operand(s)", key.inputCount());
      }
      for (int j = 0; j < key.inputCount(); j++) {
        int operand = order.operandValue(k, j);
        if (operand < 0
            || operand >= next
            || (valueKeys[operand] != null && valueKeys[operand] != key.inputAt(j))) {
          throw Checks.broken(Checks.I7, "operand " + j + " of operation " + k + ", " + key,
              "%" + operand + (operand >= 0 && operand < next ? " = " + valueKeys[operand] : ""),
              "a value before %" + next + " with key " + key.inputAt(j));
        }
      }
      for (int slot = 0; slot < key.outputCount(); slot++) {
        valueKeys[next++] = key.output(slot);
      }
    }
    for (int i = 0; i < order.outputCount(); i++) {
      int value = order.outputValue(i);
      ValueKey expected = order.outputKey(i, false); // null: named by a site, its key not made
      if (value < 0
          || value >= next
          || (valueKeys[value] != null && expected != null && valueKeys[value] != expected)) {
        throw Checks.broken(Checks.I7, "output " + i + " of " + order, "%" + value,
            "the value with key " + expected);
      }
    }
  }

  private static String describe(Graph<?> g, int value) {
    int node = g.producer(value);
    return "%" + value + (node < 0 ? " (an input)" : " (" + g.operation(node).name() + ", node "
        + node + ")");
  }

  /** A node compared by its operation, role and operands' identities (keys or structures). */
  private record NodeStructure(GraphOperation operation, OperationRole role, Object[] operands) {
    @Override
    public boolean equals(Object o) {
      return o instanceof NodeStructure other
          && operation.equals(other.operation)
          && role.equals(other.role)
          && java.util.Arrays.equals(operands, other.operands);
    }

    @Override
    public int hashCode() {
      return (operation.hashCode() * 31 + role.hashCode()) * 31 + java.util.Arrays.hashCode(operands);
    }
  }

  /** A value of a node whose key is not made, by the number of its node's structure. */
  private record DeferredValue(int structure, int slot) {}
}
