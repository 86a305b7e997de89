package io.github.tidu4j.graph.testing;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.MaterializedGraph;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The whole pipeline in one call, for tests whose subject is not the pipeline's steps. */
public final class Pipeline {
  private Pipeline() {}

  /** Resolves {@code g}, materializes its outputs, compiles and interprets them. */
  public static <V, Op extends GraphOperation> List<V> eval(
      Graph<Op> g, Map<?, ? extends V> inputs) {
    return Interpreter.eval(Graphs.compile(materialize(g)), inputs);
  }

  /**
   * Binds every input of a RandDAG, whose keys are the {@code Integer} indices {@code 0 ..
   * values.length-1}, to {@code values[index]}. A program takes only the inputs its outputs reach,
   * so a RandDAG program may take fewer than four; it ignores the bindings of the others.
   */
  public static Map<Object, Double> bindByIndex(double[] values) {
    Map<Object, Double> inputs = new HashMap<>();
    for (int i = 0; i < values.length; i++) {
      inputs.put(i, values[i]);
    }
    return inputs;
  }

  /** Resolves {@code g} alone and materializes its outputs. */
  public static <Op extends GraphOperation> MaterializedGraph<Op> materialize(Graph<Op> g) {
    return Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys());
  }
}
