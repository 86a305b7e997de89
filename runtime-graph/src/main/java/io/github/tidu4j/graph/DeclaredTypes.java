package io.github.tidu4j.graph;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The types that graphs declare for values, gathered by key to check that they agree: a value has
 * one type, so two graphs that declare one input at two types, or a graph that reads another's
 * output at a type other than the one that graph declares for it, would give a program whose
 * declared types say one thing while it computes another. {@link ResolvedView} checks every view
 * it makes; {@link GraphBuilder#declareType} checks a declaration against the builder's parents as
 * it is made.
 *
 * <p>What is gathered: every graph's typed inputs, and the types its builder gave values read from
 * other graphs ({@link GraphBuilder#declareType} on an external reference). A graph's typed outputs
 * are gathered only when some graph reads a value at a declared type, since an output's key may be
 * deferred and reading it makes the graph's keys; an output computed by the graph has the type its
 * type rules gave it, so only a read of it can disagree.
 */
final class DeclaredTypes {
  /** A declared type, and where: a graph, and what in it. */
  private record Declaration(ValueType type, String where) {}

  private final Map<ValueKey, Declaration> byKey = new HashMap<>();

  private DeclaredTypes() {}

  /**
   * Checks that the graphs of {@code graphs} (a view's, numbered as the view numbers them) declare
   * each value at one type. Costs nothing for graphs that declare no type.
   *
   * @throws GraphException naming the value, both types and where each is declared, if they do not
   */
  static void check(List<? extends Graph<?>> graphs) {
    boolean typedInputs = false;
    boolean typedReads = false;
    for (Graph<?> g : graphs) {
      typedInputs |= g.hasInputTypes();
      typedReads |= g.externalTypeCount() > 0;
    }
    if (!typedInputs && !typedReads) {
      return;
    }
    DeclaredTypes declared = new DeclaredTypes();
    for (int gi = 0; gi < graphs.size(); gi++) {
      if (graphs.get(gi).hasInputTypes()) {
        declared.addInputs(graphs.get(gi), inView(gi));
      }
    }
    if (typedReads) {
      for (int gi = 0; gi < graphs.size(); gi++) {
        if (graphs.get(gi).hasOutputTypes()) {
          declared.addOutputs(graphs.get(gi), inView(gi));
        }
      }
      for (int gi = 0; gi < graphs.size(); gi++) {
        Graph<?> g = graphs.get(gi);
        for (int i = 0; i < g.externalTypeCount(); i++) {
          declared.add(g.externalTypeKey(i), g.externalType(i), inView(gi) + READ);
        }
      }
    }
  }

  /**
   * Checks that the graph being built reading external {@code key} at {@code type} agrees with the
   * types {@code parents}, its parents so far, declare, and with its earlier reads ({@code
   * readKeys} at {@code readTypes}, in parallel; null if none).
   *
   * @throws GraphException as {@link #check} does
   */
  static void checkRead(
      List<? extends Graph<?>> parents,
      List<ValueKey> readKeys,
      List<ValueType> readTypes,
      ValueKey key,
      ValueType type) {
    DeclaredTypes declared = new DeclaredTypes();
    for (int gi = 0; gi < parents.size(); gi++) {
      declared.addInputs(parents.get(gi), "parent " + gi + " of the graph being built");
      declared.addOutputs(parents.get(gi), "parent " + gi + " of the graph being built");
    }
    for (int i = 0; readKeys != null && i < readKeys.size(); i++) {
      declared.add(readKeys.get(i), readTypes.get(i), "the graph being built" + READ);
    }
    declared.add(key, type, "the graph being built" + READ);
  }

  private static final String READ = " (which reads it from another graph at that type)";

  private static String inView(int gi) {
    return "graph " + gi + " of the view";
  }

  private void addInputs(Graph<?> g, String graph) {
    if (!g.hasInputTypes()) {
      return;
    }
    for (int i = 0; i < g.inputCount(); i++) {
      ValueType type = g.inputType(i).orElse(null);
      if (type != null) {
        // an input's key is never deferred: reading it makes no other key
        add(g.valueKey(g.inputValue(i)), type, graph + " (its input " + i + ")");
      }
    }
  }

  private void addOutputs(Graph<?> g, String graph) {
    if (!g.hasOutputTypes()) {
      return;
    }
    for (int i = 0; i < g.outputCount(); i++) {
      ValueType type = g.outputType(i).orElse(null);
      if (type != null) {
        add(g.outputKey(i), type, graph + " (its output " + i + ")");
      }
    }
  }

  private void add(ValueKey key, ValueType type, String where) {
    Declaration earlier = byKey.putIfAbsent(key, new Declaration(type, where));
    if (earlier != null && !earlier.type().equals(type)) {
      throw new GraphException(
          (key instanceof ValueKey.Input input
                  ? "input " + ValueDescription.text(input.key())
                  : ValueDescription.of(key))
              + " is declared "
              + earlier.type()
              + " by "
              + earlier.where()
              + " and "
              + type
              + " by "
              + where
              + "; a value has one type, and a program takes each input at one: declare it"
              + " alike in every graph, as the graph that defines it does");
    }
  }
}
