package io.github.tidu4j.ad.testing;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import java.util.List;
import java.util.Map;

/** Test helper: resolve, materialize, compile and interpret. */
public final class Run {
  private Run() {}

  /**
   * Evaluates {@code outputs} over {@code roots}; {@code bindings} may bind any input of the
   * graphs resolved, and the program reads those it needs.
   */
  public static <P extends GraphOperation, V> List<V> eval(
      List<Graph<P>> roots, List<? extends ValueKey> outputs, Map<Object, ? extends V> bindings) {
    CompiledProgram<P> program = Graphs.compile(Graphs.resolve(roots), outputs);
    return Interpreter.eval(program, bindings);
  }

  /** One output. */
  public static <P extends GraphOperation, V> V eval1(
      Graph<P> root, ValueKey output, Map<Object, ? extends V> bindings) {
    return Run.<P, V>eval(List.of(root), List.of(output), bindings).get(0);
  }
}
